import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemberContext } from '@chatdr/contract';
import { memberOf, type CaseFacts } from './cli/summary.ts';
import type { PlausiblePerson } from './plausible.ts';

/**
 * The labelled questions the answer check runs over: every eval set in eval/*.jsonl with its member
 * facts, and a sample of eval/real/real.jsonl's non-holdout part (ids not divisible by 5) asked with
 * no member, checked against its labelled person. Node-only (reads files): used by tests and eval scripts.
 */

export interface QualityCase {
  set: string;
  id: string;
  q: string;
  member: MemberContext | null;
  person: PlausiblePerson;
}

interface RawCase extends CaseFacts {
  id: string | number;
  q: string;
  sex?: 'M' | 'F';
}
interface RealRaw {
  id: string;
  q: string;
  sex: 'M' | 'F' | null;
  age: number | null;
  pregnant: boolean;
}

const evalDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'eval');

const readJsonl = <T>(file: string): T[] => readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as T);

/** @param realEvery take every n-th non-holdout real question (1 = all). */
export function qualityCases(realEvery = 4): QualityCase[] {
  const out: QualityCase[] = [];
  for (const f of readdirSync(evalDir).filter((x) => x.endsWith('.jsonl')).sort()) {
    for (const c of readJsonl<RawCase>(join(evalDir, f))) {
      const member = memberOf(c);
      const age = c.ageMonths !== undefined ? c.ageMonths / 12 : (c.age ?? null);
      out.push({ set: f, id: String(c.id), q: c.q, member, person: { age, sex: c.sex ?? null, pregnant: c.pregnant === true ? true : null } });
    }
  }
  const real = readJsonl<RealRaw>(join(evalDir, 'real', 'real.jsonl')).filter((c) => Number(/(\d+)$/u.exec(c.id)?.[1]) % 5 !== 0);
  real.forEach((c, i) => {
    if (i % realEvery !== 0) return;
    out.push({ set: 'real.jsonl', id: c.id, q: c.q, member: null, person: { age: c.age, sex: c.sex, pregnant: c.pregnant ? true : null } });
  });
  return out;
}
