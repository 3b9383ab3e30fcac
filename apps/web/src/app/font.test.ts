import { describe, expect, it } from 'vitest';
import { fontCssOf, isFontLevel } from './font';

describe('font levels', () => {
  it('scales from the base 17 px at M', () => {
    expect(fontCssOf('M')).toEqual({ size: '17px', scale: '1.0000' });
    expect(fontCssOf('S').size).toBe('15px');
    expect(fontCssOf('XXXL').size).toBe('25px');
  });

  it('recognises the six levels only', () => {
    expect(isFontLevel('XL')).toBe(true);
    expect(isFontLevel('XXXXL')).toBe(false);
    expect(isFontLevel(null)).toBe(false);
  });
});
