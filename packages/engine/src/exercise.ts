import exJson from '../data/exercise-rules.json' with { type: 'json' };
import { normalizeText } from './normalize.ts';

/** The physical-activity recommendation for one age group (《中国人群身体活动指南（2021）》). */
export interface ExerciseAgeRule {
  readonly id: string;
  readonly ages: readonly [number, number];
  readonly group: string;
  /** Weekly moderate-intensity minutes recommended (vigorous minutes count double); null for under-6s (a daily total instead). */
  readonly weeklyModerateMin: number | null;
  readonly weeklyModerateMax: number | null;
  readonly strengthDays: number;
  readonly recommend: readonly string[];
}

/** Exercise advice and cautions for one condition. */
export interface ExerciseConditionRule {
  readonly id: string;
  readonly condition: string;
  readonly match: readonly string[];
  readonly suggest: readonly string[];
  readonly caution: readonly string[];
  readonly source: string;
}

export const EXERCISE_SOURCE: string = exJson.source;
export const EXERCISE_CHRONIC: readonly string[] = Object.freeze([...exJson.chronic]);
export const EXERCISE_AGE_RULES: readonly ExerciseAgeRule[] = Object.freeze(
  exJson.ages.map((a) => Object.freeze({ ...a, ages: Object.freeze([a.ages[0] ?? 0, a.ages[1] ?? 200] as const), recommend: Object.freeze([...a.recommend]) })),
);
export const EXERCISE_CONDITION_RULES: readonly ExerciseConditionRule[] = Object.freeze(
  exJson.conditions.map((c) => Object.freeze({ ...c, match: Object.freeze(c.match.map(normalizeText)), suggest: Object.freeze([...c.suggest]), caution: Object.freeze([...c.caution]) })),
);

/** The age group's rule; adults (18–64) when the age is unknown. */
export function exerciseAgeRule(ageYears: number | null | undefined): ExerciseAgeRule {
  const adult = EXERCISE_AGE_RULES.find((r) => r.id === 'age-18-64');
  if (!adult) throw new Error('exercise rules: adult group missing');
  if (ageYears === null || ageYears === undefined) return adult;
  return EXERCISE_AGE_RULES.find((r) => ageYears >= r.ages[0] && ageYears < r.ages[1]) ?? adult;
}

/** Condition rules for the member's disease names (and flags such as 孕期, 超重), each once, in order. */
export function exerciseConditionRules(names: readonly string[]): ExerciseConditionRule[] {
  const out: ExerciseConditionRule[] = [];
  for (const name of names) {
    const n = normalizeText(name);
    const rule = EXERCISE_CONDITION_RULES.find((r) => r.match.some((m) => n.includes(m)));
    if (rule && !out.includes(rule)) out.push(rule);
  }
  return out;
}

export interface ExerciseWeek {
  /** Minutes of moderate-intensity aerobic activity a week. */
  readonly moderateMinutes: number;
  /** Minutes of vigorous-intensity aerobic activity a week (counted double). */
  readonly vigorousMinutes: number;
  readonly strengthDays: number;
}

export type ExerciseVerdict = 'below' | 'meets' | 'above' | 'not-applicable';

/**
 * A week of activity against the age group's recommendation: equivalent moderate minutes
 * (vigorous × 2) below the minimum → below, within → meets, past the upper bound → above (more
 * benefit, no harm for most); muscle-strengthening days are reported apart. Under 6 the guide
 * counts daily minutes of any activity, so a weekly figure is not-applicable.
 */
export function evaluateExerciseWeek(week: ExerciseWeek, ageYears: number | null | undefined): { verdict: ExerciseVerdict; equivalent: number; strengthOk: boolean; rule: ExerciseAgeRule } {
  const rule = exerciseAgeRule(ageYears);
  const equivalent = week.moderateMinutes + 2 * week.vigorousMinutes;
  const strengthOk = week.strengthDays >= rule.strengthDays;
  if (rule.weeklyModerateMin === null) return { verdict: 'not-applicable', equivalent, strengthOk, rule };
  const verdict: ExerciseVerdict = equivalent < rule.weeklyModerateMin ? 'below' : rule.weeklyModerateMax !== null && equivalent > rule.weeklyModerateMax ? 'above' : 'meets';
  return { verdict, equivalent, strengthOk, rule };
}
