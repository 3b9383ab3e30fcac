import type { MemberContext } from '@chatdr/contract';
import { CONDITIONS, conditionById, rankConditions } from './conditions.ts';
import type { RankedCondition } from './conditions.ts';
import { extract } from './extract.ts';
import { normalizeText } from './normalize.ts';
import { symptomById, SYMPTOMS } from './symptoms.ts';
import type { SymptomEntry } from './symptoms.ts';
import { RED_FLAG_RULES, type RedFlagRule } from './red-flags.ts';
import { triage } from './triage.ts';
import type { TriageResult } from './triage.ts';

/** At most this many questions before the self-check concludes (the bar). */
export const INTERVIEW_MAX_QUESTIONS = 8;
/** Quick replies offered under every interview question. */
export const INTERVIEW_REPLIES = ['有', '没有', '不确定'] as const;

/** One earlier turn of the session, oldest first. */
export interface HistoryTurn {
  role: 'user' | 'assistant';
  text: string;
  /** The skill code the question was sent with (user turns). */
  skill?: string | null;
  /** The symptom an assistant interview question asked about. */
  interview?: { symptomId: string } | null;
  /** True when the assistant turn concluded a self-check. */
  conclusion?: boolean;
}

export type Reply = 'yes' | 'no' | 'unsure' | 'other';

const YES = /^(?:有|是|对|嗯|会|有的|是的|对的|有啊|有点|有一点|稍微有|偶尔有|经常有|一直有|当然)/u;
const NO = /^(?:没|没有|无|不|否|都没有|没得|没呢|从来没)/u;
const UNSURE = /^(?:不确定|不知道|不清楚|说不好|不好说|记不清|忘了|不太清楚)/u;

/** Reads a reply to a yes/no question; "other" when it is free text. */
export function readReply(text: string): Reply {
  const t = normalizeText(text).replace(/[，。！？!?,.\s]/gu, '');
  if (UNSURE.test(t)) return 'unsure';
  if (NO.test(t) && t.length <= 12) return 'no';
  if (YES.test(t) && t.length <= 12) return 'yes';
  return 'other';
}

export function askOf(s: SymptomEntry): string {
  const ask = (s as SymptomEntry & { ask?: string }).ask;
  return ask !== undefined && ask.length > 0 ? ask : `有没有${s.name}？`;
}

/** The symptom an assistant turn asked about: its marker, else an ask sentence found in its text. */
function askedIn(turn: HistoryTurn): string | null {
  if (turn.interview?.symptomId) return turn.interview.symptomId;
  for (const s of SYMPTOMS) if (turn.text.includes(askOf(s))) return s.id;
  return null;
}

export interface InterviewState {
  /** The free-text descriptions of the complaint, in order. */
  statements: string[];
  /** Symptom ids asked so far, with the answer. */
  answers: Array<{ symptomId: string; reply: Reply; text: string }>;
  /** The text the engine reads: statements plus the answered symptoms (有 → 名, 没有 → 没有名). */
  narrative: string;
}

/**
 * The interview this question continues, or null when the last assistant turn asked nothing.
 * The current question is the reply to the last asked symptom.
 */
export function continuedInterview(history: readonly HistoryTurn[], question: string): InterviewState | null {
  const last = history.at(-1);
  if (last === undefined || last.role !== 'assistant' || last.conclusion === true) return null;
  const lastAsked = askedIn(last);
  if (lastAsked === null) return null;
  // The current question must read as a reply: yes/no/unsure, or a short description.
  const r = readReply(question);
  if (r === 'other' && (normalizeText(question).length > 40 || /[？?]$/u.test(question.trim()) || extract(question).drugs.length > 0)) return null;
  // Walk back over the interview: assistant asks, user replies, down to the opening statement.
  const pairs: Array<{ symptomId: string; reply: string }> = [];
  let i = history.length - 1;
  let asked: string | null = lastAsked;
  let pendingReply = question;
  const statements: string[] = [];
  while (i >= 0) {
    const a = history[i];
    if (a === undefined || a.role !== 'assistant' || asked === null) break;
    pairs.unshift({ symptomId: asked, reply: pendingReply });
    const u = history[i - 1];
    if (u === undefined || u.role !== 'user') break;
    const before = history[i - 2];
    const beforeAsked = before !== undefined && before.role === 'assistant' && before.conclusion !== true ? askedIn(before) : null;
    if (beforeAsked === null) {
      statements.unshift(u.text);
      break;
    }
    pendingReply = u.text;
    asked = beforeAsked;
    i -= 2;
  }
  return stateOf(statements, pairs);
}

