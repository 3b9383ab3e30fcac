import { z } from 'zod';
import { LIMITS } from '../constants.ts';
import { ROLES, SELF_ROLE } from '../enums.ts';
import { MSG } from '../messages.ts';
import { Member } from './auth.ts';
import { calendarDate, idParam, isCalendarDate, isPartialDate } from './common.ts';

/** Today as YYYY-MM-DD in local time. */
export const todayIso = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

const FAMILY_ROLE_CODES = ROLES.map((r) => r.roleCode) as [string, ...string[]];
export const familyRoleCode = z.enum(FAMILY_ROLE_CODES as [(typeof ROLES)[number]['roleCode'], ...(typeof ROLES)[number]['roleCode'][]], { message: MSG.chooseRoleFirst });
export const anyRoleCode = z.union([familyRoleCode, z.literal(SELF_ROLE.roleCode)]);

/** Nickname: 1–10 characters after trimming (account-health §5). */
export const nickname = z.string().trim().min(1, MSG.nicknamePlaceholder).max(LIMITS.nicknameMax, `昵称最多${LIMITS.nicknameMax}个字`);
/** Birth date 1900-01-01 … today. */
export const birthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '出生日期格式不正确')
  .refine((s) => isCalendarDate(s) && s >= LIMITS.birthDateMin && s <= todayIso(), '出生日期需在1900-01-01至今天之间');
/** Height 20–275 cm, whole centimetres. */
export const heightCm = z.number().int('身高需为整数').min(LIMITS.heightMinCm, '身高需在20-275cm之间').max(LIMITS.heightMaxCm, '身高需在20-275cm之间');
/** Weight 0.2–750 kg in steps of 0.1. */
export const weightKg = z
  .number()
  .min(LIMITS.weightMinKg, '体重需在0.2-750kg之间')
  .max(LIMITS.weightMaxKg, '体重需在0.2-750kg之间')
  .refine((w) => Math.abs(Math.round(w * 10) - w * 10) < 1e-6, '体重精确到0.1kg');
export const sex = z.enum(['M', 'F'], { message: MSG.pleaseChoose });
export const zeroOne = z.union([z.literal(0), z.literal(1)]);

export const SMOKING = ['never', 'former', 'current'] as const;
export const DRINKING = ['never', 'occasional', 'frequent', 'quit'] as const;
export const SPECIAL_PERIODS = ['none', 'preparing', 'pregnancy', 'lactation', 'menopause'] as const;

export const Menstrual = z.object({
  menarcheAge: z.number().int().min(8).max(20).nullable().optional(),
  cycleDays: z.number().int().min(15).max(90).nullable().optional(),
  periodDays: z.number().int().min(1).max(15).nullable().optional(),
  lastPeriod: calendarDate().nullable().optional(),
  regular: z.boolean().nullable().optional(),
  menopause: z.boolean().nullable().optional(),
});
export type Menstrual = z.infer<typeof Menstrual>;

/** Lifestyle and special-period fields kept on the member. */
export const MemberProfileFields = z.object({
  smoking: z.enum(SMOKING).nullable().optional(),
  drinking: z.enum(DRINKING).nullable().optional(),
  specialPeriod: z.enum(SPECIAL_PERIODS).nullable().optional(),
  /** Week of pregnancy, 1–42, when specialPeriod is pregnancy. */
  pregnancyWeek: z.number().int().min(1).max(42).nullable().optional(),
  menstrual: Menstrual.nullable().optional(),
});

/** Add a family member (account-health §3, §5). */
export const MemberSaveReq = z
  .object({
    roleCode: familyRoleCode,
    name: nickname,
    sex: sex.optional(),
    birthDate,
    height: heightCm,
    weight: weightKg,
    isDefault: zeroOne.default(0),
  })
  .extend(MemberProfileFields.shape);
export type MemberSaveReq = z.input<typeof MemberSaveReq>;

export const MemberEditReq = z
  .object({
    id: idParam,
    name: nickname.optional(),
    sex: sex.optional(),
    birthDate: birthDate.optional(),
    height: heightCm.optional(),
    weight: weightKg.optional(),
    isDefault: zeroOne.optional(),
    roleCode: anyRoleCode.optional(),
  })
  .extend(MemberProfileFields.shape);
