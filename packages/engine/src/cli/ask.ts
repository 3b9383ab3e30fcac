/// <reference types="node" />
// The one impure file of the package: a command-line front end for `answer` (Node globals by design).
//
//   npm run ask -- [member flags] "question"          the answer text, departments, conditions
//   npm run ask -- --json [member flags] "question"   every event as a JSON line, then one summary line
//                                                     { triage, departments, conditions, intent, scene }
//   npm run ask -- --batch FILE                       one summary JSON line per line of FILE, one process
//
// A batch line is a JSON object { q, id?, age?, ageMonths?, sex?, pregnant?, pregnancyWeek?, allergies?,
// diseases?, medicines?, report?, role?, skill? } — the same member fields as eval/*.jsonl, so an eval
// file can be fed as is (its `expect` is ignored) and gets the same member context as in eval/run.ts.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SKILL_CODES, isSkillCode } from '@chatdr/contract';
import type { MemberContext } from '@chatdr/contract';
import { answer } from '../answer.ts';
import type { AnswerEvent, AnswerReportItem, AnswerSkill } from '../answer.ts';
import { answerText, memberOf, summarise } from './summary.ts';
import type { CaseFacts } from './summary.ts';

const USAGE = `usage: npm run ask -- [--age N] [--sex M|F] [--skill ${SKILL_CODES.join('|')}] [--role 妈妈] [--disease 高血压] [--allergy 青霉素类] [--medicine 氨氯地平] [--pregnant WEEK] [--json] "question"
       npm run ask -- --batch FILE   (JSON lines {q, id?, age?, ageMonths?, sex?, pregnant?, pregnancyWeek?, allergies?, diseases?, medicines?, report?, role?, skill?})`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    age: { type: 'string' },
    sex: { type: 'string' },
    skill: { type: 'string' },
    role: { type: 'string' },
    disease: { type: 'string', multiple: true },
    allergy: { type: 'string', multiple: true },
    medicine: { type: 'string', multiple: true },
    pregnant: { type: 'string' },
    batch: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

async function collect(question: string, skill: AnswerSkill | null, member: MemberContext | null, report?: AnswerReportItem[], print = false): Promise<AnswerEvent[]> {
  const events: AnswerEvent[] = [];
  for await (const e of answer({ question, skill, member, ...(report ? { report } : {}) })) {
    events.push(e);
    if (print) console.log(JSON.stringify(e));
  }
  return events;
}

const hasFacts = (c: CaseFacts): boolean =>
  c.age !== undefined ||
  c.ageMonths !== undefined ||
  c.sex !== undefined ||
  c.pregnant === true ||
  (c.diseases?.length ?? 0) > 0 ||
  (c.allergies?.length ?? 0) > 0 ||
  (c.medicines?.length ?? 0) > 0;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** One batch line read into a question, an id, a skill and the member facts; an error text when it cannot be used. */
function batchCase(raw: unknown): { q: string; id: string | null; skill: AnswerSkill | null; facts: CaseFacts } | { error: string } {
  if (!isObject(raw)) return { error: 'not a JSON object' };
  const q = raw.q;
  if (typeof q !== 'string' || q.trim() === '') return { error: 'missing "q"' };
  const skill = raw.skill === undefined || raw.skill === null ? null : isSkillCode(raw.skill) ? raw.skill : undefined;
  if (skill === undefined) return { error: `unknown skill ${String(raw.skill)}` };
  const facts: CaseFacts = {};
  const age = num(raw.age);
  const ageMonths = num(raw.ageMonths);
  const pregnancyWeek = num(raw.pregnancyWeek);
  if (age !== undefined) facts.age = age;
  if (ageMonths !== undefined) facts.ageMonths = ageMonths;
  if (raw.sex === 'M' || raw.sex === 'F') facts.sex = raw.sex;
  if (raw.pregnant === true) facts.pregnant = true;
  if (pregnancyWeek !== undefined) facts.pregnancyWeek = pregnancyWeek;
  const allergies = strings(raw.allergies);
  const diseases = strings(raw.diseases);
  const medicines = strings(raw.medicines);
  if (allergies) facts.allergies = allergies;
  if (diseases) facts.diseases = diseases;
  if (medicines) facts.medicines = medicines;
  if (Array.isArray(raw.report)) facts.report = raw.report as AnswerReportItem[];
  if (typeof raw.role === 'string') facts.role = raw.role;
  const id = typeof raw.id === 'string' || typeof raw.id === 'number' ? String(raw.id) : null;
  return { q, id, skill, facts };
}

