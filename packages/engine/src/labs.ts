import { normalizeText } from './normalize.ts';
import { LAB_INDICATORS } from './labs-data.ts';
import type { LabIndicator, LabRange, LabSex } from './labs-data.ts';

/** Whom a report belongs to: age in years, and sex. */
export interface LabMember {
  readonly age: number;
  readonly sex: LabSex;
}

/** One printed line of a lab report. */
export interface LabItemInput {
  readonly name: string;
  readonly value: string | number;
  readonly unit?: string;
  /** The reference range as printed on the report, e.g. '3.5-9.5', '<5.2', '阴性'. */
  readonly refRange?: string;
}

export type ParsedValue =
  | { readonly kind: 'number'; readonly value: number; readonly comparator?: '<' | '>' }
  | { readonly kind: 'qualitative'; readonly positive: boolean };

export interface PrintedRange {
  readonly low?: number;
  readonly high?: number;
  /** Set when the printed range is a qualitative expectation (阴性). */
  readonly qualitative?: 'negative';
}

export type LabFlag = 'normal' | 'high' | 'low' | 'positive' | 'critical-high' | 'critical-low' | 'unknown';

export interface RangeUsed {
  readonly low?: number;
  readonly high?: number;
  readonly from: 'report' | 'knowledge';
}

export interface InterpretedItem {
  readonly indicatorId: string | null;
  readonly name: string;
  /** The value compared: converted to the knowledge unit when the knowledge range was used. */
  readonly value: number | string;
  readonly unit: string;
  readonly flag: LabFlag;
  readonly rangeUsed: RangeUsed | null;
  readonly meaning: string | null;
  readonly advice: string | null;
  /** The value in the indicator's own unit, when known (used by the report patterns). */
  readonly valueInKnowledgeUnit: number | null;
}

export interface LabPattern {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly department: string;
}

export type LabUrgency = 'emergency' | 'urgent' | 'routine' | 'normal';

