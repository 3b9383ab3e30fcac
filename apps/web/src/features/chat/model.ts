import type { QuestionStatus, SkillCode, SourceEntry } from '@chatdr/contract';
import type { TypingState } from './typewriter';

/** An answer annotation (chat-core §3): [start, end) in the answer, rendered as a link text|type|id. */
export interface Annotation {
  start: number;
  end: number;
  type: string;
  id: string;
}

export interface Hospital {
  name: string;
  level: string;
  city: string;
  district: string;
  department: string | null;
  reasons: string[];
}

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

export interface Conclusion {
  command: string | null;
  level: string | null;
  department: string | null;
  conditions: Array<{ name: string; likelihood: string }>;
}

/** A self-check interview question (step of max). */
export interface Interview {
  step: number;
  max: number;
  symptomId: string;
  question: string;
}

/** Which person profile to use (role-choice status -1…-4). */
export interface RoleQuestion {
  roleStatus: number;
  who: string;
  text: string;
  /** Several family members fit (两个孩子): the user picks whose profile the answer uses. */
  candidates: Array<{ userInfoId: number; roleName: string; name: string }>;
  /** The relative is not in the family yet: the role the add form starts with. */
  add: { roleCode: string | null; roleName: string } | null;
}

/** Whose profile the answer used, said before it (按妈妈的资料回答): the server's member event. */
export interface MemberNote {
  userInfoId: number;
  text: string;
}

/** An emergency answer (call 120): the first steps as a checklist, the warning signs, the department. */
export interface Emergency {
  call: string;
  steps: string[];
  signs: string[];
  department: string | null;
}

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
    annotations?: Array<Record<string, unknown>> | undefined;
    recommend?: Record<string, unknown> | undefined;
    scene?: string[] | undefined;
    triage?: string | undefined;
    intent?: string | undefined;
    roleQuestion?: Record<string, unknown> | undefined;
    conclusion?: Record<string, unknown> | undefined;
    followUps?: string[] | undefined;
    event?: ({ type: string } & Record<string, unknown>) | undefined;
  };
}

export function newMessage(questionId: string, question: string, skill: SkillCode | null, now: number): ChatMessage {
  return {
    questionId,
    question,
    skill,
    status: -2,
    dialInId: null,
    sessionId: null,
    lastSeq: 0,
    pending: [],
    answer: '',
    deepThink: null,
    sources: [],
    annotations: [],
    recommend: null,
    scene: [],
    triage: null,
    intent: null,
    roleQuestion: null,
    conclusion: null,
    interview: null,
    emergency: null,
    followUps: [],
    code: null,
    statusMessage: null,
    canResend: false,
    loginRequired: false,
    collectFlag: 0,
    isHistory: false,
    typing: 'prepare',
    shown: 0,
    createTime: now,
  };
}

// ---- narrowing of loosely typed payload objects (no `any`) ----

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : []);
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
  return v.filter(isObj).flatMap((h) => {
    const name = str(h.name);
    if (!name) return [];
    return [{ name, level: str(h.level) ?? '', city: str(h.city) ?? '', district: str(h.district) ?? '', department: str(h.department), reasons: strs(h.reasons) }];
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

export function conclusionOf(v: unknown): Conclusion | null {
  if (!isObj(v)) return null;
  const conditions = Array.isArray(v.conditions)
    ? v.conditions.filter(isObj).flatMap((c) => {
        const name = str(c.name);
        return name ? [{ name, likelihood: str(c.likelihood) ?? '' }] : [];
      })
    : [];
  return { command: str(v.command), level: str(v.level), department: str(v.department), conditions };
}

export function interviewOf(v: unknown): Interview | null {
  if (!isObj(v)) return null;
  const question = str(v.question);
  const step = num(v.step);
  if (!question || step === null) return null;
  return { step, max: num(v.max) ?? step, symptomId: str(v.symptomId) ?? '', question };
}

export function roleQuestionOf(v: unknown): RoleQuestion | null {
  if (!isObj(v)) return null;
  const text = str(v.text);
  if (!text) return null;
  const candidates = Array.isArray(v.candidates)
    ? v.candidates.filter(isObj).flatMap((c) => {
        const id = num(c.userInfoId);
        return id === null ? [] : [{ userInfoId: id, roleName: str(c.roleName) ?? '', name: str(c.name) ?? '' }];
      })
    : [];
  const add = isObj(v.add) ? { roleCode: str(v.add.roleCode), roleName: str(v.add.roleName) ?? '' } : null;
  return { roleStatus: num(v.roleStatus) ?? -1, who: str(v.who) ?? '', text, candidates, add };
}

export function memberNoteOf(v: unknown): MemberNote | null {
  if (!isObj(v)) return null;
  const id = num(v.userInfoId);
  const text = str(v.text);
  return id === null || !text ? null : { userInfoId: id, text };
}

export function emergencyOf(v: unknown): Emergency | null {
  if (!isObj(v)) return null;
  const steps = strs(v.steps);
  const call = str(v.call) ?? '120';
  if (!/^\d{3,5}$/.test(call)) return null;
  return { call, steps, signs: strs(v.signs), department: str(v.department) };
}