export type MemberEditReq = z.input<typeof MemberEditReq>;

export const IdQuery = z.object({ id: idParam });
export const OptionalIdQuery = z.object({ id: idParam.optional() });

/** A member with its lifestyle fields. */
export const MemberDetail = Member.extend({
  isSelf: z.boolean(),
  smoking: z.enum(SMOKING).nullable(),
  drinking: z.enum(DRINKING).nullable(),
  specialPeriod: z.enum(SPECIAL_PERIODS).nullable(),
  pregnancyWeek: z.number().int().nullable(),
  menstrual: Menstrual.nullable(),
  bmi: z.number().nullable(),
  bmiResult: z.string().nullable(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

export const CheckNameReq = z.object({ name: nickname, roleCode: anyRoleCode, userInfoId: idParam.optional() });
export const CheckNameRes = z.object({ available: z.boolean() });

export const IsShowRes = z.object({ isShow: z.boolean() });
export const UpdIsShowReq = z.object({ isShow: z.boolean() });

export const CurrentConsultReq = z.object({ deviceType: z.string().max(16).optional(), isDefault: zeroOne, userInfoId: idParam });

/** Avatar of a member: by role, the self role by sex. */
export const AvatarInfo = z.object({ userInfoId: z.number().int(), avatar: z.string(), roleName: z.string() });
export const ImgUploadInfoRes = z.array(AvatarInfo);

export const AuditTextQuery = z.object({ content: z.string().max(5000) });
/** `pass: false` means the text is blocked; `words` are what matched (for the server's audit, not shown). */
export const AuditTextRes = z.object({ pass: z.boolean() });
export type AuditTextRes = z.infer<typeof AuditTextRes>;

// Health records

export const RECORD_TYPES = ['disease', 'allergy', 'medicine', 'surgery', 'familyHistory', 'maternity'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
export const recordType = z.enum(RECORD_TYPES);
export const ALLERGEN_TYPES = ['drug', 'food', 'environment', 'other'] as const;

export const RecordDetailFields = z.object({
  /** Year or date the condition was diagnosed / the operation was done (YYYY or YYYY-MM or YYYY-MM-DD). */
  date: z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/).refine(isPartialDate, '日期不存在').nullable().optional(),
  /** disease: under treatment or cured. */
  status: z.enum(['ongoing', 'cured']).nullable().optional(),
  /** allergy: what kind of allergen; the reaction. */
  allergenType: z.enum(ALLERGEN_TYPES).nullable().optional(),
  reaction: z.string().max(100).nullable().optional(),
  /** medicine: dose per time, unit, how often. */
  dose: z.number().positive().max(100000).nullable().optional(),
  unit: z.string().max(10).nullable().optional(),
  frequency: z.string().max(30).nullable().optional(),
  /** familyHistory: whose disease (父亲, 母亲, …). */
  relation: z.string().max(20).nullable().optional(),
  /** maternity: birth, caesarean, miscarriage, abortion … */
  outcome: z.enum(['vaginal', 'caesarean', 'miscarriage', 'abortion', 'ectopic', 'other']).nullable().optional(),
  note: z.string().max(200).nullable().optional(),
});
export type RecordDetailFields = z.infer<typeof RecordDetailFields>;

export const HealthRecord = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  type: recordType,
  name: z.string(),
  /** Lexicon id when the name came from the knowledge base. */
  code: z.string().nullable(),
  detail: RecordDetailFields,
  source: z.enum(['user', 'chat', 'report']),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HealthRecord = z.infer<typeof HealthRecord>;

export const RecordInput = z.object({ type: recordType, name: z.string().trim().min(1, '请输入名称').max(50), code: z.string().max(64).nullable().optional(), detail: RecordDetailFields.optional() });
export type RecordInput = z.input<typeof RecordInput>;
export const BatchSaveReq = z.object({ userInfoId: idParam, records: z.array(RecordInput).min(1).max(50) });
/** Records about to be added, checked against the rest of the member's profile (allergy classes, conditions, pregnancy, interactions). */
export const RecordCheckReq = BatchSaveReq;
export const RecordCheckWarning = z.object({
  type: recordType,
  /** The record the warning is about (as entered). */
  name: z.string(),
  kind: z.string(),
  severity: z.enum(['major', 'moderate']),
  text: z.string(),
});
export type RecordCheckWarning = z.infer<typeof RecordCheckWarning>;
export const RecordCheckRes = z.object({ warnings: z.array(RecordCheckWarning) });
export const RecordEditReq = z.object({ id: idParam, name: z.string().trim().min(1).max(50).optional(), code: z.string().max(64).nullable().optional(), detail: RecordDetailFields.optional() });
export const MoveRecordReq = z.object({ ids: z.array(idParam).min(1).max(200), userInfoId: idParam });
export const UserInfoQuery = z.object({ userInfoId: idParam });
export const RecordIdParams = z.object({ id: idParam });
export const MaternityParams = z.object({ a: idParam, b: idParam });

/** A member's whole health profile. */
export const PersonalRecord = z.object({
  member: MemberDetail,
  records: z.object({
    disease: z.array(HealthRecord),
    allergy: z.array(HealthRecord),
    medicine: z.array(HealthRecord),
    surgery: z.array(HealthRecord),
    familyHistory: z.array(HealthRecord),
    maternity: z.array(HealthRecord),
  }),
});
export type PersonalRecord = z.infer<typeof PersonalRecord>;

/** Which parts of a profile are filled in, and how complete it is (0–100). */
export const RecordState = z.object({
  basic: z.boolean(),
  disease: z.boolean(),
  allergy: z.boolean(),
  medicine: z.boolean(),
  surgery: z.boolean(),
  familyHistory: z.boolean(),
  lifestyle: z.boolean(),
  menstrual: z.boolean(),
  specialPeriod: z.boolean(),
  percent: z.number().int(),
});
export type RecordState = z.infer<typeof RecordState>;
export const HasNewRes = z.object({ hasNew: z.boolean(), count: z.number().int() });

export const KeywordTemplateReq = z.object({ type: recordType, limit: z.number().int().min(1).max(50).optional() });
export const KeywordSuggestReq = z.object({ type: recordType, keyword: z.string().max(30), limit: z.number().int().min(1).max(30).optional() });
export const KeywordItem = z.object({ id: z.string(), name: z.string(), matched: z.string() });
export const KeywordListRes = z.array(KeywordItem);

/** The current-user health summary (account-health §3). */
export const HealthSummary = z.object({
  userInfoId: z.number().int(),
  healthState: z.number().int(),
  recordState: z.number().int(),
  lastRecords: z.array(HealthRecord),
  reportRecords: z.array(z.object({ id: z.number().int(), name: z.string(), createdAt: z.string() })),
  remindRecords: z.object({ remindCnt: z.number().int(), items: z.array(z.object({ id: z.number().int(), name: z.string(), time: z.string() })) }),
  foodState: z.number().int(),
  exerciseState: z.number().int(),
  fileTotal: z.number().int(),
  caseNum: z.number().int(),
  grantFlag: z.number().int(),
  hasNewCase: z.boolean(),
  hasNewPatient: z.boolean(),
  modalits: z.array(z.string()),
  bPBindState: z.number().int(),
  latestBloodPressure: z.object({ systolic: z.number(), diastolic: z.number(), pulse: z.number().nullable(), measuredAt: z.string() }).nullable(),
  orderCnt: z.number().int(),
  attentionIndicatorTypeCnt: z.number().int(),
  bmi: z.number().nullable(),
  bmiResult: z.string().nullable(),
  menstrualHistoryState: z.number().int(),
  specialPeriodState: z.number().int(),
  personasFlag: z.boolean(),
});
export type HealthSummary = z.infer<typeof HealthSummary>;
export const HealthPageReq = z.object({ userInfoId: idParam.optional() });

/**
 * A care tip: its Chinese title and text, and the tip's `key` with the `params` it was filled with,
 * so a client in another language can render it from its own strings.
 */
export const CareItem = z.object({
  kind: z.string(),
  title: z.string(),
  text: z.string(),
  key: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export const PersonalizedCareRes = z.array(CareItem);
