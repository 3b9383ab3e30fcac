import { answer as engineAnswer, collectAnswer, INTERVIEW_MAX_QUESTIONS, type AnswerDoctor, type AnswerEvent, type AnswerInput, type AnswerReportItem } from '@chatdr/engine';
import { isSkillCode, type MemberContext, type QuestionEmit, type SkillCode } from '@chatdr/contract';

/**
 * Earlier dialogs of the session given to the engine: enough for a whole self-check (the opening
 * complaint and every question asked since, INTERVIEW_MAX_QUESTIONS), and no more — a window of 6
 * dropped the complaint of a long self-check, which then concluded "症状：未明确".
 */
export const HISTORY_DIALOGS = INTERVIEW_MAX_QUESTIONS + 2;

/** One earlier turn, oldest first, as the engine reads it. */
export interface ChatHistoryTurn {
  role: 'user' | 'assistant';
  text: string;
  skill?: string | null;
  interview?: { symptomId: string } | null;
  conclusion?: boolean;
}

export interface ChatLocation {
  province?: string | null;
  city?: string | null;
  district?: string | null;
}

/**
 * The engine input with history, location and inType. The engine's AnswerInput has them today;
 * declared here too so the server keeps compiling while the engine's type moves.
 */
export interface ChatAnswerInput extends AnswerInput {
  history?: ChatHistoryTurn[];
  location?: ChatLocation | null;
  inType?: number | null;
}

/** An engine event as the server sees it: the known union, or any other `{ type }` (passed through). */
export type EngineEvent = AnswerEvent | { type: string; [k: string]: unknown };

/** The answer engine as the chat module calls it (tests replace it with a paced fake). */
export type Engine = (input: ChatAnswerInput) => AsyncIterable<EngineEvent>;

export const builtinEngine: Engine = (input) => engineAnswer(input);

/** A finished dialog of the session, as stored. */
export interface PastDialog {
  question: string;
  answer: string;
  instructCode: string | null;
  extras: Record<string, unknown>;
}

const skillOf = (code: string | null | undefined): SkillCode | null => {
  const c = (code ?? '').trim().toLowerCase();
  return isSkillCode(c) ? c : null;
};

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stored dialogs → the engine's turns (an interview question and a conclusion are remembered). */
export function historyTurns(past: readonly PastDialog[]): ChatHistoryTurn[] {
  const out: ChatHistoryTurn[] = [];
  for (const d of past.slice(-HISTORY_DIALOGS)) {
    out.push({ role: 'user', text: d.question, skill: d.instructCode });
    const interview = isObj(d.extras.interview) && typeof d.extras.interview.symptomId === 'string' ? { symptomId: d.extras.interview.symptomId } : null;
    out.push({ role: 'assistant', text: d.answer, ...(interview ? { interview } : {}), ...(d.extras.conclusion !== undefined ? { conclusion: true } : {}) });
  }
  return out;
}

/**
 * The one place that turns a question (and what the server knows around it) into the engine's
 * input: text, skill from instructCode, the member's context, earlier turns, location, inType,
 * reasoning, and the lab items read from an uploaded report (inputMediaId).
 */
export function engineInput(q: QuestionEmit, ctx: { member: MemberContext | null; past: readonly PastDialog[]; doctors?: readonly AnswerDoctor[]; report?: readonly AnswerReportItem[] }): ChatAnswerInput {
  const location: ChatLocation = {
    ...(q.province ? { province: q.province } : {}),
    ...(q.city ? { city: q.city } : {}),
    ...(q.district ? { district: q.district } : {}),
  };
  return {
    question: (q.text ?? '').trim(),
    // An uploaded report is read with the report skill whatever the composer's skill was.
    skill: ctx.report && ctx.report.length > 0 ? 'bgjd' : skillOf(q.instructCode),
    member: ctx.member,
    report: ctx.report ? [...ctx.report] : [],
    // Deep think is on by default (chat-core §4); reasoning 0 turns it off.
    reasoning: q.reasoning !== 0,
    history: historyTurns(ctx.past),
    location: Object.keys(location).length ? location : null,
    inType: typeof q.inType === 'number' ? q.inType : null,
    // The operator's doctors (admin CLI), recommended by department (推荐医生).
    ...(ctx.doctors && ctx.doctors.length > 0 ? { doctors: [...ctx.doctors] } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Inputs of the engine outside the chat socket: the durable report reading (modules/report) and
// the scene codes of a question (modules/insight). Built here too, so this file stays the one
// place that knows the engine's input; those modules call `answerOnce` with what it returns.

/** The question the report skill is asked (chat-core §2 report scene, action 解读). */
export const REPORT_QUESTION = '解读报告';

/** A document's lab lines as the engine reads them (name, value, unit and printed range when there are). */
export function reportItems(lines: ReadonlyArray<{ name: string; value: string; unit?: string | null | undefined; refRange?: string | null | undefined }>): AnswerReportItem[] {
  return lines.map((i) => ({ name: i.name, value: i.value, ...(i.unit ? { unit: i.unit } : {}), ...(i.refRange ? { refRange: i.refRange } : {}) }));
}

/** The engine's input for reading a report's lab items for a member. */
export function reportReadingInput(report: readonly AnswerReportItem[], member: MemberContext): AnswerInput {
  return { question: REPORT_QUESTION, skill: 'bgjd', report: [...report], member };
}

/** The engine's input for recognising the scenes of a question's text (its first 2000 characters). */
export function sceneInput(question: string): AnswerInput {
  return { question: question.trim().slice(0, 2000) };
}

/** A whole answer of the builtin engine at once, its events in order (no socket, no streaming). */
export function answerOnce(input: AnswerInput): Promise<AnswerEvent[]> {
  return collectAnswer(input);
}
