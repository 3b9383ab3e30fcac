/// <reference types="node" />
/**
 * Evaluation harness for the answer engine: runs every labelled case of a set through
 * collectAnswer (and interpretReport for lab flags) and prints the metrics against their bars.
 * It measures; it never gates (exit code is always 0).
 *
 *   npm run eval                     # main set (eval/cases.jsonl): table + misses + unknown labels
 *   npm run eval -- --set heldout    # first held-out set (eval/heldout.jsonl): blind first run in HELDOUT-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout2   # second set: blind first run in HOLDOUT2-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout3   # third set: blind first run in HOLDOUT3-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout4   # fourth set: blind first run in HOLDOUT4-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout5   # fifth set: blind first run in HOLDOUT5-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout6   # sixth set: blind first run in HOLDOUT6-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set holdout7   # seventh set: blind first run in HOLDOUT7-FIRST-RUN.txt, tuned on since
 *   npm run eval -- --set sweep1     # emergency breadth sweep, written blind, used for development (first run in SWEEP1-FIRST-RUN.txt)
 *   npm run eval -- --set holdout8   # eighth set, written blind (by someone who never read the engine's data): first run in HOLDOUT8-FIRST-RUN.txt
 *   npm run eval -- --set holdout9   # ninth set, written blind the same way: first run in HOLDOUT9-FIRST-RUN.txt
 *   npm run eval -- --set holdout10  # tenth and eleventh sets, written blind: first runs in HOLDOUT10/11-FIRST-RUN.txt
 *   npm run eval -- --set holdout11
 *   npm run eval -- --set holdout12  # twelfth set, written blind outside the repository: first run in HOLDOUT12-FIRST-RUN.txt
 *   npm run eval -- --set holdout13  # thirteenth and fourteenth sets, written blind outside the repository: first runs in HOLDOUT13/14-FIRST-RUN.txt
 *   npm run eval -- --set holdout14
 *   npm run eval -- --set holdout15  # fifteenth and sixteenth sets, written blind outside the repository: first runs in HOLDOUT15/16-FIRST-RUN.txt
 *   npm run eval -- --set holdout16  # holdout16–20: written blind outside the repository, first runs in HOLDOUT16…20-FIRST-RUN.txt
 *   npm run eval -- --set holdout20  # (holdout17, holdout18, holdout19 likewise)
 *   npm run eval -- --set holdout24  # holdout21–24: written blind outside the repository, first runs in HOLDOUT21…24-FIRST-RUN.txt, each tuned on after it
 *   npm run eval -- --set holdout30  # holdout25–30: written blind outside the repository, first runs in HOLDOUT25…30-FIRST-RUN.txt, each tuned on after it
 *   npm run eval -- --set sweep2     # second emergency breadth sweep, written blind, used for development (first run in SWEEP2-FIRST-RUN.txt)
 *   npm run eval -- --set all        # main + heldout (development sets)
 *   npm run eval -- --set real       # labelled real consultation questions (eval/real/real.jsonl): real-dev and real-holdout scored apart
 *                                    # (intent, ask, focus, subject, department, emergency recall, false emergencies, no-content answers);
 *                                    # first run in REAL-FIRST-RUN.txt; real-holdout (id divisible by 5) is never tuned on and its misses are not printed
 *   npm run eval -- --json           # one JSON object of the metrics
 *   npm run eval -- --dump FILE      # also append one JSON line per case (id, triage, department, top3, intent) to FILE, to compare two commits case by case
 *
 * A department or condition label that the engine does not know (not a DEPARTMENTS / CONDITIONS
 * name) still counts as a miss, and is also listed under "unknown labels" so vocabulary mismatches
 * are visible apart from real errors.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { CONDITIONS, DEPARTMENTS, collectAnswer, entriesOf, interpretReport, lookup } from '../src/index.ts';
import type { LabFlag, TriageLevel } from '../src/index.ts';
import { answerText, memberOf, summarise } from '../src/cli/summary.ts';
import type { CaseFacts } from '../src/cli/summary.ts';
import { runReal } from './real/run-real.ts';

type ExpectedFlag = Exclude<LabFlag, 'unknown'>;

interface Expect {
  triage?: TriageLevel;
  triageAtLeast?: TriageLevel;
  departments?: string[];
  conditions?: string[];
  intent?: string;
  labFlags?: Record<string, ExpectedFlag>;
  medWarning?: string;
}

interface Case extends CaseFacts {
  id: string;
  q: string;
  expect: Expect;
}

interface Outcome {
  triage: TriageLevel | null;
  department: string | null;
  top3: string[];
  intent: string | null;
  text: string;
  refusal: string | null;
}

interface Miss {
  id: string;
  q: string;
  metric: string;
  expected: string;
  got: string;
}

interface Metric {
  name: string;
  hits: number;
  total: number;
  /** Fraction; for over-triage lower is better. */
  rate: number | null;
  bar: string;
  status: 'PASS' | 'BELOW' | '—';
}

