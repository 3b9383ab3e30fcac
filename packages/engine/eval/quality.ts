/// <reference types="node" />
/**
 * `node --import tsx eval/quality.ts [realEvery]`: the answer check of src/answer-quality.ts over every
 * eval set and the non-holdout real questions, as counts per kind of violation (the figures in the
 * README); the failing cases with --list.
 */
import { collectAnswer } from '../src/answer.ts';
import { answerViolations } from '../src/answer-quality.ts';
import { qualityCases } from '../src/answer-quality-cases.ts';

const every = Number(process.argv.find((a) => /^\d+$/u.test(a)) ?? '1');
const list = process.argv.includes('--list');
const cases = qualityCases(every);
const counts = new Map<string, number>();
let bad = 0;
const started = Date.now();
for (const c of cases) {
  const es = await collectAnswer({ question: c.q, member: c.member });
  const v = answerViolations(es, c.person, c.q, c.member);
  if (v.length > 0) bad++;
  for (const x of v) {
    const kind = x.split(/[:(]/u)[0]?.replace(/ ×\d+$/u, '').trim() ?? x;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    if (list) console.log(`${c.set} ${c.id} 「${c.q.slice(0, 40)}」 ${x}`);
  }
}
console.log(`${cases.length} answers, ${bad} with a violation, ${Math.round((Date.now() - started) / 1000)} s`);
for (const [k, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${k}`);
