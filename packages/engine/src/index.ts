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
export { extract, type Extraction, type SymptomMention, type LexiconMention, type Duration, type Age, type BloodPressure, type Vitals, type Who, type Span } from './extract.ts';
export { triage, type TriageLevel, type TriageMember, type TriageMatch, type TriageResult } from './triage.ts';
export { SYMPTOMS, symptomById, type SymptomEntry } from './symptoms.ts';
export { RED_FLAG_RULES, SIGNALS, HISTORY_GROUPS, type RedFlagRule, type RedFlagLevel, type Signal, type HistoryGroup, type VitalTest, type VitalName, type VitalOp } from './red-flags.ts';
export { parseNumber } from './numbers.ts';
export {
  rankConditions,
  departmentFor,
  conditionById,
  departmentByName,
  ageGroupOf,
  CONDITIONS,
  DEPARTMENTS,
  type Condition,
  type ConditionSymptom,
  type ConditionUrgency,
  type Department,
  type DepartmentAdvice,
  type RankedCondition,
  type RankMember,
  type Likelihood,
  type AgeGroup,
} from './conditions.ts';
export {
  answer,
  collectAnswer,
  allergyConflict,
  REFUSAL_TEXT,
  type AnswerInput,
  type AnswerEvent,
  type AnswerIntent,
  type AnswerSkill,
  type AnswerSource,
  type AnswerReportItem,
  type RefusalCode,
} from './answer.ts';
