import conditionFactsJson from '../data/condition-facts.json' with { type: 'json' };

/**
 * What a family asks about a condition beyond its symptoms (data/condition-facts.json):
 * 为什么会得 (causes, risk factors), 不治会怎样 (consequences), 怎么预防 (prevention).
 * Plain simplified Chinese, specific to the condition, from the named guideline or textbook.
 */
export interface ConditionFacts {
  /** An id of data/conditions.json. */
  readonly id: string;
  /** What causes the condition (mechanism and usual triggers). */
  readonly causes: readonly string[];
  /** What makes it more likely (who gets it, habits, other diseases, drugs). */
  readonly riskFactors: readonly string[];
  /** What happens untreated or when poorly controlled. */
  readonly consequences: readonly string[];
  /** What prevents it, its recurrence or its complications. */
  readonly prevention: readonly string[];
  /** One plain sentence on the usual course with proper care. */
  readonly prognosis: string;
  /** The guideline or textbook, with its year, the entry follows. */
  readonly source: string;
}

/** All entries, in the order of data/conditions.json (most common first). */
export const CONDITION_FACTS: readonly ConditionFacts[] = Object.freeze(
  (conditionFactsJson as readonly ConditionFacts[]).map((f) => Object.freeze({ ...f })),
);

const BY_ID: ReadonlyMap<string, ConditionFacts> = new Map(CONDITION_FACTS.map((f) => [f.id, f]));

/** The causes, consequences and prevention of a condition of data/conditions.json, or `undefined`. */
export function conditionFacts(id: string): ConditionFacts | undefined {
  return BY_ID.get(id);
}