export function stateOf(statements: readonly string[], pairs: ReadonlyArray<{ symptomId: string; reply: string }>): InterviewState {
  const answers: InterviewState['answers'] = [];
  const parts = [...statements];
  for (const p of pairs) {
    const reply = readReply(p.reply);
    answers.push({ symptomId: p.symptomId, reply, text: p.reply });
    const s = symptomById(p.symptomId);
    if (s === undefined) continue;
    if (reply === 'yes') parts.push(s.name);
    else if (reply === 'no') parts.push(`没有${s.name}`);
    // A reply that says more (有，还拉肚子) is read as a description too.
    if (reply === 'other' || normalizeText(p.reply).replace(/[，。！？!?,.\s]/gu, '').length > 3) parts.push(p.reply);
  }
  return { statements: [...statements], answers, narrative: parts.map((p) => p.replace(/[。！？.!?\s]+$/u, '')).join('。') };
}

export interface NextQuestion {
  symptomId: string;
  question: string;
  /** Expected information gain, bits. */
  gain: number;
}

const BACKGROUND = 0.06;

function entropy(ps: readonly number[]): number {
  let h = 0;
  for (const p of ps) if (p > 0) h -= p * Math.log2(p);
  return h;
}

/** A probability over the ranked candidates, sharpened from their scores. */
export function posterior(ranked: readonly RankedCondition[]): number[] {
  const w = ranked.map((r) => r.score ** 3);
  const sum = w.reduce((a, b) => a + b, 0);
  return sum > 0 ? w.map((x) => x / sum) : ranked.map(() => 0);
}

/**
 * The most informative next symptom: the one whose yes/no answer is expected to reduce the
 * uncertainty over the candidate conditions most (P(symptom | condition) = its weight).
 */
export function nextQuestion(ranked: readonly RankedCondition[], known: ReadonlySet<string>): NextQuestion | null {
  if (ranked.length === 0) return null;
  const p = posterior(ranked);
  const h0 = entropy(p);
  const candidates = new Set<string>();
  const likelihood = ranked.map((r) => {
    const m = new Map<string, number>();
    for (const s of conditionById(r.id)?.symptoms ?? []) {
      m.set(s.id, s.weight);
      if (!known.has(s.id)) candidates.add(s.id);
    }
    return m;
  });
  let best: NextQuestion | null = null;
  for (const id of candidates) {
    const s = symptomById(id);
    // Never a yes/no question about suicidal thoughts or overdoses: those are not negatable and
    // belong to the red-flag layer, not to a quiz.
    if (s === undefined || !s.negatable) continue;
    const py = ranked.map((_, i) => likelihood[i]?.get(id) ?? BACKGROUND);
    const pYes = p.reduce((acc, pi, i) => acc + pi * (py[i] ?? BACKGROUND), 0);
    if (pYes <= 0 || pYes >= 1) continue;
    const postYes = p.map((pi, i) => (pi * (py[i] ?? BACKGROUND)) / pYes);
    const postNo = p.map((pi, i) => (pi * (1 - (py[i] ?? BACKGROUND))) / (1 - pYes));
    let gain = h0 - (pYes * entropy(postYes) + (1 - pYes) * entropy(postNo));
    // A single candidate: still worth confirming its key symptom.
    if (ranked.length === 1) gain = (py[0] ?? 0) * 0.2;
    if (best === null || gain > best.gain + 1e-9) best = { symptomId: id, question: askOf(s), gain };
  }
  return best;
}

export interface InterviewStep {
  triage: TriageResult;
  ranked: RankedCondition[];
  /** Questions already asked in this interview. */
  asked: number;
  /** The next question, or null when it is time to conclude. */
  next: NextQuestion | null;
  /** Why the interview ends (trace). */
  reason: string;
}

/** Rule fields that need more than a yes/no symptom answer (age, vitals, history …): such rules are not probed. */
const PROBE_KEYS: ReadonlySet<string> = new Set(['id', 'name', 'level', 'require', 'action', 'department', 'source', 'conditions']);
const probeable = (r: RedFlagRule): boolean => Object.keys(r).every((k) => PROBE_KEYS.has(k));

/**
 * Symptoms only a pregnancy or only one sex can have, from the conditions that list them: a
 * symptom every listing condition of which is pregnancy-related (胎动减少) is pregnancy-only; one
 * whose listing conditions all belong to one sex is that sex's. A symptom no condition lists is
 * anyone's.
 */
function personOnlySymptoms(): { pregnancy: ReadonlySet<string>; sex: ReadonlyMap<string, 'M' | 'F'> } {
  const by = new Map<string, { pregnancy: boolean; sexes: Set<'M' | 'F' | null> }>();
  for (const c of CONDITIONS) {
    for (const x of c.symptoms) {
      const e = by.get(x.id) ?? { pregnancy: true, sexes: new Set<'M' | 'F' | null>() };
      e.pregnancy &&= c.pregnancyRelated;
      e.sexes.add(c.sex ?? null);
      by.set(x.id, e);
    }
  }
  const pregnancy = new Set<string>();
  const sex = new Map<string, 'M' | 'F'>();
  for (const [id, e] of by) {
    if (e.pregnancy) pregnancy.add(id);
    const only = [...e.sexes];
    if (only.length === 1 && only[0] !== null && only[0] !== undefined) sex.set(id, only[0]);
  }
  return { pregnancy, sex };
}
const PERSON_ONLY = personOnlySymptoms();

