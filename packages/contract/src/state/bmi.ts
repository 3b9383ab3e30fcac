/**
 * BMI and its class. Adults (18+): the Chinese adult standard (WS/T 428-2013): < 18.5 偏瘦,
 * 18.5–23.9 正常, 24.0–27.9 超重, ≥ 28.0 肥胖. Children 6–17: overweight and obesity cut-offs by
 * age and sex from WS/T 586-2018 (学龄儿童青少年超重与肥胖筛查); under 6 the BMI is given without a
 * class (growth charts apply).
 */

export type BmiClass = '偏瘦' | '正常' | '超重' | '肥胖';

/** BMI to one decimal, or null without height or weight. */
export function bmiOf(heightCm: number | null | undefined, weightKg: number | null | undefined): number | null {
  if (!heightCm || !weightKg || heightCm <= 0 || weightKg <= 0) return null;
  const m = heightCm / 100;
  return Math.round((weightKg / (m * m)) * 10) / 10;
}

/** WS/T 586-2018 cut-offs [age, boys overweight, boys obese, girls overweight, girls obese], by half year. */
const CHILD_CUTOFFS: ReadonlyArray<readonly [number, number, number, number, number]> = [
  [6.0, 16.4, 17.7, 16.2, 17.5], [6.5, 16.7, 18.1, 16.5, 18.0], [7.0, 17.0, 18.7, 16.8, 18.5], [7.5, 17.4, 19.2, 17.2, 19.0],
  [8.0, 17.8, 19.7, 17.6, 19.4], [8.5, 18.1, 20.3, 18.1, 19.9], [9.0, 18.5, 20.8, 18.5, 20.4], [9.5, 18.9, 21.4, 19.0, 21.0],
  [10.0, 19.2, 21.9, 19.5, 21.5], [10.5, 19.6, 22.5, 20.0, 22.1], [11.0, 19.9, 23.0, 20.5, 22.7], [11.5, 20.3, 23.6, 21.1, 23.3],
  [12.0, 20.7, 24.1, 21.5, 23.9], [12.5, 21.0, 24.7, 21.9, 24.5], [13.0, 21.4, 25.2, 22.2, 25.0], [13.5, 21.9, 25.7, 22.6, 25.6],
  [14.0, 22.3, 26.1, 22.8, 25.9], [14.5, 22.6, 26.4, 23.0, 26.3], [15.0, 22.9, 26.6, 23.2, 26.6], [15.5, 23.1, 26.9, 23.4, 26.9],
  [16.0, 23.3, 27.1, 23.6, 27.1], [16.5, 23.5, 27.4, 23.7, 27.4], [17.0, 23.7, 27.6, 23.8, 27.6], [17.5, 23.8, 27.8, 23.9, 27.8],
];

/**
 * Class of a BMI for a person of `ageYears` (fractional allowed) and `sex`.
 * Returns null when no class applies (no BMI, under 6, or a child of unknown sex).
 */
export function bmiClassOf(bmi: number | null, ageYears: number | null, sex: 'M' | 'F' | null): BmiClass | null {
  if (bmi === null) return null;
  if (ageYears === null || ageYears >= 18) {
    if (bmi < 18.5) return '偏瘦';
    if (bmi < 24) return '正常';
    if (bmi < 28) return '超重';
    return '肥胖';
  }
  if (ageYears < 6 || !sex) return null;
  let row = CHILD_CUTOFFS[0];
  for (const r of CHILD_CUTOFFS) if (r[0] <= ageYears) row = r;
  if (!row) return null;
  const [over, obese] = sex === 'M' ? [row[1], row[2]] : [row[3], row[4]];
  if (bmi >= obese) return '肥胖';
  if (bmi >= over) return '超重';
  return '正常';
}

/** Age in years (fractional) on `now` for a YYYY-MM-DD birth date. */
export function exactAge(birthDate: string | null | undefined, now: Date): number | null {
  if (!birthDate) return null;
  const t = Date.parse(`${birthDate}T00:00:00`);
  if (Number.isNaN(t)) return null;
  return Math.max(0, (now.getTime() - t) / (365.2425 * 86_400_000));
}

/** Whole years on `now`. */
export function ageInYears(birthDate: string | null | undefined, now: Date): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split('-').map(Number);
  if (!y || !m || !d) return null;
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age--;
  return Math.max(0, age);
}
