import { z } from 'zod';
import { bigIdParam, deviceType, idParam, realNum } from '../schemas/common.ts';
import { INPUT_MSG } from '../messages.ts';
import { SourceEntry } from '../chat/frame.ts';

/**
 * Schemas of the chat "insight" calls: health profile in chat, chat extras, medical lookup,
 * evaluation and the home page (chat-core §3, §4, §7; account-health §7). Served by
 * apps/server/src/modules/insight.
 */

export const INSIGHT_LIMITS = {
  /** getRecommend topNum default and maximum. */
  recommendTop: 3,
  recommendTopMax: 10,
  /** Indicators per savePersonalIndicator call. */
  indicatorsMax: 20,
  /** Hospitals / doctors per lookup page. */
  lookupMax: 50,
  /** Rating dialog (chat-core §4): a new user after a random 2–7 dial-ins, others after 17; not within 15 days or the same day. */
  evaNewUserMin: 2,
  evaNewUserMax: 7,
  evaRegular: 17,
  evaQuietDays: 15,
  /** App-store rating popup: not again within this many days after it was shown or declined. */
  appRateQuietDays: 15,
  knowledgeMax: 10,
  commentMax: 500,
  /** Logged-out task clicks (pb/homePage/clickTask) one client IP may record per minute before 429. */
  publicClicksPerIpPerMinute: 30,
  /** How often an instance adds its counted logged-out task clicks to the database. */
  taskClickFlushMs: 10_000,
} as const;

const questionId = z.string({ message: '缺少 questionId' }).trim().min(1, '缺少 questionId').max(64);
const text = (max: number) => z.string().max(max, `内容最多${max}个字`);
const dialId = bigIdParam;
const num = realNum();

// --- Health profile in chat ------------------------------------------------------------------

export const PortrayTagQuery = z.object({ questionId, deviceType: z.string().max(20).optional(), userInfoId: idParam.optional() });
export const PortrayTag = z.object({
  type: z.enum(['disease', 'allergy', 'medicine', 'pregnancy', 'lactation', 'ageGroup', 'sex', 'bmi', 'surgery', 'familyHistory']),
  name: z.string(),
  /** The question touches it (mentions it, or it changes what is safe to suggest). */
  relevant: z.boolean(),
  reason: z.string().nullable(),
});
export const PortrayTagRes = z.object({ questionId: z.string(), userInfoId: z.number().int().nullable(), tags: z.array(PortrayTag) });

export const INDICATOR_TYPES = ['bloodPressure', 'weight', 'height', 'glucose', 'temperature', 'heartRate', 'spo2'] as const;
export type IndicatorType = (typeof INDICATOR_TYPES)[number];
export const IndicatorInput = z.object({
  type: z.enum(INDICATOR_TYPES, { message: '指标类型不正确' }),
  value: num,
  /** Diastolic pressure for bloodPressure. */
  value2: num.optional(),
  /** ms since 1970; at most the last instant a Date holds. */
  measuredAt: z.coerce.number().int().positive().max(8.64e15, INPUT_MSG.outOfRange).optional(),
});
export const SaveIndicatorBody = z.object({
  userInfoId: idParam,
  /** The dialog whose question stated the values; with no `indicators`, every value it states is saved. */
  questionId: questionId.optional(),
  indicators: z.array(IndicatorInput).min(1, '请选择要保存的指标').max(INSIGHT_LIMITS.indicatorsMax).optional(),
}).refine((b) => b.questionId !== undefined || b.indicators !== undefined, '请提供 questionId 或 indicators');
export const IndicatorRecord = z.object({
  id: z.number().int(),
  userInfoId: z.number().int(),
  type: z.enum(INDICATOR_TYPES),
  value: z.number(),
  value2: z.number().nullable(),
  unit: z.string(),
  source: z.string(),
  questionId: z.string().nullable(),
  measuredAt: z.number().int(),
});
export const SaveIndicatorRes = z.array(IndicatorRecord);

export const RecommendQuery = z.object({ questionId, topNum: z.coerce.number().int().min(1).max(INSIGHT_LIMITS.recommendTopMax).default(INSIGHT_LIMITS.recommendTop) });
export const RecommendItem = z.object({
  type: z.enum(['department', 'condition', 'drug', 'hospital', 'doctor']),
  name: z.string(),
  /** Hospital level, doctor title, … */
  detail: z.string().nullable(),
  reasons: z.array(z.string()),
  /** chat-core §1 recommendation scene path. */
  scene: z.array(z.string()),
});
export const RecommendRes = z.object({ questionId: z.string(), list: z.array(RecommendItem) });

