import { describe, expect, it } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { checkRecords } from './record-check.ts';

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 2, name: '妈妈', roleName: '妈妈', age: 63, ageMonths: null, sex: 'F', heightCm: 158, weightKg: 60, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const med = (name: string) => ({ name, code: null, dose: null, unit: null, frequency: null });

describe('records checked against the profile before they are added (checkRecords)', () => {
  it('a medicine of an allergy\'s class: 阿莫西林 for a penicillin allergy', () => {
    const w = checkRecords(member({ allergies: [{ name: '青霉素类', code: null, type: 'drug' }] }), [{ type: 'medicine', name: '阿莫西林' }]);
    expect(w[0]).toMatchObject({ type: 'medicine', name: '阿莫西林', kind: 'allergy', severity: 'major' });
    expect(w[0]?.text).toMatch(/青霉素/u);
  });
  it('a new allergy against the medicines on file', () => {
    const w = checkRecords(member({ medicines: [med('阿莫西林')] }), [{ type: 'allergy', name: '青霉素类' }]);
    expect(w.some((x) => x.kind === 'allergy' && x.text.startsWith('正在服用的阿莫西林'))).toBe(true);
  });
  it('pregnancy: a medicine to avoid in pregnancy', () => {
    const w = checkRecords(member({ age: 30, pregnant: true, pregnancyWeek: 20 }), [{ type: 'medicine', name: '布洛芬' }]);
    expect(w.some((x) => x.kind === 'pregnancy')).toBe(true);
  });
  it('an interaction with a medicine on file', () => {
    const w = checkRecords(member({ medicines: [med('华法林')] }), [{ type: 'medicine', name: '阿司匹林' }]);
    expect(w.some((x) => x.kind === 'interaction')).toBe(true);
  });
  it('nothing to say: an unrelated medicine, an unknown name, a condition that concerns no medicine on file', () => {
    expect(checkRecords(member(), [{ type: 'medicine', name: '阿莫西林' }])).toEqual([]);
    expect(checkRecords(member(), [{ type: 'medicine', name: '某某自制药丸' }])).toEqual([]);
    expect(checkRecords(member({ medicines: [med('阿莫西林')] }), [{ type: 'disease', name: '近视' }])).toEqual([]);
  });
});
