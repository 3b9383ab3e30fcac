import { describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize.ts';
import { parseQuantities, type Quantity } from './quantities.ts';

const q = (s: string): Array<Omit<Quantity, 'start' | 'end'>> => parseQuantities(normalizeText(s)).map(({ start: _s, end: _e, ...r }) => r);

describe('one parser for numbers with units', () => {
  it('reads a calendar date as a date, never as a duration', () => {
    expect(q('2021年8月确诊的')).toEqual([{ kind: 'date', year: 2021, month: 8, day: null }]);
    expect(q('2020年做过一次')).toEqual([{ kind: 'date', year: 2020, month: null, day: null }]);
    expect(q('10月3号开始的')).toEqual([{ kind: 'date', year: null, month: 10, day: 3 }]);
    expect(q('2022-11-05复查')).toEqual([{ kind: 'date', year: 2022, month: 11, day: 5 }]);
    expect(q('前年6月开始')).toEqual([{ kind: 'date', year: null, month: 6, day: null }]);
    expect(q('3月开始疼').filter((x) => x.kind === 'duration')).toEqual([]);
  });
  it('reads durations in Chinese and Arabic numerals', () => {
    expect(q('嗓子疼五天了')).toEqual([{ kind: 'duration', days: 5 }]);
    expect(q('已经两个多月')).toEqual([{ kind: 'duration', days: 60.8 }]);
    expect(q('痒了半年')).toEqual([{ kind: 'duration', days: 182.5 }]);
    expect(q('每天两片')).toEqual([]);
  });
  it('reads blood pressure, temperature and bare test values', () => {
    expect(q('早上量了162/100')).toEqual([{ kind: 'bp', systolic: 162, diastolic: 100 }]);
    expect(q('烧到三十九度二')).toEqual([{ kind: 'temperature', celsius: 39.2 }]);
    expect(q('空腹6.9mmol/L')).toEqual([{ kind: 'value', value: 6.9, unit: 'mmol/l' }]);
    expect(q('100/150')).toEqual([{ kind: 'value', value: 100, unit: null }, { kind: 'value', value: 150, unit: null }]);
  });
  it('reads ages, pregnancy weeks, weight and height', () => {
    expect(q('女儿七岁')).toEqual([{ kind: 'age', years: 7 }]);
    expect(q('宝宝5个月')).toEqual([{ kind: 'age', years: 0.416 }]);
    expect(q('孕20周')).toEqual([{ kind: 'pregnancy_week', weeks: 20 }]);
    expect(q('怀孕两个月')).toEqual([{ kind: 'pregnancy_week', weeks: 9 }]);
    expect(q('170cm 120斤')).toEqual([{ kind: 'height', cm: 170 }, { kind: 'weight', kg: 60 }]);
  });
});
