import type { DoseUnit, MemberDetail, RecordDetailFields, RecordType } from '@chatdr/contract';
import { relationKeyOf } from './records';

/** A translate function (i18next's `t`, or a stand-in in tests). */
export type Tr = (key: string, opts?: Record<string, unknown>) => string;

/**
 * The dose units (contract's DOSE_UNITS) with an i18n slug each; the stored value is the code,
 * `zh` is the Chinese label shown in the picker.
 */
export const DOSE_UNIT_OPTIONS: ReadonlyArray<{ value: DoseUnit; key: string; zh: string }> = [
  { value: 'tablet', key: 'tablet', zh: '片' },
  { value: 'capsule', key: 'capsule', zh: '粒/胶囊' },
  { value: 'bag', key: 'bag', zh: '袋' },
  { value: 'stick', key: 'stick', zh: '支' },
  { value: 'g', key: 'g', zh: '克' },
  { value: 'mg', key: 'mg', zh: '毫克' },
  { value: 'ml', key: 'ml', zh: '毫升' },
  { value: 'u', key: 'u', zh: '单位' },
  { value: 'μg', key: 'ug', zh: '微克' },
  { value: 'μL', key: 'ul', zh: '微升' },
  { value: 'bottle', key: 'bottle', zh: '瓶' },
  { value: 'drop', key: 'drop', zh: '滴' },
  { value: '付', key: 'fu', zh: '付' },
  { value: 'spray', key: 'spray', zh: '喷' },
  { value: 'cap', key: 'cap', zh: '帽' },
  { value: 'apply', key: 'apply', zh: '涂抹' },
  { value: 'inhale', key: 'inhale', zh: '吸' },
  { value: 'needle', key: 'needle', zh: '针' },
  { value: 'patch', key: 'patch', zh: '贴' },
  { value: 'spoon', key: 'spoon', zh: '勺' },
  { value: 'none', key: 'none', zh: '无' },
];
export const unitOption = (v: string | null | undefined) => DOSE_UNIT_OPTIONS.find((u) => u.value === v) ?? null;

/** How often a medicine is taken; the Chinese text is what is stored (data), shown through i18n. */
export const FREQUENCIES = [
  { key: 'qd', value: '每日1次' },
  { key: 'bid', value: '每日2次' },
  { key: 'tid', value: '每日3次' },
  { key: 'qn', value: '每晚1次' },
  { key: 'prn', value: '必要时' },
  { key: 'qw', value: '每周1次' },
] as const;
export type FrequencyKey = (typeof FREQUENCIES)[number]['key'];
export const frequencyKeyOf = (v: string | null | undefined): FrequencyKey | null => FREQUENCIES.find((f) => f.value === v)?.key ?? null;

/** Common allergic reactions (stored as the Chinese word; anything else may be typed). */
export const REACTIONS = [
  { key: 'rash', value: '皮疹' },
  { key: 'hives', value: '荨麻疹' },
  { key: 'dyspnea', value: '呼吸困难' },
  { key: 'shock', value: '休克' },
  { key: 'gi', value: '胃肠不适' },
  { key: 'other', value: '其他' },
] as const;
export type ReactionKey = (typeof REACTIONS)[number]['key'];
export const reactionKeyOf = (v: string | null | undefined): ReactionKey | null => REACTIONS.find((r) => r.value === v?.trim())?.key ?? null;

/** The record types whose details can be edited, and which fields each has. */
export const DETAIL_FIELDS = {
  disease: ['status', 'date'],
  familyHistory: ['relation', 'status', 'date'],
  medicine: ['frequency', 'dose', 'unit'],
  allergy: ['allergenType', 'reaction'],
  surgery: ['date'],
  maternity: ['outcome', 'date'],
} as const satisfies Record<RecordType, ReadonlyArray<keyof RecordDetailFields>>;

/** A year as shown: 2015年 / 2015; a YYYY-MM date: 2015年3月 / Mar 2015. */
export function formatDetailDate(date: string | null | undefined, t: Tr): string | null {
  if (!date) return null;
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(date);
  if (!m) return null;
  const year = m[1] ?? '';
  return m[2] ? t('family.detail.yearMonth', { y: year, m: Number(m[2]) }) : t('family.detail.year', { y: year });
}

/** A number without trailing zeros (2.50 → 2.5). */
export const formatDose = (n: number) => String(Math.round(n * 1000) / 1000);

