export { normalizeText } from './normalize.ts';
export { toSimplified } from './t2s.ts';
export { suggest, lookup, templates, entriesOf, entryById, type Suggestion } from './lexicon.ts';
export {
  LEXICON_KINDS,
  ALLERGEN_TYPES,
  type LexiconKind,
  type LexiconEntry,
  type LexiconEntryOf,
  type DiseaseEntry,
  type DrugEntry,
  type AllergenEntry,
  type SurgeryEntry,
  type AllergenType,
} from './lexicon-data.ts';
