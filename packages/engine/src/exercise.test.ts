import { describe, expect, it } from 'vitest';
import { EXERCISE_SOURCE, evaluateExerciseWeek, exerciseAgeRule, exerciseConditionRules } from './exercise.ts';

describe('age groups (《中国人群身体活动指南（2021）》)', () => {
  it.each([
    [1, 'age-0-2'],
    [4, 'age-3-5'],
    [12, 'age-6-17'],
    [40, 'age-18-64'],
    [70, 'age-65'],
    [null, 'age-18-64'],
  ])('age %s → %s', (age, id) => {
    expect(exerciseAgeRule(age).id).toBe(id);
  });
  it('cites the guideline', () => {
    expect(EXERCISE_SOURCE).toContain('2021');
  });
});

describe('a week against the recommendation', () => {
  it('adults: 150–300 equivalent minutes meet it, vigorous counts double', () => {
    expect(evaluateExerciseWeek({ moderateMinutes: 90, vigorousMinutes: 0, strengthDays: 0 }, 40).verdict).toBe('below');
    expect(evaluateExerciseWeek({ moderateMinutes: 90, vigorousMinutes: 30, strengthDays: 2 }, 40)).toMatchObject({ verdict: 'meets', equivalent: 150, strengthOk: true });
    expect(evaluateExerciseWeek({ moderateMinutes: 400, vigorousMinutes: 0, strengthDays: 1 }, 40)).toMatchObject({ verdict: 'above', strengthOk: false });
  });
  it('children 6–17 need 60 minutes a day (420 a week) and 3 strength days', () => {
    expect(evaluateExerciseWeek({ moderateMinutes: 300, vigorousMinutes: 0, strengthDays: 3 }, 10).verdict).toBe('below');
    expect(evaluateExerciseWeek({ moderateMinutes: 500, vigorousMinutes: 0, strengthDays: 3 }, 10).verdict).toBe('meets');
  });
  it('under 6 a weekly figure does not apply', () => {
    expect(evaluateExerciseWeek({ moderateMinutes: 500, vigorousMinutes: 0, strengthDays: 0 }, 4).verdict).toBe('not-applicable');
  });
});

describe('condition rules', () => {
  it('match profile diseases and flags once each, in order', () => {
    expect(exerciseConditionRules(['2型糖尿病', '原发性高血压', '糖尿病肾病']).map((r) => r.id)).toEqual(['ex-diabetes', 'ex-hypertension']);
    expect(exerciseConditionRules(['超重']).map((r) => r.id)).toEqual(['ex-obesity']);
  });
  it('do not match unrelated names', () => {
    expect(exerciseConditionRules(['过敏性鼻炎', '近视'])).toEqual([]);
  });
  it('hypertension cautions the 180/110 threshold', () => {
    expect(exerciseConditionRules(['高血压'])[0]?.caution.join('')).toContain('180/110');
  });
});
