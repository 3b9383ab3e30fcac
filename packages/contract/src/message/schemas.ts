import { z } from 'zod';
import { idParam, safeText } from '../schemas/common.ts';

/**
 * The message centre (/user/message), its settings (/user/notifys; conf/smsInfo, smsSave), and
 * feedback and complaints with pictures (chatSuggestion/*, complaint/*; /user/feedback,
 * /user/feedback/log, /user/about/report, /user/about/log) with operators' replies arriving as
 * messages (account-health §2, §4, §7). The spec shows no fields: the shapes below are ours.
 * Reminders are read from the reminder records themselves (modules/remind), the other kinds from
 * the account's messages (modules/message). Served by apps/server/src/modules/message and feedback.
 */

/** The kinds of message the centre lists; `remind` are the reminder records of modules/remind. */
export const MESSAGE_KINDS = ['remind', 'suggestion', 'complaint', 'order', 'consult', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** account-health §4: push types (notice banner) of the replies. */
export const PUSH_TYPE_SUGGESTION_REPLY = 'user_suggestion_reply';
export const PUSH_TYPE_COMPLAINT_REPLY = 'user_complaint_reply';
/** Push types of the other kinds (ours; the banner does not show them, the list does). */
export const PUSH_TYPE_OF_KIND: Record<Exclude<MessageKind, 'remind'>, string> = {
  suggestion: PUSH_TYPE_SUGGESTION_REPLY,
  complaint: PUSH_TYPE_COMPLAINT_REPLY,
  order: 'rehab_order',
  consult: 'rehab_consult',
  system: 'system_notice',
};

/** account-health §2 push navigation: where a message of each kind opens. */
export const MESSAGE_LINK: Record<Exclude<MessageKind, 'remind'>, string> = {
  suggestion: '/user/feedback/log',
  complaint: '/user/about/log',
  order: '/user/order',
  consult: '/user/order',
  system: '/user/message',
};

export const MESSAGE_LIMITS = {
  pageSizeMax: 50,
  pageSizeDefault: 20,
  idsMax: 100,
  contentMax: 500,
  contentMin: 5,
  contactMax: 50,
  picturesMax: 4,
  replyMax: 1000,
} as const;

export const MESSAGE_MSG = {
  contentShort: `请至少输入${MESSAGE_LIMITS.contentMin}个字`,
  contentLong: `最多输入${MESSAGE_LIMITS.contentMax}个字`,
  tooManyPictures: `最多上传${MESSAGE_LIMITS.picturesMax}张图片`,
  pictureMissing: '图片不存在或已删除',
  badKind: '消息类型不正确',
  notFound: '记录不存在',
  badPhone: '手机号格式不正确',
} as const;

/** A message id: the kind and the row id ("remind:12", "suggestion:3"). */
export const MessageId = z.string().trim().max(40).regex(/^(remind|suggestion|complaint|order|consult|system):\d{1,10}$/, MESSAGE_MSG.badKind);

export const Message = z.object({
  id: z.string(),
  kind: z.enum(MESSAGE_KINDS),
  pushType: z.string(),
  title: z.string(),
  content: z.string(),
  /** The in-app path it opens (account-health §2 push navigation). */
  link: z.string(),
  readFlag: z.boolean(),
  createTime: z.string(),
});
export type Message = z.infer<typeof Message>;

const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(MESSAGE_LIMITS.pageSizeMax).default(MESSAGE_LIMITS.pageSizeDefault);
export const MessageListBody = z.object({ kind: z.enum(MESSAGE_KINDS).optional(), pageNum, pageSize });
export const UnreadByKind = z.object({ remind: z.number().int(), suggestion: z.number().int(), complaint: z.number().int(), order: z.number().int(), consult: z.number().int(), system: z.number().int() });
export type UnreadByKind = z.infer<typeof UnreadByKind>;
export const MessageListRes = z.object({ list: z.array(Message), total: z.number().int(), unread: z.number().int(), unreadByKind: UnreadByKind });
export type MessageListRes = z.infer<typeof MessageListRes>;
/** Marks read: the listed ids, or every message (of a kind) when `all`. */
export const MessageReadBody = z.object({ ids: z.array(MessageId).max(MESSAGE_LIMITS.idsMax).optional(), all: z.boolean().optional(), kind: z.enum(MESSAGE_KINDS).optional() });
export const MessageReadRes = z.object({ updated: z.number().int() });

// --- /user/notifys: per kind, in-app banner and SMS -------------------------------------------

export const NotifySetting = z.object({ kind: z.enum(MESSAGE_KINDS), inApp: z.boolean(), sms: z.boolean() });
export type NotifySetting = z.infer<typeof NotifySetting>;
export const SmsInfoRes = z.object({ list: z.array(NotifySetting) });
export type SmsInfoRes = z.infer<typeof SmsInfoRes>;
export const SmsSaveBody = z.object({ list: z.array(NotifySetting).min(1).max(MESSAGE_KINDS.length) });
/** Defaults: every kind in the app; SMS for replies only (the person is waiting for them). */
export const DEFAULT_NOTIFY: readonly NotifySetting[] = MESSAGE_KINDS.map((kind) => ({ kind, inApp: true, sms: kind === 'suggestion' || kind === 'complaint' }));

// --- Feedback (suggestions) and complaints -------------------------------------------------------

/** /user/feedback categories. */
export const SUGGESTION_TYPES = ['功能建议', '回答质量', '使用问题', '其他'] as const;
/** /user/about/report categories. */
export const COMPLAINT_TYPES = ['回答错误或有害', '隐私与数据', '服务态度', '收费问题', '其他'] as const;

const content = safeText().trim().min(MESSAGE_LIMITS.contentMin, MESSAGE_MSG.contentShort).max(MESSAGE_LIMITS.contentMax, MESSAGE_MSG.contentLong);
const pictures = z.array(z.string().trim().regex(/^m[A-Za-z0-9_-]{10,40}$/, MESSAGE_MSG.pictureMissing)).max(MESSAGE_LIMITS.picturesMax, MESSAGE_MSG.tooManyPictures).default([]);
const contact = safeText().trim().max(MESSAGE_LIMITS.contactMax).optional();

export const SuggestionAddBody = z.object({ type: z.enum(SUGGESTION_TYPES).default('其他'), content, pictures, contact });
export const ComplaintBody = z.object({ type: z.enum(COMPLAINT_TYPES), content, pictures, contact });

export const FeedbackPicture = z.object({ inputMediaId: z.string(), url: z.string() });
export const FeedbackItem = z.object({
  id: z.number().int(),
  type: z.string(),
  content: z.string(),
  pictures: z.array(FeedbackPicture),
  contact: z.string().nullable(),
  createTime: z.string(),
  /** 0 waiting for a reply, 1 replied. */
  status: z.number().int(),
  replyContent: z.string().nullable(),
  replyTime: z.string().nullable(),
  /** Whether the caller has seen the reply (false only for an unseen reply). */
  readFlag: z.boolean(),
});
export type FeedbackItem = z.infer<typeof FeedbackItem>;
export const FeedbackAddRes = z.object({ id: z.number().int() });
export const FeedbackListRes = z.object({ list: z.array(FeedbackItem) });
export const NotReadCountRes = z.object({ count: z.number().int() });
export const FeedbackIdQuery = z.object({ id: idParam });
