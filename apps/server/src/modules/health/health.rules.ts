import type { BpPeriod, MemberContext } from '@chatdr/contract';
import { BP_SOURCE, LAB_INDICATORS, classifyBp, indicatorById, interpretItem, knowledgeRange, type LabIndicator, type LabRange } from '@chatdr/engine';

/**
 * Pure rules of blood pressure and indicators: classification against the member's target,
 * morning/evening slots, averages, units and reference ranges. Numbers and texts follow
 * 《中国高血压防治指南（2018年修订版）》 and the engine's lab indicators.
 */

const CHINA_OFFSET_MS = 8 * 3600_000;
export const DAY_MS = 24 * 3600_000;
export const PERIOD_MS: Readonly<Record<BpPeriod, number>> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

/** Hour of day in China time (UTC+8). */
export const chinaHour = (ms: number): number => new Date(ms + CHINA_OFFSET_MS).getUTCHours();

/** 晨起 04:00–11:59 and 晚间 18:00–23:59 (the guideline's 早晚各测一次), China time. */
export function slotOf(ms: number): 'morning' | 'evening' | 'other' {
  const h = chinaHour(ms);
  if (h >= 4 && h < 12) return 'morning';
  if (h >= 18) return 'evening';
  return 'other';
}

export interface BpTarget { systolic: number; diastolic: number; homeSystolic: number; homeDiastolic: number; text: string }

const has = (ctx: Pick<MemberContext, 'diseases'>, re: RegExp): boolean => ctx.diseases.some((d) => d.ongoing && re.test(d.name));

/**
 * The member's BP target (2018 guideline §6.2): ≥ 80 years < 150/90; diabetes, coronary disease,
 * chronic kidney disease or stroke < 130/80; otherwise < 140/90 (< 130/80 if tolerated). Home
 * readings run about 5 mmHg lower than office ones (home hypertension ≥ 135/85).
 */
export function bpTarget(ctx: Pick<MemberContext, 'age' | 'diseases'>): BpTarget {
  if ((ctx.age ?? 0) >= 80) return { systolic: 150, diastolic: 90, homeSystolic: 145, homeDiastolic: 85, text: '80岁及以上老年人血压一般控制在150/90 mmHg以下，如能耐受可进一步降低。' };
  if (has(ctx, /糖尿病|冠心病|心肌梗|心绞痛|肾病|肾功能不全|脑卒中|脑梗|中风/)) {
    return { systolic: 130, diastolic: 80, homeSystolic: 125, homeDiastolic: 75, text: '合并糖尿病、冠心病、慢性肾脏病或脑卒中者，如能耐受，血压一般控制在130/80 mmHg以下。' };
  }
  return { systolic: 140, diastolic: 90, homeSystolic: 135, homeDiastolic: 85, text: '一般人群血压控制在140/90 mmHg以下，能耐受者可进一步降至130/80 mmHg以下；家庭自测血压≥135/85 mmHg即相当于诊室血压≥140/90 mmHg。' };
}

export interface BpClassResult { category: string | null; name: string; level: number; advice: string; note: string | null; emergency: boolean; aboveTarget: boolean }

/** The engine's classification of one reading, marked emergency at 3级 (≥ 180/110) and above, and compared with the target. */
export function classifyReading(systolic: number, diastolic: number, ctx: Pick<MemberContext, 'age' | 'diseases'>): BpClassResult {
  const c = classifyBp(systolic, diastolic, ctx.age);
  const t = bpTarget(ctx);
  const aboveTarget = systolic >= t.systolic || diastolic >= t.diastolic;
  if (c === null) return { category: null, name: '无法分级', level: 0, advice: '读数不符合常理（收缩压应高于舒张压），请重新测量。', note: null, emergency: false, aboveTarget };
  if (c.category === null) return { category: null, name: c.note, level: 0, advice: c.advice, note: null, emergency: false, aboveTarget };
  return { category: c.category, name: c.name, level: c.level, advice: c.advice, note: c.note ?? null, emergency: c.level >= 4, aboveTarget };
}