export const QuestionIdQuery = z.object({ questionId });
export const RiskRes = z.object({
  questionId: z.string(),
  level: z.enum(['emergency', 'urgent', 'routine', 'selfcare']).nullable(),
  /** 0 none, 1 low, 2 medium, 3 high. */
  riskLevel: z.number().int().min(0).max(3),
  redFlags: z.array(z.object({ ruleId: z.string(), name: z.string(), level: z.enum(['emergency', 'urgent']) })),
  actions: z.array(z.string()),
  department: z.string().nullable(),
  tips: z.array(z.string()),
});

/** Lenient by design: the call never fails (chat-core §8: a failed scene fetch becomes an empty list). */
export const SceneBody = z.object({
  question: z.string().max(5000).catch(''),
  questionId: z.string().max(64).optional().catch(undefined),
  deviceType: z.string().max(20).optional().catch(undefined),
  inType: z.unknown().optional(),
}).passthrough().nullish().catch(null);
export const SceneItem = z.object({ path: z.array(z.string()), code: z.string(), intent: z.string().nullable() });
export const SceneRes = z.array(SceneItem);

export const UserInfoIdBody = z.object({ userInfoId: idParam });
export const HealthRateRes = z.object({
  userInfoId: z.number().int(),
  /** Profile completeness, 0–100. */
  healthRate: z.number().int().min(0).max(100),
  /** Dialogs about this member. */
  usePersonasCount: z.number().int(),
  userDataProgress: z.record(z.string(), z.union([z.boolean(), z.number()])),
  indicatorCount: z.number().int(),
});

export const ConfirmRoleBody = z.object({
  userInfoId: idParam,
  sessionId: z.string().trim().min(1).max(64).optional(),
  questionId: questionId.optional(),
  deviceType,
});
export const ConfirmRoleRes = z.object({ userInfoId: z.number().int(), sessionId: z.string().nullable(), questionId: z.string().nullable(), roleName: z.string(), name: z.string(), confirmTime: z.number().int() });

export const RoleByQuestionBody = z.object({
  question: z.string({ message: '请输入问题' }).trim().min(1, '请输入问题').max(5000),
  questionId: z.string().max(64).optional(),
  userInfoId: idParam.optional(),
  deviceType: z.string().max(20).optional(),
});
export const RoleCandidate = z.object({ userInfoId: z.number().int(), name: z.string(), roleName: z.string(), roleCode: z.string(), sex: z.string().nullable(), age: z.number().int().nullable() });
export const RoleByQuestionRes = z.object({
  /** Who the text is about (engine extraction), null when nobody is named. */
  who: z.enum(['self', 'child', 'mother', 'father', 'spouse', 'elder', 'other']).nullable(),
  /** Lookup result type: 1 self, 2 one matching member, 3 several, 4 none in the family, 5 outside the family, 6 nobody named. */
  type: z.number().int().min(1).max(6),
  /** chat-core §3 role-choice status: 0 no question needed, −1…−4 ask which profile. */
  roleStatus: z.number().int().min(-4).max(0),
  member: RoleCandidate.nullable(),
  candidates: z.array(RoleCandidate),
  text: z.string().nullable(),
});

export const AddHistoryByImageBody = z.object({
  userInfoId: idParam,
  inputMediaIds: z.array(z.string().trim().min(1).max(64)).min(1, '请选择图片').max(5, '最多支持5份同时解读'),
  questionId: z.string().max(64).optional(),
  deviceType: z.string().max(20).optional(),
});
export const AddHistoryByImageRes = z.object({ added: z.array(z.object({ id: z.number().int(), type: z.string(), name: z.string() })), found: z.number().int() });
export const MediaIdBody = z.object({ inputMediaId: z.string({ message: '缺少 inputMediaId' }).trim().min(1, '缺少 inputMediaId').max(64) });
export const SessionByMediaRes = z.object({ inputMediaId: z.string(), sessionId: z.string().nullable(), dialInId: z.number().int().nullable(), questionId: z.string().nullable() });

// --- Chat extras ------------------------------------------------------------------------------

