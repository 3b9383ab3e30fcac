import { ConclusionPayload, EmergencyPayload, FrameEvent, HospitalRecommendation, InterviewPayload, MemberPayload, RoleQuestionPayload, type QuestionStatus, type SkillCode, type SourceEntry } from '@chatdr/contract';
import type { z } from 'zod';
import type { TypingState } from './typewriter';

/** An answer annotation (chat-core §3): [start, end) in the answer, rendered as a link text|type|id. */
export interface Annotation {
  start: number;
  end: number;
  type: string;
  id: string;
}

/** A recommended hospital (the contract's hospitals event item). */
export type Hospital = HospitalRecommendation;

export interface Doctor {
  name: string;
  title: string;
  hospital: string;
  department: string;
  goodAt: string;
}

/** Department, disease and drug, hospitals and doctors recommended with an answer. */
export interface Recommend {
  department: string | null;
  disease: string | null;
  drug: string | null;
  hospitals: Hospital[];
  doctors: Doctor[];
}

// The engine's and the server's events are the contract's (packages/contract/src/chat/events.ts):
// the shapes below are derived from its schemas and the frames are parsed with them (safeParse).

/** The conclusion of a consultation (the contract's conclusion event). */
export type Conclusion = ConclusionPayload;

/** A self-check interview question (step of max). */
export type Interview = z.infer<typeof InterviewPayload>;

/** A family member the user can pick for the role question. */
export type RoleCandidate = z.infer<typeof RoleCandidateSchema>;

/** Which person profile to use (role-choice status -1…-4), candidates and the add offer always present. */
export type RoleQuestion = Omit<RoleQuestionPayload, 'candidates' | 'add'> & {
  /** Several family members fit (两个孩子): the user picks whose profile the answer uses. */
  candidates: RoleCandidate[];
  /** The relative is not in the family yet: the role the add form starts with. */
  add: NonNullable<RoleQuestionPayload['add']> | null;
};

/** Whose profile the answer used, said before it (按妈妈的资料回答): the server's member event. */
export type MemberNote = Pick<z.infer<typeof MemberPayload>, 'userInfoId' | 'text'>;

/** An emergency answer (call 120): the first steps as a checklist, the warning signs, the department. */
export type Emergency = z.infer<typeof EmergencyPayload>;

export interface DeepThink {
  status: 0 | 1 | 2;
  text: string;
  consumingMs: number;
}

/**
 * A question and its answer as the chat shows it (chat-core §3 "Question message", the fields
 * this client uses). Kept in memory only: never written to browser storage.
 */
/** A file the question is about (an uploaded report), shown in the question bubble. */
export interface ChatMedia {
  inputMediaId: string;
  fileName: string;
  fileType: string;
}

export interface ChatMessage {
  questionId: string;
  question: string;
  skill: SkillCode | null;
  /** The uploaded report the question asks about, if any. */
  media?: ChatMedia | null;
  /** The durable reading started for that report (its stepped statuses are polled). */
  report?: { reportId: string; status: number } | null;
  member?: MemberNote | null;
  status: QuestionStatus;
  dialInId: number | null;
  sessionId: string | null;
  /** Highest frame seq applied (frames are applied exactly once, in order). */
  lastSeq: number;
  /** Frames that arrived ahead of a gap, applied once the gap fills. */
  pending: readonly FrameLike[];
  answer: string;
  deepThink: DeepThink | null;
  sources: SourceEntry[];
  annotations: Annotation[];
  recommend: Recommend | null;
  scene: string[];
  triage: string | null;
  intent: string | null;
  roleQuestion: RoleQuestion | null;
  conclusion: Conclusion | null;
  interview: Interview | null;
  emergency: Emergency | null;
  followUps: string[];
  code: number | null;
  statusMessage: string | null;
  canResend: boolean;
  /** The socket said the token is dead (3000). */
  loginRequired: boolean;
  collectFlag: 0 | 1;
  /** A doctor reviewed the answer (verifyStatus 1 or 2): its review page. */
  verified?: { chatVerifyId: number; doctorName: string } | null;
  /** Loaded from history: shown whole, no typewriter. */
  isHistory: boolean;
  /** The user stopped the typing-out: the answer shows as far as it had got. */
  stopped?: boolean;
  typing: TypingState;
  /** Characters of the answer shown by the typewriter. */
  shown: number;
  createTime: number;
}

