import dietJson from '../data/diet-rules.json' with { type: 'json' };
import { normalizeText } from './normalize.ts';
import { isNegatedAt } from './tcm.ts';

/** Dietary advice for one condition or life stage (`data/diet-rules.json`). */
export interface DietRule {
  readonly id: string;
  /** Shown name, e.g. 痛风/高尿酸血症. */
  readonly condition: string;
  /** Names and synonyms (normalised), matched against member diseases and the user's text. */
  readonly match: readonly string[];
  readonly principles: readonly string[];
  readonly recommend: readonly string[];
  /** What to limit or avoid, with amounts where the guideline gives them. */
  readonly limit: readonly string[];
  /** Ages in years [from, to) the rule is for; absent = any age. */
  readonly ages?: readonly [number, number];
  readonly source: string;
}

export interface DietQuery {
  readonly text: string;
  /** Disease names of the member's health profile. */
  readonly diseases: readonly string[];
  readonly pregnant?: boolean;
  readonly lactating?: boolean;
  readonly ageYears?: number | null;
}

export interface DietAdvice {
  readonly rule: DietRule;
  /** The profile disease, the flag (孕期/哺乳期) or the word of the text that matched. */
  readonly matchedBy: string;
  readonly via: 'profile' | 'text';
}

export const DIET_RULES: readonly DietRule[] = Object.freeze(
  dietJson.map((r): DietRule => {
    const ages = 'ages' in r && Array.isArray(r.ages) && r.ages.length === 2 ? r.ages : undefined;
    return Object.freeze({
      id: r.id,
      condition: r.condition,
      match: Object.freeze([...new Set(r.match.map(normalizeText))]),
      principles: Object.freeze([...r.principles]),
      recommend: Object.freeze([...r.recommend]),
      limit: Object.freeze([...r.limit]),
      ...(ages === undefined ? {} : { ages: Object.freeze([ages[0] ?? 0, ages[1] ?? Infinity] as const) }),
      source: r.source,
    });
  }),
);

const BY_ID: ReadonlyMap<string, DietRule> = new Map(DIET_RULES.map((r) => [r.id, r]));

export function dietRuleById(id: string): DietRule | undefined {
  return BY_ID.get(id);
}

/** Every match word with its rule, longest first. */
const KEYS: ReadonlyArray<{ readonly word: string; readonly rule: DietRule }> = DIET_RULES.flatMap((rule) =>
  rule.match.map((word) => ({ word, rule })),
).sort((a, b) => b.word.length - a.word.length);
const VOCABULARY: readonly string[] = KEYS.map((k) => k.word);
/** Phrases that contain a match word but do not name the condition (手心发热 is not 发热). */
const NOT_CONDITIONS: readonly string[] = ['手心发热', '手脚心发热', '手心脚心发热', '脚心发热', '身上发热', '脸发热', '面部发热'];

function fitsAge(rule: DietRule, ageYears: number | null | undefined): boolean {
  if (rule.ages === undefined || ageYears === undefined || ageYears === null) return true;
  return ageYears >= rule.ages[0] && ageYears < rule.ages[1];
}

/** The rule for one profile disease name: the longest match word contained in it (or containing it). */
function ruleForDisease(name: string): { rule: DietRule; word: string } | undefined {
  const d = normalizeText(name);
  if (d.length === 0) return undefined;
  const hit = KEYS.find((k) => d.includes(k.word)) ?? KEYS.find((k) => d.length >= 3 && k.word.includes(d));
  return hit === undefined ? undefined : { rule: hit.rule, word: hit.word };
}

/** Rules named in the text (not denied), in order of first mention; a longer word hides the shorter ones inside it. */
function rulesInText(text: string): Array<{ rule: DietRule; word: string }> {
  const t = normalizeText(text);
  const claimed: Array<[number, number]> = [];
  for (const b of NOT_CONDITIONS) {
    for (let at = t.indexOf(b); at >= 0; at = t.indexOf(b, at + 1)) claimed.push([at, at + b.length]);
  }
  const hits: Array<{ at: number; rule: DietRule; word: string }> = [];
  for (const k of KEYS) {
    let at = t.indexOf(k.word);
    while (at >= 0) {
      const end = at + k.word.length;
      const overlaps = claimed.some(([a, b]) => at < b && a < end);
      if (!overlaps) {
        claimed.push([at, end]);
        if (!isNegatedAt(t, at, VOCABULARY)) hits.push({ at, rule: k.rule, word: k.word });
      }
      at = t.indexOf(k.word, at + 1);
    }
  }
  hits.sort((a, b) => a.at - b.at);
  return hits;
}

/**
 * Diet advice for a member and a message: rules for the member's profile diseases first (in
 * profile order), then pregnancy / lactation flags, then conditions named in the text (first
 * mention first, denied mentions skipped); each rule once, age-restricted rules only at their
 * ages, at most `limit` (3).
 */
export function dietAdvice(q: DietQuery, limit = 3): DietAdvice[] {
  const out: DietAdvice[] = [];
  const seen = new Set<string>();
  const push = (rule: DietRule, matchedBy: string, via: DietAdvice['via']): void => {
    if (seen.has(rule.id) || !fitsAge(rule, q.ageYears)) return;
    seen.add(rule.id);
    out.push({ rule, matchedBy, via });
  };
  for (const name of q.diseases) {
    const hit = ruleForDisease(name);
    if (hit !== undefined) push(hit.rule, name, 'profile');
  }
  const pregnancy = BY_ID.get('diet-pregnancy');
  if (q.pregnant === true && pregnancy !== undefined) push(pregnancy, '孕期', 'profile');
  const lactation = BY_ID.get('diet-lactation');
  if (q.lactating === true && lactation !== undefined) push(lactation, '哺乳期', 'profile');
  for (const hit of rulesInText(q.text)) push(hit.rule, hit.word, 'text');
  return out.slice(0, Math.max(0, limit));
}