/**
 * A label's flag against the engine's: a critical value is also high (low), and a qualitative
 * test's "positive" is what a label writes as "high" (and the other way round).
 */
function flagMatches(want: ExpectedFlag, got: LabFlag | 'missing'): boolean {
  if (got === want) return true;
  if (want === 'high') return got === 'critical-high' || got === 'positive';
  if (want === 'low') return got === 'critical-low';
  if (want === 'positive') return got === 'high';
  return false;
}

const RANK: Readonly<Record<TriageLevel, number>> = { selfcare: 0, routine: 1, urgent: 2, emergency: 3 };

const here = dirname(fileURLToPath(import.meta.url));

const SETS = { main: ['cases.jsonl'], heldout: ['heldout.jsonl'], holdout2: ['holdout2.jsonl'], holdout3: ['holdout3.jsonl'], holdout4: ['holdout4.jsonl'], holdout5: ['holdout5.jsonl'], holdout6: ['holdout6.jsonl'], holdout7: ['holdout7.jsonl'], holdout8: ['holdout8.jsonl'], holdout9: ['holdout9.jsonl'], holdout10: ['holdout10.jsonl'], holdout11: ['holdout11.jsonl'], holdout12: ['holdout12.jsonl'], holdout13: ['holdout13.jsonl'], holdout14: ['holdout14.jsonl'], holdout15: ['holdout15.jsonl'], holdout16: ['holdout16.jsonl'], holdout17: ['holdout17.jsonl'], holdout18: ['holdout18.jsonl'], holdout19: ['holdout19.jsonl'], holdout20: ['holdout20.jsonl'], holdout21: ['holdout21.jsonl'], holdout22: ['holdout22.jsonl'], holdout23: ['holdout23.jsonl'], holdout24: ['holdout24.jsonl'], holdout25: ['holdout25.jsonl'], holdout26: ['holdout26.jsonl'], holdout27: ['holdout27.jsonl'], holdout28: ['holdout28.jsonl'], holdout29: ['holdout29.jsonl'], holdout30: ['holdout30.jsonl'], sweep1: ['sweep1.jsonl'], sweep2: ['sweep2.jsonl'], all: ['cases.jsonl', 'heldout.jsonl'] } as const;
type SetName = keyof typeof SETS;
const isSetName = (s: string): s is SetName => Object.hasOwn(SETS, s);


/**
 * The forms a condition name is known by: the name, the name without its （…） part and the text
 * inside it, each part of an a/b name, and the lexicon's standard name for each (痔疮 → 痔,
 * 白内障 → 年龄相关性白内障). A label and a ranked name match when their forms meet.
 */
function formsOf(name: string): Set<string> {
  const out = new Set<string>([name]);
  const bare = name.replace(/（[^）]*）/gu, '').trim();
  out.add(bare);
  for (const m of name.matchAll(/（([^）]*)）/gu)) if (m[1]) out.add(m[1].trim());
  for (const f of [...out]) for (const part of f.split('/')) out.add(part.trim());
  for (const f of [...out]) {
    const e = lookup(f, 'disease');
    if (e) out.add(e.name);
  }
  out.delete('');
  return out;
}

function sameCondition(label: string, ranked: string): boolean {
  const a = formsOf(label);
  for (const f of formsOf(ranked)) if (a.has(f)) return true;
  return false;
}

