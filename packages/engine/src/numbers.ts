/** Chinese and Arabic numerals as they appear in symptom descriptions. */

const CN_DIGIT: Readonly<Record<string, number>> = {
  零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9,
};
const CN_UNIT: Readonly<Record<string, number>> = { 十: 10, 百: 100, 千: 1000 };

/** A regex fragment for one number: 38.5, 三十九, 一百六, 三十八点五 (no capture groups). */
export const NUM = '(?:\\d+(?:\\.\\d+)?|[零〇一二两三四五六七八九十百千]+(?:点[零〇一二三四五六七八九]+)?)';

/** A single digit, Arabic or Chinese (the 5 of 38度5). */
export const DIGIT1 = '[0-9零一二三四五六七八九]';

/**
 * The value of a numeral: `38.5`, `三十九` (39), `一百零五` (105), the colloquial `一百六` (160) and
 * `一千二` (1200), `三十八点五` (38.5), `两三` (a range: the larger, 3). Null when it is not a number.
 */
export function parseNumber(raw: string): number | null {
  const s = raw.trim();
  if (!s) return null;
  if (/^\d+(\.\d+)?$/u.test(s)) return Number(s);
  const [intPart = '', decPart, ...rest] = s.split('点');
  if (rest.length > 0) return null;
  const int = parseChineseInteger(intPart);
  if (int === null) return null;
  if (decPart === undefined) return int;
  let decimals = '';
  for (const ch of decPart) {
    const d = CN_DIGIT[ch];
    if (d === undefined) return null;
    decimals += String(d);
  }
  return decimals ? Number(`${int}.${decimals}`) : int;
}

function parseChineseInteger(s: string): number | null {
  if (!s) return null;
  const chars = [...s];
  // Two plain digits side by side (两三, 三四) are a range; take the larger (safer for durations).
  if (chars.every((c) => CN_DIGIT[c] !== undefined)) {
    if (chars.length === 1) return CN_DIGIT[chars[0] ?? ''] ?? null;
    if (chars.length === 2) return Math.max(...chars.map((c) => CN_DIGIT[c] ?? 0));
    return Number(chars.map((c) => CN_DIGIT[c] ?? 0).join(''));
  }
  let total = 0;
  let digit: number | null = null;
  let lastUnit = 0;
  let sawZero = false;
  for (const ch of chars) {
    const d = CN_DIGIT[ch];
    const u = CN_UNIT[ch];
    if (d !== undefined) {
      if (d === 0) sawZero = true;
      digit = d;
    } else if (u !== undefined) {
      total += (digit ?? 1) * u;
      digit = null;
      lastUnit = u;
      sawZero = false;
    } else {
      return null;
    }
  }
  // 一百五六 (150 to 160): two neighbouring digits right after 百/千 are an approximate range in tens;
  // take the larger, as for 两三.
  const tail = chars.slice(-3);
  const [u2, d1, d2] = [tail[0] ?? '', CN_DIGIT[tail[1] ?? ''], CN_DIGIT[tail[2] ?? '']];
  if (chars.length >= 4 && (u2 === '百' || u2 === '千') && d1 !== undefined && d2 !== undefined && d1 > 0 && d2 === d1 + 1 && !sawZero) {
    return total + d2 * (CN_UNIT[u2] ?? 100) / 10;
  }
  if (digit !== null) {
    // 一百六 = 160, 一千二 = 1200: a lone digit right after 百/千 (no 零) counts one unit down.
    const lastChar = chars[chars.length - 2];
    const afterBigUnit = lastChar !== undefined && (lastChar === '百' || lastChar === '千') && !sawZero;
    total += afterBigUnit && lastUnit >= 100 ? digit * (lastUnit / 10) : digit;
  }
  return total;
}
