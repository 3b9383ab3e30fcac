/**
 * Resident identity card numbers (GB 11643-1999): 6-digit region code (GB/T 2260), birth date
 * YYYYMMDD, 3-digit sequence, ISO 7064 MOD 11-2 check character. Pure; both sides use it.
 */

/** Province-level codes of GB/T 2260 (the first two digits). The county table is not shipped: the rest of the region code is checked for shape only. */
export const ID_PROVINCES: Readonly<Record<string, string>> = {
  '11': '北京', '12': '天津', '13': '河北', '14': '山西', '15': '内蒙古',
  '21': '辽宁', '22': '吉林', '23': '黑龙江',
  '31': '上海', '32': '江苏', '33': '浙江', '34': '安徽', '35': '福建', '36': '江西', '37': '山东',
  '41': '河南', '42': '湖北', '43': '湖南', '44': '广东', '45': '广西', '46': '海南',
  '50': '重庆', '51': '四川', '52': '贵州', '53': '云南', '54': '西藏',
  '61': '陕西', '62': '甘肃', '63': '青海', '64': '宁夏', '65': '新疆',
  '71': '台湾', '81': '香港', '82': '澳门',
};

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK = '10X98765432';

/** The check character of the first 17 digits (ISO 7064 MOD 11-2). */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK[sum % 11] ?? '';
}

export type IdCardProblem = 'format' | 'region' | 'birth' | 'checksum';
export interface IdCardInfo {
  /** Upper-case X. */
  normalized: string;
  province: string;
  birthDate: string;
  /** 1 male, 2 female (odd / even sequence). */
  sex: 1 | 2;
}

/** Messages of each problem (shown as they are). */
export const ID_CARD_MSG: Readonly<Record<IdCardProblem, string>> = {
  format: '请输入18位身份证号码',
  region: '身份证号码的地区码不正确',
  birth: '身份证号码的出生日期不正确',
  checksum: '身份证号码校验位不正确，请核对',
};

/** Checks a number; `today` (YYYY-MM-DD) bounds the birth date. */
export function checkIdCard(raw: string, today: string): { ok: true; info: IdCardInfo } | { ok: false; problem: IdCardProblem } {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/u.test(id)) return { ok: false, problem: 'format' };
  const province = ID_PROVINCES[id.slice(0, 2)];
  // City and county parts of a person's region code are never 00 (00 names the level above).
  const whole = ['71', '81', '82'].includes(id.slice(0, 2));
  if (!province || (!whole && (id.slice(2, 4) === '00' || id.slice(4, 6) === '00'))) return { ok: false, problem: 'region' };
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d || birth > today) return { ok: false, problem: 'birth' };
  if (idCheckChar(id.slice(0, 17)) !== id[17]) return { ok: false, problem: 'checksum' };
  return { ok: true, info: { normalized: id, province, birthDate: birth, sex: Number(id[16]) % 2 === 1 ? 1 : 2 } };
}

/** Shown masked: the first three and last four characters. */
export const maskIdCard = (id: string) => (id.length === 18 ? `${id.slice(0, 3)}${'*'.repeat(11)}${id.slice(-4)}` : '*'.repeat(id.length));
/** Shown masked: the surname (first character) and a star per other character. */
export const maskName = (name: string) => {
  const chars = [...name];
  return chars.length <= 1 ? '*' : `${chars[0] ?? ''}${'*'.repeat(chars.length - 1)}`;
};
/** A real name: 2–20 Chinese characters (with · in minority names), or a Latin-script name. */
export const REAL_NAME_RE = /^(?:[\u4e00-\u9fa5]+(?:·[\u4e00-\u9fa5]+)*|[A-Za-z][A-Za-z .'-]{1,49})$/u;