export const RecommendQuestionsBody = z.object({
  question: z.string().max(5000).optional(),
  dialInId: dialId.optional(),
  userInfoId: idParam.optional(),
}).passthrough().nullish();
export const RecommendQuestionsRes = z.array(z.string()).max(3);

export const WS_EVENTS = ['connect', 'disconnect', 'reconnect', 'reconnect_failed', 'connect_error', 'timeout'] as const;
export const WsConnectLogBody = z.object({
  event: z.enum(WS_EVENTS, { message: '事件类型不正确' }),
  deviceType: z.string().max(20).optional(),
  reason: z.string().max(200).optional(),
  attempt: z.coerce.number().int().min(0).max(100).optional(),
  durationMs: z.coerce.number().int().min(0).max(86_400_000).optional(),
  networkType: z.string().max(20).optional(),
});
export const WsConnectLogRes = z.object({ id: z.number().int() });

export const ActiveScenesBody = z.object({
  question: z.string().max(5000).default(''),
  questionId: z.string().max(64).optional(),
  deviceType: z.string().max(20).optional(),
  inType: z.unknown().optional(),
  imageIds: z.array(z.string().max(64)).max(5).optional(),
  imageType: z.union([z.string().max(20), z.number()]).optional(),
  ocrData: z.unknown().optional(),
});
export const ActiveScenesRes = z.object({ scenes: SceneRes, command: z.string().nullable() });

export const ActiveInquiryBody = z.object({ questionId, answer: z.string().max(20_000).optional(), deviceType: z.string().max(20).optional() });
export const ActiveInquiryRes = z.object({ questionId: z.string(), dialInId: z.number().int(), inquiry: z.string().nullable(), questions: z.array(z.string()), interview: z.object({ step: z.number().int(), max: z.number().int(), question: z.string() }).nullable() });

export const WelcomeBody = z.object({ hour: z.coerce.number().int().min(0).max(23).optional() }).passthrough().nullish();
export const WelcomeRes = z.object({ dayPart: z.string(), greeting: z.string(), intro: z.string(), questions: z.array(z.string()) });

// --- Medical lookup ---------------------------------------------------------------------------

export const HospitalItem = z.object({
  id: z.string(),
  name: z.string(),
  level: z.string(),
  type: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  strongDepartments: z.array(z.string()),
  reasons: z.array(z.string()),
  source: z.string(),
});
export const HospitalsBody = z.object({
  province: z.string().max(30).optional(),
  city: z.string().max(30).optional(),
  district: z.string().max(30).optional(),
  department: z.string().max(30).optional(),
  keyword: z.string().max(50).optional(),
  ageYears: z.coerce.number().min(0).max(150).optional(),
  pregnant: z.boolean().optional(),
  limit: z.coerce.number().int().min(1).max(INSIGHT_LIMITS.lookupMax).default(10),
});
export const HospitalsRes = z.object({ city: z.string().nullable(), list: z.array(HospitalItem) });
export const QueryHospitalBody = z.object({
  keyword: z.string({ message: '请输入医院名称' }).trim().min(1, '请输入医院名称').max(50),
  city: z.string().max(30).optional(),
  limit: z.coerce.number().int().min(1).max(INSIGHT_LIMITS.lookupMax).default(10),
});
export const MedicalQueryBody = z.object({
  keyword: z.string({ message: '请输入症状或科室' }).trim().min(1, '请输入症状或科室').max(500),
  userInfoId: idParam.optional(),
  city: z.string().max(30).optional(),
  district: z.string().max(30).optional(),
});
export const DepartmentItem = z.object({ name: z.string(), scope: z.string(), source: z.string() });
export const MedicalQueryRes = z.object({
  department: DepartmentItem.nullable(),
  reason: z.string(),
  alternatives: z.array(DepartmentItem),
  city: z.string().nullable(),
  hospitals: z.array(HospitalItem),
});
export const DoctorItem = z.object({ id: z.number().int(), name: z.string(), title: z.string(), department: z.string(), hospital: z.string(), intro: z.string() });
export const QueryDoctorBody = z.object({
  department: z.string().max(30).optional(),
  keyword: z.string().max(50).optional(),
  hospital: z.string().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(INSIGHT_LIMITS.lookupMax).default(10),
}).nullish();
export const QueryDoctorRes = z.object({ list: z.array(DoctorItem), total: z.number().int(), page: z.number().int(), size: z.number().int() });

// --- Evaluation -------------------------------------------------------------------------------

