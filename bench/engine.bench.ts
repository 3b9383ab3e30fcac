/**
 * Answer-engine latency (issue "answer engine": first event ≤ 30 ms p95). Runs a varied set of
 * questions — symptoms, emergencies, drugs with a member profile, reports, interviews, finders —
 * through the builtin engine, warm, and prints the time to the first event and to the whole
 * answer (p50/p95/p99), next to a baseline generator measured in the same run.
 */
import { performance } from 'node:perf_hooks';
import type { MemberContext } from '@chatdr/contract';
import { answer } from '@chatdr/engine';
import type { AnswerInput } from '@chatdr/engine';

const ROUNDS = Number(process.env.BENCH_ENGINE_ROUNDS ?? 20);

const member: MemberContext = {
  userInfoId: 1, name: '妈妈', roleName: '妈妈', age: 64, ageMonths: null, sex: 'F', heightCm: 158, weightKg: 62, bmi: 24.8, bmiClass: null,
  diseases: [{ name: '高血压', code: null, ongoing: true }, { name: '2型糖尿病', code: null, ongoing: true }],
  allergies: [{ name: '青霉素类', code: null, type: 'drug' }],
  medicines: [{ name: '氨氯地平', code: null, dose: 5, unit: 'mg', frequency: '每日一次' }, { name: '二甲双胍', code: null, dose: 500, unit: 'mg', frequency: '每日两次' }],
  surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
};

const INPUTS: AnswerInput[] = [
  { question: '我头痛发烧三天了怎么办' },
  { question: '胸口像被大石头压着，出冷汗', member },
  { question: '阿莫西林能吃吗', member },
  { question: '布洛芬一次吃多少', member: { ...member, age: 6, sex: 'M', weightKg: 20, diseases: [], medicines: [], allergies: [] } },
  { question: '头晕，血压170/100', member },
  { question: '孩子拉肚子两天，有点发烧' },
  { question: '杭州哪家医院看心内科好' },
  { question: '胃疼挂什么科' },
  { question: '帮我看看血常规', skill: 'bgjd', report: [{ name: '血红蛋白', value: '95', unit: 'g/L' }, { name: '白细胞', value: '12.5', unit: '10^9/L' }, { name: 'ALT', value: '88', unit: 'U/L' }] },
  { question: '头痛两天了', skill: 'zzzc' },
  { question: '糖尿病饮食要注意什么', member },
  { question: '今天股市怎么样' },
];

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
}

async function measure(run: (input: AnswerInput) => AsyncGenerator<unknown>): Promise<{ first: number[]; text: number[]; total: number[] }> {
  const first: number[] = [];
  const text: number[] = [];
  const total: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const input of INPUTS) {
      const t0 = performance.now();
      let t1 = -1;
      let t2 = -1;
      for await (const e of run(input)) {
        if (t1 < 0) t1 = performance.now();
        if (t2 < 0 && typeof e === 'object' && e !== null && 'type' in e && (e.type === 'text' || e.type === 'refusal')) t2 = performance.now();
      }
      first.push(t1 - t0);
      text.push(t2 - t0);
      total.push(performance.now() - t0);
    }
  }
  return { first, text, total };
}

async function* baseline(input: AnswerInput): AsyncGenerator<unknown> {
  yield { type: 'text', delta: input.question };
  yield { type: 'done' };
}

export async function engineBench(): Promise<{ firstP95: number; pass: boolean }> {
  for (const input of INPUTS) for await (const _e of answer(input)) { /* warm-up */ }
  const base = await measure(baseline);
  const eng = await measure(answer);
  const row = (name: string, xs: number[]) => `${name.padEnd(34)}${pct(xs, 50).toFixed(2).padStart(9)}${pct(xs, 95).toFixed(2).padStart(9)}${pct(xs, 99).toFixed(2).padStart(9)}`;
  console.log(`\n== answer engine (builtin), ${INPUTS.length} questions × ${ROUNDS} rounds, ms`);
  console.log(`${''.padEnd(34)}${'p50'.padStart(9)}${'p95'.padStart(9)}${'p99'.padStart(9)}`);
  console.log(row('baseline generator first', base.first));
  console.log(row('engine first event', eng.first));
  console.log(row('engine first text (or refusal)', eng.text));
  console.log(row('engine whole answer', eng.total));
  const noThink = await measure((input) => answer({ ...input, reasoning: false }));
  console.log(row('first event, reasoning off', noThink.first));
  // The first event with reasoning on is the deep-think start, sent before any work: the honest
  // figure is the first event with reasoning off (the triage, after all the analysis) and the
  // first text.
  const firstP95 = Math.max(pct(noThink.first, 95), pct(eng.text, 95));
  const pass = firstP95 <= 30;
  console.log(`first substantive event p95 ${firstP95.toFixed(2)} ms (bar ≤ 30 ms): ${pass ? 'PASS' : 'FAIL'}`);
  return { firstP95, pass };
}

if (import.meta.url === `file://${process.argv[1]}`) await engineBench();
