import { describe, expect, it } from 'vitest';
import { REAL_NAME_RE, checkIdCard, idCheckChar, maskIdCard, maskName } from './id-card.ts';

const TODAY = '2026-11-28';
/** A valid number from its first 17 digits. */
const withCheck = (first17: string) => first17 + idCheckChar(first17);

describe('GB 11643 identity numbers', () => {
  it('accepts numbers whose check character is right (published examples and computed ones)', () => {
    // GB 11643-1999 appendix example: 11010519491231002X.
    expect(checkIdCard('11010519491231002X', TODAY)).toMatchObject({ ok: true, info: { province: '北京', birthDate: '1949-12-31', sex: 2 } });
    // Lower-case x is the same number.
    expect(checkIdCard('11010519491231002x', TODAY).ok).toBe(true);
    expect(checkIdCard('440524188001010014', TODAY)).toMatchObject({ ok: false, problem: 'birth' });
    expect(checkIdCard(withCheck('44052419800101001'), TODAY)).toMatchObject({ ok: true, info: { province: '广东', birthDate: '1980-01-01', sex: 1 } });
    expect(checkIdCard(withCheck('51010820000229123'), TODAY)).toMatchObject({ ok: true, info: { birthDate: '2000-02-29' } });
  });
  it('refuses a wrong check character, every other one of the eleven', () => {
    const good = withCheck('32010219900307121');
    for (const c of '0123456789X') {
      const r = checkIdCard(good.slice(0, 17) + c, TODAY);
      expect(r.ok).toBe(c === good[17]);
      if (!r.ok) expect(r.problem).toBe('checksum');
    }
  });
  it('refuses impossible birth dates, future ones and those before 1900', () => {
    expect(checkIdCard(withCheck('51010820010229123'), TODAY)).toMatchObject({ ok: false, problem: 'birth' });
    expect(checkIdCard(withCheck('11010519991301002'), TODAY)).toMatchObject({ ok: false, problem: 'birth' });
    expect(checkIdCard(withCheck('11010520300101002'), TODAY)).toMatchObject({ ok: false, problem: 'birth' });
    expect(checkIdCard(withCheck('11010518991231002'), TODAY)).toMatchObject({ ok: false, problem: 'birth' });
  });
  it('refuses region codes that name no province, or a province or city instead of a county', () => {
    expect(checkIdCard(withCheck('99010519491231002'), TODAY)).toMatchObject({ ok: false, problem: 'region' });
    expect(checkIdCard(withCheck('10010519491231002'), TODAY)).toMatchObject({ ok: false, problem: 'region' });
    expect(checkIdCard(withCheck('11000019491231002'), TODAY)).toMatchObject({ ok: false, problem: 'region' });
    expect(checkIdCard(withCheck('11010019491231002'), TODAY)).toMatchObject({ ok: false, problem: 'region' });
  });
  it('refuses other shapes', () => {
    for (const bad of ['', '1101051949123100', '1101051949123100XX', '11010519491231002Y', '110105194912310021 ', 'X10105194912310021', '１１０１０５１９４９１２３１００２Ｘ']) {
      const r = checkIdCard(bad, TODAY);
      if (bad === '110105194912310021 ') expect(r).toMatchObject({ ok: false, problem: 'checksum' });
      else expect(r).toMatchObject({ ok: false, problem: 'format' });
    }
  });
  it('masks numbers and names', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(REAL_NAME_RE.test('买买提·艾力')).toBe(true);
    expect(REAL_NAME_RE.test('张3')).toBe(false);
    expect(REAL_NAME_RE.test('John Smith')).toBe(true);
  });
});
