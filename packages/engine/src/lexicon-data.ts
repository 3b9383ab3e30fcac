import diseasesJson from '../data/diseases.json' with { type: 'json' };
import drugsJson from '../data/drugs.json' with { type: 'json' };
import allergensJson from '../data/allergens.json' with { type: 'json' };
import surgeriesJson from '../data/surgeries.json' with { type: 'json' };

/** The four vocabularies of the health profile. */
export type LexiconKind = 'disease' | 'drug' | 'allergen' | 'surgery';

/** Every kind, in the order results of equal rank are listed. */
export const LEXICON_KINDS: readonly LexiconKind[] = ['disease', 'drug', 'allergen', 'surgery'];

/** What an allergen is: a drug or drug class, a food, or something in the environment. */
export type AllergenType = 'drug' | 'food' | 'environment';

/** Every allergen type. */
export const ALLERGEN_TYPES: readonly AllergenType[] = ['drug', 'food', 'environment'];

interface EntryBase {
  /** Stable id, unique across all four files (kebab-case English or pinyin). */
  readonly id: string;
  /** Standard simplified-Chinese name shown to the user. */
  readonly name: string;
  /** Colloquial names, abbreviations, brand names; matched by search but never shown as the name. */
  readonly synonyms: readonly string[];
  /** The guideline or textbook (with year) the entry follows. */
  readonly source: string;
  /** Popularity: the entry's position in its data file, 0 = most common. */
  readonly rank: number;
}

/** A condition a family health profile records (chronic or past). */
export interface DiseaseEntry extends EntryBase {
  readonly kind: 'disease';
  /** ICD-10 code (WHO category or subcategory, as used by ICD-10 国家临床版2.0). */
  readonly icd10: string;
  /** Clinical department that usually treats it, e.g. 心血管内科. */
  readonly department: string;
  /** Body system, e.g. 循环系统. */
  readonly category: string;
  /** Needs long-term management or follow-up. */
  readonly chronic: boolean;
}

/** A drug by its generic (通用名) name. */
export interface DrugEntry extends EntryBase {
  readonly kind: 'drug';
  /** Pharmacological class in Chinese, e.g. 钙通道阻滞剂. */
  readonly drugClass: string;
  /** True when at least one common preparation is on China's non-prescription (OTC) list. */
  readonly otc: boolean;
  /** Which preparations are OTC or prescription-only, where that differs by preparation. */
  readonly note?: string;
}

/** Something a member is allergic to. */
export interface AllergenEntry extends EntryBase {
  readonly kind: 'allergen';
  readonly type: AllergenType;
}

/** An operation or interventional procedure. */
export interface SurgeryEntry extends EntryBase {
  readonly kind: 'surgery';
}

/** One lexicon entry of any kind. */
export type LexiconEntry = DiseaseEntry | DrugEntry | AllergenEntry | SurgeryEntry;

/** The entry type of one kind. */
export type LexiconEntryOf<K extends LexiconKind> = Extract<LexiconEntry, { kind: K }>;

function asAllergenType(value: string, id: string): AllergenType {
  const type = ALLERGEN_TYPES.find((t) => t === value);
  if (!type) throw new Error(`allergens.json: ${id} has unknown type "${value}"`);
  return type;
}

const freeze = <T extends { synonyms: readonly string[] }>(entry: T): T =>
  Object.freeze({ ...entry, synonyms: Object.freeze([...entry.synonyms]) });

/** All entries of each kind, in data (popularity) order. Frozen: callers share them. */
export const LEXICON_DATA: { readonly [K in LexiconKind]: readonly LexiconEntryOf<K>[] } = {
  disease: diseasesJson.map((d, rank): DiseaseEntry => freeze({ ...d, kind: 'disease', rank })),
  drug: drugsJson.map((d, rank): DrugEntry => freeze({ ...d, kind: 'drug', rank })),
  allergen: allergensJson.map((a, rank): AllergenEntry => freeze({ ...a, type: asAllergenType(a.type, a.id), kind: 'allergen', rank })),
  surgery: surgeriesJson.map((s, rank): SurgeryEntry => freeze({ ...s, kind: 'surgery', rank })),
};
