import { ageInYears, bmiClassOf, bmiOf, exactAge, type BmiClass } from './bmi.ts';

/** What the answer engine knows of the member being asked about. */
export interface MemberContext {
  userInfoId: number;
  name: string;
  roleName: string;
  /** Whole years; null when the birth date is unknown. */
  age: number | null;
  /** Age in months for children under 3 (dosing), else null. */
  ageMonths: number | null;
  sex: 'M' | 'F' | null;
  heightCm: number | null;
  weightKg: number | null;
  bmi: number | null;
  bmiClass: BmiClass | null;
  diseases: Array<{ name: string; code: string | null; ongoing: boolean }>;
  allergies: Array<{ name: string; code: string | null; type: string | null }>;
  medicines: Array<{ name: string; code: string | null; dose: number | null; unit: string | null; frequency: string | null }>;
  surgeries: string[];
  familyHistory: Array<{ name: string; relation: string | null }>;
  pregnant: boolean;
  pregnancyWeek: number | null;
  lactating: boolean;
  smoking: string | null;
  drinking: string | null;
}

export interface MemberContextInput {
  id: number;
  name: string;
  roleName: string;
  sex: string | null;
  birthDate: string | null;
  height: number | null;
  weight: number | null;
  specialPeriod: string | null;
  pregnancyWeek: number | null;
  smoking: string | null;
  drinking: string | null;
}

export interface RecordLike {
  type: string;
  name: string;
  code: string | null;
  detail: { status?: string | null; allergenType?: string | null; dose?: number | null; unit?: string | null; frequency?: string | null; relation?: string | null };
}

/** The single place that turns a member and their records into the engine's context. */
export function buildMemberContext(m: MemberContextInput, records: readonly RecordLike[], now: Date): MemberContext {
  const sex = m.sex === 'M' || m.sex === 'F' ? m.sex : null;
  const age = ageInYears(m.birthDate, now);
  const exact = exactAge(m.birthDate, now);
  const bmi = bmiOf(m.height, m.weight);
  const of = (type: string) => records.filter((r) => r.type === type);
  // Pregnancy and lactation only make sense for a woman.
  const pregnant = sex === 'F' && m.specialPeriod === 'pregnancy';
  return {
    userInfoId: m.id,
    name: m.name,
    roleName: m.roleName,
    age,
    ageMonths: exact !== null && exact < 3 ? Math.floor(exact * 12) : null,
    sex,
    heightCm: m.height,
    weightKg: m.weight,
    bmi,
    bmiClass: bmiClassOf(bmi, exact, sex),
    diseases: of('disease').map((r) => ({ name: r.name, code: r.code, ongoing: r.detail.status !== 'cured' })),
    allergies: of('allergy').map((r) => ({ name: r.name, code: r.code, type: r.detail.allergenType ?? null })),
    medicines: of('medicine').map((r) => ({ name: r.name, code: r.code, dose: r.detail.dose ?? null, unit: r.detail.unit ?? null, frequency: r.detail.frequency ?? null })),
    surgeries: of('surgery').map((r) => r.name),
    familyHistory: of('familyHistory').map((r) => ({ name: r.name, relation: r.detail.relation ?? null })),
    pregnant,
    pregnancyWeek: pregnant ? m.pregnancyWeek : null,
    lactating: sex === 'F' && m.specialPeriod === 'lactation',
    smoking: m.smoking,
    drinking: m.drinking,
  };
}
