/**
 * Features of a question for the linear models (src/model/linear.ts): character n-grams (1–3) of
 * the normalised text, n-grams (2–3) of its asking clauses, and simple lexical features — the
 * entity types the extraction finds (symptom, disease, drug, test, operation, body part), the
 * lexicon department of each disease named, the body site of each symptom, who it is about, a
 * child flag, a number present, a length bucket. Pure; the same function runs in training and in
 * prediction, so both always agree.
 */
import { extract } from '../extract.ts';
import type { Extraction } from '../extract.ts';
import { askingPart } from '../intent.ts';
import { lookup } from '../lexicon.ts';
import { normalizeText } from '../normalize.ts';
import { symptomById } from '../symptoms.ts';

/** Entity types in the labels' focus vocabulary. */
export type EntityType = 'disease' | 'symptom' | 'drug' | 'test' | 'operation' | 'body_part' | 'food' | 'other';

/** What the features read besides the text: the extraction's entities and facts, or a caller's own entity types. */
export interface FeatureContext {
  /** Entity types named in the question; default: those the extraction finds. */
  entityTypes?: readonly string[];
  /** The subject's age in years when known from the profile (a child under 14 is a feature). */
  age?: number | null;
}

/** A lab item, report or examination named (化验, 指标, B超 …): the "test" entity type. */
const TEST_WORDS = /化验|指标|报告|检查结果|检查单|化验单|b超|彩超|ct|核磁|磁共振|x光|胸片|心电图|胃镜|肠镜|血常规|尿常规|肝功|肾功|血脂|血糖|血压|hcg|孕酮|激素|抗体|抗原|阳性|阴性|偏高|偏低|[↑↓]|\d\s*(?:mmol|umol|μmol|mg|g\/l|u\/l|iu|%)/u;

/** The entity types the extraction finds in the question. */
export function entityTypesOf(ex: Extraction): EntityType[] {
  const out = new Set<EntityType>();
  if (ex.symptoms.some((s) => !s.negated)) out.add('symptom');
  if (ex.diseases.some((s) => !s.negated)) out.add('disease');
  if (ex.drugs.some((s) => !s.negated)) out.add('drug');
  if (ex.surgeries.some((s) => !s.negated)) out.add('operation');
  if (ex.bodyParts.length > 0) out.add('body_part');
  if (ex.allergens.some((a) => !a.negated)) out.add('other');
  if (TEST_WORDS.test(ex.normalized)) out.add('test');
  return [...out];
}

/** The text as the n-grams see it: normalised (simplified, half-width, lower case) and every digit run folded to 0. */
export function modelText(text: string): string {
  return normalizeText(text).replace(/\d+(?:\.\d+)?/gu, '0').replace(/\s+/gu, ' ');
}

/** Character n-grams (n = min…max) of a string, with ^ and $ marking its ends, each prefixed. */
export function charNgrams(s: string, min: number, max: number, prefix = ''): string[] {
  const chars = ['^', ...s, '$'];
  const out: string[] = [];
  for (let n = min; n <= max; n++) {
    for (let i = 0; i + n <= chars.length; i++) {
      const g = chars.slice(i, i + n).join('');
      if (g === '^' || g === '$' || g.trim() === '') continue;
      out.push(prefix + g);
    }
  }
  return out;
}

const lengthBucket = (n: number): string => (n <= 10 ? 'L:≤10' : n <= 20 ? 'L:≤20' : n <= 40 ? 'L:≤40' : n <= 60 ? 'L:≤60' : 'L:>60');

/**
 * The features of a question: strings, each present once (a bag; the model weighs each as 1).
 * The extraction is computed unless given (training passes it to compute it once).
 */
export function featuresOf(text: string, ctx: FeatureContext = {}, ex: Extraction = extract(text)): string[] {
  const t = modelText(text);
  const out = new Set<string>(charNgrams(t, 1, 3));
  const ask = modelText(askingPart(text));
  if (ask !== '') for (const g of charNgrams(ask, 2, 3, 'A:')) out.add(g);
  else out.add('A:none');
  for (const e of ctx.entityTypes ?? entityTypesOf(ex)) out.add(`E:${e}`);
  for (const d of ex.diseases) {
    if (d.negated) continue;
    const e = lookup(d.name, 'disease');
    if (e) out.add(`D:${e.department}`);
  }
  for (const s of ex.symptoms) {
    if (s.negated) continue;
    const site = symptomById(s.id)?.bodySite;
    if (site) out.add(`B:${site}`);
    out.add(`S:${s.id}`);
  }
  for (const b of ex.bodyParts) out.add(`B:${b}`);
  if (ex.who !== null) out.add(`W:${ex.who}`);
  const age = ctx.age ?? ex.age?.years ?? null;
  if (ex.who === 'child' || (age !== null && age < 14)) out.add('C:child');
  if (age !== null && age < 1) out.add('C:infant');
  if (ex.pregnancy.pregnant) out.add('C:pregnant');
  if (ex.sexHint !== null) out.add(`X:${ex.sexHint}`);
  if (/\d/u.test(text)) out.add('N:num');
  out.add(lengthBucket([...t].length));
  out.add('bias');
  return [...out];
}
