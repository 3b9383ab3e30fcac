import { describe, expect, it } from 'vitest';
import { averageOf, bpTarget, classifyReading, metaOf, rangeFor, readValue, slotOf } from './health.rules.ts';

const adult = { age: 45, diseases: [] };
const H = 3600_000;

describe('blood-pressure classification (2018 guideline, via the engine)', () => {
  it.each([
    [118, 76, 'normal', false],
    [126, 78, 'high-normal', false],
    [142, 88, 'isolated-systolic', false],
    [150, 95, 'grade1', false],
    [165, 95, 'grade2', false],
    [170, 110, 'grade3', true],
    [185, 100, 'grade3', true],
    [85, 55, 'hypotension', false],
  ])('%i/%i is %s (emergency %s)', (s, d, category, emergency) => {
    expect(classifyReading(s, d, adult)).toMatchObject({ category, emergency });
  });
  it('the higher of systolic and diastolic grades wins', () => {
    expect(classifyReading(135, 102, adult).category).toBe('grade2');
  });
  it('under 18 there is no adult category', () => {
    expect(classifyReading(130, 85, { age: 12, diseases: [] })).toMatchObject({ category: null, emergency: false });
  });
  it('an impossible reading is not classified', () => {
    expect(classifyReading(80, 90, adult)).toMatchObject({ category: null, name: '无法分级' });
  });
  it('above target depends on the member: < 140/90 in general, < 130/80 with diabetes, < 150/90 at 80+', () => {
    expect(classifyReading(135, 82, adult).aboveTarget).toBe(false);
    const diabetic = { age: 60, diseases: [{ name: '2型糖尿病', code: null, ongoing: true }] };
    expect(bpTarget(diabetic).systolic).toBe(130);
    expect(classifyReading(135, 82, diabetic).aboveTarget).toBe(true);
    expect(bpTarget({ age: 85, diseases: [] })).toMatchObject({ systolic: 150, diastolic: 90 });
    expect(bpTarget({ age: 60, diseases: [{ name: '糖尿病', code: null, ongoing: false }] }).systolic).toBe(140);
  });
});

describe('morning and evening slots (China time) and averages', () => {
  const at = (h: number) => Date.UTC(2026, 0, 10, h - 8, 30);
  it.each([[4, 'morning'], [11, 'morning'], [12, 'other'], [17, 'other'], [18, 'evening'], [23, 'evening'], [2, 'other']])('%i:30 is %s', (h, slot) => {
    expect(slotOf(at(h))).toBe(slot);
  });
  it('averages round to whole mmHg and skip missing pulses', () => {
    expect(averageOf([{ systolic: 120, diastolic: 80, pulse: 70 }, { systolic: 131, diastolic: 85, pulse: null }])).toEqual({ count: 2, systolic: 126, diastolic: 83, pulse: 70 });
    expect(averageOf([])).toEqual({ count: 0, systolic: null, diastolic: null, pulse: null });
  });
  it('an hour is not a slot boundary by accident', () => {
    expect(slotOf(at(12) - H)).toBe('morning');
  });
});

describe('indicator units and ranges', () => {
  const ldl = metaOf('lab.ldl-c');
  const ua = metaOf('lab.uric-acid');
  const man = { age: 50, sex: 'M' as const };
  const woman = { age: 50, sex: 'F' as const };
  it('knows lab types, vitals, and nothing else', () => {
    expect(ldl).toMatchObject({ name: '低密度脂蛋白胆固醇', unit: 'mmol/L', units: ['mmol/L', 'mg/dL'] });
    expect(metaOf('glucose')).toMatchObject({ name: '血糖', unit: 'mmol/L' });
    expect(metaOf('lab.none')).toBeNull();
    expect(metaOf('bogus')).toBeNull();
  });
  it('converts mg/dL to mmol/L with the engine factor and flags the result', () => {
    if (!ldl) throw new Error('ldl-c missing');
    expect(readValue(ldl, 160, 'mg/dL', man)).toEqual({ value: 4.138, unit: 'mmol/L', flag: 'high' });
    expect(readValue(ldl, 3.1, 'mmol/L', man)).toEqual({ value: 3.1, unit: 'mmol/L', flag: 'normal' });
    expect(readValue(ldl, 3.1, '', man)?.value).toBe(3.1);
    expect(readValue(ldl, 3.1, 'kg', man)).toBeNull();
  });
  it('uses the range of the member’s sex: uric acid 400 μmol/L is normal for a man, high for a woman; sex unknown: each sex’s verdict', () => {
    if (!ua) throw new Error('uric-acid missing');
    expect(readValue(ua, 400, 'μmol/L', man)?.flag).toBe('normal');
    expect(readValue(ua, 400, 'umol/L', woman)?.flag).toBe('high');
    expect(readValue(ua, 400, 'μmol/L', { age: 50, sex: null })).toEqual({ value: 400, unit: 'μmol/L', flag: 'unknown', flagBySex: { M: 'normal', F: 'high' } });
    expect(readValue(ua, 6.7, 'mg/dL', woman)).toMatchObject({ value: 398.516, flag: 'high' });
    expect(rangeFor(ua, woman)?.text).toBe('155～357 μmol/L');
  });
  it('sex unknown: a value both sexes’ ranges agree on keeps its flag; the range lists both, the band spans both', () => {
    if (!ua || !ldl) throw new Error('indicators missing');
    const nobody = { age: 50, sex: null };
    // Negative: 600 μmol/L is high for either sex, 100 low for either — no per-sex verdict.
    expect(readValue(ua, 600, 'μmol/L', nobody)).toEqual({ value: 600, unit: 'μmol/L', flag: 'high' });
    expect(readValue(ua, 300, 'μmol/L', nobody)).toEqual({ value: 300, unit: 'μmol/L', flag: 'normal' });
    const both = rangeFor(ua, nobody);
    expect(both?.bySex).toBe(true);
    expect(both?.text).toMatch(/^男 \d+～\d+ · 女 155～357 μmol\/L$/);
    expect(both?.low).toBe(Math.min(155, rangeFor(ua, man)?.low ?? 0));
    expect(both?.high).toBe(Math.max(357, rangeFor(ua, man)?.high ?? 0));
    // Negative: a range that does not depend on sex is shown as it is.
    expect(rangeFor(ldl, nobody)).toEqual(rangeFor(ldl, man));
    expect(rangeFor(ldl, nobody)?.bySex).toBeUndefined();
  });
  it('vitals: their own unit only, flagged against adult ranges', () => {
    const g = metaOf('glucose');
    if (!g) throw new Error('glucose missing');
    expect(readValue(g, 7.2, 'mmol/L', man)?.flag).toBe('high');
    expect(readValue(g, 3.2, '', man)?.flag).toBe('low');
    expect(readValue(g, 100, 'mg/dL', man)).toBeNull();
  });
});
