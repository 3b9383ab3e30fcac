/**
 * Scoring the engine on the labelled real questions (npm run eval -- --set real): what the engine
 * understood (read off its answer events, or off the NLU frame when src/nlu/frame.ts exists) against
 * the labels. Pure functions; eval/run.ts does the I/O.
 */
import { DEPARTMENTS, lookup, normalizeText, toSimplified } from '../../src/index.ts';
import type { AnswerEvent, Extraction, LexiconKind, TriageLevel } from '../../src/index.ts';
import { summarise } from '../../src/cli/summary.ts';
import { kbNames } from '../../src/nlu/names.ts';
import type { RealCase } from './labels.ts';

/** A focus the engine understood: a type as in the labels (disease, symptom, drug, test …) and a name. */
export interface Focus {
  type: string;
  name: string;
}

/** What the engine made of one question. */
export interface EngineView {
  intent: string | null;
  /** The finer ask tag; null when the engine exposes none (before the NLU frame). */
  ask: string | null;
  focus: Focus | null;
  /** In the labels' vocabulary (self, child, parent, spouse, other); null when the engine does not say. */
  subject: string | null;
  department: string | null;
  triage: TriageLevel | null;
  /** The answer has no content: a refusal, or only the knowledge base's "nothing on this" fallback. */
  noContent: boolean;
}

/** The NLU frame's fields the scorer reads, when the frame exists (all optional, checked at run time). */
export interface FrameView {
  intent?: string | null;
  ask?: string | null;
  focus?: Focus | null;
  subject?: string | null;
}

const WHO_SUBJECT: Readonly<Record<string, string>> = { self: 'self', child: 'child', mother: 'parent', father: 'parent', elder: 'parent', spouse: 'spouse', other: 'other' };

/** The extraction's who (self, child, mother …) in the labels' subject vocabulary. */
export function subjectOfWho(who: string | null): string | null {
  return who === null ? null : (WHO_SUBJECT[who] ?? 'other');
}

/** Lines the engine writes when its knowledge base has nothing specific (generalReply and the like). */
const NO_CONTENT_TEXT = /知识库暂时没有|知识库暂未收录|暂时无法回答/u;
const NO_CONTENT_TRACE = /知识库未收录具体条目/u;

/** The engine's focus from its reasoning trace: the disease, drug or lab item its route answered about. */
function focusOfTrace(trace: string): Focus | null {
  const d = /^疾病：([^（\n]+)/mu.exec(trace);
  if (d?.[1]) return { type: 'disease', name: d[1] };
  const g = /^药品：([^（\n]+)/mu.exec(trace);
  if (g?.[1]) return { type: 'drug', name: g[1] };
  const t = /^询问检验指标：([^\n]+)/mu.exec(trace);
  if (t?.[1]) return { type: 'test', name: t[1] };
  return null;
}

/** The first thing the extraction names: an unnegated symptom, else a disease, drug or operation. */
export function focusOfExtraction(ex: Extraction): Focus | null {
  const s = ex.symptoms.find((x) => !x.negated && !x.implied);
  if (s) return { type: 'symptom', name: s.name };
  const d = ex.diseases.find((x) => !x.negated);
  if (d) return { type: 'disease', name: d.name };
  const g = ex.drugs.find((x) => !x.negated);
  if (g) return { type: 'drug', name: g.name };
  const o = ex.surgeries.find((x) => !x.negated);
  if (o) return { type: 'operation', name: o.name };
  const b = ex.bodyParts[0];
  return b ? { type: 'body_part', name: b } : null;
}

/** What the engine understood, from its answer events and the question's extraction (and the frame, when there is one). */
export function engineView(events: readonly AnswerEvent[], ex: Extraction, frame: FrameView | null = null): EngineView {
  const s = summarise(events);
  const trace = events.flatMap((e) => (e.type === 'deepThink' ? [e.text] : [])).join('\n');
  const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
  const refused = events.some((e) => e.type === 'refusal');
  return {
    intent: s.intent,
    ask: frame?.ask ?? null,
    focus: frame ? (frame.focus ?? null) : (focusOfTrace(trace) ?? focusOfExtraction(ex)),
    subject: frame?.subject ?? subjectOfWho(ex.who),
    department: s.departments[0] ?? null,
    triage: s.triage,
    noContent: refused || NO_CONTENT_TRACE.test(trace) || NO_CONTENT_TEXT.test(text),
  };
}

const KINDS: readonly LexiconKind[] = ['disease', 'drug', 'surgery'];

/** A name reduced for comparison: simplified, lower case, no spaces or punctuation. */
export function normName(name: string): string {
  return toSimplified(name).toLowerCase().replace(/[\s\p{P}]/gu, '');
}

/** The forms a focus name is known by: itself, its lexicon standard name (痔疮 → 痔) and its KB entity's name (胃痛 → 上腹痛), normalised. */
function nameForms(name: string): Set<string> {
  const out = new Set([normName(name)]);
  const e = kbNames().get(normalizeText(name));
  if (e) out.add(normName(e.name));
  for (const k of KINDS) {
    const e = lookup(normalizeText(name), k);
    if (e) out.add(normName(e.name));
  }
  out.delete('');
  return out;
}

/**
 * Whether the engine's focus names the label's: the same normalised name, the same lexicon entry
 * or KB entity (a synonym: label 胃痛, engine 上腹痛), or one name containing the other when the shorter has at least two characters
 * (甲状腺功能 / 甲状腺功能检查). The type is not compared: a label's 股癣 found as a disease or a
 * symptom is found.
 */
