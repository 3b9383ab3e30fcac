import { describe, it, expect } from 'vitest';
import type { AnswerEvent } from '../answer.ts';
import { memberOf, rankedFromText, summarise } from './summary.ts';

describe('summarise', () => {
  it('reads triage, intent, scene, recommended departments and the ranked lines of the text', () => {
    const events: AnswerEvent[] = [
      { type: 'triage', level: 'routine' },
      { type: 'intent', intent: '病情诊断' },
      { type: 'scene', path: ['诊疗', '疾病', '症状自查'] },
      { type: 'text', delta: '可能的情况：\n' },
      { type: 'text', delta: '1. 脑梗死（缺血性脑卒中）（可能性较大）\n' },
      { type: 'text', delta: '2. 偏头痛（有一定可能）\n' },
      { type: 'text', delta: '血红蛋白 85 g/L（偏低）。\n' },
      { type: 'recommend', department: '神经内科', disease: '脑梗死（缺血性脑卒中）' },
      { type: 'done' },
    ];
    expect(summarise(events)).toEqual({
      triage: 'routine',
      departments: ['神经内科'],
      conditions: ['脑梗死（缺血性脑卒中）', '偏头痛'],
      intent: '病情诊断',
      scene: '诊疗/疾病/症状自查',
    });
  });

  it('prefers the self-check conclusion, adds its department, and falls back to the recommended disease', () => {
    const concluded: AnswerEvent[] = [
      { type: 'text', delta: '1. 甲（可能性较大）\n' },
      { type: 'conclusion', command: 'zzzc', level: 'urgent', department: '消化内科', conditions: [{ name: '急性阑尾炎', likelihood: '可能性较大' }, { name: '急性胃肠炎', likelihood: '有一定可能' }] },
    ];
    const s = summarise(concluded);
    expect(s.conditions).toEqual(['急性阑尾炎', '急性胃肠炎']);
    expect(s.departments).toEqual(['消化内科']);
    expect(summarise([{ type: 'recommend', disease: '痛风' }]).conditions).toEqual(['痛风']);
    expect(summarise([])).toEqual({ triage: null, departments: [], conditions: [], intent: null, scene: null });
  });

  it('keeps at most three ranked names, without duplicates', () => {
    expect(rankedFromText('1. A（x）\n2. A（y）\n3. B（x）\n4. C（x）\n5. D（x）\n')).toEqual(['A', 'B', 'C']);
  });
});

describe('memberOf', () => {
  it('derives months under 3 years and only lets a woman be pregnant', () => {
    expect(memberOf({ age: 2 }).ageMonths).toBe(24);
    expect(memberOf({ age: 0, ageMonths: 2 }).ageMonths).toBe(2);
    expect(memberOf({ age: 30, sex: 'M', pregnant: true, pregnancyWeek: 10 }).pregnant).toBe(false);
    const f = memberOf({ age: 30, sex: 'F', pregnant: true, pregnancyWeek: 10, allergies: ['青霉素'] });
    expect(f.pregnant).toBe(true);
    expect(f.pregnancyWeek).toBe(10);
    expect(f.allergies.map((a) => a.name)).toEqual(['青霉素']);
  });
});
