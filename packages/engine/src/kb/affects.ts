import type { Affects } from './schema.ts';

/**
 * Who a disease, symptom or operation can concern, read from its ICD-10 chapter or block (documented
 * here, used by the KB build) and from words of its name. These are hard limits of biology and of
 * the classification, not epidemiology: 妊娠剧吐 only in pregnancy, 前列腺增生 only in males,
 * 新生儿黄疸 only in the first weeks.
 */
export function affectsFromIcd(code: string): Affects {
  const c3 = code.slice(0, 3).toUpperCase();
  // O00–O84: pregnancy, labour and delivery; O85–O99: the puerperium and other obstetric
  // conditions, which a mother has after the birth (not pregnant any more).
  if (c3 >= 'O00' && c3 <= 'O84') return { sex: 'F', pregnancy: 'only', ageMin: 9 };
  if (c3 >= 'O85' && c3 <= 'O99') return { sex: 'F', ageMin: 9 };
  if (c3 >= 'P00' && c3 <= 'P96') return { ageMax: 1 }; // conditions originating in the perinatal period
  if ((c3 >= 'N40' && c3 <= 'N51') || (c3 >= 'C60' && c3 <= 'C63') || c3 === 'D29' || c3 === 'D40') return { sex: 'M' };
  if ((c3 >= 'N70' && c3 <= 'N98') || (c3 >= 'C51' && c3 <= 'C58') || c3 === 'D06' || (c3 >= 'D25' && c3 <= 'D28') || c3 === 'D39') return { sex: 'F' };
  return {};
}

const MALE = /前列腺|睾丸|阴囊|阴茎|精索|附睾|包皮|龟头|遗精|早泄|阳痿|勃起|精液|精子/u;
const FEMALE = /子宫|卵巢|输卵管|阴道|外阴|宫颈|宫腔|月经|痛经|闭经|绝经|白带|乳汁|哺乳期|妇科|盆腔炎|前庭大腺/u;
/** Only while pregnant. */
const PREGNANCY = /妊娠|孕妇|孕期|胎盘|羊水|胎膜|宫外孕|异位妊娠|先兆子痫|子痫|先兆流产|先兆早产|胎动/u;
/** A woman's, during or after a pregnancy (产后, 产褥, 流产后): female, not necessarily pregnant now. */
const OBSTETRIC = /产后|产褥|分娩|流产|早产|剖宫产|哺乳/u;
const NEWBORN = /新生儿/u;
const INFANT = /婴儿|婴幼儿/u;
const CHILD = /小儿|儿童|幼儿/u;

export function affectsFromName(name: string): Affects {
  const a: { ageMin?: number; ageMax?: number; sex?: 'M' | 'F'; pregnancy?: 'only' } = {};
  if (NEWBORN.test(name)) a.ageMax = 0.25; // 28 days by definition; lenient to 3 months (late-onset neonatal infections)
  else if (INFANT.test(name)) a.ageMax = 3;
  else if (CHILD.test(name)) a.ageMax = 18;
  if (PREGNANCY.test(name) && !NEWBORN.test(name) && !/早产儿|胎儿/u.test(name)) { a.pregnancy = 'only'; a.sex = 'F'; }
  else if (OBSTETRIC.test(name) && !NEWBORN.test(name) && !/早产儿|胎儿/u.test(name)) a.sex = 'F';
  else if (MALE.test(name) && !FEMALE.test(name)) a.sex = 'M';
  else if (FEMALE.test(name) && !MALE.test(name)) a.sex = 'F';
  return a;
}

/** The narrower of two restrictions (both must hold); a contradiction keeps the first. */
export function mergeAffects(a: Affects, b: Affects): Affects {
  const out: { ageMin?: number; ageMax?: number; sex?: 'M' | 'F'; pregnancy?: 'only' } = { ...a };
  if (b.ageMin !== undefined) out.ageMin = Math.max(out.ageMin ?? 0, b.ageMin);
  if (b.ageMax !== undefined) out.ageMax = Math.min(out.ageMax ?? 120, b.ageMax);
  if (b.sex && !out.sex) out.sex = b.sex;
  if (b.pregnancy && out.sex !== 'M') { out.pregnancy = 'only'; out.sex = 'F'; }
  if (out.ageMin !== undefined && out.ageMax !== undefined && out.ageMin >= out.ageMax) return a;
  return out;
}

export interface Person {
  /** Years; null when unknown. */
  readonly age: number | null;
  readonly sex: 'M' | 'F' | null;
  /** True/false when known; null when unknown. */
  readonly pregnant: boolean | null;
}

/**
 * Whether an entity with these limits can concern this person. Unknown facts never exclude: a
 * question about 妊娠剧吐 from someone of unknown sex stays possible.
 */
export function canAffect(affects: Affects | undefined, p: Person): boolean {
  if (!affects) return true;
  if (affects.sex && p.sex && affects.sex !== p.sex) return false;
  if (p.age !== null) {
    if (affects.ageMin !== undefined && p.age < affects.ageMin) return false;
    if (affects.ageMax !== undefined && p.age >= affects.ageMax) return false;
  }
  if (affects.pregnancy === 'only' && p.pregnant === false) return false;
  return true;
}
