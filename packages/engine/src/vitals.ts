import bpJson from '../data/bp-classes.json' with { type: 'json' };

export { bmiOf, bmiClassOf, type BmiClass } from '@chatdr/contract';

/** The adult office-BP categories of 《中国高血压防治指南（2018年修订版）》, plus low BP. */
export type BpCategoryId = 'hypotension' | 'normal' | 'high-normal' | 'grade1' | 'grade2' | 'grade3' | 'isolated-systolic';

/** One adult BP classification. */
export interface BpClass {
  readonly category: BpCategoryId;
  /** Same as `category`. */
  readonly id: BpCategoryId;
  readonly name: string;
  /**
   * 0 正常, 1 正常高值 or 低血压, 2 1级 (or 单纯收缩期 with systolic 140–159), 3 2级, 4 3级,
   * 5 at or above 180/120 (possible 高血压急症).
   */
  readonly level: number;
  readonly advice: string;
  /** Extra text: the grade of 单纯收缩期高血压, or the emergency hint at ≥ 180/120. */
  readonly note?: string;
  readonly source: string;
}

/** Under 18: no adult category. */
export interface ChildBp {
  readonly category: null;
  readonly note: string;
  readonly advice: string;
  readonly source: string;
}

export type BpClassification = BpClass | ChildBp;

interface GradeDef {
  readonly id: BpCategoryId;
  readonly name: string;
  readonly level: number;
  readonly systolicMin: number;
  readonly diastolicMin: number;
  readonly advice: string;
  readonly source: string;
}

const CATEGORY_IDS: readonly BpCategoryId[] = ['hypotension', 'normal', 'high-normal', 'grade1', 'grade2', 'grade3', 'isolated-systolic'];

function toCategoryId(s: string): BpCategoryId {
  const id = CATEGORY_IDS.find((c) => c === s);
  if (id === undefined) throw new Error(`unknown BP category ${s}`);
  return id;
}

/** Lowest first. */
const GRADES: readonly GradeDef[] = Object.freeze(
  bpJson.categories.map((c) => Object.freeze({ ...c, id: toCategoryId(c.id) })),
);
const ISH = bpJson.isolatedSystolic;
const EMERGENCY = bpJson.emergency;
const LOW = bpJson.hypotension;
const CHILD = bpJson.child;
const HR = bpJson.heartRate;

/** Source of the BP thresholds. */
export const BP_SOURCE: string = bpJson.source;

function gradeIndexOf(value: number, key: 'systolicMin' | 'diastolicMin'): number {
  let at = 0;
  GRADES.forEach((g, i) => {
    if (value >= g[key]) at = i;
  });
  return at;
}

function plausible(systolic: number, diastolic: number): boolean {
  return (
    Number.isFinite(systolic) &&
    Number.isFinite(diastolic) &&
    systolic >= 40 &&
    systolic <= 300 &&
    diastolic >= 20 &&
    diastolic <= 200 &&
    systolic > diastolic
  );
}

/**
 * Classifies one office BP reading (mmHg). Adults per 《中国高血压防治指南（2018年修订版）》:
 * 正常 <120/<80, 正常高值 120–139/80–89, 1级 140–159/90–99, 2级 160–179/100–109, 3级 ≥180/≥110,
 * 单纯收缩期高血压 ≥140/<90 (its level follows the systolic grade). When systolic and diastolic
 * fall into different categories the higher one wins. Below 90/60 (either value) is 低血压, at or
 * above 180/120 (either value) level 5 with an emergency hint. Under 18 there is no adult
 * category. Returns null for implausible readings (systolic ≤ diastolic, out of 40–300/20–200).
 */
export function classifyBp(systolic: number, diastolic: number, ageYears?: number | null): BpClassification | null {
  if (!plausible(systolic, diastolic)) return null;
  if (ageYears !== undefined && ageYears !== null && ageYears < 18) {
    return { category: null, note: CHILD.note, advice: CHILD.advice, source: CHILD.source };
  }
  const emergency = systolic >= EMERGENCY.systolicMin || diastolic >= EMERGENCY.diastolicMin;
  if (!emergency && (systolic <= LOW.systolicMax || diastolic <= LOW.diastolicMax) && systolic < 120 && diastolic < 80) {
    const id = toCategoryId(LOW.id);
    return { category: id, id, name: LOW.name, level: LOW.level, advice: LOW.advice, source: LOW.source };
  }
  const s = gradeIndexOf(systolic, 'systolicMin');
  const d = gradeIndexOf(diastolic, 'diastolicMin');
  const grade = GRADES[Math.max(s, d)];
  if (grade === undefined) return null;
  const notes: string[] = [];
  let base: { id: BpCategoryId; name: string; advice: string; source: string } = grade;
  if (systolic >= ISH.systolicMin && diastolic <= ISH.diastolicMax) {
    base = { id: toCategoryId(ISH.id), name: ISH.name, advice: ISH.advice, source: ISH.source };
    notes.push(`按收缩压水平属于${grade.name}`);
  }
  let level = grade.level;
  if (emergency) {
    level = EMERGENCY.level;
    notes.push(EMERGENCY.note);
  }
  return {
    category: base.id,
    id: base.id,
    name: base.name,
    level,
    advice: base.advice,
    ...(notes.length > 0 ? { note: notes.join('。') } : {}),
    source: base.source,
  };
}

export type HeartRateClassId = 'normal' | 'bradycardia' | 'tachycardia';

export interface HeartRateClass {
  readonly id: HeartRateClassId;
  readonly name: string;
  /** The reference range used, beats per minute. */
  readonly range: readonly [number, number];
  /** 0 in range, 1 out of range, 2 markedly abnormal (< 40 or > 150 in adults). */
  readonly level: number;
  readonly advice: string;
  readonly source: string;
}

/**
 * Classifies a resting heart rate (beats/min): adults (and when age is unknown) 60–100
 * (《诊断学》第9版); under 15 the age bands of 《儿科学》第9版 (1岁以下 110–130, 2–3岁 100–120,
 * 4–7岁 80–100, 8–14岁 70–90). Returns null for implausible values (≤ 0 or > 300).
 */
export function classifyHeartRate(bpm: number, ageYears?: number | null): HeartRateClass | null {
  if (!Number.isFinite(bpm) || bpm <= 0 || bpm > 300) return null;
  const band = ageYears === undefined || ageYears === null ? undefined : HR.children.find((b) => ageYears < b.ageMax);
  const [min, max] = band === undefined ? [HR.adult.min, HR.adult.max] : [band.min, band.max];
  const source = band === undefined ? HR.adult.source : HR.childSource;
  const range = Object.freeze([min, max] as const);
  if (bpm >= min && bpm <= max) return { id: 'normal', name: '心率正常', range, level: 0, advice: HR.advice.normal, source };
  const severe = band === undefined && (bpm < 40 || bpm > 150);
  const slow = bpm < min;
  const ageText = band === undefined ? '' : `（${band.label}儿童参考范围${min}～${max}次/分）`;
  return {
    id: slow ? 'bradycardia' : 'tachycardia',
    name: (slow ? '心率偏慢' : '心率偏快') + ageText,
    range,
    level: severe ? 2 : 1,
    advice: severe ? HR.advice.severe : slow ? HR.advice.slow : HR.advice.fast,
    source,
  };
}
