import { describe, expect, it } from 'vitest';
import { AVATAR_KEYS, avatarKeyOf, asAvatarKey } from './avatar';
import { ageOf, bmiFacts, bmiPosition } from './facts';
import { idParam, withId } from './params';

const NOW = new Date(2026, 4, 20);

describe('member facts', () => {
  it('gives the age in years, or in months under one', () => {
    expect(ageOf('1965-03-08', NOW)).toEqual({ years: 61 });
    expect(ageOf('1965-06-08', NOW)).toEqual({ years: 60 });
    expect(ageOf('2025-11-25', NOW)).toEqual({ months: 5 });
    expect(ageOf('2026-05-01', NOW)).toEqual({ months: 0 });
    expect(ageOf(null, NOW)).toBeNull();
  });

  it('classes the BMI with contract’s standard (children by age and sex)', () => {
    expect(bmiFacts({ height: 170, weight: 60, birthDate: '1990-01-01', sex: 'M' }, NOW)).toEqual({ bmi: 20.8, cls: '正常', slug: 'normal' });
    expect(bmiFacts({ height: 160, weight: 70, birthDate: '1965-03-08', sex: 'F' }, NOW).slug).toBe('over');
    expect(bmiFacts({ height: 140, weight: 45, birthDate: '2016-01-01', sex: 'M' }, NOW).slug).toBe('obese');
    expect(bmiFacts({ height: 90, weight: 13, birthDate: '2023-01-01', sex: 'F' }, NOW)).toMatchObject({ cls: null, slug: null });
    expect(bmiFacts({ height: null, weight: 60, birthDate: null, sex: null }, NOW).bmi).toBeNull();
  });

  it('places a BMI on the 14–34 scale', () => {
    expect(bmiPosition(14)).toBe(0);
    expect(bmiPosition(24)).toBe(50);
    expect(bmiPosition(50)).toBe(100);
  });
});

describe('avatars', () => {
  it('draws one per role and the account holder by sex, like getImgUploadInfo', () => {
    expect(avatarKeyOf({ roleCode: 'ROLE_1100' })).toBe('mother');
    expect(avatarKeyOf({ roleCode: 'girl' })).toBe('girl');
    expect(avatarKeyOf({ roleCode: 'ROLE_4000', sex: 'F' })).toBe('other');
    expect(avatarKeyOf({ roleCode: 'ROLE_0000', sex: 'F' })).toBe('self-female');
    expect(avatarKeyOf({ roleCode: 'x', isSelf: true, sex: 'M' })).toBe('self-male');
    expect(avatarKeyOf({ roleCode: 'ROLE_0000', sex: null })).toBe('self');
    expect(avatarKeyOf({ roleCode: 'unknown' })).toBe('other');
    expect(AVATAR_KEYS).toHaveLength(12);
    expect(asAvatarKey('wife', 'other')).toBe('wife');
    expect(asAvatarKey('alien', 'self')).toBe('self');
  });
});

describe('page parameters', () => {
  it('reads positive ids only', () => {
    expect(idParam('12')).toBe(12);
    expect(idParam('0')).toBeNull();
    expect(idParam('-3')).toBeNull();
    expect(idParam('1e3')).toBeNull();
    expect(idParam(null)).toBeNull();
  });

  it('builds member page links', () => {
    expect(withId('/user/profile', 5)).toBe('/user/profile?id=5');
    expect(withId('/user/profile', null)).toBe('/user/profile');
    expect(withId('/user/illness', 5, { type: 'allergy' })).toBe('/user/illness?id=5&type=allergy');
  });
});