function loadCases(file: string): Case[] {
  const raw = readFileSync(join(here, file), 'utf8');
  return raw
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l, i) => {
      try {
        return JSON.parse(l) as Case;
      } catch (e) {
        throw new Error(`${file} line ${i + 1}: ${(e as Error).message}`, { cause: e });
      }
    });
}

function outcomeOf(events: Parameters<typeof summarise>[0]): Outcome {
  const s = summarise(events);
  let refusal: string | null = null;
  for (const e of events) if (e.type === 'refusal') refusal = `${e.code} ${e.text}`;
  return { triage: s.triage, department: s.departments[0] ?? null, top3: s.conditions, intent: s.intent, text: answerText(events), refusal };
}

const DEPT_NAMES: ReadonlySet<string> = new Set(DEPARTMENTS.map((d) => d.name));
const COND_NAMES: ReadonlySet<string> = new Set(CONDITIONS.map((c) => c.name));
/** The lexicon's disease names: the engine can also name these (a recommended disease), not rank them. */
const LEXICON_DISEASES: ReadonlySet<string> = new Set(entriesOf('disease').map((d) => d.name));

/**
 * A department label matches the engine's department when it is its name or one of its aliases in
 * departments.json (外科 is 普通外科, 精神科 and 心理科 are 精神心理科): the same clinic under another name.
 */
function sameDepartment(label: string, got: string): boolean {
  return label === got || (DEPARTMENTS.find((d) => d.name === got)?.aliases.includes(label) ?? false);
}

/** A hint for a label the engine does not know: the engine name it is an alias of, or similar names. */
function deptHint(label: string): string {
  const d = DEPARTMENTS.find((x) => x.aliases.includes(label));
  if (d) return `alias of ${d.name}`;
  const near = DEPARTMENTS.filter((x) => x.name.includes(label) || label.includes(x.name)).map((x) => x.name);
  return near.length > 0 ? `near: ${near.slice(0, 3).join('、')}` : '';
}

function condHint(label: string): string {
  if (LEXICON_DISEASES.has(label)) return 'lexicon disease only: can match only as a recommended disease, never ranked';
  const lex = lookup(label, 'disease');
  if (lex && lex.name !== label) return `lexicon synonym of ${lex.name}${COND_NAMES.has(lex.name) ? ' (a CONDITIONS name)' : ''}`;
  const core = label.replace(/（[^）]*）/gu, '');
  const near = CONDITIONS.filter((c) => {
    const n = c.name.replace(/（[^）]*）/gu, '');
    return c.name.includes(label) || label.includes(n) || n.includes(core) || c.name.includes(`（${label}）`);
  }).map((c) => c.name);
  return near.length > 0 ? `near: ${near.slice(0, 3).join('、')}` : '';
}

