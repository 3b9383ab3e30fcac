import { z } from 'zod';
import { bigIdParam, deviceType, int4 } from '../schemas/common.ts';
import { SourceEntry } from './frame.ts';
import { CHAT_LIMITS } from './limits.ts';


const dialId = bigIdParam;
const sessionId = z.string().trim().min(1).max(64);
const ids = z.array(dialId).min(1).max(CHAT_LIMITS.maxIds);
const yn = z.union([z.boolean(), z.enum(['Y', 'N', 'y', 'n', 'true', 'false', '1', '0', 'desc', 'asc']), z.literal(0), z.literal(1)]);
/** Y / true / 1 / desc → true. */
export const isYes = (v: z.infer<typeof yn> | undefined | null, dflt: boolean): boolean => (v === undefined || v === null ? dflt : v === true || v === 1 || ['Y', 'y', 'true', '1', 'desc'].includes(String(v)));
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(CHAT_LIMITS.maxPageSize).default(CHAT_LIMITS.pageSize);

/**
 * A question and its answer (a "dialog", id = dialInId), as history, session detail, getItemChat
 * and collections return it. Field names follow chat-core §3 "Question message".
 */
export const ChatDialog = z.object({
  id: z.number().int(),
  dialInId: z.number().int(),
  questionId: z.string(),
  sessionId: z.string(),
  question: z.string(),
  answer: z.string(),
  /** chat-core §4 question status: 1 answering, 2 complete, -1 failed or cancelled (history mapping). */
  status: z.number().int(),
  /** Last frame code (null: cancelled or never finished). */
  code: z.number().int().nullable(),
  statusMessage: z.string().nullable(),
  canResend: z.boolean(),
  createTime: z.number().int(),
  inType: z.number().int().nullable(),
  commandCode: z.string().nullable(),
  inputMediaId: z.string().nullable(),
  relInputMediaId: z.string().nullable(),
  inputScene: z.string().nullable(),
  reportId: z.string().nullable(),
  sceneModule: z.string().nullable(),
  indicatorTypeCode: z.string().nullable(),
  userInfoId: z.number().int().nullable(),
  deepThinkStatus: z.number().int().nullable(),
  deepThinkText: z.string(),
  deepThinkConsuming: z.number().nullable(),
  scene: z.array(z.string()).nullable(),
  source: z.array(SourceEntry),
  followUps: z.array(z.string()),
  recommendDeptName: z.string().nullable(),
  recommendDisName: z.string().nullable(),
  recommendDrgName: z.string().nullable(),
  triage: z.string().nullable(),
  chatAnnotaions: z.array(z.record(z.string(), z.unknown())),
  /** Other engine events kept with the answer (conclusion, role question, …) keyed by type. */
  extras: z.record(z.string(), z.unknown()),
  collectFlag: z.union([z.literal(0), z.literal(1)]),
  /** A doctor's review of the answer (chat-core §4 verify fields): 0 waiting, 1 agreed, 2 corrected; null: never asked. */
  verifyStatus: z.number().int().nullable().optional(),
  chatVerifyId: z.number().int().nullable().optional(),
  verifyRemark: z.string().optional(),
  doctorName: z.string().optional(),
});
export type ChatDialog = z.infer<typeof ChatDialog>;

export const ChatSessionItem = z.object({
  sessionId: z.string(),
  /** The first question of the session. */
  title: z.string(),
  lastQuestion: z.string(),
  createTime: z.number().int(),
  lastTime: z.number().int(),
  count: z.number().int(),
  /** Older than 8 h since its last question. */
  timedOut: z.boolean(),
  /** Mapped status of the last dialog. */
  status: z.number().int(),
});
export type ChatSessionItem = z.infer<typeof ChatSessionItem>;

export const GetUuidQuery = z.object({ _t: z.string().max(30).optional() }).passthrough().optional();
export const GetUuidRes = z.string();

export const GenerateNewBody = z.object({ deviceType }).passthrough().nullish();
export const GenerateNewRes = z.object({
  sessionId: z.string(),
  /** Time (ms) of the user's last question in any visible session, null if none. */
  lastSessionTime: z.number().int().nullable(),
  lastSessionId: z.string().nullable(),
  /** The last session is older than 8 h. */
  lastSessionTimedOut: z.boolean(),
});