export const EvaluateBody = z.object({
  dialInId: dialId,
  /** 1–5 stars. */
  score: z.coerce.number().int().min(1, '评分需为1-5').max(5, '评分需为1-5'),
  comment: text(INSIGHT_LIMITS.commentMax).optional(),
  tags: z.array(z.string().max(20)).max(10).optional(),
});
export const EvaluateRes = z.object({ dialInId: z.number().int(), score: z.number().int(), comment: z.string(), tags: z.array(z.string()), updateTime: z.number().int() });

export const UserEvaluationBody = z.object({
  score: z.coerce.number().int().min(1, '评分需为1-5').max(5, '评分需为1-5'),
  content: text(INSIGHT_LIMITS.commentMax).optional(),
  tags: z.array(z.string().max(20)).max(10).optional(),
});
export const UserEvaluationState = z.object({
  /** true: the user has not evaluated yet, so the client may ask. */
  state: z.boolean(),
  evaluated: z.boolean(),
  score: z.number().int().nullable(),
  content: z.string().nullable(),
  tags: z.array(z.string()),
  updateTime: z.number().int().nullable(),
});

export const EvaConditionQuery = z.object({
  /** 'conclusion': the end of a symptom consultation or report reading (chat-core §4) also triggers it. */
  trigger: z.enum(['dialIn', 'conclusion']).optional(),
}).passthrough().optional();
export const EvaCondition = z.object({
  isNewUser: z.boolean(),
  ejectFlag15Day: z.boolean(),
  ejectFlagToday: z.boolean(),
  dialInCount: z.number().int(),
  /** Dial-ins needed before the dialog appears (random 2–7 for a new user, 17 otherwise). */
  threshold: z.number().int(),
  /** All rules say: show the rating dialog now. */
  show: z.boolean(),
});

export const APP_RATE_ACTIONS = ['pop', 'score', 'cancel'] as const;
export const AppEvaluateBody = z.object({
  actionType: z.enum(APP_RATE_ACTIONS, { message: 'actionType 需为 pop、score 或 cancel' }),
  score: z.coerce.number().int().min(1).max(5).optional(),
}).refine((b) => b.actionType !== 'score' || b.score !== undefined, '请选择评分');
export const AppEvaluateRecord = z.object({
  /** true: the app-store rating popup may be shown. */
  status: z.boolean(),
  lastActionType: z.enum(APP_RATE_ACTIONS).nullable(),
  lastScore: z.number().int().nullable(),
  lastTime: z.number().int().nullable(),
});

// --- Home -------------------------------------------------------------------------------------

export const HomeTask = z.object({ id: z.string(), title: z.string(), desc: z.string(), path: z.string(), done: z.boolean(), clicked: z.boolean() });
export const TaskListRes = z.array(HomeTask);
export const TaskIdQuery = z.object({ id: z.string({ message: '缺少任务 id' }).trim().min(1, '缺少任务 id').max(40) });
export const ClickTaskRes = z.object({ id: z.string(), clicked: z.boolean() });
export const KnowledgeQuery = z.object({ userInfoId: idParam.optional(), limit: z.coerce.number().int().min(1).max(INSIGHT_LIMITS.knowledgeMax).default(6) }).passthrough().optional();
export const KnowledgeCard = z.object({
  id: z.string(),
  kind: z.enum(['condition', 'diet']),
  title: z.string(),
  /** Why this card: the profile disease or 常见健康知识. */
  matchedBy: z.string().nullable(),
  points: z.array(z.object({ label: z.string(), text: z.string() })),
  source: SourceEntry,
});
export const KnowledgeRes = z.array(KnowledgeCard);

export const DialInIdQuery = z.object({ dialInId: dialId });
export const DiseaseHistoryRes = z.object({
  dialInId: z.number().int(),
  userInfoId: z.number().int().nullable(),
  diseases: z.array(z.object({ name: z.string(), code: z.string(), inProfile: z.boolean() })),
  symptoms: z.array(z.object({ name: z.string(), code: z.string(), severe: z.boolean() })),
  drugs: z.array(z.object({ name: z.string(), code: z.string(), inProfile: z.boolean() })),
  allergies: z.array(z.object({ name: z.string(), code: z.string(), inProfile: z.boolean() })),
  surgeries: z.array(z.object({ name: z.string(), code: z.string(), inProfile: z.boolean() })),
  duration: z.string().nullable(),
});
