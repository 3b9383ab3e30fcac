import { affectsFromIcd, affectsFromName, canAffect, mergeAffects } from './kb/affects.ts';
import type { AgeGroup } from './conditions.ts';

/**
 * Whether a condition is possible at all for the person an answer is about (issue 17: an infant is
 * never offered 抑郁症 or 妊娠剧吐, an adult never 生长痛, a man never a gynaecological disease).
 * Hard limits only — biology and the definition of the disease, not epidemiology — so unknown
 * facts never exclude anything. Used by the ranking (`rankConditions` leaves such conditions out)
 * and by the build-failing answer check (src/answer-quality.ts).
 */

export interface PlausiblePerson {
  /** Years (fractional under one); null when unknown. */
  readonly age: number | null;
  readonly sex: 'M' | 'F' | null;
  /** True/false when known; null when unknown (a woman not recorded as pregnant may be). */
  readonly pregnant: boolean | null;
  /** Known to be an adult without a stated age (a spouse, a parent, a driver, 我老婆说我打呼噜). */
  readonly grownUp?: boolean;
}

/** Words that make the asker an adult: a spouse, marriage, work, driving, retirement, grandchildren. */
const GROWN_UP_WORDS = /老婆|老公|媳妇|丈夫|妻子|爱人|结婚|婚后|上班|单位|开车|司机|退休|孙子|孙女|外孙|喝酒|抽烟/u;

/** A son or daughter (or a brother) who is grown up: at university, at work, married. */
const GROWN_CHILD = /上大学|大学生|研究生|读研|上班|工作了|参加工作|结婚/u;

/** Whether the text about the asker shows an adult (for `PlausiblePerson.grownUp`). */
export function grownUpByContext(who: string, normalized: string): boolean {
  return who === 'spouse' || who === 'parent' || who === 'elder' || (who === 'self' && GROWN_UP_WORDS.test(normalized)) || ((who === 'child' || who === 'sibling') && GROWN_CHILD.test(normalized));
}

/** The fields of a condition the limits are read from (`Condition` of conditions.ts). */
export interface ConditionLimits {
  readonly id: string;
  readonly name: string;
  readonly icd10: string;
  readonly ageGroups?: readonly AgeGroup[];
  readonly sex?: 'M' | 'F';
  readonly pregnancyRelated: boolean;
}

/** Mental disorders a baby or toddler cannot be diagnosed with (ICD-10 F chapter less the developmental blocks F70–F98). */
const ADULT_MIND = (icd: string): boolean => /^F[0-6]/u.test(icd);
/** Pregnancy is possible from about this age to this age (years). */
const FERTILE_MIN = 9;
const FERTILE_MAX = 60;

/** Why the condition is impossible for this person, or null when it is possible. */
export function impossibleCondition(c: ConditionLimits, p: PlausiblePerson): string | null {
  if (c.sex && p.sex && c.sex !== p.sex) return c.sex === 'F' ? 'female only' : 'male only';
  const groups = c.ageGroups;
  if (p.age !== null) {
    // Only children's (生长痛, 小儿腹泻病, 幼儿急疹) or only babies' conditions for a grown-up.
    if (groups && groups.length > 0 && groups.every((g) => g === 'infant' || g === 'child') && p.age >= 18) return 'children only';
    if (groups && groups.length > 0 && groups.every((g) => g === 'infant') && p.age >= 6) return 'infants only';
    // Only adults' conditions (前列腺增生, 更年期综合征, 惊恐障碍) for a baby or toddler.
    if (groups && groups.length > 0 && groups.every((g) => g === 'adult' || g === 'elder') && p.age < 3) return 'adults only';
    if (ADULT_MIND(c.icd10) && p.age < 3) return 'not diagnosed under 3';
    if (c.pregnancyRelated && (p.age < FERTILE_MIN || p.age > FERTILE_MAX)) return 'pregnancy at this age';
  }
  if (p.age === null && p.grownUp && groups && groups.length > 0 && groups.every((g) => g === 'infant' || g === 'child')) return 'children only';
  if (c.pregnancyRelated && p.sex === 'M') return 'pregnancy in a male';
  if (c.pregnancyRelated && p.pregnant === false && /^O[0-4]/u.test(c.icd10) && !/^O0[0-6]/u.test(c.icd10)) return 'pregnancy condition, not pregnant';
  // The hard limits of the ICD-10 chapter and of the name (新生儿…, 小儿…), not the KB's age bands
  // derived from who usually gets it (a subdural haematoma after a child's fall is real).
  if (!canAffect(mergeAffects(affectsFromIcd(c.icd10), affectsFromName(c.name)), { age: p.age, sex: p.sex, pregnant: null })) return 'outside the ICD chapter\'s or the name\'s limits';
  return null;
}

/** A couple's fertility is asked about by either partner for both (没怀上, 不孕不育, 备孕). */
const COUPLE = /怀上|怀不上|不孕|不育|备孕|要孩子|要宝宝|要二胎|试管|精液|精子/u;

/**
 * The ranked conditions without those impossible for the person, except a condition the text
 * itself names (宫外孕有啥症状 asked by anyone is about 宫外孕) and, for a couple's fertility, the
 * other partner's conditions.
 */
export function plausibleRanked<T extends { readonly id: string; readonly name: string }>(ranked: readonly T[], p: PlausiblePerson, normalized: string, limitsOf: (id: string) => ConditionLimits | undefined): T[] {
  const couple = COUPLE.test(normalized);
  return ranked.filter((r) => {
    if (normalized.includes(r.name.replace(/（.*$/u, ''))) return true;
    const c = limitsOf(r.id);
    if (c === undefined) return true;
    return impossibleCondition(c, couple ? { ...p, sex: null } : p) === null;
  });
}

const MALE_WORDS = /男性|男的|男人|男孩|男婴|龟头|包皮|阴茎|睾丸|阴囊|前列腺|遗精|小鸡鸡/u;
const FEMALE_WORDS = /女性|女的|女人|女孩|女婴|阴道|外阴|月经|白带|子宫|卵巢|痛经/u;
/** A baby (under about two): the words of infancy. */
const BABY_WORDS = /新生儿|女婴|男婴|婴儿|出生\d+天|满月|出牙|长牙|吃奶|喝奶|奶粉|断奶|辅食|[0-9一二三四五六七八九十两]+个月(?:大)?的?(?:宝宝|宝贝|孩子|婴儿)|(?:宝宝|宝贝)(?:快|才|刚)?[0-9一二三四五六七八九十两]+个月/u;
/** A schoolchild: school years. */
const SCHOOL_WORDS = /幼儿园|小学|[一二三四五六]年级|小朋友/u;

/**
 * What the words of the message say about the person when neither the profile nor the subject
 * reader gave it: the sex from anatomy or 男性/女性 (not when both sexes are named: a couple's
 * question), an age from infancy or school words. Used only for the person the message is about.
 */
export function personHints(normalized: string): { sex: 'M' | 'F' | null; age: number | null } {
  const m = MALE_WORDS.test(normalized);
  const f = FEMALE_WORDS.test(normalized);
  const sex = m && !f ? 'M' : f && !m ? 'F' : null;
  const age = BABY_WORDS.test(normalized) ? 0.5 : SCHOOL_WORDS.test(normalized) ? 8 : null;
  return { sex, age };
}