/** A dose with its unit: 5毫克 / 5 mg; the unit 无 (none) shows the number alone. */
export function formatDoseUnit(dose: number | null | undefined, unit: string | null | undefined, t: Tr): string | null {
  const u = unitOption(unit);
  const unitText = u && u.value !== 'none' ? t(`family.detail.unit.${u.key}`) : unit && !u ? unit : '';
  if (dose === null || dose === undefined) return unitText || null;
  return t('family.detail.doseWithUnit', { dose: formatDose(dose), unit: unitText }).trim();
}

/** The short line under a record: e.g. 每日1次 · 5毫克, 已治愈 · 2015年, 父亲, 药物 · 皮疹. */
export function detailSummary(type: RecordType, d: RecordDetailFields | null | undefined, t: Tr): string {
  if (!d) return '';
  const parts: Array<string | null> = [];
  for (const field of DETAIL_FIELDS[type]) {
    switch (field) {
      case 'date':
        parts.push(formatDetailDate(d.date, t));
        break;
      case 'status':
        parts.push(d.status ? t(`family.detail.status.${d.status}`) : null);
        break;
      case 'relation': {
        const k = relationKeyOf(d.relation);
        parts.push(k ? t(`family.record.relations.${k}`) : (d.relation ?? null));
        break;
      }
      case 'frequency': {
        const k = frequencyKeyOf(d.frequency);
        parts.push(k ? t(`family.detail.frequency.${k}`) : (d.frequency ?? null));
        break;
      }
      case 'dose':
        parts.push(formatDoseUnit(d.dose, d.unit, t));
        break;
      case 'unit':
        break; // Shown with the dose.
      case 'allergenType':
        parts.push(d.allergenType ? t(`family.record.allergen.${d.allergenType}`) : null);
        break;
      case 'reaction': {
        const k = reactionKeyOf(d.reaction);
        parts.push(k ? t(`family.detail.reaction.${k}`) : d.reaction?.trim() || null);
        break;
      }
      case 'outcome':
        parts.push(d.outcome ? t(`family.maternity.outcome.${d.outcome}`) : null);
        break;
    }
  }
  return parts.filter((p): p is string => Boolean(p)).join(' · ');
}

/** Parses a typed dose: a positive number up to 100000 with at most 3 decimals, or null. */
export function parseDose(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n <= 100000 ? n : null;
}

/** Years offered for a diagnosis / operation: this year back to 1900 (or the birth year). */
export function yearOptions(now: Date, birthDate?: string | null): number[] {
  const last = now.getFullYear();
  const first = Math.max(1900, birthDate ? Number(birthDate.slice(0, 4)) || 1900 : 1900);
  const out: number[] = [];
  for (let y = last; y >= Math.min(first, last); y--) out.push(y);
  return out;
}

// ---- maternity history ----

export const MATERNITY_OUTCOMES = ['vaginal', 'caesarean', 'miscarriage', 'abortion', 'ectopic', 'other'] as const;
export type MaternityOutcome = (typeof MATERNITY_OUTCOMES)[number];

/** The Chinese label of an outcome: stored as the record's name. */
export const OUTCOME_ZH: Record<MaternityOutcome, string> = {
  vaginal: '顺产',
  caesarean: '剖宫产',
  miscarriage: '自然流产',
  abortion: '人工流产',
  ectopic: '异位妊娠',
  other: '其他',
};
export const outcomeLabel = (o: MaternityOutcome) => OUTCOME_ZH[o];
/** The outcome of a stored entry: its detail, else read back from the name. */
export function outcomeOf(r: { name: string; detail: RecordDetailFields }): MaternityOutcome | null {
  if (r.detail.outcome) return r.detail.outcome;
  return MATERNITY_OUTCOMES.find((o) => OUTCOME_ZH[o] === r.name.trim()) ?? null;
}

/** The maternity history is asked of women aged 12 and over. */
export const MATERNITY_MIN_AGE = 12;
export function ageOn(birthDate: string | null | undefined, now: Date): number | null {
  const m = birthDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(birthDate) : null;
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < mo || (now.getMonth() + 1 === mo && now.getDate() < d)) age -= 1;
  return age;
}
/** Women of 12 or older; a woman without a birth date is given the benefit of the doubt. */
export function canHaveMaternity(m: Pick<MemberDetail, 'sex' | 'birthDate'>, now: Date): boolean {
  if (m.sex !== 'F') return false;
  const age = ageOn(m.birthDate, now);
  return age === null || age >= MATERNITY_MIN_AGE;
}

/** Latest first; entries without a date last. */
export function sortMaternity<T extends { id: number; detail: RecordDetailFields }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => (b.detail.date ?? '').localeCompare(a.detail.date ?? '') || b.id - a.id);
}

/** YYYY-MM of a date. */
export const monthOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