/** The part of a frame the reducer reads (contract's AnswerFrame is assignable to it). */
export interface FrameLike {
  header: { code: number; msg: string; questionId: string; seq: number; status: number };
  payload: {
    dialInId?: number | undefined;
    sessionId?: string | undefined;
    text?: string | undefined;
    answer?: string | undefined;
    deepThink?: DeepThink | undefined;
    sources?: SourceEntry[] | undefined;
    annotations?: unknown;
    recommend?: Record<string, unknown> | undefined;
    scene?: string[] | undefined;
    triage?: string | undefined;
    intent?: string | undefined;
    roleQuestion?: unknown;
    conclusion?: unknown;
    followUps?: string[] | undefined;
    /** Parsed with the contract's FrameEvent (frameEventOf). */
    event?: unknown;
  };
}

export { newMessage } from './message-state';

// ---- narrowing of loosely typed payload objects (no `any`) ----

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function annotationsOf(v: unknown): Annotation[] {
  if (!Array.isArray(v)) return [];
  const out: Annotation[] = [];
  for (const a of v) {
    if (!isObj(a)) continue;
    const start = num(a.start);
    const end = num(a.end);
    const type = str(a.type);
    const id = a.id === undefined || a.id === null ? null : String(a.id);
    if (start === null || end === null || end <= start || !type || !id) continue;
    out.push({ start, end, type, id });
  }
  return out.sort((a, b) => a.start - b.start);
}

export function hospitalsOf(v: unknown): Hospital[] {
  if (!Array.isArray(v)) return [];
  return v.flatMap((h) => {
    const r = HospitalRecommendation.safeParse(h);
    return r.success && r.data.name.trim() ? [r.data] : [];
  });
}

export function doctorsOf(v: unknown): Doctor[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isObj).flatMap((d) => {
    const name = str(d.name) ?? str(d.doctorName);
    if (!name) return [];
    return [{ name, title: str(d.title) ?? str(d.doctorTitle) ?? '', hospital: str(d.hospital) ?? str(d.hospitalName) ?? '', department: str(d.department) ?? str(d.deptName) ?? '', goodAt: str(d.goodAt) ?? str(d.expertise) ?? '' }];
  });
}

/** Merges a recommend payload (department/disease/drug, or hospitals, or doctors) into what is there. */
export function mergeRecommend(prev: Recommend | null, v: Record<string, unknown>): Recommend {
  const base: Recommend = prev ?? { department: null, disease: null, drug: null, hospitals: [], doctors: [] };
  return {
    department: str(v.department) ?? base.department,
    disease: str(v.disease) ?? base.disease,
    drug: str(v.drug) ?? base.drug,
    hospitals: Array.isArray(v.hospitals) ? hospitalsOf(v.hospitals) : base.hospitals,
    doctors: Array.isArray(v.doctors) ? doctorsOf(v.doctors) : base.doctors,
  };
}

const RoleCandidateSchema = RoleQuestionPayload.shape.candidates.unwrap().element;

/** A frame's `payload.event`, when it is one the contract knows with the right shape. */
export function frameEventOf(v: unknown): FrameEvent | null {
  const r = FrameEvent.safeParse(v);
  return r.success ? r.data : null;
}

export function conclusionOf(v: unknown): Conclusion | null {
  const r = ConclusionPayload.safeParse(v);
  return r.success ? r.data : null;
}

export function interviewOf(v: unknown): Interview | null {
  const r = InterviewPayload.safeParse(v);
  return r.success && r.data.question.trim() ? r.data : null;
}

/** The role question; candidates without the fields a choice needs are left out, not the question. */
export function roleQuestionOf(v: unknown): RoleQuestion | null {
  const r = RoleQuestionPayload.omit({ candidates: true }).safeParse(v);
  if (!r.success || !r.data.text.trim()) return null;
  const raw = isObj(v) && Array.isArray(v.candidates) ? v.candidates : [];
  const candidates = raw.flatMap((c) => {
    const p = RoleCandidateSchema.safeParse(c);
    return p.success ? [p.data] : [];
  });
  return { roleStatus: r.data.roleStatus, who: r.data.who, text: r.data.text, candidates, add: r.data.add ?? null };
}

export function memberNoteOf(v: unknown): MemberNote | null {
  const r = MemberPayload.safeParse(v);
  return r.success && r.data.text.trim() ? { userInfoId: r.data.userInfoId, text: r.data.text } : null;
}

export function emergencyOf(v: unknown): Emergency | null {
  const r = EmergencyPayload.safeParse(v);
  return r.success ? r.data : null;
}
