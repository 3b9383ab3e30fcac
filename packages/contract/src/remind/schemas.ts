import { z } from 'zod';
import { calendarDate, idParam, realNum } from '../schemas/common.ts';
import { DOSE_UNITS } from '../enums.ts';
import { REMIND_MSG } from './messages.ts';

export { REMIND_MSG };

/**
 * Medication reminders, review plans and in-app reminder notices (account-health §4 "take or skip
 * by ids", §7 "Reports and plans", /user/notify, /user/review, /med-remind/list; push type
 * user_remind). The spec shows no fields: the shapes below are ours (docs/REMINDERS.md).
 * Served by apps/server/src/modules/remind.
 */

/** A dose record's state: due or upcoming, taken, skipped, missed (not taken within the grace period). */
export const REMIND_STATUS = { pending: 0, taken: 1, skipped: 2, missed: 3 } as const;
export type RemindStatus = (typeof REMIND_STATUS)[keyof typeof REMIND_STATUS];

/** /user/notify query `type`: 1 medication, 2 review. */
export const REMIND_TYPE = { medicine: 1, review: 2 } as const;
export type RemindType = (typeof REMIND_TYPE)[keyof typeof REMIND_TYPE];

/** account-health §4: the notice banner's push type of a reminder. */
export const PUSH_TYPE_USER_REMIND = 'user_remind';
/** The socket event a live notice travels on (same socket as the chat). */
export const NOTICE_EVENT = 'notice';

export const MEAL_TIMINGS = ['before', 'after', 'with', 'none'] as const;
export type MealTiming = (typeof MEAL_TIMINGS)[number];
export const CYCLE_TYPES = ['daily', 'weekly', 'interval'] as const;
export type CycleType = (typeof CYCLE_TYPES)[number];

export const REMIND_LIMITS = {
  timesMax: 8,
  nameMax: 50,
  noteMax: 200,
  intervalDaysMax: 30,
  doseMax: 10_000,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  idsMax: 100,
  plansPerMember: 50,
  /** Time zone of a plan that names none. */
  defaultTimeZone: 'Asia/Shanghai',
  /** Local time a review reminder is delivered on its check date. */
  reviewTime: '09:00',
  /** A review date may be set at most this many days ahead. */
  reviewMaxDays: 730,
} as const;


export const MEAL_LABEL: Record<MealTiming, string> = { before: '饭前', after: '饭后', with: '随餐', none: '' };
export const DOSE_UNIT_LABEL: Record<(typeof DOSE_UNITS)[number], string> = {
  tablet: '片', capsule: '粒', bag: '袋', stick: '支', g: 'g', mg: 'mg', ml: 'ml', u: 'u', μg: 'μg', μL: 'μL', bottle: '瓶', drop: '滴', 付: '付',
  spray: '喷', cap: '盖', apply: '涂', inhale: '吸', needle: '针', patch: '贴', spoon: '勺', none: '',
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const isTimeZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};
const pageNum = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(REMIND_LIMITS.pageSizeMax).default(REMIND_LIMITS.pageSizeDefault);
const ids = z.array(idParam).min(1, '请选择记录').max(REMIND_LIMITS.idsMax);
const page = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

export const TimeZone = z.string().trim().max(64).refine(isTimeZone, REMIND_MSG.badTimeZone);
export const RemindTime = z.string().trim().regex(HHMM, REMIND_MSG.badTime);

// --- Plans (ours: the spec lists no call that creates a reminder) ---------------------------------

