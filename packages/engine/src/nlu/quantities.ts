import { NUM, parseNumber } from '../numbers.ts';

/**
 * One number of the text read with what it measures. A calendar date is a `date` and never a
 * duration (2019年3月 is a point in time, not 2,019 years); 3个月 after a child word is an `age`,
 * after a complaint a `duration`; 150/95 is a blood pressure; a number right after a test name is
 * that test's value.
 */
export type Quantity =
  | { readonly kind: 'date'; readonly year: number | null; readonly month: number | null; readonly day: number | null; readonly start: number; readonly end: number }
  | { readonly kind: 'duration'; readonly days: number; readonly start: number; readonly end: number }
  | { readonly kind: 'age'; readonly years: number; readonly start: number; readonly end: number }
  | { readonly kind: 'bp'; readonly systolic: number; readonly diastolic: number; readonly start: number; readonly end: number }
  | { readonly kind: 'temperature'; readonly celsius: number; readonly start: number; readonly end: number }
  | { readonly kind: 'weight'; readonly kg: number; readonly start: number; readonly end: number }
  | { readonly kind: 'height'; readonly cm: number; readonly start: number; readonly end: number }
  | { readonly kind: 'pregnancy_week'; readonly weeks: number; readonly start: number; readonly end: number }
  | { readonly kind: 'value'; readonly value: number; readonly unit: string | null; readonly start: number; readonly end: number };

const UNIT_DAYS: Readonly<Record<string, number>> = { 分钟: 1 / 1440, 小时: 1 / 24, 钟头: 1 / 24, 天: 1, 日: 1, 周: 7, 星期: 7, 礼拜: 7, 月: 30.4, 年: 365 };
const APPROX: Readonly<Record<string, number>> = { 几: 3, 好几: 4, 十几: 15, 几十: 30 };
const KID = '(?:宝宝|孩子|婴儿|小孩|娃|儿子|女儿|闺女|新生儿|宝)';

type Span = readonly [number, number];
const overlaps = (a: Span, taken: readonly Span[]): boolean => taken.some((b) => a[0] < b[1] && b[0] < a[1]);

/**
 * Reads every quantity of normalised text (half-width digits, as {@link normalizeText} leaves it).
 * Patterns run from the most specific (dates, blood pressure) to the least (a bare value), and a
 * stretch of text read once is not read again.
 */
