import { z } from 'zod';
import { idParam } from '../schemas/common.ts';
import { CLINIC_MSG } from './messages.ts';

export { CLINIC_MSG };

/**
 * The clinician side of issue 21: doctor accounts and login, consultations (one per paid order,
 * with the doctor of the package's team), doctor chat (IM) over our own socket.io channel,
 * verification of AI answers and rehab plans. Served by apps/server/src/modules/clinic; the
 * workspace is the /clinic entry of apps/web (desktop, 1440×900).
 */

/** The spec's doctorRole (account-health §6: role '1' finds an expert, others start a consult). */
export const DOCTOR_ROLE = { doctor: '1', therapist: '2', nutritionist: '3', teamLead: '4' } as const;
export type DoctorRole = (typeof DOCTOR_ROLE)[keyof typeof DOCTOR_ROLE];
export const DOCTOR_ROLE_TEXT: Record<DoctorRole, string> = { '1': '医生', '2': '康复治疗师', '3': '营养师', '4': '团队负责人' };

export const CONSULT_STATUS = { open: 1, closed: 2 } as const;
export const CONSULT_STATUS_TEXT: Record<number, string> = { 1: '问诊中', 2: '已结束' };

export const VERIFY_STATUS = { pending: 0, agreed: 1, corrected: 2 } as const;
export const VERIFY_STATUS_TEXT: Record<number, string> = { 0: '待医生审核', 1: '医生已审核', 2: '医生已审核' };
/** The mark an answer carries once a doctor verified it. */
export const VERIFIED_MARK = '医生已审核';


export const IM_LIMITS = {
  textMax: 2000,
  historyPageMax: 100,
  /** The IM token's lifetime (ms). */
  tokenTtlMs: 12 * 3600_000,
  /** A remindDoctor per consultation at most this often (ms). */
  remindEveryMs: 10 * 60_000,
  /** A reconnecting socket receives at most this many missed messages per resume (it pages the rest). */
  resumeMax: 500,
} as const;

/** The IM channel: namespace `/im` of the chat socket's socket.io server (same path, CHAT_SOCKET_PATH). */
export const IM_NAMESPACE = '/im';

/** Events of the IM socket (docs/IM-SOCKET.md). */
export const IM_EVENT = {
  /** client → server: { groupId, clientMsgId, kind, text?, mediaId? }, ack { ok, message? | msg } */
  send: 'im:send',
  /** server → client: a persisted message (also to its sender's other sockets). */
  message: 'im:message',
  /** client → server: { groupId, seq } read up to seq; ack { ok } */
  read: 'im:read',
  /** server → client: { groupId, reader, seq } the other side read up to seq. */
  receipt: 'im:receipt',
  /** client → server: { groups: { [groupId]: lastSeq } } after (re)connect; ack { ok, messages } */
  resume: 'im:resume',
  /** server → client: { groupId, status } the consultation was closed. */
  closed: 'im:closed',
} as const;

export const DoctorLoginReq = z.object({
  phone: z.string().trim().regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
  password: z.string().min(1, '请输入密码').max(64, '密码最多64位'),
});
export const Doctor = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  hospital: z.string(),
  department: z.string(),
  doctorRole: z.string(),
  teamId: z.string(),
  photo: z.string(),
});
export type Doctor = z.infer<typeof Doctor>;
export const DoctorLoginRes = z.object({ token: z.string(), doctor: Doctor });

export const Consultation = z.object({
  consultId: z.number().int(),
  groupId: z.string(),
  orderNo: z.string(),
  packageName: z.string(),
  patientId: z.number().int(),
  patientName: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  doctor: Doctor,
  unread: z.number().int(),
  lastText: z.string(),
});
export type Consultation = z.infer<typeof Consultation>;

export const groupIdSchema = z.string().trim().regex(/^G\d{1,10}$/, '会话编号不正确');
export const ConsultIdReq = z.object({ consultId: idParam });
export const ConsultListRes = z.array(Consultation);

export const ImMessage = z.object({
  seq: z.number().int(),
  groupId: z.string(),
  clientMsgId: z.string(),
  sender: z.enum(['user', 'doctor', 'system']),
  kind: z.enum(['text', 'image']),
  text: z.string(),
  mediaId: z.string().nullable(),
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Read by the other side. */
  read: z.boolean(),
});
export type ImMessage = z.infer<typeof ImMessage>;

