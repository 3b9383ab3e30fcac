/**
 * Text rewritten for a Mandarin voice that reads digits and Latin letters badly (espeak-ng): numbers
 * become Chinese words ("38.5" → 三十八点五) and common medical units their Chinese names
 * (mg → 毫克, mmol/L → 毫摩尔每升); markdown marks and link brackets go.
 */
const DIGITS = '零一二三四五六七八九';
const SMALL_UNITS = ['', '十', '百', '千'];
const BIG_UNITS = ['', '万', '亿'];

function under10k(n: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(n / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + (SMALL_UNITS[i] ?? '');
  }
  return out;
}

/** A non-negative integer in Chinese words (up to 10^12; longer numbers are read digit by digit). */
export function intToZh(digits: string): string {
  const n = Number(digits);
  if (digits.length > 12 || !Number.isSafeInteger(n)) return [...digits].map((c) => DIGITS[Number(c)]).join('');
  if (n === 0) return '零';
  const groups: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 10_000)) groups.push(v % 10_000);
  let out = '';
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (g === 0) continue;
    if (out && g < 1000) out += '零';
    out += under10k(g) + (BIG_UNITS[i] ?? '');
  }
  out = out.replace(/零+/gu, '零');
  // 一十二 → 十二 at the start, as spoken.
  return out.startsWith('一十') ? out.slice(1) : out;
}

export function numberToZh(raw: string): string {
  const [int = '0', frac] = raw.replace(/,/gu, '').split('.');
  const head = intToZh(int.replace(/^0+(?=\d)/u, ''));
  return frac ? `${head}点${[...frac].map((c) => DIGITS[Number(c)]).join('')}` : head;
}

// Longest first: mmol/L before mmol, mg/dL before mg.
const UNITS: [RegExp, string][] = [
  [/mmol\s*\/\s*L/giu, '毫摩尔每升'],
  [/μmol\s*\/\s*L|umol\s*\/\s*L/giu, '微摩尔每升'],
  [/mg\s*\/\s*dL/giu, '毫克每分升'],
  [/g\s*\/\s*L/gu, '克每升'],
  [/mmHg/giu, '毫米汞柱'],
  [/bpm|次\s*\/\s*分/giu, '次每分钟'],
  [/(?:°C|℃)/gu, '摄氏度'],
  [/(?<![A-Za-z])kg(?![A-Za-z])/giu, '千克'],
  [/(?<![A-Za-z])mg(?![A-Za-z])/giu, '毫克'],
  [/(?<![A-Za-z])ml(?![A-Za-z])/giu, '毫升'],
  [/(?<![A-Za-z])cm(?![A-Za-z])/giu, '厘米'],
  [/(?<![A-Za-z])mm(?![A-Za-z])/giu, '毫米'],
  [/(?<![A-Za-z])g(?![A-Za-z])/gu, '克'],
  [/(?<![A-Za-z])L(?![A-Za-z])/gu, '升'],
];

export function zhSpeakable(text: string): string {
  let s = text.replace(/[【】#*>`_~|]/gu, ' ');
  // Units glued to a number first (5mg), then percentages and ranges, then the numbers themselves.
  for (const [re, zh] of UNITS) s = s.replace(re, zh);
  s = s.replace(/(\d+(?:\.\d+)?)\s*%/gu, (_m, n: string) => `百分之${numberToZh(n)}`);
  s = s.replace(/(\d)\s*[-~～]\s*(\d)/gu, '$1至$2');
  s = s.replace(/\d[\d,]*(?:\.\d+)?/gu, (n) => numberToZh(n));
  return s.replace(/\s+/gu, ' ').trim();
}
