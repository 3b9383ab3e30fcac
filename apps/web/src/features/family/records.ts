import type { DRINKING, HealthRecord, MemberDetail, MemberEditReq, Menstrual, PersonalRecord, RecordDetailFields, RecordInput, SMOKING, SPECIAL_PERIODS } from '@chatdr/contract';

/** The record kinds a user picks from a list (maternity history has its own form, later). */
export const PICK_TYPES = ['disease', 'allergy', 'medicine', 'surgery', 'familyHistory'] as const;
export type PickType = (typeof PICK_TYPES)[number];
export const pickTypeOf = (v: string | null | undefined): PickType => (PICK_TYPES.includes(v as PickType) ? (v as PickType) : 'disease');

/** Whose disease a family-history entry is; the value stored is the Chinese word (data), shown through i18n. */
export const RELATIONS = [
  { key: 'father', value: '父亲' },
  { key: 'mother', value: '母亲' },
  { key: 'sibling', value: '兄弟姐妹' },
  { key: 'grandparent', value: '祖父母' },
  { key: 'maternalGrandparent', value: '外祖父母' },
  { key: 'child', value: '子女' },
  { key: 'other', value: '其他' },
] as const;
export type RelationKey = (typeof RELATIONS)[number]['key'];
export const relationKeyOf = (value: string | null | undefined): RelationKey | null => RELATIONS.find((r) => r.value === value)?.key ?? null;

/** Allergen kinds offered in the forms (drug and food first, account-health §3). */
export const ALLERGEN_CHOICES = ['drug', 'food', 'other'] as const;
export type AllergenChoice = (typeof ALLERGEN_CHOICES)[number];

/** One item picked in a list: an existing record (with its id) or a new one. */
export interface Picked {
  id?: number;
  name: string;
  code: string | null;
  detail?: RecordDetailFields;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ');
export const sameName = (a: string, b: string) => norm(a) === norm(b);

export function addPicked(list: readonly Picked[], item: Picked): Picked[] {
  const name = norm(item.name);
  if (!name || list.some((p) => sameName(p.name, name))) return [...list];
  return [...list, { ...item, name }];
}

export const removePicked = (list: readonly Picked[], name: string): Picked[] => list.filter((p) => !sameName(p.name, name));

export const hasPicked = (list: readonly Picked[], name: string) => list.some((p) => sameName(p.name, name));

export function togglePicked(list: readonly Picked[], item: Picked): Picked[] {
  return hasPicked(list, item.name) ? removePicked(list, item.name) : addPicked(list, item);
}

const fromRecord = (r: HealthRecord): Picked => ({ id: r.id, name: r.name, code: r.code, detail: r.detail });

export type Smoking = (typeof SMOKING)[number];
export type Drinking = (typeof DRINKING)[number];
export type SpecialPeriod = (typeof SPECIAL_PERIODS)[number];

/** The whole health history being filled in at once (/user/new-health-history). */
export interface HistoryDraft {
  picks: Record<PickType, Picked[]>;
  smoking: Smoking | null;
  drinking: Drinking | null;
  specialPeriod: SpecialPeriod | null;
  pregnancyWeek: number | null;
  menstrual: Menstrual;
}

export function historyDraftOf(rec: PersonalRecord): HistoryDraft {
  const m = rec.member;
  return {
    picks: {
      disease: rec.records.disease.map(fromRecord),
      allergy: rec.records.allergy.map(fromRecord),
      medicine: rec.records.medicine.map(fromRecord),
      surgery: rec.records.surgery.map(fromRecord),
      familyHistory: rec.records.familyHistory.map(fromRecord),
    },
    smoking: m.smoking,
    drinking: m.drinking,
    specialPeriod: m.specialPeriod,
    pregnancyWeek: m.pregnancyWeek,
    menstrual: { ...(m.menstrual ?? {}) },
  };
}

/** The steps of the guided form; the women's-health step only for a woman. */
export type HistoryStep = PickType | 'lifestyle' | 'women';
export const historySteps = (sex: 'M' | 'F' | null): HistoryStep[] => [...PICK_TYPES, 'lifestyle', ...(sex === 'F' ? (['women'] as const) : [])];

export interface HistoryChanges {
  add: RecordInput[];
  remove: number[];
  /** Member fields to update (lifestyle, special period, menstrual history), or null. */
  edit: MemberEditReq | null;
}

const sameMenstrual = (a: Menstrual | null, b: Menstrual | null) => {
  const keys = ['menarcheAge', 'cycleDays', 'periodDays', 'lastPeriod', 'regular', 'menopause'] as const;
  return keys.every((k) => (a?.[k] ?? null) === (b?.[k] ?? null));
};

const hasAny = (m: Menstrual) => Object.values(m).some((v) => v !== null && v !== undefined);

/** What the guided form changes: new records, removed ones, and the member's own fields. */
export function historyChanges(draft: HistoryDraft, rec: PersonalRecord): HistoryChanges {
  const add: RecordInput[] = [];
  const remove: number[] = [];
  for (const type of PICK_TYPES) {
    const before = rec.records[type];
    for (const p of draft.picks[type]) {
      if (p.id === undefined) add.push({ type, name: p.name, code: p.code, ...(p.detail ? { detail: p.detail } : {}) });
    }
    for (const r of before) if (!draft.picks[type].some((p) => p.id === r.id)) remove.push(r.id);
  }
  const m: MemberDetail = rec.member;
  const woman = m.sex === 'F';
  const edit: MemberEditReq = { id: m.id };
  if (draft.smoking !== m.smoking && draft.smoking) edit.smoking = draft.smoking;
  if (draft.drinking !== m.drinking && draft.drinking) edit.drinking = draft.drinking;
  if (woman) {
    if (draft.specialPeriod && draft.specialPeriod !== m.specialPeriod) edit.specialPeriod = draft.specialPeriod;
    const week = draft.specialPeriod === 'pregnancy' ? draft.pregnancyWeek : null;
    if (week !== m.pregnancyWeek && (draft.specialPeriod === 'pregnancy' || m.pregnancyWeek !== null)) edit.pregnancyWeek = week;
    if (hasAny(draft.menstrual) && !sameMenstrual(draft.menstrual, m.menstrual)) edit.menstrual = draft.menstrual;
  }
  return { add, remove, edit: Object.keys(edit).length > 1 ? edit : null };
}

export const changeCount = (c: HistoryChanges) => c.add.length + c.remove.length + (c.edit ? 1 : 0);