async function runBatch(file: string): Promise<void> {
  const lines = readFileSync(file, 'utf8').split('\n');
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch (e) {
      console.log(JSON.stringify({ line: i + 1, error: `invalid JSON: ${(e as Error).message}` }));
      continue;
    }
    const c = batchCase(raw);
    if ('error' in c) {
      console.log(JSON.stringify({ line: i + 1, error: c.error }));
      continue;
    }
    // Always a member, built exactly as eval/run.ts builds it, so a batch of an eval file reproduces the eval.
    const member = memberOf(c.facts);
    const events = await collect(c.q, c.skill, member, c.facts.report);
    const refusal = events.find((e) => e.type === 'refusal');
    console.log(
      JSON.stringify({
        ...(c.id !== null ? { id: c.id } : {}),
        q: c.q,
        ...summarise(events),
        refusal: refusal?.type === 'refusal' ? refusal.code : null,
      }),
    );
  }
}

async function runOne(): Promise<void> {
  const question = positionals.join(' ');
  if (values.help || question === '') {
    console.log(USAGE);
    process.exitCode = question === '' && !values.help ? 1 : 0;
    return;
  }
  const skill = values.skill === undefined ? null : isSkillCode(values.skill) ? values.skill : undefined;
  if (skill === undefined) {
    console.error(`unknown skill ${values.skill ?? ''} (${SKILL_CODES.join(' | ')})`);
    process.exitCode = 1;
    return;
  }
  const age = values.age === undefined ? undefined : Number(values.age);
  if (age !== undefined && !Number.isFinite(age)) {
    console.error('--age must be a number');
    process.exitCode = 1;
    return;
  }
  const week = values.pregnant === undefined ? undefined : Number(values.pregnant);
  const facts: CaseFacts = {
    role: values.role ?? '本人',
    diseases: values.disease ?? [],
    allergies: values.allergy ?? [],
    medicines: values.medicine ?? [],
  };
  if (age !== undefined) facts.age = age;
  if (values.sex === 'M' || values.sex === 'F') facts.sex = values.sex;
  if (values.pregnant !== undefined) {
    facts.pregnant = true;
    facts.sex ??= 'F';
    if (week !== undefined && Number.isFinite(week)) facts.pregnancyWeek = week;
  }
  const member = hasFacts(facts) ? memberOf(facts) : null;

  const events = await collect(question, skill, member, undefined, values.json);
  const s = summarise(events);
  if (values.json) {
    console.log(JSON.stringify(s));
    return;
  }
  const refusal = events.find((e) => e.type === 'refusal');
  if (refusal?.type === 'refusal') {
    console.log(`（${refusal.code}）${refusal.text}`);
    return;
  }
  const followUps = events.flatMap((e) => (e.type === 'followUps' ? e.questions : []));
  console.log(answerText(events).trimEnd());
  console.log('');
  if (s.triage !== null) console.log(`分诊：${s.triage}`);
  if (s.departments.length > 0) console.log(`推荐科室：${s.departments.join('、')}`);
  if (s.conditions.length > 0) console.log(`可能的情况：${s.conditions.join('；')}`);
  if (followUps.length > 0) console.log(`追问：${followUps.join(' ')}`);
}

(values.batch !== undefined ? runBatch(values.batch) : runOne()).catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  process.exitCode = 1;
});