export function sameFocus(label: string, got: string): boolean {
  const a = nameForms(label);
  const b = nameForms(got);
  for (const x of a) {
    for (const y of b) {
      if (x === y) return true;
      const [short, long] = x.length <= y.length ? [x, y] : [y, x];
      if ([...short].length >= 2 && long.includes(short)) return true;
    }
  }
  return false;
}

/**
 * A department label matched by the engine's department: the same name, the label an alias of the
 * engine's department (as in the other sets' scoring), or — for a child — the label department's
 * childVariant (呼吸内科 for a child is seen in 儿科).
 */
export function sameDepartment(label: string, got: string, subject: string): boolean {
  if (label === got) return true;
  const d = DEPARTMENTS.find((x) => x.name === got);
  if (d?.aliases.includes(label)) return true;
  if (subject === 'child' || subject === 'fetus') {
    const l = DEPARTMENTS.find((x) => x.name === label);
    if (l?.childVariant === got) return true;
  }
  return false;
}

export interface RealMetric {
  name: string;
  hits: number;
  total: number;
  rate: number | null;
  note: string;
}

export interface RealMiss {
  id: string;
  metric: string;
  expected: string;
  got: string;
}

export interface RealScore {
  cases: number;
  metrics: RealMetric[];
  misses: RealMiss[];
}

const rate = (h: number, t: number): number | null => (t === 0 ? null : h / t);

/** The most frequent value's share (the majority-class baseline). */
export function majorityShare(values: readonly string[]): { value: string | null; rate: number | null } {
  const n = new Map<string, number>();
  for (const v of values) n.set(v, (n.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestN = 0;
  for (const [v, c] of n) if (c > bestN) [best, bestN] = [v, c];
  return { value: best, rate: rate(bestN, values.length) };
}

/** Scores the engine's views of the cases (same order) against their labels. */
export function scoreReal(cases: readonly RealCase[], views: readonly EngineView[]): RealScore {
  if (cases.length !== views.length) throw new Error('one view per case');
  const misses: RealMiss[] = [];
  const t = { intent: [0, 0], ask: [0, 0], focus: [0, 0], subject: [0, 0], dept: [0, 0], em: [0, 0], falseEm: [0, 0], empty: [0, 0] };
  const hit = (k: keyof typeof t, ok: boolean): void => {
    t[k][1] = (t[k][1] ?? 0) + 1;
    if (ok) t[k][0] = (t[k][0] ?? 0) + 1;
  };
  let askExposed = false;
  cases.forEach((c, i) => {
    const v = views[i] as EngineView;
    const miss = (metric: string, expected: string, got: string | null): void => {
      misses.push({ id: c.id, metric, expected, got: got ?? '—' });
    };
    hit('intent', v.intent === c.intent);
    if (v.intent !== c.intent) miss('intent', c.intent, v.intent);
    if (v.ask !== null) askExposed = true;
    hit('ask', v.ask === c.ask);
    if (c.focus !== null) {
      const ok = v.focus !== null && sameFocus(c.focus.name, v.focus.name);
      hit('focus', ok);
      if (!ok) miss('focus', `${c.focus.type}:${c.focus.name}`, v.focus ? `${v.focus.type}:${v.focus.name}` : null);
    }
    // The engine answers for the asker when it cannot tell: silence counts as self, and self as a label's unknown.
    const subjOk = v.subject === c.subject || (v.subject === null && c.subject === 'self') || ((v.subject === null || v.subject === 'self') && c.subject === 'unknown');
    hit('subject', subjOk);
    if (!subjOk) miss('subject', c.subject, v.subject);
    if (c.answerable) {
      const ok = v.department !== null && sameDepartment(c.department, v.department, c.subject);
      hit('dept', ok);
      if (!ok) miss('department', c.department, v.department);
      hit('empty', v.noContent);
    }
    if (c.emergency) {
      hit('em', v.triage === 'emergency');
      if (v.triage !== 'emergency') miss('emergency', 'emergency', v.triage);
    } else {
      hit('falseEm', v.triage === 'emergency');
      if (v.triage === 'emergency') miss('false-emergency', 'not emergency', 'emergency');
    }
  });
  const m = (name: string, k: keyof typeof t, note: string): RealMetric => ({ name, hits: t[k][0] ?? 0, total: t[k][1] ?? 0, rate: rate(t[k][0] ?? 0, t[k][1] ?? 0), note });
  const majority = majorityShare(cases.map((c) => c.intent));
  const metrics: RealMetric[] = [
    m('intent accuracy', 'intent', `majority class ${majority.value ?? '—'} ${majority.rate === null ? '—' : `${(majority.rate * 100).toFixed(1)} %`}`),
    askExposed ? m('ask accuracy', 'ask', '') : { name: 'ask accuracy', hits: 0, total: t.ask[1] ?? 0, rate: null, note: 'the engine exposes no ask tag' },
    m('focus entity found', 'focus', 'labels with a focus'),
    m('subject accuracy', 'subject', 'engine silent = self; self = label unknown'),
    m('department accuracy', 'dept', 'answerable; alias / child variant count'),
    m('emergency recall', 'em', 'label emergency=true'),
    m('false-emergency rate', 'falseEm', 'label emergency=false; lower is better'),
    m('no-content answers', 'empty', 'answerable; lower is better'),
  ];
  return { cases: cases.length, metrics, misses };
}