/** Whether a yes/no question about this symptom can apply to the person (no 胎动 for a man or a non-pregnant adult). */
function askableFor(id: string, t: TriageResult, member: MemberContext | null): boolean {
  const pregnant = t.extraction.pregnancy.pregnant || member?.pregnant === true;
  if (PERSON_ONLY.pregnancy.has(id) && !pregnant) return false;
  const only = PERSON_ONLY.sex.get(id);
  const sex = t.extraction.sexHint ?? member?.sex ?? null;
  return only === undefined || sex === null || sex === only;
}

/**
 * The complaint's red-flag questions: symptoms that, with what is already present (the complaint,
 * the answers so far, the contextual signals), would complete an emergency or urgent rule — the
 * stiff neck of a fever, the purpura of a fever, the vomiting of a severe headache. Asked before
 * the questions that only tell conditions apart, so the self-check never concludes without them.
 * Rules with age, sex, vital or history conditions are left to triage (one yes/no cannot settle them),
 * and a symptom the person cannot have (胎动减少 when no pregnancy is known) is never asked.
 */
export function redFlagProbes(t: TriageResult, known: ReadonlySet<string>, member: MemberContext | null = null): string[] {
  const present = new Set<string>([...t.extraction.symptoms.filter((s) => !s.negated).map((s) => s.id), ...t.signals]);
  const out: string[] = [];
  const rules = [...RED_FLAG_RULES.filter((r) => r.level === 'emergency'), ...RED_FLAG_RULES.filter((r) => r.level === 'urgent')];
  for (const r of rules) {
    if (!probeable(r)) continue;
    const missing = r.require.filter((g) => !g.some((i) => present.has(i)));
    if (missing.length !== 1 || missing.length === r.require.length) continue;
    const ask = (missing[0] ?? []).find((i) => !i.includes('+') && !known.has(i) && !out.includes(i) && symptomById(i) !== undefined && askableFor(i, t, member));
    if (ask !== undefined) out.push(ask);
  }
  return out;
}

/** At most this many red-flag questions per self-check (the rest of the questions tell conditions apart). */
export const INTERVIEW_MAX_RED_FLAG_QUESTIONS = 3;

/** One step of the self-check: triage the whole narrative, rank, and pick the next question or conclude. */
export function interviewStep(state: InterviewState, member: MemberContext | null): InterviewStep {
  const t = triage(state.narrative, member ?? undefined);
  const ex = t.extraction;
  const asked = state.answers.length;
  const ranked = rankConditions(ex, member ?? undefined, 8).filter((r) => r.score > 0);
  if (t.level === 'emergency') return { triage: t, ranked, asked, next: null, reason: '出现危险信号，立即结束自查' };
  if (asked >= INTERVIEW_MAX_QUESTIONS) return { triage: t, ranked, asked, next: null, reason: `已问满${INTERVIEW_MAX_QUESTIONS}个问题` };
  const known = new Set<string>([...ex.symptoms.map((s) => s.id), ...state.answers.map((a) => a.symptomId)]);
  // The complaint's red flags first (a few), then what tells the candidate conditions apart.
  const probes = redFlagProbes(t, known, member);
  // Red-flag questions already asked: the answered symptoms that are the present complaint's probes.
  const allProbes = new Set(redFlagProbes(t, new Set(ex.symptoms.filter((s) => !state.answers.some((a) => a.symptomId === s.id)).map((s) => s.id)), member));
  const probed = state.answers.filter((a) => allProbes.has(a.symptomId)).length;
  const probe = probed < INTERVIEW_MAX_RED_FLAG_QUESTIONS ? probes[0] : undefined;
  const probeEntry = probe !== undefined ? symptomById(probe) : undefined;
  if (probeEntry) return { triage: t, ranked, asked, next: { symptomId: probeEntry.id, question: askOf(probeEntry), gain: 0 }, reason: `危险信号排查：${probeEntry.name}` };
  const next = nextQuestion(ranked, known);
  const p = posterior(ranked);
  const top = p[0] ?? 0;
  if (next === null) return { triage: t, ranked, asked, next: null, reason: '没有能进一步区分的问题' };
  if (asked >= 2 && next.gain < 0.05) return { triage: t, ranked, asked, next: null, reason: '再问下去帮助不大，可以给出结论' };
  if (asked >= 3 && top >= 0.75) return { triage: t, ranked, asked, next: null, reason: '最可能的情况已经比较明确' };
  return { triage: t, ranked, asked, next, reason: `接着了解：${symptomById(next.symptomId)?.name ?? next.symptomId}` };
}
