import type { RedFlagRule } from './red-flags.ts';

/**
 * How much a rule knows about the person: each required group, a history, a suspected condition,
 * a vital sign, a combination of signs, an age, sex or pregnancy bound. A rule for a diabetic who
 * is confused (疑似严重低血糖) knows more than the rule for confusion of any cause.
 */
export function specificity(rule: RedFlagRule): number {
  let n = rule.require.length;
  if (rule.history) n += 2;
  if (rule.conditions && rule.conditions.length > 0) n += 1;
  if (rule.vitals) n += rule.vitals.length;
  if (rule.atLeast) n += rule.atLeast.n;
  if (rule.age || rule.child || rule.sex || rule.pregnant || rule.pregnancyWeek) n += 0.5;
  return n;
}

function bigrams(text: string): Set<string> {
  const t = text.replace(/[\s，。；：、,.;:（）()]/gu, '');
  const out = new Set<string>();
  for (let i = 0; i + 1 < t.length; i++) out.add(t.slice(i, i + 2));
  return out;
}

/** Share of the shorter text's character pairs found in the other: 1 for a restatement. */
export function overlap(a: string, b: string): number {
  const x = bigrams(a);
  const y = bigrams(b);
  const [small, big] = x.size <= y.size ? [x, y] : [y, x];
  if (small.size === 0) return 0;
  let hit = 0;
  for (const g of small) if (big.has(g)) hit++;
  return hit / small.size;
}

/** Above this overlap a second action mostly repeats the first and is left out. */
export const RESTATEMENT = 0.6;

/**
 * What to do now, for the emergency rules that fired: the most specific rule's action first (the
 * diabetic's 低血糖 advice before the generic 意识改变 one), each further action only when it adds
 * something (not a restatement of one already given), at most `max` of them — one clear
 * instruction reads faster in an emergency than four overlapping ones. Every rule still appears in
 * the answer's 判断依据.
 */
export function nowActions(rules: readonly RedFlagRule[], max = 2): string[] {
  const ordered = rules
    .map((rule, i) => ({ rule, i, s: specificity(rule) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.rule.action);
  const out: string[] = [];
  for (const action of ordered) {
    if (out.length >= max) break;
    if (out.some((kept) => overlap(kept, action) >= RESTATEMENT)) continue;
    out.push(action);
  }
  return out;
}