/** The adult categories shown on the info screen, lowest first. */
export const BP_CATEGORIES: ReadonlyArray<{ category: string; name: string; range: string }> = [
  { category: 'hypotension', name: '低血压', range: '<90 和/或 <60' },
  { category: 'normal', name: '正常血压', range: '<120 和 <80' },
  { category: 'high-normal', name: '正常高值', range: '120～139 和/或 80～89' },
  { category: 'grade1', name: '高血压1级（轻度）', range: '140～159 和/或 90～99' },
  { category: 'grade2', name: '高血压2级（中度）', range: '160～179 和/或 100～109' },
  { category: 'grade3', name: '高血压3级（重度）', range: '≥180 和/或 ≥110' },
  { category: 'isolated-systolic', name: '单纯收缩期高血压', range: '≥140 和 <90' },
];

/** Home blood-pressure monitoring (2018 guideline §4.2 and its home-monitoring advice). */
export const BP_HOME_ADVICE: readonly string[] = [
  '使用经过国际标准方案认证的上臂式家用自动电子血压计，不推荐腕式或手指式血压计。',
  '测量前30分钟内不吸烟、不喝咖啡或茶、不运动，排空膀胱，安静坐5分钟后再测。',
  '取坐位，背部有依靠，双脚平放；上臂与心脏同一水平，袖带下缘在肘窝上2～3 cm。',
  '每次连续测量2～3遍，间隔1分钟，记录平均值；首次测量双上臂，以后测读数较高的一侧。',
  '初诊或血压未达标者：连续7天早晚各测一次（早上起床后1小时内、服药和早餐前、排尿后；晚上睡前），取后6天的平均值。',
  '血压控制平稳达标者：每周自测1～2天，早晚各一次。',
  '家庭自测血压≥135/85 mmHg，相当于诊室血压≥140/90 mmHg。',
];
export { BP_SOURCE };

export interface Avg { count: number; systolic: number | null; diastolic: number | null; pulse: number | null }
const mean = (xs: number[]): number | null => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);
export function averageOf(rs: ReadonlyArray<{ systolic: number; diastolic: number; pulse: number | null }>): Avg {
  return {
    count: rs.length,
    systolic: mean(rs.map((r) => r.systolic)),
    diastolic: mean(rs.map((r) => r.diastolic)),
    pulse: mean(rs.flatMap((r) => (r.pulse === null ? [] : [r.pulse]))),
  };
}

// --- Indicators ------------------------------------------------------------------------------

/** The vitals a value can be recorded for besides lab indicators (same names as the chat's). */
export const VITALS: Readonly<Record<string, { name: string; unit: string; category: string; low: number | null; high: number | null; min: number; max: number }>> = {
  weight: { name: '体重', unit: 'kg', category: '体征', low: null, high: null, min: 0.2, max: 750 },
  height: { name: '身高', unit: 'cm', category: '体征', low: null, high: null, min: 20, max: 275 },
  glucose: { name: '血糖', unit: 'mmol/L', category: '体征', low: 3.9, high: 6.1, min: 0.5, max: 50 },
  temperature: { name: '体温', unit: '°C', category: '体征', low: 36.0, high: 37.3, min: 30, max: 45 },
  heartRate: { name: '心率', unit: '次/分', category: '体征', low: 60, high: 100, min: 20, max: 300 },
  spo2: { name: '血氧饱和度', unit: '%', category: '体征', low: 95, high: null, min: 30, max: 100 },
};

export type Flag = 'normal' | 'high' | 'low' | 'positive' | 'critical-high' | 'critical-low' | 'unknown';

export interface IndicatorMeta { type: string; name: string; category: string; unit: string; units: string[]; lab: LabIndicator | null }

/** What a type names: `lab.<indicatorId>` (the engine's lab indicators) or a vital; null when unknown. */
export function metaOf(type: string): IndicatorMeta | null {
  if (type.startsWith('lab.')) {
    const lab = indicatorById(type.slice(4));
    if (!lab) return null;
    return { type, name: lab.name, category: lab.category, unit: lab.unit, units: [lab.unit, ...(lab.conversions ?? []).map((c) => c.unit)].filter((u, i, a) => u !== '' && a.indexOf(u) === i), lab };
  }
  const v = VITALS[type];
  return v ? { type, name: v.name, category: v.category, unit: v.unit, units: [v.unit], lab: null } : null;
}

/** Every recordable type: the lab indicators in file order, then the vitals. */
export function allMetas(): IndicatorMeta[] {
  return [...LAB_INDICATORS.map((l) => metaOf(`lab.${l.id}`)), ...Object.keys(VITALS).map(metaOf)].filter((m): m is IndicatorMeta => m !== null);
}