export const BreakChatDialSaveBody = z.object({
  questionId: z.string().trim().min(1).max(64).regex(/^[\w-]+$/),
  question: z.string().max(5000).optional(),
  sessionId: sessionId.optional(),
  answer: z.string().max(20_000).optional(),
  code: int4().optional(),
  msg: z.string().max(500).optional(),
  inType: int4().optional(),
});
export const HistoryBody = z.object({ page, size }).passthrough().nullish();
export const HistoryRes = z.object({ list: z.array(ChatSessionItem), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const SessionDetailBody = z.object({
  sessionId,
  size,
  thumbnailNew: yn.optional(),
  /** Newest first (default Y). */
  desc: yn.optional(),
  /** Paging cursor: dialogs older (desc) or newer (asc) than this dialInId. */
  lastId: dialId.optional(),
});
export const SessionDetailRes = z.object({ sessionId: z.string(), list: z.array(ChatDialog), hasMore: z.boolean() });
export const SessionMediaCntBody = z.object({ sessionIds: z.array(sessionId).min(1).max(CHAT_LIMITS.maxIds) });
export const SessionMediaCntRes = z.array(z.object({ sessionId: z.string(), cnt: z.number().int() }));
export const DelBySessionBody = z.object({ sessionId, delMediaFlag: z.boolean().optional() });
export const DelAllBody = z.object({ delMediaFlag: z.boolean().default(true) }).passthrough().nullish();
export const DelDialogsBody = z.object({ dialIds: ids, delMediaFlag: z.boolean().default(true) });
export const DialInIdBody = z.object({ dialInId: dialId });
export const QuestionIdBody = z.object({ questionId: z.string().trim().min(1).max(64) });
export const AnswerMomentRes = z.object({
  questionId: z.string(),
  dialInId: z.number().int(),
  sessionId: z.string(),
  status: z.number().int(),
  code: z.number().int().nullable(),
  answer: z.string(),
  deepThinkText: z.string(),
  finished: z.boolean(),
});
export const PersonalSourceRes = z.object({
  dialInId: z.number().int(),
  useArchives: z.boolean(),
  userInfoId: z.number().int().nullable(),
  userProfile: z.record(z.string(), z.unknown()).nullable(),
  referenceNum: z.number().int(),
  searchReferences: z.array(SourceEntry),
});
export const DialInIdsBody = z.object({ dialInIds: ids });
export const SaveShareRes = z.object({ shareId: z.string(), path: z.string(), /** ms; the link answers 4104 after it. */ expireTime: z.number().int() });
const shareId = z.string().trim().min(10).max(64);
export const ShareViewQuery = z.object({ shareId });
export const ShareListBody = z.object({ page, size }).passthrough().nullish();
/** One of the caller's share links (newest first; revoked ones are not listed). */
export const ShareItem = z.object({
  shareId: z.string(),
  path: z.string(),
  /** The first shared question. */
  title: z.string(),
  count: z.number().int(),
  createTime: z.number().int(),
  expireTime: z.number().int(),
  expired: z.boolean(),
});
export type ShareItem = z.infer<typeof ShareItem>;
export const ShareListRes = z.object({ list: z.array(ShareItem), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const ShareRevokeBody = z.object({ shareId });
export const ShareViewRes = z.object({ shareId: z.string(), createTime: z.number().int(), list: z.array(ChatDialog.pick({ question: true, answer: true, createTime: true, source: true, scene: true, status: true })) });
export const CollectListBody = z.object({ page, size }).passthrough().nullish();
export const DialogPageRes = z.object({ list: z.array(ChatDialog), total: z.number().int(), page: z.number().int(), size: z.number().int() });
export const RecommendQuestionBody = z.object({ dialIn: z.string().max(5000).optional(), dialInId: dialId.optional(), dialOut: z.string().max(20_000).optional() }).passthrough().nullish();
export const RecommendQuestionRes = z.array(z.string()).max(CHAT_LIMITS.recommendQuestions);
export const HistorySearchBody = z.object({ keyword: z.string().trim().min(1, '请输入搜索内容').max(CHAT_LIMITS.searchKeywordMax), page, size });
export const AuditTextBody = z.object({ content: z.string().max(5000) });
