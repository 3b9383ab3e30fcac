/// <reference types="node" />
/**
 * Evaluation harness for the answer engine: runs every labelled case in eval/cases.jsonl through
 * collectAnswer (and interpretReport for lab flags) and prints the metrics against their bars.
 * It measures; it never gates (exit code is always 0).
 *
 *   npm run eval            # table + misses
 *   npm run eval -- --json  # one JSON object of the metrics
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer, interpretReport } from '../src/index.ts';
import type { AnswerEvent, AnswerReportItem, LabFlag, TriageLevel } from '../src/index.ts';

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

interface Case {
  id: string;
  q: string;
  age?: number;
  ageMonths?: number;
  sex?: 'M' | 'F';
  pregnant?: boolean;
  pregnancyWeek?: number;
  allergies?: string[];
  diseases?: string[];
  medicines?: string[];
  report?: AnswerReportItem[];
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

const RANK: Readonly<Record<TriageLevel, number>> = { selfcare: 0, routine: 1, urgent: 2, emergency: 3 };

const here = dirname(fileURLToPath(import.meta.url));

function loadCases(): Case[] {
  const raw = readFileSync(join(here, 'cases.jsonl'), 'utf8');
  return raw
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
    .map((l, i) => {
      try {
        return JSON.parse(l) as Case;
      } catch (e) {
        throw new Error(`cases.jsonl line ${i + 1}: ${(e as Error).message}`, { cause: e });
      }
    });
}

/** A member context built from the case's few facts; everything else empty. */
function memberOf(c: Case): MemberContext {
  const age = c.age ?? null;
  const sex = c.sex ?? null;
  const pregnant = sex === 'F' && c.pregnant === true;
  return {
    userInfoId: 1,
    name: '测试成员',
    roleName: '本人',
    age,
    ageMonths: c.ageMonths ?? (age !== null && age < 3 ? age * 12 : null),
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

/** Reads the ranked conditions from the answer text lines '1. X（…）'. */
function top3Of(text: string): string[] {
  const out: string[] = [];
  // Only ranked lines end in a （likelihood） group; lab lines end in '。'. Strip just that last group.
  for (const m of text.matchAll(/^\s*[1-9]\.\s*(.+?)（[^（）\n]+）\s*$/gmu)) {
    const name = m[1]?.trim();
    if (name && out.length < 3 && !out.includes(name)) out.push(name);
  }
  return out;
}

function outcomeOf(events: readonly AnswerEvent[]): Outcome {
  let triage: TriageLevel | null = null;
  let department: string | null = null;
  let intent: string | null = null;
  let refusal: string | null = null;
  let disease: string | null = null;
  let text = '';
  for (const e of events) {
    if (e.type === 'triage') triage = e.level;
    else if (e.type === 'recommend') {
      if (e.department !== undefined && department === null) department = e.department;
      if (e.disease !== undefined && disease === null) disease = e.disease;
    } else if (e.type === 'intent') intent = e.intent;
    else if (e.type === 'text') text += e.delta;
    else if (e.type === 'refusal') refusal = `${e.code} ${e.text}`;
  }
  const top3 = top3Of(text);
  if (top3.length === 0 && disease !== null) top3.push(disease);
  return { triage, department, top3, intent, text, refusal };
}

const pct = (r: number | null): string => (r === null ? '—' : `${(r * 100).toFixed(1)} %`);

async function main(): Promise<void> {
  const json = process.argv.includes('--json');
  const cases = loadCases();
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
    const o = outcomeOf(events);
    const got = o.refusal ?? `triage=${o.triage ?? '—'} dept=${o.department ?? '—'} top3=${o.top3.join('、') || '—'}`;
    const x = c.expect;

    const wantsEmergency = x.triage === 'emergency' || x.triageAtLeast === 'emergency';
    if (wantsEmergency) {
      emTotal++;
      if (o.triage === 'emergency') emHits++;
      else miss(c, 'emergency', 'emergency', got);
    } else if (x.triage !== undefined || x.triageAtLeast !== undefined || x.departments !== undefined || x.conditions !== undefined) {
      // Symptom cases only: lab/medication/intent cases carry no triage label.
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
      if (o.department !== null && x.departments.includes(o.department)) deptHits++;
      else miss(c, 'department', x.departments.join('|'), got);
    }

    if (x.conditions && x.conditions.length > 0) {
      condTotal++;
      if (x.conditions.some((n) => o.top3.includes(n))) condHits++;
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
        if (flag === want) labHits++;
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
    process.stdout.write(`${JSON.stringify({ cases: cases.length, metrics: obj, misses: misses.length })}\n`);
    return;
  }

  const pad = (s: string, n: number): string => s + ' '.repeat(Math.max(0, n - [...s].length));
  const lines = [`chatdr engine eval — ${cases.length} cases`, ''];
  lines.push(`${pad('metric', 28)}${pad('value', 10)}${pad('n', 10)}${pad('bar', 20)}status`);
  for (const m of metrics) lines.push(`${pad(m.name, 28)}${pad(pct(m.rate), 10)}${pad(`${m.hits}/${m.total}`, 10)}${pad(m.bar, 20)}${m.status}`);
  lines.push('', `misses (${misses.length}):`);
  for (const m of misses) lines.push(`  [${m.metric}] ${m.id} 「${m.q}」 expected ${m.expected}; got ${m.got}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main()
  .catch((e: unknown) => {
    process.stderr.write(`eval failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  })
  .finally(() => {
    process.exitCode = 0;
  });