export const RemindPlanSaveBody = z
  .object({
    /** Present: edit that plan. */
    id: idParam.optional(),
    userInfoId: idParam,
    medicineName: z.string().trim().min(1, REMIND_MSG.nameEmpty).max(REMIND_LIMITS.nameMax, `药品名称最多${REMIND_LIMITS.nameMax}个字`),
    /** The medicine-box entry it came from (user/medicine), if any. */
    medicineId: idParam.optional(),
    dose: realNum().positive('剂量需大于0').max(REMIND_LIMITS.doseMax, '剂量过大'),
    doseUnit: z.enum(DOSE_UNITS, { message: '剂量单位不正确' }),
    times: z.array(RemindTime).min(1, REMIND_MSG.noTimes).max(REMIND_LIMITS.timesMax, `每天最多${REMIND_LIMITS.timesMax}个提醒时间`),
    cycleType: z.enum(CYCLE_TYPES, { message: '提醒周期不正确' }).default('daily'),
    /** weekly: 1 Monday … 7 Sunday. */
    weekdays: z.array(z.coerce.number().int().min(1).max(7)).max(7).optional(),
    /** interval: every N days from the start date. */
    intervalDays: z.coerce.number().int().min(2, '间隔天数至少为2').max(REMIND_LIMITS.intervalDaysMax, `间隔天数最多${REMIND_LIMITS.intervalDaysMax}`).optional(),
    startDate: calendarDate(),
    endDate: calendarDate().nullish(),
    meal: z.enum(MEAL_TIMINGS, { message: '服药时机不正确' }).default('none'),
    timeZone: TimeZone.optional(),
    note: z.string().trim().max(REMIND_LIMITS.noteMax).optional(),
  })
  .superRefine((v, ctx) => {
    if (new Set(v.times).size !== v.times.length) ctx.addIssue({ code: 'custom', path: ['times'], message: REMIND_MSG.duplicateTime });
    if (v.cycleType === 'weekly' && !v.weekdays?.length) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: REMIND_MSG.noWeekdays });
    if (v.cycleType === 'interval' && !v.intervalDays) ctx.addIssue({ code: 'custom', path: ['intervalDays'], message: REMIND_MSG.noInterval });
    if (v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: REMIND_MSG.endBeforeStart });
  });

export const RemindPlan = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  medicineName: z.string(),
  medicineId: z.number().int().nullable(),
  dose: z.number(),
  doseUnit: z.string(),
  times: z.array(z.string()),
  cycleType: z.enum(CYCLE_TYPES),
  weekdays: z.array(z.number().int()).nullable(),
  intervalDays: z.number().int().nullable(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  meal: z.enum(MEAL_TIMINGS),
  timeZone: z.string(),
  note: z.string().nullable(),
  /** The next dose time (ISO), null once the plan has ended. */
  nextRemindTime: z.string().nullable(),
});
export type RemindPlan = z.infer<typeof RemindPlan>;

export const MemberBody = z.object({ userInfoId: idParam });
export const RemindPlanListRes = z.object({ list: z.array(RemindPlan) });
export const IdsBody = z.object({ ids });
export const CountRes = z.object({ count: z.number().int() });

// --- Dose records (medicineRemind/*) -----------------------------------------------------------

export const RemindRecord = z.object({
  id: z.number().int(),
  planId: z.number().int().nullable(),
  userInfoId: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  /** Medicine name, or the check for a review. */
  name: z.string(),
  /** e.g. '1片 · 饭后'; a review's reason. */
  detail: z.string(),
  /** Local date and time of the dose in the plan's time zone. */
  remindDate: z.string(),
  remindTime: z.string(),
  dueAt: z.string(),
  status: z.number().int(),
  readFlag: z.boolean(),
  actedAt: z.string().nullable(),
});
export type RemindRecord = z.infer<typeof RemindRecord>;

/** `timeZone`: the caller's zone, for "today" of a member without plans (else their plans' zone). */
export const QueryRecordBody = z.object({ userInfoId: idParam, date: calendarDate().optional(), timeZone: TimeZone.optional() });
export const QueryRecordRes = z.object({ date: z.string(), list: z.array(RemindRecord) });

export const QueryHisRecordBody = z.object({ userInfoId: idParam, pageNum, pageSize });
export const WeekAdherence = z.object({ weekStart: z.string(), taken: z.number().int(), total: z.number().int(), rate: z.number() });
export const QueryHisRecordRes = page(RemindRecord).extend({ adherence: z.array(WeekAdherence) });

export const ActRes = z.object({ count: z.number().int(), list: z.array(RemindRecord) });

// --- Review plans (reportPlan/*) ---------------------------------------------------------------

