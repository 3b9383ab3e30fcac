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
export {
  findIndicator,
  indicatorById,
  knowledgeRange,
  parseValue,
  parsePrintedRange,
  interpretItem,
  interpretReport,
  type LabMember,
  type LabItemInput,
  type ParsedValue,
  type PrintedRange,
  type LabFlag,
  type RangeUsed,
  type InterpretedItem,
  type LabPattern,
  type LabUrgency,
  type ReportInterpretation,
} from './labs.ts';
export { LAB_INDICATORS, type LabIndicator, type LabRange, type LabConversion, type LabSex } from './labs-data.ts';
