import part1Json from '../data/drug-facts/part1.json' with { type: 'json' };
import part2Json from '../data/drug-facts/part2.json' with { type: 'json' };
import situationsJson from '../data/drug-facts/situations.json' with { type: 'json' };

/** How safe a drug is in pregnancy or lactation. */
export type DrugSafetyLevel = 'avoid' | 'caution' | 'compatible';
/** How alcohol interacts with a drug. */
export type DrugAlcoholLevel = 'avoid' | 'caution' | 'none';
/** How serious an interaction is. */
export type DrugInteractionSeverity = 'major' | 'moderate' | 'minor';

/** The adult dose: label text plus the established maxima in mg (null when none or not in mg). */
export interface DrugAdultDose {
  readonly text: string;
  readonly singleMaxMg: number | null;
  readonly dailyMaxMg: number | null;
  readonly note?: string;
}

/** The paediatric dose. */
export interface DrugChildDose {
  /** Label text; gives the age bands when `perKgMg` is null. */
  readonly text: string;
  /** [min, max] mg per kg per single dose, or null when dosed by age band. */
  readonly perKgMg: readonly [number, number] | null;
  /** [min, max] hours between doses, or null. */
  readonly intervalHours: readonly [number, number] | null;
  /** Maximum mg per kg per 24 h, or null. */
  readonly dailyMaxPerKgMg: number | null;
  /** Maximum mg per single dose for a child, or null. */
  readonly singleMaxMg: number | null;
  /** The youngest age (months) the label allows: 0 = from birth, null = unknown. */
  readonly minAgeMonths: number | null;
  /**
   * Liquid forms a child's dose is measured in (美林 布洛芬混悬液 20 mg/ml): the dose in mg is
   * also given in ml of each form. Optional; each form cites the label it follows.
   */
  readonly forms?: readonly DrugLiquidForm[];
}

/** A liquid paediatric form with its strength, from its label (说明书). */
export interface DrugLiquidForm {
  /** The generic form name, e.g. 布洛芬混悬液. */
  readonly name: string;
  /** Brand names people ask by (美林, 泰诺林); matched in the question. */
  readonly brands: readonly string[];
  /** Strength in mg per ml. */
  readonly mgPerMl: number;
  /** The label strength as printed, e.g. 100 ml:2 g. */
  readonly strength: string;
  readonly source: string;
}

/** A caution that applies when a member has one of the diseases in `when`. */
export interface DrugCaution {
  /** `|`-separated Chinese disease names, matched as substrings of the member's diseases. */
  readonly when: string;
  readonly text: string;
  /**
   * The verdict the disease forces when stronger than 慎用: 不建议 for a decongestant or an
   * anticholinergic with prostate enlargement or glaucoma (acute urinary retention, angle closure),
   * 禁用 where the label says so. Absent: 慎用.
   */
  readonly verdict?: 'not-recommended' | 'contraindicated';
  /** What to use instead, said when the verdict is no. */
  readonly alternative?: string;
}

export interface DrugSafety<L extends string> {
  readonly level: L;
  readonly text: string;
}

/** An interaction with other drugs, by id (drugs.json) or by class substring (drugs.json `drugClass`). */
export interface DrugInteraction {
  readonly withIds: readonly string[];
  readonly withClasses: readonly string[];
  readonly severity: DrugInteractionSeverity;
  readonly text: string;
}

/** One entry of data/drug-facts/part{1,2}.json: what a family asks about a drug (dose, safety, interactions). */
export interface DrugFacts {
  /** An id of data/drugs.json. */
  readonly id: string;
  readonly indications: readonly string[];
  readonly adult: DrugAdultDose;
  /** Null when the drug is not for children or has no established paediatric dosing. */
  readonly child: DrugChildDose | null;
  readonly contraindications: readonly string[];
  readonly cautions: readonly DrugCaution[];
  readonly pregnancy: DrugSafety<DrugSafetyLevel>;
  readonly lactation: DrugSafety<DrugSafetyLevel>;
  readonly interactions: readonly DrugInteraction[];
  readonly alcohol: DrugSafety<DrugAlcoholLevel>;
  readonly sideEffects: readonly string[];
  /** The label, 药典 or guideline (with year) the entry follows. */
  readonly source: string;
}

/** Part 1 (cardiovascular, endocrine, respiratory, GI, urology, haematology, vitamins) then part 2 (everything else). */
export const DRUG_FACTS: readonly DrugFacts[] = [
  ...(part1Json as readonly DrugFacts[]),
  ...(part2Json as readonly DrugFacts[]),
];

const BY_ID: ReadonlyMap<string, DrugFacts> = new Map(DRUG_FACTS.map((f) => [f.id, f]));

/** The facts of a drug by its drugs.json id, or undefined when the knowledge base has none. */
export function drugFactsById(id: string): DrugFacts | undefined {
  return BY_ID.get(id);
}

/**
 * A warning a drug needs in a situation the question describes rather than a disease the person
 * has: a procedure (增强CT with metformin), toxicity signs (恶心、看东西发黄 with digoxin), a wrong
 * schedule (甲氨蝶呤每天吃), or a child's age (可待因 under 12). One entry of data/drug-facts/situations.json.
 */
export interface DrugSituation {
  /** An id of data/drugs.json. */
  readonly drugId: string;
  /** A regular expression (case-insensitive) the question must match; absent = any question. */
  readonly when?: string;
  /** …and must not match. */
  readonly unless?: string;
  /** Only for a child younger than this many months (age from the profile or the question). */
  readonly childUnderMonths?: number;
  /** Only while breastfeeding (the profile's lactation or the question's 哺乳期, 纯母乳 …). */
  readonly lactating?: boolean;
  readonly severity: DrugInteractionSeverity;
  readonly text: string;
  /**
   * The verdict the situation forces (安宫牛黄丸 taken to prevent a stroke: 不建议), with a few words
   * saying why and what to do instead. Absent: from the severity (a major 禁用 text → 禁用).
   */
  readonly verdict?: 'not-recommended' | 'contraindicated';
  readonly reason?: string;
  readonly alternative?: string;
  readonly source: string;
}

export const DRUG_SITUATIONS: readonly DrugSituation[] = situationsJson as readonly DrugSituation[];
