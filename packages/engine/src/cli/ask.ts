/// <reference types="node" />
// The one impure file of the package: a command-line front end for `answer` (Node globals by design).
import { parseArgs } from 'node:util';
import type { MemberContext } from '@chatdr/contract';
import { answer } from '../answer.ts';
import type { AnswerEvent, AnswerSkill } from '../answer.ts';

const SKILLS: readonly AnswerSkill[] = ['zzzc', 'yyjy', 'bgjd', 'dept', 'drug'];

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
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const question = positionals.join(' ');
if (values.help || question === '') {
  console.log('usage: npm run ask -- [--age N] [--sex M|F] [--skill zzzc|yyjy|bgjd|dept|drug] [--role 妈妈] [--disease 高血压] [--allergy 青霉素类] [--medicine 氨氯地平] [--pregnant WEEK] [--json] "question"');
  process.exit(question === '' && !values.help ? 1 : 0);
}

const skill = SKILLS.find((s) => s === values.skill) ?? null;
if (values.skill !== undefined && skill === null) {
  console.error(`unknown skill ${values.skill}`);
  process.exit(1);
}
const age = values.age === undefined ? null : Number(values.age);
if (age !== null && !Number.isFinite(age)) {
  console.error('--age must be a number');
  process.exit(1);
}
const sex = values.sex === 'M' || values.sex === 'F' ? values.sex : null;
const hasMember = age !== null || sex !== null || values.disease !== undefined || values.allergy !== undefined || values.medicine !== undefined || values.pregnant !== undefined;
const member: MemberContext | null = hasMember
  ? {
      userInfoId: 0,
      name: values.role ?? '本人',
      roleName: values.role ?? '本人',
      age: age === null ? null : Math.floor(age),
      ageMonths: age !== null && age < 3 ? Math.floor(age * 12) : null,
      sex,
      heightCm: null,
      weightKg: null,
      bmi: null,
      bmiClass: null,
      diseases: (values.disease ?? []).map((name) => ({ name, code: null, ongoing: true })),
      allergies: (values.allergy ?? []).map((name) => ({ name, code: null, type: null })),
      medicines: (values.medicine ?? []).map((name) => ({ name, code: null, dose: null, unit: null, frequency: null })),
      surgeries: [],
      familyHistory: [],
      pregnant: values.pregnant !== undefined,
      pregnancyWeek: values.pregnant !== undefined && Number.isFinite(Number(values.pregnant)) ? Number(values.pregnant) : null,
      lactating: false,
      smoking: null,
      drinking: null,
    }
  : null;

const events: AnswerEvent[] = [];
for await (const e of answer({ question, skill, member })) {
  events.push(e);
  if (values.json) console.log(JSON.stringify(e));
}

const text = events.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
const triage = events.find((e) => e.type === 'triage');
const departments = events.flatMap((e) => (e.type === 'recommend' && e.department ? [e.department] : []));
const conditions = [...text.matchAll(/^\d\. (.+?)（(可能性较大|有一定可能|可能性较小)）$/gmu)].map((m) => `${m[1] ?? ''}（${m[2] ?? ''}）`);
const intent = events.find((e) => e.type === 'intent');
const scene = events.find((e) => e.type === 'scene');
const followUps = events.flatMap((e) => (e.type === 'followUps' ? e.questions : []));
const refusal = events.find((e) => e.type === 'refusal');

if (values.json) {
  console.log(
    JSON.stringify({
      triage: triage?.type === 'triage' ? triage.level : null,
      departments,
      conditions,
      intent: intent?.type === 'intent' ? intent.intent : null,
      scene: scene?.type === 'scene' ? scene.path.join('/') : null,
    }),
  );
} else if (refusal?.type === 'refusal') {
  console.log(`（${refusal.code}）${refusal.text}`);
} else {
  console.log(text.trimEnd());
  console.log('');
  if (departments.length > 0) console.log(`推荐科室：${departments.join('、')}`);
  if (conditions.length > 0) console.log(`可能的情况：${conditions.join('；')}`);
  if (followUps.length > 0) console.log(`追问：${followUps.join(' ')}`);
}