export interface LabWho { age: number | null; sex: 'M' | 'F' | null }

const unitKey = (u: string): string => u.trim().toLowerCase().replace(/μ|µ/g, 'u').replace(/\s+/g, '');

/**
 * Converts a value read in `unit` to the indicator's own unit (engine conversions, e.g. glucose
 * 108 mg/dL → 6.0 mmol/L) and flags it against the member's range. Returns null when the unit is
 * neither the indicator's nor one it converts from.
 */
export function readValue(meta: IndicatorMeta, value: number, unit: string, who: LabWho): { value: number; unit: string; flag: Flag; flagBySex?: { M: Flag; F: Flag } } | null {
  if (meta.lab) {
    const lab = meta.lab;
    const known = unit.trim() === '' || unitKey(unit) === unitKey(lab.unit) || (lab.conversions ?? []).some((c) => unitKey(c.unit) === unitKey(unit));
    if (!known) return null;
    const item = { name: lab.name, value, unit: unit.trim() === '' ? lab.unit : unit };
    const it = interpretItem(item, { age: who.age ?? 40, sex: who.sex ?? 'M' });
    const v = it.valueInKnowledgeUnit ?? value;
    // Sex unknown and the ranges differ by sex: the flag when both sexes' ranges agree; when they
    // do not, 'unknown' with each sex's verdict (the screen shows both).
    const sexless = who.sex === null && lab.ranges.some((r) => r.sex !== undefined);
    if (!sexless) return { value: v, unit: lab.unit, flag: it.flag };
    const f = interpretItem(item, { age: who.age ?? 40, sex: 'F' }).flag;
    return f === it.flag ? { value: v, unit: lab.unit, flag: it.flag } : { value: v, unit: lab.unit, flag: 'unknown', flagBySex: { M: it.flag, F: f } };
  }
  if (unitKey(unit) !== '' && unitKey(unit) !== unitKey(meta.unit)) return null;
  const vital = VITALS[meta.type];
  const flag: Flag = !vital || (vital.low === null && vital.high === null) ? 'normal' : vital.low !== null && value < vital.low ? 'low' : vital.high !== null && value > vital.high ? 'high' : 'normal';
  return { value, unit: meta.unit, flag };
}

const num = (n: number | undefined): number | null => (n === undefined ? null : n);
export function rangeText(low: number | null, high: number | null, unit: string): string {
  if (low !== null && high !== null) return `${low}～${high} ${unit}`.trim();
  if (high !== null) return `<${high} ${unit}`.trim();
  if (low !== null) return `>${low} ${unit}`.trim();
  return '—';
}

/**
 * The member's reference range (age and sex) of an indicator; null when none applies. With the sex
 * not filled in and different ranges for men and women: both (男 … · 女 …), the band spanning both.
 */
export function rangeFor(meta: IndicatorMeta, who: LabWho): { low: number | null; high: number | null; text: string; bySex?: boolean } | null {
  if (meta.lab) {
    if (meta.lab.qualitative) return { low: null, high: null, text: '阴性' };
    const lab = meta.lab;
    const of = (sex: 'M' | 'F'): LabRange | null => knowledgeRange(lab, { age: who.age ?? 40, sex });
    const r: LabRange | null = of(who.sex ?? 'M');
    if (!r) return null;
    if (who.sex === null && lab.ranges.some((x) => x.sex !== undefined)) {
      const f = of('F');
      if (f && (f.low !== r.low || f.high !== r.high)) {
        const span = (a: number | undefined, b: number | undefined, pick: (x: number, y: number) => number) => (a === undefined || b === undefined ? null : pick(a, b));
        return {
          low: span(r.low, f.low, Math.min),
          high: span(r.high, f.high, Math.max),
          text: `男 ${rangeText(num(r.low), num(r.high), '')} · 女 ${rangeText(num(f.low), num(f.high), meta.unit)}`,
          bySex: true,
        };
      }
    }
    return { low: num(r.low), high: num(r.high), text: rangeText(num(r.low), num(r.high), meta.unit) };
  }
  const v = VITALS[meta.type];
  if (!v || (v.low === null && v.high === null)) return null;
  return { low: v.low, high: v.high, text: rangeText(v.low, v.high, v.unit) };
}

export const isAbnormal = (f: Flag): boolean => f !== 'normal' && f !== 'unknown';