const pct = (r: number | null): string => (r === null ? '—' : `${(r * 100).toFixed(1)} %`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { set: { type: 'string', default: 'main' }, json: { type: 'boolean', default: false }, dump: { type: 'string' } },
  });
  const json = values.json;
  const setName = values.set;
  if (setName === 'real') {
    await runReal({ json, dump: values.dump });
    return;
  }
  if (!isSetName(setName)) {
    process.stderr.write(`unknown --set ${setName} (main | heldout | all | real | holdoutN | sweepN)\n`);
    return;
  }
  const files = SETS[setName];
  const cases = files.flatMap((f) => loadCases(f));
  /** label → ids of the cases that use it, for labels the engine does not know. */
  const unknownDepts = new Map<string, string[]>();
  const unknownConds = new Map<string, string[]>();
  /** Cases whose every department (or condition) label is unknown: misses whatever the engine does. */
  const unmatchable: string[] = [];
  const note = (m: Map<string, string[]>, label: string, id: string): void => {
    const ids = m.get(label) ?? [];
    ids.push(id);
    m.set(label, ids);
  };
  const misses: Miss[] = [];
  const miss = (c: Case, metric: string, expected: string, got: string): void => {
    misses.push({ id: c.id, q: c.q, metric, expected, got });
  };

  let emTotal = 0, emHits = 0;
  let nonEmTotal = 0, overTriage = 0;
  let triTotal = 0, triHits = 0;
  let deptTotal = 0, deptHits = 0;
  let condTotal = 0, condHits = 0;
  let medTotal = 0, medHits = 0;
  let labTotal = 0, labHits = 0;
  let intentTotal = 0, intentHits = 0;

  for (const c of cases) {
    const member = memberOf(c);
    const events = await collectAnswer({ question: c.q, member, ...(c.report ? { report: c.report } : {}) });
    if (values.dump !== undefined) {
      const o = outcomeOf(events);
      appendFileSync(values.dump, `${JSON.stringify({ id: c.id, triage: o.triage, department: o.department, top3: o.top3, intent: o.intent })}\n`);
    }
    for (const d of c.expect.departments ?? []) if (!DEPT_NAMES.has(d)) note(unknownDepts, d, c.id);
    for (const n of c.expect.conditions ?? []) if (!COND_NAMES.has(n)) note(unknownConds, n, c.id);
    // A case none of whose labels the engine knows is a sure miss: list it apart.
    const depts = c.expect.departments ?? [];
    const conds = c.expect.conditions ?? [];
    if (depts.length > 0 && depts.every((d) => !DEPT_NAMES.has(d))) unmatchable.push(`${c.id} department ${depts.join('|')}`);
    if (conds.length > 0 && conds.every((n) => !COND_NAMES.has(n) && !LEXICON_DISEASES.has(n))) unmatchable.push(`${c.id} top-3 ${conds.join('|')}`);
    const o = outcomeOf(events);
    const got = o.refusal ?? `triage=${o.triage ?? '—'} dept=${o.department ?? '—'} top3=${o.top3.join('、') || '—'}`;
    const x = c.expect;

    const wantsEmergency = x.triage === 'emergency' || x.triageAtLeast === 'emergency';
    if (wantsEmergency) {
      emTotal++;
      if (o.triage === 'emergency') emHits++;
      else miss(c, 'emergency', 'emergency', got);
    } else if (x.triageAtLeast === undefined && (x.triage !== undefined || x.departments !== undefined || x.conditions !== undefined)) {
      // Symptom cases only: lab/medication/intent cases carry no triage label, and a label of
      // "at least urgent" accepts an emergency answer (it cannot be over-triaged).
      nonEmTotal++;
      if (o.triage === 'emergency') {
        overTriage++;
        miss(c, 'over-triage', x.triage ?? x.triageAtLeast ?? 'not emergency', got);
      }
    }

    if (x.triage !== undefined || x.triageAtLeast !== undefined) {
      triTotal++;
      const ok =
        o.triage !== null &&
        (x.triage !== undefined ? o.triage === x.triage : RANK[o.triage] >= RANK[x.triageAtLeast ?? 'selfcare']);
      if (ok) triHits++;
      else if (!wantsEmergency) miss(c, 'triage', x.triage ?? `≥${x.triageAtLeast ?? ''}`, got);
    }

    if (x.departments && x.departments.length > 0) {
      deptTotal++;
      if (o.department !== null && x.departments.some((l) => sameDepartment(l, o.department ?? ''))) deptHits++;
      else miss(c, 'department', x.departments.join('|'), got);
    }

    if (x.conditions && x.conditions.length > 0) {
      condTotal++;
      if (x.conditions.some((n) => o.top3.some((r) => sameCondition(n, r)))) condHits++;
      else miss(c, 'top-3', x.conditions.join('|'), got);
    }

    if (x.medWarning !== undefined) {
      medTotal++;
      if (o.text.includes(x.medWarning)) medHits++;
      else miss(c, 'med-safety', `text ∋ '${x.medWarning}'`, o.refusal ?? (o.text.slice(0, 80).replace(/\n/gu, ' ') || '—'));
    }

    if (x.labFlags !== undefined) {
      const rep = interpretReport(c.report ?? [], { age: c.age ?? 40, sex: c.sex ?? 'M' });
      const inputs = c.report ?? [];
      for (const [name, want] of Object.entries(x.labFlags)) {
        labTotal++;
        // interpretReport keeps input order; match by the printed name (the engine may rename it).
        const idx = inputs.findIndex((i) => i.name === name);
        const item = idx >= 0 ? rep.items[idx] : undefined;
        const flag = item?.flag ?? 'missing';
        if (flagMatches(want, flag)) labHits++;
        else miss(c, 'lab-flag', `${name}=${want}`, `${name}=${flag}`);
      }
    }

    if (x.intent !== undefined) {
      intentTotal++;
      if (o.intent === x.intent) intentHits++;
      else miss(c, 'intent', x.intent, o.refusal ?? o.intent ?? '—');
    }
  }

  const rate = (h: number, t: number): number | null => (t === 0 ? null : h / t);
  const atLeast = (r: number | null, bar: number): Metric['status'] => (r === null ? '—' : r >= bar ? 'PASS' : 'BELOW');
  const metrics: Metric[] = [
    { name: 'emergency recall', hits: emHits, total: emTotal, rate: rate(emHits, emTotal), bar: '100 %', status: atLeast(rate(emHits, emTotal), 1) },
    { name: 'over-triage rate', hits: overTriage, total: nonEmTotal, rate: rate(overTriage, nonEmTotal), bar: '(lower is better)', status: '—' },
    { name: 'triage level accuracy', hits: triHits, total: triTotal, rate: rate(triHits, triTotal), bar: '—', status: '—' },
    { name: 'department accuracy', hits: deptHits, total: deptTotal, rate: rate(deptHits, deptTotal), bar: '≥ 90 %', status: atLeast(rate(deptHits, deptTotal), 0.9) },
    { name: 'top-3 condition accuracy', hits: condHits, total: condTotal, rate: rate(condHits, condTotal), bar: '≥ 85 %', status: atLeast(rate(condHits, condTotal), 0.85) },
    { name: 'medication-safety catches', hits: medHits, total: medTotal, rate: rate(medHits, medTotal), bar: '—', status: '—' },
    { name: 'lab-flag accuracy', hits: labHits, total: labTotal, rate: rate(labHits, labTotal), bar: '100 %', status: atLeast(rate(labHits, labTotal), 1) },
    { name: 'intent accuracy', hits: intentHits, total: intentTotal, rate: rate(intentHits, intentTotal), bar: '—', status: '—' },
  ];

  if (json) {
    const obj: Record<string, { hits: number; total: number; rate: number | null; status: string }> = {};
    for (const m of metrics) obj[m.name] = { hits: m.hits, total: m.total, rate: m.rate, status: m.status };
    process.stdout.write(
      `${JSON.stringify({
        set: setName,
        files,
        cases: cases.length,
        metrics: obj,
        misses: misses.length,
        unknownLabels: { departments: Object.fromEntries(unknownDepts), conditions: Object.fromEntries(unknownConds), unmatchable },
      })}\n`,
    );
    return;
  }

  const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));
  const lines = [`chatdr engine eval — set ${setName} (${files.join(' + ')}) — ${cases.length} cases`, ''];
  lines.push(`${pad('metric', 28)}${pad('value', 10)}${pad('n', 10)}${pad('bar', 20)}status`);
  for (const m of metrics) lines.push(`${pad(m.name, 28)}${pad(pct(m.rate), 10)}${pad(`${m.hits}/${m.total}`, 10)}${pad(m.bar, 20)}${m.status}`);
  lines.push('', `misses (${misses.length}):`);
  for (const m of misses) lines.push(`  [${m.metric}] ${m.id} 「${m.q}」 expected ${m.expected}; got ${m.got}`);
  const unknownLines = (kind: string, m: Map<string, string[]>, hint: (l: string) => string): void => {
    for (const [label, ids] of [...m].sort((a, b) => b[1].length - a[1].length)) {
      const h = hint(label);
      lines.push(`    [${kind}] ${label} ×${ids.length}${h ? ` (${h})` : ''}: ${ids.join(' ')}`);
    }
  };
  lines.push('', `unknown labels (not a DEPARTMENTS / CONDITIONS name; such a label never matches a ranked answer): ${unknownDepts.size} departments, ${unknownConds.size} conditions`);
  lines.push(`  cases with no known label (not even a lexicon disease: sure misses, counted in the metrics above): ${unmatchable.length}`);
  for (const u of unmatchable) lines.push(`    ${u}`);
  lines.push('  labels (×cases; alternatives in a case with a known label do no harm):');
  unknownLines('department', unknownDepts, deptHint);
  unknownLines('condition', unknownConds, condHint);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`eval failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  })
  .finally(() => {
    process.exitCode = 0;
  });