export function parseQuantities(t: string): Quantity[] {
  const out: Quantity[] = [];
  const taken: Span[] = [];
  const take = (q: Quantity): void => {
    const span: Span = [q.start, q.end];
    if (overlaps(span, taken)) return;
    taken.push(span);
    out.push(q);
  };
  const each = (re: RegExp, f: (m: RegExpMatchArray, start: number, end: number) => void): void => {
    for (const m of t.matchAll(re)) f(m, m.index, m.index + m[0].length);
  };

  // Dates: 2019年3月5日, 2019年3月, 2019年, 2019.3.5, 2019-03-05, 3月5日/号.
  each(/((?:19|20)\d\d)\s*[年.\-/]\s*(\d{1,2})(?:\s*[月.\-/]\s*(\d{1,2})\s*[日号]?|\s*月)?/gu, (m, s, e) => {
    const month = m[2] ? Number(m[2]) : null;
    const day = m[3] ? Number(m[3]) : null;
    if ((month !== null && (month < 1 || month > 12)) || (day !== null && (day < 1 || day > 31))) return;
    take({ kind: 'date', year: Number(m[1]), month, day, start: s, end: e });
  });
  each(/((?:19|20)\d\d)年(?!\d)/gu, (m, s, e) => take({ kind: 'date', year: Number(m[1]), month: null, day: null, start: s, end: e }));
  each(new RegExp(`(${NUM})月(${NUM})[日号]`, 'gu'), (m, s, e) => {
    const month = parseNumber(m[1] ?? '');
    const day = parseNumber(m[2] ?? '');
    if (month === null || day === null || month < 1 || month > 12 || day < 1 || day > 31) return;
    take({ kind: 'date', year: null, month, day, start: s, end: e });
  });
  // 去年3月, 今年5月: a month, not a duration.
  each(new RegExp(`(?:去年|今年|前年)(${NUM})月(?!份?[0-9一二三四五六七八九十]*[天日号])`, 'gu'), (m, s, e) => {
    const month = parseNumber(m[1] ?? '');
    if (month !== null && month >= 1 && month <= 12) take({ kind: 'date', year: null, month, day: null, start: s, end: e });
  });

  // Blood pressure: 150/95, 血压150 95 → systolic over diastolic.
  each(/(?:血压|bp)?\s*(\d{2,3})\s*[/／]\s*(\d{2,3})(?:\s*mmhg)?/gu, (m, s, e) => {
    const sys = Number(m[1]);
    const dia = Number(m[2]);
    if (sys < 50 || sys > 300 || dia < 20 || dia > 200 || dia >= sys) return;
    take({ kind: 'bp', systolic: sys, diastolic: dia, start: s, end: e });
  });
  // Pregnancy weeks: 孕12周, 怀孕8周.
  each(new RegExp(`(?:怀孕|孕|妊娠)(?:了)?(${NUM})(?:\\+\\d)?(?:多)?周`, 'gu'), (m, s, e) => {
    const w = parseNumber(m[1] ?? '');
    if (w !== null && w > 0 && w <= 45) take({ kind: 'pregnancy_week', weeks: w, start: s, end: e });
  });
  each(new RegExp(`(?:怀孕|孕|妊娠)(?:了|已经|快)?(${NUM})(?:个)?(多|半)?月`, 'gu'), (m, s, e) => {
    const n = parseNumber(m[1] ?? '');
    if (n !== null && n > 0 && n <= 10) take({ kind: 'pregnancy_week', weeks: Math.round((n + (m[2] === '半' ? 0.5 : 0)) * 4.3), start: s, end: e });
  });
  // Temperature: 38.5度, 38.5℃, 39°, 三十八度五.
  each(new RegExp(`(${NUM})\\s*(?:度|℃|°c?)(${'[0-9一二三四五六七八九]'})?`, 'gu'), (m, s, e) => {
    const n = parseNumber(m[1] ?? '');
    if (n === null) return;
    const c = m[2] !== undefined && Number.isInteger(n) ? n + (parseNumber(m[2]) ?? 0) / 10 : n;
    if (c >= 34 && c <= 43) take({ kind: 'temperature', celsius: c, start: s, end: e });
  });
  // Ages: 35岁, 3个月大, 宝宝3个月, 8个月的宝宝, 出生10天.
  each(new RegExp(`(${NUM}|几|十几)(多)?(?:周)?岁(半)?`, 'gu'), (m, s, e) => {
    const n = APPROX[m[1] ?? ''] ?? parseNumber(m[1] ?? '');
    if (n !== null && n <= 120) take({ kind: 'age', years: n + (m[3] ? 0.5 : 0), start: s, end: e });
  });
  each(new RegExp(`(?<!生完?|生了|生下|产下)${KID}(?:才|刚|刚满|满|已经|今年|出生)?(${NUM})(?:个)?(多|半)?(月|天|周)|(${NUM})(?:个)?(多|半)?(月|天|周)(?:大(?![便腿概家量口姨小汗部多约半块片声点些])|的${KID}|${KID})`, 'gu'), (m, s, e) => {
    const n = parseNumber(m[1] ?? m[4] ?? '');
    const unit = m[3] ?? m[6] ?? '';
    if (n === null) return;
    const half = (m[2] ?? m[5]) === '半' ? 0.5 : 0;
    const years = ((n + half) * (UNIT_DAYS[unit] ?? 30.4)) / 365;
    if (years <= 3) take({ kind: 'age', years: Math.round(years * 1000) / 1000, start: s, end: e });
  });
  each(/刚出生|刚生下来|新生儿|刚满月|满月/gu, (m, s, e) => take({ kind: 'age', years: /满月/u.test(m[0]) ? 0.083 : 0.01, start: s, end: e }));
  // Body weight and height: 80斤, 65kg, 159cm, 1米6.
  each(new RegExp(`(${NUM})\\s*(斤|公斤|kg|千克)`, 'gu'), (m, s, e) => {
    const n = parseNumber(m[1] ?? '');
    if (n !== null && n > 0) take({ kind: 'weight', kg: m[2] === '斤' ? n / 2 : n, start: s, end: e });
  });
  each(/(\d{2,3})\s*(?:cm|厘米)|1\s*米\s*([5-9]\d?)/gu, (m, s, e) => {
    const cm = m[1] ? Number(m[1]) : 100 + Number((m[2] ?? '0').padEnd(2, '0'));
    if (cm >= 40 && cm <= 230) take({ kind: 'height', cm, start: s, end: e });
  });
  // Durations: 三天, 两个多月, 半年, 十几年 — but not 每天 (a frequency), 一天三次, or a birth interval.
  each(new RegExp(`(${NUM}|好几|十几|几十|几)(多)?(个)?(多)?(半)?(分钟|小时|钟头|天|日|周|星期|礼拜|月|年)(多|半)?|半(个)?(小时|钟头|天|月|年)`, 'gu'), (m, s, e) => {
    const before = t.slice(Math.max(0, s - 2), s);
    const after = t.slice(e, e + 4);
    if (/每$|第$/u.test(before) || /^[0-9一二两三四五六七八九十几]+次/u.test(after)) return;
    if (m[9] !== undefined) {
      take({ kind: 'duration', days: 0.5 * (UNIT_DAYS[m[9]] ?? 0), start: s, end: e });
      return;
    }
    const unit = m[6] ?? '';
    if (unit === '月' && m[3] === undefined && m[4] === undefined && m[5] === undefined && m[2] === undefined) return; // 3月 is March
    if (unit === '年' && /^\d{4}$/u.test(m[1] ?? '')) return; // a year
    const n = APPROX[m[1] ?? ''] ?? parseNumber(m[1] ?? '');
    if (n === null) return;
    const half = m[5] !== undefined || m[7] === '半' ? 0.5 : 0;
    take({ kind: 'duration', days: Math.round((n + half) * (UNIT_DAYS[unit] ?? 0) * 100) / 100, start: s, end: e });
  });
  // Anything else numeric: a value, with its unit when one follows (mmol/l, u/l, %, 个).
  each(/(\d+(?:\.\d+)?)\s*(mmol\/l|umol\/l|μmol\/l|mg\/dl|g\/l|u\/l|iu\/l|miu\/ml|ng\/ml|pg\/ml|%|×10\^?\d+\/l|个)?/gu, (m, s, e) => {
    take({ kind: 'value', value: Number(m[1]), unit: m[2] ?? null, start: s, end: e });
  });
  return out.sort((a, b) => a.start - b.start);
}
