import { z } from 'zod';
import { isSkillCode, type SkillCode } from '../enums.ts';

/**
 * The answer engine's events (what `answer()` in packages/engine yields) and the events the chat
 * server adds (member, report, the role question's choices), defined once here: the engine types
 * its stream with them, the server validates them at its edge (frames.ts `mapEvent`), the web
 * parses frames with them (features/chat). Every type is documented in docs/CHAT-SOCKET.md (a unit
 * test checks it).
 */

export const TRIAGE_LEVELS = ['emergency', 'urgent', 'routine', 'selfcare'] as const;
export const TriageLevel = z.enum(TRIAGE_LEVELS);
export type TriageLevel = z.infer<typeof TriageLevel>;

/** The standard Chinese health-query intents. */
export const ANSWER_INTENTS = ['病情诊断', '病因分析', '治疗方案', '就医建议', '指标解读', '疾病表述', '后果表述', '注意事项', '功效作用', '医疗费用', '其他'] as const;
export const AnswerIntent = z.enum(ANSWER_INTENTS);
export type AnswerIntent = z.infer<typeof AnswerIntent>;

/** Whom a question is about, as the engine reads it. */
export const WHO = ['self', 'child', 'mother', 'father', 'spouse', 'elder', 'other'] as const;
export const Who = z.enum(WHO);
export type Who = z.infer<typeof Who>;

export const MEDICATION_VERDICT_LEVELS = ['ok', 'caution', 'not-recommended', 'contraindicated'] as const;
export const MedicationVerdictLevel = z.enum(MEDICATION_VERDICT_LEVELS);
export type MedicationVerdictLevel = z.infer<typeof MedicationVerdictLevel>;

/** A three-level scene path (chat-core §3), e.g. 诊疗 / 疾病 / 症状自查. */
export const ScenePath = z.tuple([z.string(), z.string(), z.string()]).readonly();
export type ScenePath = z.infer<typeof ScenePath>;

const SkillCodeSchema = z.custom<SkillCode>((v) => isSkillCode(v), { message: 'unknown skill code' });

export const ANNOTATION_KINDS = ['disease', 'drug', 'dept'] as const;
/** [start, end) in the answer text (the concatenated text deltas), linked to a disease, drug or department. */
export const AnswerAnnotation = z.object({ start: z.number().int(), end: z.number().int(), type: z.enum(ANNOTATION_KINDS), id: z.string() });
export type AnswerAnnotation = z.infer<typeof AnswerAnnotation>;

export const AnswerSource = z.object({ index: z.number().int(), name: z.string(), title: z.string(), sourceName: z.string() });
export type AnswerSource = z.infer<typeof AnswerSource>;

export const HospitalRecommendation = z.object({ name: z.string(), level: z.string(), city: z.string(), district: z.string(), department: z.string().nullable(), reasons: z.array(z.string()) });
export type HospitalRecommendation = z.infer<typeof HospitalRecommendation>;

/** A doctor of the operator's own service (the product's doctors, not a public directory). */
export const AnswerDoctor = z.object({ id: z.string(), name: z.string(), title: z.string(), department: z.string(), hospital: z.string().nullable().optional() });
export type AnswerDoctor = z.infer<typeof AnswerDoctor>;

export const REFUSAL_CODES = [3030, 3031, 3034] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];
/** chat-core §3 role-choice status: which person profile the answer should use. */
export type RoleStatus = -1 | -2 | -3 | -4;
const RoleStatusSchema = z.union([z.literal(-1), z.literal(-2), z.literal(-3), z.literal(-4)]);