export const ImSendReq = z.object({
  groupId: groupIdSchema,
  clientMsgId: z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, '消息编号不正确'),
  kind: z.enum(['text', 'image']),
  text: z.string().max(IM_LIMITS.textMax, `消息最多${IM_LIMITS.textMax}个字`).optional(),
  mediaId: z.string().max(64).optional(),
});
export type ImSendReq = z.infer<typeof ImSendReq>;
export const ImReadReq = z.object({ groupId: groupIdSchema, seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const ImResumeReq = z.object({ groups: z.record(groupIdSchema, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)) });
export const ImHistoryReq = z.object({
  groupId: groupIdSchema,
  /** Messages older than this seq (omit for the newest page). */
  beforeSeq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  pageSize: z.number().int().min(1).max(IM_LIMITS.historyPageMax).default(50),
});
export const ImHistoryRes = z.object({ list: z.array(ImMessage), hasMore: z.boolean(), peerReadSeq: z.number().int() });
export const ImReadRes = z.object({ seq: z.number().int() });
export const ImTokenRes = z.object({ token: z.string(), provider: z.literal('socket'), namespace: z.string(), expiresAt: z.number().int() });

export const ConsultStartReq = z.object({ orderNo: z.string().trim().regex(/^[A-Z0-9]{8,40}$/, '订单号不正确') });
export const RemindDoctorReq = z.object({ groupId: groupIdSchema });
export const RemindDoctorRes = z.object({ reminded: z.boolean() });

/** What the doctor sees of the member (only their own open consultations). */
export const MemberFile = z.object({
  consultId: z.number().int(),
  profile: z.object({ name: z.string(), roleName: z.string(), sex: z.string().nullable(), birthDate: z.string().nullable(), height: z.number().nullable(), weight: z.number().nullable() }),
  records: z.array(z.object({ type: z.string(), name: z.string() })),
  reports: z.array(z.object({ id: z.string(), title: z.string(), createdAt: z.string() })),
  submitInfo: z.object({ description: z.string(), surgeryDate: z.string().nullable() }).nullable(),
  aiDialogs: z.array(z.object({ id: z.number().int(), question: z.string(), answer: z.string(), createdAt: z.string() })),
});

export const Verification = z.object({
  chatVerifyId: z.number().int(),
  dialogId: z.number().int(),
  question: z.string(),
  answer: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  verifyAnswerType: z.enum(['agreed', 'corrected']).nullable(),
  verifyRemark: z.string(),
  doctorName: z.string(),
  doctorTitle: z.string(),
  doctorPhoto: z.string(),
  patientName: z.string(),
  /** The engine's trace of the answer (scene, sources) for the doctor. */
  trace: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  verifiedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof Verification>;
export const VerifyApplyReq = z.object({ dialogId: idParam });
export const VerifyDetailReq = z.object({ chatVerifyId: idParam });
export const VerifySubmitReq = z.object({ chatVerifyId: idParam, verifyAnswerType: z.enum(['agreed', 'corrected']), verifyRemark: z.string().trim().max(1000, '审核意见最多1000个字').default('') });

// ---- rehab plans ----------------------------------------------------------------------------

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确');
export const PlanTask = z.object({ taskId: z.string(), kind: z.enum(['exercise', 'medicine', 'life']), name: z.string(), detail: z.string() });
export const PlanStage = z.object({ name: z.string(), days: z.number().int(), goal: z.string() });
export const PlanCreateReq = z.object({
  consultId: idParam,
  title: z.string().trim().min(1, '请填写计划名称').max(50, '计划名称最多50个字'),
  startDate: date,
  stages: z.array(z.object({ name: z.string().trim().min(1, '请填写阶段名称').max(30), days: z.number().int().min(1).max(365), goal: z.string().trim().max(200).default('') })).min(1, '至少一个阶段').max(12),
  tasks: z.array(z.object({ kind: z.enum(['exercise', 'medicine', 'life']), name: z.string().trim().min(1, '请填写任务名称').max(50), detail: z.string().trim().max(300).default('') })).min(1, '至少一项任务').max(30),
  foodAdvice: z.string().trim().max(1000).default(''),
});
export const Plan = z.object({
  planId: z.number().int(),
  title: z.string(),
  patientName: z.string(),
  doctorName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  stages: z.array(PlanStage),
  tasks: z.array(PlanTask),
  foodAdvice: z.string(),
});
export type Plan = z.infer<typeof Plan>;
export const PlanIdReq = z.object({ planId: idParam.optional() }).optional();
export const CurrentStageRes = z.object({ plan: Plan.nullable(), stageIndex: z.number().int(), stage: PlanStage.nullable(), dayInPlan: z.number().int() });
export const DailyLifeReq = z.object({ planId: idParam, currentDate: date });
export const DailyLifeRes = z.object({ currentDate: z.string(), inPlan: z.boolean(), tasks: z.array(PlanTask.extend({ done: z.boolean() })), done: z.number().int(), total: z.number().int() });
export const CheckInReq = z.object({ planId: idParam, currentDate: date, taskId: z.string().trim().regex(/^t\d{1,3}$/, '任务编号不正确') });
export const CalendarStateReq = z.object({ planId: idParam, month: z.string().regex(/^\d{4}-\d{2}$/, '月份格式不正确') });
export const CalendarStateRes = z.array(z.object({ date: z.string(), done: z.number().int(), total: z.number().int() }));
export const FoodAdviceRes = z.object({ foodAdvice: z.string() });

// ---- plan: stages, notices, self-assessment, food, questions, reading, exercises, medicine ----

export const PLAN_LIMITS = { foodPage: 6, readPage: 3, assessHistory: 30, questionsPageMax: 1000 } as const;
/** NRS-11 pain scale bands (0 无痛, 1–3 轻度, 4–6 中度, 7–10 重度). */
export const NRS_BANDS = [
  { max: 0, label: '无痛' },
  { max: 3, label: '轻度疼痛' },
  { max: 6, label: '中度疼痛' },
  { max: 10, label: '重度疼痛' },
] as const;
export const nrsLabel = (score: number): string => NRS_BANDS.find((b) => score <= b.max)?.label ?? '';
/** Body-map regions a pain assessment can mark. */
export const BODY_REGIONS = ['头颈', '左肩', '右肩', '胸腹', '上背', '腰', '左肘', '右肘', '左腕手', '右腕手', '左髋', '右髋', '左膝', '右膝', '左踝足', '右踝足'] as const;
/** Exercise feedback: how hard it felt (assessResult) and what came with it (assessResultSub). */
export const EXERCISE_FEEL = { 1: '轻松', 2: '适中', 3: '吃力' } as const;
export const EXERCISE_SYMPTOMS = ['无不适', '疼痛加重', '肿胀', '头晕', '气短', '关节僵硬'] as const;

export const PlanReq = z.object({ planId: idParam });
export const PlanDateReq = z.object({ planId: idParam, currentDate: date });
export const PlanTaskReq = z.object({ planId: idParam, currentDate: date, taskId: z.string().trim().regex(/^t\d{1,3}$/, '任务编号不正确') });
export const StageListRes = z.array(z.object({ index: z.number().int(), name: z.string(), days: z.number().int(), goal: z.string(), startDate: z.string(), endDate: z.string(), current: z.boolean() }));
export const NoticeByDateRes = z.array(z.object({ kind: z.enum(['stage', 'assess', 'pain', 'tasks', 'end']), text: z.string() }));
export const SelfAssessReq = z.object({
  planId: idParam,
  painScore: z.number().int().min(0, '疼痛评分为0到10').max(10, '疼痛评分为0到10').optional(),
  areas: z.array(z.enum(BODY_REGIONS)).max(BODY_REGIONS.length).default([]),
  note: z.string().trim().max(200, '补充说明最多200个字').default(''),
});
export const PainAssessment = z.object({ date: z.string(), painScore: z.number().int(), level: z.string(), areas: z.array(z.string()), note: z.string(), at: z.string() });
export const SelfAssessRes = z.object({ list: z.array(PainAssessment), latest: PainAssessment.nullable() });
export const FoodItem = z.object({ name: z.string(), kind: z.enum(['recommend', 'limit', 'principle']), condition: z.string(), source: z.string() });
export const FoodListRes = z.object({ foodAdvice: z.string(), batch: z.number().int(), batches: z.number().int(), items: z.array(FoodItem) });
export const QuestionsReq = z.object({ planId: idParam, pageNum: z.number().int().min(1).max(10_000).default(1), pageSize: z.number().int().min(1).max(PLAN_LIMITS.questionsPageMax).default(PLAN_LIMITS.questionsPageMax) });
export const QuestionsRes = z.object({ total: z.number().int(), list: z.array(z.object({ id: z.string(), question: z.string(), answer: z.string(), by: z.string() })) });
export const Article = z.object({ id: z.string(), title: z.string(), summary: z.string(), points: z.array(z.string()), source: z.string(), read: z.boolean() });
export const PlanRecommendRes = z.object({ batch: z.number().int(), list: z.array(Article) });
export const RecommendReadReq = z.object({ planId: idParam, articleId: z.string().trim().regex(/^[a-z0-9-]{1,60}$/, '文章编号不正确').optional() });
export const ExerciseFeedbackReq = z.object({
  planId: idParam,
  currentDate: date,
  taskId: z.string().trim().regex(/^t\d{1,3}$/, '任务编号不正确'),
  assessResult: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  assessResultSub: z.array(z.enum(EXERCISE_SYMPTOMS)).max(EXERCISE_SYMPTOMS.length).default([]),
  assessDesc: z.string().trim().max(300, '描述最多300个字').default(''),
});
export const ExerciseFeedbackRes = z.array(z.object({ taskId: z.string(), date: z.string(), assessResult: z.number().int(), feel: z.string(), assessResultSub: z.array(z.string()), assessDesc: z.string(), at: z.string() }));