export interface ReportInterpretation {
  readonly items: readonly InterpretedItem[];
  readonly abnormal: readonly InterpretedItem[];
  readonly patterns: readonly LabPattern[];
  readonly urgency: LabUrgency;
  readonly nextSteps: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Name matching

/** The comparable form of an item name: normalizeText, then no spaces and no asterisks. */
function nameKey(input: string): string {
  return normalizeText(input).replace(/[\s*＊]/gu, '');
}

const BY_KEY: ReadonlyMap<string, LabIndicator> = (() => {
  const map = new Map<string, LabIndicator>();
  for (const indicator of LAB_INDICATORS) {
    for (const key of [indicator.name, indicator.id, ...indicator.aliases]) {
      const k = nameKey(key);
      if (k !== '' && !map.has(k)) map.set(k, indicator);
    }
  }
  return map;
})();

const BY_ID: ReadonlyMap<string, LabIndicator> = new Map(LAB_INDICATORS.map((i) => [i.id, i]));

/** The indicator with this id, if any. */
export function indicatorById(id: string): LabIndicator | undefined {
  return BY_ID.get(id);
}

/**
 * Finds the indicator a printed item name refers to. Case-, width- and space-insensitive; ignores
 * '*' marks; for names like '谷丙转氨酶(ALT)' tries the whole, then each bracketed or outer part.
 */
export function findIndicator(nameOrAlias: string): LabIndicator | null {
  const whole = nameKey(nameOrAlias);
  if (whole === '') return null;
  const direct = BY_KEY.get(whole);
  if (direct) return direct;
  const parts = normalizeText(nameOrAlias)
    .split(/[\s()[\]【】{}]/u)
    .map((p) => p.replace(/[*＊]/gu, ''))
    .filter((p) => p !== '');
  for (const part of parts) {
    const found = BY_KEY.get(part);
    if (found) return found;
  }
  // A trailing "测定"/"检测" as some hospitals print it.
  const trimmed = whole.replace(/(测定|检测|定量|测试)$/u, '');
  if (trimmed !== whole) return findIndicator(trimmed);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Value and range parsing

const NUMBER = String.raw`\d+(?:\.\d+)?`;
const NUMERIC_VALUE = new RegExp(`^(<=|>=|<|>|≤|≥|≦|≧)?(${NUMBER})(.*)$`, 'u');

/** Prepares a printed value or range: normalised, no spaces, no thousands separators. */
function compact(raw: string): string {
  return normalizeText(raw)
    .replace(/\s/gu, '')
    .replace(/(\d),(?=\d{3}(?!\d))/gu, '$1');
}

/**
 * Parses a printed result. Numbers may carry a comparator ('<0.5', '>1000') and arrows or H/L
 * marks, which are dropped (they are never trusted). Qualitative results: 阴性, 阳性(+), 弱阳性,
 * (-), +, ++, ±. Returns null for anything else.
 */
export function parseValue(raw: string | number): ParsedValue | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { kind: 'number', value: raw } : null;
  const s = compact(raw).replace(/[↑↓⬆⬇]/gu, '');
  if (s === '') return null;
  if (/阴性|negative|^neg$|未检出|未见/u.test(s)) return { kind: 'qualitative', positive: false };
  if (/阳性|positive|^pos$|检出/u.test(s)) return { kind: 'qualitative', positive: true };
  const bare = s.replace(/[()]/gu, '');
  if (/^(\+{1,4}|[1-4]\+|±|\+-|\+\/-)$/u.test(bare)) return { kind: 'qualitative', positive: true };
  if (/^[-−—]$/u.test(bare)) return { kind: 'qualitative', positive: false };
  const m = NUMERIC_VALUE.exec(s);
  if (!m) return null;
  const rest = m[3] ?? '';
  // What follows the number may be a mark (h, l, 高, 低, *) or a unit, but never another number.
  if (/\d/u.test(rest.replace(/10\^?\d+|\^\d+/gu, ''))) return null;
  const value = Number(m[2]);
  const op = m[1];
  if (op === undefined) return { kind: 'number', value };
  return { kind: 'number', value, comparator: op.startsWith('<') || op === '≤' || op === '≦' ? '<' : '>' };
}

const TWO_SIDED = new RegExp(`^(${NUMBER})(?:-{1,2}|~{1,2}|—|–|至|到)(${NUMBER})`, 'u');
const UPPER = new RegExp(`^(?:<=|<|≤|≦)(${NUMBER})`, 'u');
const LOWER = new RegExp(`^(?:>=|>|≥|≧)(${NUMBER})`, 'u');

/** Parses a printed reference range: '3.5-9.5', '3.5～9.5', '<5.2', '≤40', '>1.04', '阴性'. */
export function parsePrintedRange(raw: string): PrintedRange | null {
  const s = compact(raw);
  if (s === '') return null;
  if (/^(阴性|阴性\(-\)|\(-\)|-|neg|negative)$/u.test(s)) return { qualitative: 'negative' };
  const two = TWO_SIDED.exec(s);
  if (two) {
    const low = Number(two[1]);
    const high = Number(two[2]);
    return low <= high ? { low, high } : null;
  }
  const upper = UPPER.exec(s);
  if (upper) return { high: Number(upper[1]) };
  const lower = LOWER.exec(s);
  if (lower) return { low: Number(lower[1]) };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Units and ranges

/** Comparable unit: normalised, no spaces, '×', '^' or '*', and a leading 'u' read as 'μ'. */
function unitKey(unit: string): string {
  return normalizeText(unit)
    .replace(/[\s×x*^]/gu, '')
    .replace(/^u(?=[a-z])/u, 'μ');
}

/**
 * The factor that takes a value printed in `unit` to the indicator's unit, or null when the
 * units are incompatible. A missing or empty report unit is taken to be the indicator's unit.
 */
function conversionFactor(indicator: LabIndicator, unit: string | undefined): number | null {
  if (unit === undefined || unit.trim() === '') return 1;
  const key = unitKey(unit);
  if (key === unitKey(indicator.unit)) return 1;
  const conversion = indicator.conversions?.find((c) => unitKey(c.unit) === key);
  return conversion ? conversion.factor : null;
}

function rangeApplies(range: LabRange, member: LabMember): boolean {
  if (range.sex !== undefined && range.sex !== member.sex) return false;
  if (range.ageMin !== undefined && member.age < range.ageMin) return false;
  if (range.ageMax !== undefined && member.age >= range.ageMax) return false;
  return true;
}

/** The most specific reference interval for this member, if any. */
export function knowledgeRange(indicator: LabIndicator, member: LabMember): LabRange | null {
  let best: LabRange | null = null;
  let bestScore = -1;
  for (const range of indicator.ranges) {
    if (!rangeApplies(range, member)) continue;
    const score = (range.sex ? 1 : 0) + (range.ageMin !== undefined || range.ageMax !== undefined ? 2 : 0);
    if (score > bestScore) {
      best = range;
      bestScore = score;
    }
  }
  return best;
}

function compare(value: number, low: number | undefined, high: number | undefined): 'low' | 'high' | 'normal' {
  if (low !== undefined && value < low) return 'low';
  if (high !== undefined && value > high) return 'high';
  return 'normal';
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}

function meaningOf(indicator: LabIndicator | null, flag: LabFlag): { meaning: string | null; advice: string | null } {
  if (!indicator || flag === 'normal' || flag === 'unknown') return { meaning: null, advice: null };
  const high = flag === 'high' || flag === 'critical-high' || flag === 'positive';
  return { meaning: high ? indicator.meaningHigh : indicator.meaningLow, advice: indicator.advice };
}

// ---------------------------------------------------------------------------------------------
// Interpretation

/**
 * Flags one report line. A parseable printed range wins over the knowledge base; a report unit
 * that differs from the knowledge unit is converted when a conversion exists; arrows and H/L
 * marks printed next to the value are ignored. Critical values (危急值) are checked whenever the
 * unit is known.
 */
export function interpretItem(item: LabItemInput, member: LabMember): InterpretedItem {
  const indicator = findIndicator(item.name);
  const name = indicator?.name ?? item.name.trim();
  const reportUnit = item.unit?.trim() ?? '';
  const parsed = parseValue(item.value);
  const printed = item.refRange === undefined ? null : parsePrintedRange(item.refRange);
  const base = { indicatorId: indicator?.id ?? null, name };

  const finish = (
    value: number | string,
    unit: string,
    flag: LabFlag,
    rangeUsed: RangeUsed | null,
    valueInKnowledgeUnit: number | null,
  ): InterpretedItem => ({ ...base, value, unit, flag, rangeUsed, valueInKnowledgeUnit, ...meaningOf(indicator, flag) });

  const rawValue = typeof item.value === 'number' ? item.value : item.value.trim();
  if (parsed === null) return finish(rawValue, reportUnit, 'unknown', null, null);

  if (parsed.kind === 'qualitative') {
    const qualitativeExpected = printed?.qualitative === 'negative' || indicator?.qualitative === 'negative';
    if (!qualitativeExpected) return finish(rawValue, reportUnit, 'unknown', null, null);
    return finish(rawValue, reportUnit, parsed.positive ? 'positive' : 'normal', null, null);
  }

  const factor = indicator ? conversionFactor(indicator, item.unit) : null;
  const canonical = factor === null ? null : parsed.value * factor;

  let flag: LabFlag = 'unknown';
  let rangeUsed: RangeUsed | null = null;
  let value = parsed.value;
  let unit = reportUnit;

  if (printed && printed.qualitative === undefined) {
    rangeUsed = { ...printed, from: 'report' };
    flag = compare(parsed.value, printed.low, printed.high);
  } else if (indicator && canonical !== null) {
    const range = knowledgeRange(indicator, member);
    value = round(canonical);
    unit = indicator.unit;
    if (range) {
      rangeUsed = { ...(range.low !== undefined && { low: range.low }), ...(range.high !== undefined && { high: range.high }), from: 'knowledge' };
      flag = compare(canonical, range.low, range.high);
    }
  }

  if (indicator && canonical !== null) {
    if (indicator.criticalLow !== undefined && canonical < indicator.criticalLow) flag = 'critical-low';
    else if (indicator.criticalHigh !== undefined && canonical > indicator.criticalHigh) flag = 'critical-high';
  }
  if (flag === 'unknown' && rangeUsed === null) unit = reportUnit || (indicator?.unit ?? '');
  return finish(value, unit, flag, rangeUsed, canonical === null ? null : round(canonical));
}

const isHigh = (i: InterpretedItem | undefined): boolean => i?.flag === 'high' || i?.flag === 'critical-high';
const isLow = (i: InterpretedItem | undefined): boolean => i?.flag === 'low' || i?.flag === 'critical-low';
const isAbnormal = (i: InterpretedItem): boolean => i.flag !== 'normal' && i.flag !== 'unknown';

/** Times the upper limit of the range used, when both are numbers. */
function timesUpper(item: InterpretedItem | undefined): number | null {
  const high = item?.rangeUsed?.high;
  if (item === undefined || high === undefined || high <= 0 || typeof item.value !== 'number') return null;
  return item.value / high;
}

/** The names a result goes by in a pattern's text: as printed, the indicator's name and aliases. */
function namesOf(i: InterpretedItem): string[] {
  const ind = i.indicatorId ? indicatorById(i.indicatorId) : undefined;
  return [i.name, ...(ind ? [ind.name, ...ind.aliases] : [])].filter((n) => n.length >= 2);
}

/**
 * Patterns ordered by how much of the report they explain: the abnormal results each one names
 * (critical ones weigh 3), ties in their order of detection. A mild single finding no longer
 * outranks the finding most results point to.
 */
export function dominantFirst(patterns: readonly LabPattern[], abnormal: readonly InterpretedItem[]): LabPattern[] {
  const weight = (p: LabPattern): number =>
    abnormal.filter((i) => namesOf(i).some((n) => p.text.includes(n))).reduce((w, i) => w + (i.flag === 'critical-high' || i.flag === 'critical-low' ? 3 : 1), 0);
  return patterns
    .map((p, k) => ({ p, k, w: weight(p) }))
    .sort((a, b) => b.w - a.w || a.k - b.k)
    .map((x) => x.p);
}

/**
 * Interprets a whole report: flags every item, recognises common patterns across items and
 * grades the urgency. Any critical value makes it an emergency with '请立即就医' first.
 */
export function interpretReport(items: readonly LabItemInput[], member: LabMember): ReportInterpretation {
  const interpreted = items.map((item) => interpretItem(item, member));
  const byId = new Map<string, InterpretedItem>();
  for (const i of interpreted) if (i.indicatorId !== null && !byId.has(i.indicatorId)) byId.set(i.indicatorId, i);
  const get = (id: string): InterpretedItem | undefined => byId.get(id);
  const canonical = (id: string): number | null => get(id)?.valueInKnowledgeUnit ?? null;
  const atLeast = (id: string, limit: number): boolean => {
    const v = canonical(id);
    return v !== null && v >= limit;
  };
  const below = (id: string, limit: number): boolean => {
    const v = canonical(id);
    return v !== null && v < limit;
  };

  const patterns: LabPattern[] = [];

  if (isLow(get('hgb')) && isLow(get('mcv')) && isLow(get('mch'))) {
    patterns.push({
      id: 'microcytic-hypochromic-anemia',
      name: '小细胞低色素性贫血',
      text: '血红蛋白、MCV、MCH均降低，符合小细胞低色素性贫血，最常见原因为缺铁，也需排除地中海贫血；建议查血清铁、铁蛋白并寻找失血原因。',
      department: '血液内科',
    });
  }

  const alt = get('alt');
  const ast = get('ast');
  if (isHigh(alt) || isHigh(ast)) {
    const times = Math.max(isHigh(alt) ? (timesUpper(alt) ?? 0) : 0, isHigh(ast) ? (timesUpper(ast) ?? 0) : 0);
    const severity = times >= 2 ? `转氨酶达正常上限的${(Math.floor(times * 10) / 10).toString()}倍（≥2倍），建议尽快就诊。` : '转氨酶轻度升高（<2倍正常上限），可戒酒、规律作息后2～4周复查。';
    patterns.push({
      id: 'hepatocellular-injury',
      name: '肝细胞损伤',
      text: `转氨酶升高提示肝细胞损伤，常见于脂肪肝、病毒性肝炎、饮酒或药物。${severity}`,
      department: '消化内科',
    });
  }

  if (isHigh(get('alp')) && isHigh(get('ggt'))) {
    patterns.push({
      id: 'cholestasis',
      name: '胆汁淤积',
      text: '碱性磷酸酶与γ-谷氨酰转移酶同时升高，提示胆汁淤积（肝内或胆道梗阻），建议做肝胆超声。',
      department: '消化内科',
    });
  }

  if (atLeast('ldl-c', 4.1) || atLeast('tc', 6.2) || atLeast('tg', 2.3) || below('hdl-c', 1.0)) {
    patterns.push({
      id: 'dyslipidemia',
      name: '血脂异常',
      text: '血脂达到《中国成人血脂异常防治指南》的升高（或HDL-C降低）切点，需结合血压、血糖、吸烟等评估心血管风险，先改善生活方式，必要时用药。',
      department: '心血管内科',
    });
  }

  if (atLeast('glu', 7.0) || atLeast('hba1c', 6.5) || atLeast('pg-2h', 11.1)) {
    patterns.push({
      id: 'diabetes-threshold',
      name: '血糖达糖尿病诊断切点',
      text: '血糖指标达到糖尿病诊断切点。无典型症状时需另一天复查确认，才能诊断糖尿病。',
      department: '内分泌科',
    });
  }

  const ua = canonical('uric-acid');
  if (ua !== null && ua > 420) {
    patterns.push({
      id: 'hyperuricemia',
      name: '高尿酸血症',
      text: '血尿酸超过420 μmol/L，属高尿酸血症，可引起痛风和肾损害；建议低嘌呤饮食、戒酒、多饮水并复查。',
      department: '内分泌科',
    });
  }

  if (isHigh(get('creatinine')) || below('egfr', 60)) {
    patterns.push({
      id: 'renal-decline',
      name: '肾功能下降',
      text: '肌酐升高或eGFR<60，提示肾功能下降；需复查并查尿常规、尿白蛋白/肌酐比值，避免使用肾毒性药物。',
      department: '肾内科',
    });
  }

  if (isHigh(get('wbc')) && isHigh(get('neut-pct'))) {
    const crp = isHigh(get('crp')) ? 'C反应蛋白同时升高，更支持细菌感染。' : '';
    patterns.push({
      id: 'bacterial-infection',
      name: '细菌感染可能',
      text: `白细胞和中性粒细胞比例均升高，提示细菌感染可能。${crp}请结合发热等症状就诊。`,
      department: '感染科',
    });
  }

  const tsh = get('tsh');
  const ft4 = get('ft4');
  if (tsh && isLow(tsh) && isHigh(ft4)) {
    patterns.push({ id: 'hyperthyroidism', name: '甲状腺功能亢进', text: 'TSH降低、FT4升高，符合甲状腺功能亢进表现。', department: '内分泌科' });
  } else if (tsh && isHigh(tsh) && isLow(ft4)) {
    patterns.push({ id: 'hypothyroidism', name: '甲状腺功能减退', text: 'TSH升高、FT4降低，符合甲状腺功能减退表现。', department: '内分泌科' });
  } else if (tsh && isLow(tsh) && ft4?.flag === 'normal') {
    patterns.push({ id: 'subclinical-hyperthyroidism', name: '亚临床甲状腺功能亢进', text: 'TSH降低而FT4正常，提示亚临床甲亢，建议复查甲功。', department: '内分泌科' });
  } else if (tsh && isHigh(tsh) && ft4?.flag === 'normal') {
    patterns.push({ id: 'subclinical-hypothyroidism', name: '亚临床甲状腺功能减退', text: 'TSH升高而FT4正常，提示亚临床甲减，建议复查甲功并查TPOAb。', department: '内分泌科' });
  }

  const myocardial = isHigh(get('ctni')) || isHigh(get('hs-ctnt'));
  if (myocardial) {
    patterns.push({
      id: 'myocardial-injury',
      name: '心肌损伤',
      text: '心肌肌钙蛋白升高，提示心肌损伤；如有胸痛、胸闷、出汗、气促，需立即到急诊或胸痛中心排除急性心肌梗死。',
      department: '心血管内科',
    });
  }

  const abnormal = interpreted.filter(isAbnormal);
  const critical = interpreted.filter((i) => i.flag === 'critical-high' || i.flag === 'critical-low');
  // The dominant finding first: the pattern resting on the most abnormal results (a critical one
  // counts three times); its department is the one the reading recommends.
  patterns.splice(0, patterns.length, ...dominantFirst(patterns, abnormal));
  const urgency: LabUrgency = critical.length > 0 ? 'emergency' : myocardial ? 'urgent' : abnormal.length > 0 ? 'routine' : 'normal';

  const nextSteps: string[] = [];
  if (urgency === 'emergency') {
    nextSteps.push('请立即就医');
    for (const i of critical) nextSteps.push(`${i.name} ${String(i.value)}${i.unit ? ` ${i.unit}` : ''} 达到危急值`);
  } else if (urgency === 'urgent') {
    nextSteps.push('请尽快（24小时内）就医，如有胸痛、胸闷请立即拨打120');
  }
  const departments = [...new Set(patterns.map((p) => p.department))];
  for (const d of departments) nextSteps.push(`建议到${d}就诊：${patterns.filter((p) => p.department === d).map((p) => p.name).join('、')}`);
  if (abnormal.length > 0) nextSteps.push('异常结果请结合症状由医生判断，必要时复查');
  else if (interpreted.some((i) => i.flag === 'unknown')) nextSteps.push('部分项目无法自动判断，请以报告单参考范围和医生意见为准');
  else nextSteps.push('各项结果在参考范围内，按计划定期体检即可');

  return { items: interpreted, abnormal, patterns, urgency, nextSteps };
}