export const DeepThinkEvent = z.object({ type: z.literal('deepThink'), status: z.union([z.literal(0), z.literal(1), z.literal(2)]), text: z.string(), consumingMs: z.number() });
export const TriageEvent = z.object({ type: z.literal('triage'), level: TriageLevel });
export const SceneEvent = z.object({ type: z.literal('scene'), path: ScenePath });
export const IntentEvent = z.object({ type: z.literal('intent'), intent: AnswerIntent });
/** Which profile to use. The server adds the family members that fit (candidates) or the relative to add. */
export const RoleQuestionEvent = z.object({
  type: z.literal('roleQuestion'),
  roleStatus: RoleStatusSchema,
  who: Who,
  text: z.string(),
  /** Several family members fit (两个孩子): the user picks whose profile the answer uses. */
  candidates: z.array(z.object({ userInfoId: z.number().int(), roleName: z.string(), name: z.string() })).optional(),
  /** The relative is not in the family yet: the role the add form starts with. */
  add: z.object({ roleCode: z.string().nullable(), roleName: z.string() }).optional(),
});
export const TextEvent = z.object({ type: z.literal('text'), delta: z.string() });
/** A self-check interview question (step of max). */
export const InterviewEvent = z.object({ type: z.literal('interview'), step: z.number().int(), max: z.number().int(), symptomId: z.string(), question: z.string() });
export const AnnotationsEvent = z.object({ type: z.literal('annotations'), items: z.array(AnswerAnnotation) });
export const SourcesEvent = z.object({ type: z.literal('sources'), items: z.array(AnswerSource) });
export const RecommendEvent = z.object({ type: z.literal('recommend'), department: z.string().optional(), disease: z.string().optional(), drug: z.string().optional() });
export const HospitalsEvent = z.object({ type: z.literal('hospitals'), scene: ScenePath, items: z.array(HospitalRecommendation) });
export const DoctorsEvent = z.object({ type: z.literal('doctors'), scene: ScenePath, items: z.array(AnswerDoctor) });
export const ConclusionEvent = z.object({
  type: z.literal('conclusion'),
  command: SkillCodeSchema,
  level: TriageLevel,
  department: z.string(),
  conditions: z.array(z.object({ name: z.string(), likelihood: z.string() })),
});
export const FollowUpsEvent = z.object({ type: z.literal('followUps'), questions: z.array(z.string()) });
/** An emergency (call 120): the first steps as a checklist, the warning signs in plain words, the department. */
export const EmergencyEvent = z.object({ type: z.literal('emergency'), call: z.literal('120'), steps: z.array(z.string()), signs: z.array(z.string()), department: z.string() });
/** A medication verdict (可以 / 慎用 / 不建议 / 禁用) for a drug the answer is about or mentions. */
export const MedicationVerdictEvent = z.object({
  type: z.literal('medicationVerdict'),
  drugId: z.string(),
  drug: z.string(),
  level: MedicationVerdictLevel,
  label: z.string(),
  reasons: z.array(z.string()),
  alternative: z.string().nullable(),
});
export const RefusalEvent = z.object({ type: z.literal('refusal'), code: z.union([z.literal(3030), z.literal(3031), z.literal(3034)]), text: z.string() });
export const DoneEvent = z.object({ type: z.literal('done') });

/** What the engine yields. */
export const AnswerEvent = z.discriminatedUnion('type', [
  DeepThinkEvent,
  TriageEvent,
  SceneEvent,
  IntentEvent,
  RoleQuestionEvent,
  TextEvent,
  InterviewEvent,
  AnnotationsEvent,
  SourcesEvent,
  RecommendEvent,
  HospitalsEvent,
  DoctorsEvent,
  ConclusionEvent,
  FollowUpsEvent,
  EmergencyEvent,
  MedicationVerdictEvent,
  RefusalEvent,
  DoneEvent,
]);
export type AnswerEvent = z.infer<typeof AnswerEvent>;

/** Server event: whose profile the answer used, said before it (按妈妈的资料回答). */
export const MemberEvent = z.object({ type: z.literal('member'), userInfoId: z.number().int(), roleName: z.string(), name: z.string(), text: z.string() });
/** Server event: the durable reading started for the question's uploaded report (its statuses are polled). */
export const ReportEvent = z.object({ type: z.literal('report'), reportId: z.string(), status: z.number().int() });

/** Every event of a chat answer: the engine's and the server's. */
export const ChatEvent = z.discriminatedUnion('type', [...AnswerEvent.options, MemberEvent, ReportEvent]);
export type ChatEvent = z.infer<typeof ChatEvent>;
export type ChatEventType = ChatEvent['type'];
export const CHAT_EVENT_TYPES: readonly ChatEventType[] = ChatEvent.options.map((o) => o.shape.type.value);

/**
 * The events a frame carries as `payload.event` (the ones without a payload field of their own).
 * A frame's `event` is one of these, or an engine event of a type this list does not know yet
 * (passed through as it came).
 */
export const FrameEvent = z.discriminatedUnion('type', [InterviewEvent, EmergencyEvent, MedicationVerdictEvent, MemberEvent, ReportEvent]);
export type FrameEvent = z.infer<typeof FrameEvent>;
export const FRAME_EVENT_TYPES: readonly FrameEvent['type'][] = FrameEvent.options.map((o) => o.shape.type.value);

/** An event of a type the contract does not know (new engine events need no server change). */
export const UnknownEvent = z
  .object({ type: z.string().refine((t) => !(CHAT_EVENT_TYPES as readonly string[]).includes(t), { message: 'a known event type with the wrong shape' }) })
  .catchall(z.unknown());
export type UnknownEvent = z.infer<typeof UnknownEvent>;

/** Role question and conclusion as the frame carries them (the event without its type). */
export const RoleQuestionPayload = RoleQuestionEvent.omit({ type: true });
export type RoleQuestionPayload = z.infer<typeof RoleQuestionPayload>;
export const ConclusionPayload = ConclusionEvent.omit({ type: true });
export type ConclusionPayload = z.infer<typeof ConclusionPayload>;
export const InterviewPayload = InterviewEvent.omit({ type: true });
export const EmergencyPayload = EmergencyEvent.omit({ type: true });
export const MemberPayload = MemberEvent.omit({ type: true });