export const ReportPlanItem = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  reportId: z.string().nullable(),
  /** The check to repeat, e.g. 血脂. */
  item: z.string(),
  /** Why: the reading that prompted it. */
  reason: z.string(),
  /** The recommended interval, e.g. 3个月. */
  interval: z.string(),
  checkDate: z.string(),
  /** 0 planned, 1 done. */
  status: z.number().int(),
  remark: z.string().nullable(),
  createTime: z.string(),
});
export type ReportPlanItem = z.infer<typeof ReportPlanItem>;

export const ReportPlanGenerateBody = z.object({ reportId: z.string().trim().regex(/^r[A-Za-z0-9_-]{10,40}$/, '报告不存在'), timeZone: TimeZone.optional() });
export const ReportPlanListRes = z.object({ list: z.array(ReportPlanItem) });
export const ReportPlanPageBody = z.object({ userInfoId: idParam, pageNum, pageSize, status: z.coerce.number().int().min(0).max(1).optional() });
export const ReportPlanPageRes = page(ReportPlanItem);
export const ReportPlanUpdateBody = z.object({
  id: idParam,
  checkDate: calendarDate().optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
  remark: z.string().trim().max(REMIND_LIMITS.noteMax).nullish(),
  timeZone: TimeZone.optional(),
});
export const ReportPlanCheckDateBody = z.object({ id: idParam.optional(), checkDate: calendarDate(), timeZone: TimeZone.optional() });
export const ReportPlanCheckDateRes = z.object({ valid: z.boolean(), msg: z.string().nullable(), suggestedDate: z.string().nullable() });
export const ReviewRecordBody = z.object({ userInfoId: idParam, timeZone: TimeZone.optional() });
export const ReviewHisBody = z.object({ userInfoId: idParam, pageNum, pageSize, timeZone: TimeZone.optional() });

// --- Notices (the in-app message list and the banner) --------------------------------------------

export const Notice = z.object({
  id: z.number().int(),
  pushType: z.string(),
  title: z.string(),
  content: z.string(),
  /** Where the banner leads: /user/notify?type=&userId= */
  extra: z.object({ type: z.number().int(), userId: z.number().int(), recordId: z.number().int() }),
  readFlag: z.boolean(),
  createTime: z.string(),
});
export type Notice = z.infer<typeof Notice>;
export const ReadFlagQuery = z.object({ id: idParam });
export const NotifyInAppQuery = z.object({ userInfoId: idParam.optional() });
export const NotifyInAppRes = z.object({ list: z.array(Notice), unread: z.number().int() });

/** account-health §4: the push types the notice banner shows (it hides after LIMITS.noticeBannerMs). */
export const NOTICE_BANNER_PUSH_TYPES = ['pdf', 'link_url', 'user_remind', 'rehab_assess', 'rehab_tag_user_push', 'user_bp_sync', 'user_suggestion_reply', 'user_complaint_reply'] as const;

// --- Web Push (ours: the browser's subscription for system notifications of reminders) -----------

export const PUSH_MSG = { badEndpoint: '推送地址不正确' } as const;
const b64url = z.string().trim().min(8).max(256).regex(/^[A-Za-z0-9_-]+=*$/, PUSH_MSG.badEndpoint);
/** A push service endpoint: https, a host name (no IP literal, no localhost). */
export const PushEndpoint = z
  .string()
  .trim()
  .max(1000)
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'https:' && !/^(localhost|\[.*\]|\d+\.\d+\.\d+\.\d+)$/i.test(u.hostname) && u.hostname.includes('.');
    } catch {
      return false;
    }
  }, PUSH_MSG.badEndpoint);
export const PushSubscribeBody = z.object({ endpoint: PushEndpoint, keys: z.object({ p256dh: b64url, auth: b64url }) });
export const PushUnsubscribeBody = z.object({ endpoint: PushEndpoint });
export const VapidKeyRes = z.object({ publicKey: z.string().nullable() });
/** What a reminder's Web Push carries (the service worker shows it and opens `url` on a tap). */
export const PushPayload = z.object({ id: z.number().int(), pushType: z.string(), title: z.string(), content: z.string(), url: z.string() });
export type PushPayload = z.infer<typeof PushPayload>;
