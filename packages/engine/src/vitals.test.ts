import { describe, it, expect } from 'vitest';
import { classifyBp, classifyHeartRate, bmiOf, bmiClassOf, type BpClass } from './vitals.ts';

function adult(s: number, d: number, age?: number): BpClass {
  const r = classifyBp(s, d, age);
  if (r === null || r.category === null) throw new Error(`no adult class for ${s}/${d}`);
  return r;
}

describe('classifyBp', () => {
  it.each([
    [118, 78, 'normal', 0],
    [120, 79, 'high-normal', 1],
    [119, 80, 'high-normal', 1],
    [139, 89, 'high-normal', 1],
    [140, 89, 'isolated-systolic', 2],
    [139, 90, 'grade1', 2],
    [140, 90, 'grade1', 2],
    [159, 99, 'grade1', 2],
    [150, 105, 'grade2', 3],
    [160, 95, 'grade2', 3],
    [175, 112, 'grade3', 4],
    [145, 85, 'isolated-systolic', 2],
    [165, 85, 'isolated-systolic', 3],
  ] as const)('%i/%i → %s (level %i)', (s, d, id, level) => {
    const r = adult(s, d, 45);
    expect(r.id).toBe(id);
    expect(r.category).toBe(id);
    expect(r.level).toBe(level);
    expect(r.source).toContain('高血压防治指南');
    expect(r.advice.length).toBeGreaterThan(10);
  });

  it('185/95 is grade 3 with the emergency hint (the higher category wins)', () => {
    const r = adult(185, 95);
    expect(r.id).toBe('grade3');
    expect(r.name).toContain('3级');
    expect(r.level).toBe(5);
    expect(r.note).toContain('120');
  });

  it('diastolic 120 alone triggers the emergency level', () => {
    const r = adult(170, 120);
    expect(r.id).toBe('grade3');
    expect(r.level).toBe(5);
    expect(r.note).toContain('高血压急症');
  });

  it('isolated systolic hypertension carries its systolic grade in the note', () => {
    const r = adult(165, 85);
    expect(r.note).toContain('2级');
  });

  it('low blood pressure below 90/60', () => {
    expect(adult(85, 55).id).toBe('hypotension');
    expect(adult(88, 65).id).toBe('hypotension');
    expect(adult(90, 60).id).toBe('normal');
  });

  it('children get no adult category', () => {
    const r = classifyBp(130, 85, 10);
    expect(r).not.toBeNull();
    expect(r?.category).toBeNull();
    expect(r?.note).toBe('儿童血压需按年龄、性别和身高百分位判断');
    expect(adult(130, 85, 18).id).toBe('high-normal');
  });

  it('rejects implausible readings', () => {
    expect(classifyBp(80, 120)).toBeNull();
    expect(classifyBp(0, 0)).toBeNull();
    expect(classifyBp(Number.NaN, 80)).toBeNull();
    expect(classifyBp(400, 80)).toBeNull();
  });
});

describe('classifyHeartRate', () => {
  it('adult 60–100 is normal', () => {
    expect(classifyHeartRate(60)?.id).toBe('normal');
    expect(classifyHeartRate(100, 40)?.id).toBe('normal');
    expect(classifyHeartRate(59, 40)?.id).toBe('bradycardia');
    expect(classifyHeartRate(101, 40)?.id).toBe('tachycardia');
    expect(classifyHeartRate(101, 40)?.level).toBe(1);
  });
  it('marked abnormality is level 2', () => {
    expect(classifyHeartRate(35, 70)?.level).toBe(2);
    expect(classifyHeartRate(160, 30)?.level).toBe(2);
    expect(classifyHeartRate(160, 30)?.advice).toContain('120');
  });
  it('children use age bands', () => {
    expect(classifyHeartRate(120, 0.5)?.id).toBe('normal');
    expect(classifyHeartRate(120, 0.5)?.range).toEqual([110, 130]);
    expect(classifyHeartRate(120, 10)?.id).toBe('tachycardia');
    expect(classifyHeartRate(95, 5)?.id).toBe('normal');
    expect(classifyHeartRate(95, 5)?.source).toContain('儿科学');
  });
  it('rejects implausible values', () => {
    expect(classifyHeartRate(0)).toBeNull();
    expect(classifyHeartRate(400)).toBeNull();
  });
});

describe('BMI re-export from @chatdr/contract', () => {
  it('computes and classifies', () => {
    const bmi = bmiOf(170, 75);
    expect(bmi).toBe(26);
    expect(bmiClassOf(bmi, 40, 'M')).toBe('超重');
  });
});
