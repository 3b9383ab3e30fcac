// Shared by the command line (src/cli/ask.ts) and the evaluation harness (eval/run.ts): how a case's
// few member facts become a MemberContext, and how a stream of answer events is read back as one
// summary (triage, departments, top-3 conditions, intent, scene). Pure; no I/O.
import type { MemberContext } from '@chatdr/contract';
import type { AnswerEvent, AnswerIntent, AnswerReportItem } from '../answer.ts';
import type { TriageLevel } from '../triage.ts';

/** The member fields of an eval case or a batch line (all optional). */
export interface CaseFacts {
  age?: number;
  ageMonths?: number;
  sex?: 'M' | 'F';
  pregnant?: boolean;
  pregnancyWeek?: number;
  allergies?: string[];
  diseases?: string[];
  medicines?: string[];
  report?: AnswerReportItem[];
  /** Display role (本人, 妈妈 …). */
  role?: string;
}

export interface AnswerSummary {
  triage: TriageLevel | null;
  /** Recommended departments, first = the main recommendation. */
  departments: string[];
  /** Up to three condition names, most likely first. */
  conditions: string[];
  intent: AnswerIntent | null;
  /** The scene path joined with '/'. */
  scene: string | null;
}

/** A member context built from a case's few facts; everything else empty. */
export function memberOf(c: CaseFacts): MemberContext {
  const age = c.age ?? null;
  const sex = c.sex ?? null;
  const pregnant = sex === 'F' && c.pregnant === true;
  return {
    userInfoId: 1,
    name: c.role ?? '测试成员',
    roleName: c.role ?? '本人',
    age: age === null ? null : Math.floor(age),
    ageMonths: c.ageMonths ?? (age !== null && age < 3 ? Math.floor(age * 12) : null),
    sex,
    heightCm: null,
    weightKg: null,
    bmi: null,
    bmiClass: null,
    diseases: (c.diseases ?? []).map((name) => ({ name, code: null, ongoing: true })),
    allergies: (c.allergies ?? []).map((name) => ({ name, code: null, type: null })),
    medicines: (c.medicines ?? []).map((name) => ({ name, code: null, dose: null, unit: null, frequency: null })),
    surgeries: [],
    familyHistory: [],
    pregnant,
    pregnancyWeek: pregnant ? (c.pregnancyWeek ?? null) : null,
    lactating: false,
    smoking: null,
    drinking: null,
  };
}

/** The answer text: all text deltas joined. */
export function answerText(events: readonly AnswerEvent[]): string {
  return events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
}

/** Reads the ranked conditions from the answer text lines '1. X（likelihood）' (at most three). */
export function rankedFromText(text: string): string[] {
  const out: string[] = [];
  // Only ranked lines end in a （likelihood） group; lab lines end in '。'. Strip just that last group.
  for (const m of text.matchAll(/^\s*[1-9]\.\s*(.+?)（[^（）\n]+）\s*$/gmu)) {
    const name = m[1]?.trim();
    if (name && out.length < 3 && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * One summary of an answer. Conditions come from the structured `conclusion` event when there is
 * one (the self-check conclusion), else from the ranked lines of the text, else from the
 * recommended disease. Departments are the `recommend` events' departments, then the
 * conclusion's department if it is not among them.
 */
export function summarise(events: readonly AnswerEvent[]): AnswerSummary {
  let triage: TriageLevel | null = null;
  let intent: AnswerIntent | null = null;
  let scene: string | null = null;
  const departments: string[] = [];
  let disease: string | null = null;
  let concluded: string[] | null = null;
  let concludedDept: string | null = null;
  for (const e of events) {
    if (e.type === 'triage') triage = e.level;
    else if (e.type === 'intent') intent = e.intent;
    else if (e.type === 'scene') scene = e.path.join('/');
    else if (e.type === 'recommend') {
      if (e.department !== undefined && e.department !== '' && !departments.includes(e.department)) departments.push(e.department);
      if (e.disease !== undefined && disease === null) disease = e.disease;
    } else if (e.type === 'conclusion' && e.command === 'zzzc') {
      concluded = [...new Set(e.conditions.map((c) => c.name))].slice(0, 3);
      if (e.department !== '') concludedDept = e.department;
    }
  }
  if (concludedDept !== null && !departments.includes(concludedDept)) departments.push(concludedDept);
  let conditions = concluded !== null && concluded.length > 0 ? concluded : rankedFromText(answerText(events));
  if (conditions.length === 0 && disease !== null) conditions = [disease];
  return { triage, departments, conditions, intent, scene };
}
