import { describe, expect, it } from 'vitest';
import { isPhone, isSmsCode, isStrongPassword, maskPhone, matchesMasked } from './validate';

describe('auth input checks', () => {
  it('accepts mainland mobile numbers and 6-digit codes only', () => {
    expect(isPhone('13800000000')).toBe(true);
    expect(isPhone('12800000000')).toBe(false);
    expect(isPhone('1380000000')).toBe(false);
    expect(isSmsCode('012345')).toBe(true);
    expect(isSmsCode('12345')).toBe(false);
  });

  it('wants 8–20 characters with letters and digits for a new password', () => {
    expect(isStrongPassword('abc12345')).toBe(true);
    expect(isStrongPassword('abcdefgh')).toBe(false);
    expect(isStrongPassword('a1')).toBe(false);
  });

  it('masks a phone as 138****0000 and matches a full number against the mask', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(matchesMasked('13812345678', '138****5678')).toBe(true);
    expect(matchesMasked('13912345678', '138****5678')).toBe(false);
    expect(matchesMasked('1381234567', '138****5678')).toBe(false);
    expect(matchesMasked('13812345678', '')).toBe(false);
  });
});
