import { describe, expect, it } from 'vitest';
import { buildMemberContext } from '@chatdr/contract';
import { extract } from '@chatdr/engine';
import { chinaDay, commonCards, conditionsFor, indicatorProblem, indicatorsOf, personalCards, portrayTags, questionsFromText } from './insight.rules.ts';

const now = new Date('2026-11-22T10:00:00Z');
const member = (over: Partial<Parameters<typeof buildMemberContext>[0]> = {}, records: Parameters<typeof buildMemberContext>[1] = []) =>
  buildMemberContext({ id: 1, name: '本人', roleName: '本人', sex: 'M', birthDate: '1960-01-01', height: 170, weight: 70, specialPeriod: null, pregnancyWeek: null, smoking: null, drinking: null, ...over }, records, now);

describe('insight rules', () => {
  it('tags a disease the question names, or whose typical symptom it mentions, as relevant', () => {
    const ctx = member({}, [{ type: 'disease', name: '高血压', code: null, detail: {} }, { type: 'disease', name: '痛风', code: null, detail: {} }]);
    const tags = portrayTags(ctx, '最近老是头晕');
    expect(tags[0]).toMatchObject({ type: 'disease', name: '高血压', relevant: true, reason: '症状可能与该疾病有关' });
    expect(tags.find((t) => t.name === '痛风')?.relevant).toBe(false);
    expect(tags.find((t) => t.type === 'ageGroup')).toMatchObject({ name: '老年人', relevant: true });
  });

  it('checks indicator ranges', () => {
    expect(indicatorProblem('bloodPressure', 120, 80)).toBeNull();
    expect(indicatorProblem('bloodPressure', 80, 120)).toBe('舒张压需低于收缩压');
    expect(indicatorProblem('spo2', 101, undefined)).toBe('血氧饱和度需在30-100%之间');
    expect(indicatorsOf(extract('血压150/95，心率88'))).toEqual([{ type: 'bloodPressure', value: 150, value2: 95 }, { type: 'heartRate', value: 88 }]);
  });

  it('builds knowledge cards with numbered sources', () => {
    expect(conditionsFor('糖尿病').map((c) => c.name)).toEqual(['2型糖尿病']);
    const cards = personalCards(member({}, [{ type: 'disease', name: '痛风', code: null, detail: {} }]), 5);
    expect(cards.map((c) => c.id)).toEqual(['condition:gout', 'diet:diet-gout']);
    expect(cards.map((c) => c.source.index)).toEqual([1, 2]);
    expect(commonCards(2)).toHaveLength(2);
  });

  it('suggests questions from the text and tells the China calendar day', () => {
    expect(questionsFromText('布洛芬')).toEqual(['布洛芬的用法用量是什么？', '布洛芬有哪些副作用？', '布洛芬不能和哪些药一起吃？']);
    expect(questionsFromText('你好')).toEqual([]);
    expect(chinaDay(Date.parse('2026-11-22T17:00:00Z'))).toBe('2026-11-23');
  });
});
