import phrasesJson from '../data/symptom-phrases.json' with { type: 'json' };
import symptomsJson from '../data/symptoms.json' with { type: 'json' };

/** One symptom of the vocabulary the extractor recognises (`data/symptoms.json`). */
export interface SymptomEntry {
  /** Stable kebab-case id; red-flag rules refer to symptoms by it. */
  readonly id: string;
  /** The standard Chinese term (《诊断学》 wording where it has one). */
  readonly name: string;
  /** Colloquial ways users say it (拉肚子, 心口疼, 嗓子疼 …). */
  readonly synonyms: readonly string[];
  /** Where in the body it is felt, e.g. 胸部, 全身. */
  readonly bodySite: string;
  /** The mention itself already says it is severe (剧烈头痛, 喘得说不出话). */
  readonly severe: boolean;
  /** Broader symptoms a mention also counts as (剧烈头痛 → 头痛). */
  readonly implies: readonly string[];
  /** False when no negation word may cancel it (suicidal talk is always taken seriously). */
  readonly negatable: boolean;
  /** The plain yes/no question a doctor asks to check it (有没有发烧？); ends with ？. */
  readonly ask: string;
  /** What makes this symptom dangerous and how urgently to act (突发剧烈头痛、伴呕吐或意识改变需急诊), if anything. */
  readonly redFlag?: string;
  /** The textbook or guideline (with year) the entry follows. */
  readonly source: string;
}

/** Extra colloquial phrasings for existing symptoms (`data/symptom-phrases.json`), each with its source. */
export interface SymptomPhrases {
  readonly id: string;
  readonly synonyms: readonly string[];
  readonly source: string;
}

/** Every entry of `data/symptom-phrases.json`, in data order. */
export const SYMPTOM_PHRASES: readonly SymptomPhrases[] = Object.freeze(
  phrasesJson.map((p): SymptomPhrases => Object.freeze({ id: p.id, synonyms: Object.freeze([...p.synonyms]), source: p.source })),
);

/**
 * The phrases merged into each symptom: those of `symptom-phrases.json` that no entry of
 * `symptoms.json` already uses (symptoms.json wins a clash, so each phrase keeps one owner).
 */
function extraPhrases(): ReadonlyMap<string, readonly string[]> {
  const taken = new Set<string>();
  for (const s of symptomsJson) for (const w of [s.name, ...s.synonyms]) taken.add(w);
  const out = new Map<string, string[]>();
  for (const p of SYMPTOM_PHRASES) {
    for (const w of p.synonyms) {
      if (taken.has(w)) continue;
      taken.add(w);
      const list = out.get(p.id) ?? [];
      list.push(w);
      out.set(p.id, list);
    }
  }
  return out;
}
const EXTRA = extraPhrases();

/** Every symptom, in data order, with the phrases of `symptom-phrases.json` appended. Frozen: callers share it. */
export const SYMPTOMS: readonly SymptomEntry[] = Object.freeze(
  symptomsJson.map(
    (s): SymptomEntry =>
      Object.freeze({
        id: s.id,
        name: s.name,
        synonyms: Object.freeze([...s.synonyms, ...(EXTRA.get(s.id) ?? [])]),
        bodySite: s.bodySite,
        severe: s.severe ?? false,
        implies: Object.freeze([...(s.implies ?? [])]),
        negatable: s.negatable ?? true,
        ask: s.ask,
        ...(s.redFlag === undefined ? {} : { redFlag: s.redFlag }),
        source: s.source,
      }),
  ),
);

const BY_ID: ReadonlyMap<string, SymptomEntry> = new Map(SYMPTOMS.map((s) => [s.id, s]));

/** The symptom with this id, or undefined. */
export function symptomById(id: string): SymptomEntry | undefined {
  return BY_ID.get(id);
}
