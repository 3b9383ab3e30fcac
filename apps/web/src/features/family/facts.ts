import { ageInYears, bmiClassOf, bmiOf, exactAge, type BmiClass } from '@chatdr/contract';

/** Age for display: whole years, or months under one year; null without a birth date. */
export function ageOf(birthDate: string | null | undefined, now: Date): { years: number } | { months: number } | null {
  const years = ageInYears(birthDate, now);
  if (years === null || !birthDate) return null;
  if (years >= 1) return { years };
  const [y, m, d] = birthDate.split('-').map(Number);
  let months = (now.getFullYear() - (y ?? 0)) * 12 + (now.getMonth() + 1 - (m ?? 1));
  if (now.getDate() < (d ?? 1)) months--;
  return { months: Math.max(0, months) };
}

export type BmiSlug = 'thin' | 'normal' | 'over' | 'obese';
export const BMI_SLUG: Record<BmiClass, BmiSlug> = { 偏瘦: 'thin', 正常: 'normal', 超重: 'over', 肥胖: 'obese' };

/** BMI and its class for a member (contract's bmiOf/bmiClassOf; children by age and sex). */
export function bmiFacts(m: { height: number | null; weight: number | null; birthDate: string | null; sex: 'M' | 'F' | null }, now: Date) {
  const bmi = bmiOf(m.height, m.weight);
  const cls = bmiClassOf(bmi, exactAge(m.birthDate, now), m.sex);
  return { bmi, cls, slug: cls ? BMI_SLUG[cls] : null };
}

/** The adult scale drawn under a BMI: where a value sits between 14 and 34, as a percentage. */
export const BMI_SCALE = { min: 14, max: 34, cuts: [18.5, 24, 28] } as const;
export const bmiPosition = (bmi: number) => Math.min(100, Math.max(0, ((bmi - BMI_SCALE.min) / (BMI_SCALE.max - BMI_SCALE.min)) * 100));
