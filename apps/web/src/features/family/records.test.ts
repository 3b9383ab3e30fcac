import { describe, expect, it } from 'vitest';
import { BatchSaveReq, MemberEditReq, type HealthRecord, type MemberDetail, type PersonalRecord } from '@chatdr/contract';
import { addPicked, changeCount, hasPicked, historyChanges, historyDraftOf, historySteps, pickTypeOf, relationKeyOf, removePicked, togglePicked } from './records';

const rec = (id: number, type: HealthRecord['type'], name: string, detail: HealthRecord['detail'] = {}): HealthRecord => ({
  id,
  userInfoId: 7,
  type,
  name,
  code: null,
  detail,
  source: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const member = (over: Partial<MemberDetail> = {}): MemberDetail => ({
  id: 7,
  userId: 1,
  name: '妈妈',
  age: 61,
  sex: 'F',
  roleName: '妈妈',
  roleCode: 'ROLE_1100',
  roleTag: null,
  isDefault: 0,
  birthDate: '1965-03-08',
  height: 160,
  weight: 58.5,
  isSelf: false,
  smoking: null,
  drinking: null,
  specialPeriod: null,
  pregnancyWeek: null,
  menstrual: null,
  bmi: null,
  bmiResult: null,
  ...over,
});

const personal = (m: MemberDetail = member(), records: Partial<PersonalRecord['records']> = {}): PersonalRecord => ({
  member: m,
  records: { disease: [], allergy: [], medicine: [], surgery: [], familyHistory: [], maternity: [], ...records },
});

describe('picked lists', () => {
  it('adds once (names compared trimmed), removes and toggles', () => {
    let l = addPicked([], { name: ' 高血压 ', code: 'd1' });
    expect(l).toEqual([{ name: '高血压', code: 'd1' }]);
    l = addPicked(l, { name: '高血压', code: null });
    expect(l).toHaveLength(1);
    expect(addPicked(l, { name: '  ', code: null })).toHaveLength(1);
    expect(hasPicked(l, '高血压')).toBe(true);
    expect(removePicked(l, '高血压')).toEqual([]);
    expect(togglePicked(l, { name: '高血压', code: null })).toEqual([]);
    expect(togglePicked([], { name: '糖尿病', code: null })).toHaveLength(1);
  });

  it('reads the record type of /user/illness?type=, past diseases by default', () => {
    expect(pickTypeOf('allergy')).toBe('allergy');
    expect(pickTypeOf('maternity')).toBe('disease');
    expect(pickTypeOf(null)).toBe('disease');
  });

  it('maps stored relations back to their keys', () => {
    expect(relationKeyOf('母亲')).toBe('mother');
    expect(relationKeyOf('表哥')).toBeNull();
  });
});

describe('guided health history', () => {
  it('has the women’s-health step only for a woman', () => {
    expect(historySteps('F')).toEqual(['disease', 'allergy', 'medicine', 'surgery', 'familyHistory', 'lifestyle', 'women']);
    expect(historySteps('M')).not.toContain('women');
    expect(historySteps(null)).not.toContain('women');
  });

  it('changes nothing when nothing was touched', () => {
    const p = personal(member(), { disease: [rec(1, 'disease', '高血压')] });
    const c = historyChanges(historyDraftOf(p), p);
    expect(c).toEqual({ add: [], remove: [], edit: null });
    expect(changeCount(c)).toBe(0);
  });

  it('saves new picks, deletes removed records and updates lifestyle and women’s fields', () => {
    const p = personal(member(), { disease: [rec(1, 'disease', '高血压')], allergy: [rec(2, 'allergy', '青霉素', { allergenType: 'drug' })] });
    const d = historyDraftOf(p);
    d.picks.disease = addPicked(d.picks.disease, { name: '2型糖尿病', code: 'dis-2' });
    d.picks.allergy = removePicked(d.picks.allergy, '青霉素');
    d.picks.familyHistory = addPicked(d.picks.familyHistory, { name: '冠心病', code: null, detail: { relation: '父亲' } });
    d.smoking = 'never';
    d.specialPeriod = 'pregnancy';
    d.pregnancyWeek = 20;
    d.menstrual = { regular: true, cycleDays: 28 };
    const c = historyChanges(d, p);
    expect(c.add).toEqual([
      { type: 'disease', name: '2型糖尿病', code: 'dis-2' },
      { type: 'familyHistory', name: '冠心病', code: null, detail: { relation: '父亲' } },
    ]);
    expect(BatchSaveReq.safeParse({ userInfoId: 7, records: c.add }).success).toBe(true);
    expect(c.remove).toEqual([2]);
    expect(c.edit).toEqual({ id: 7, smoking: 'never', specialPeriod: 'pregnancy', pregnancyWeek: 20, menstrual: { regular: true, cycleDays: 28 } });
    expect(MemberEditReq.safeParse(c.edit).success).toBe(true);
    expect(changeCount(c)).toBe(4);
  });

  it('clears the pregnancy week when the special period is no longer pregnancy', () => {
    const p = personal(member({ specialPeriod: 'pregnancy', pregnancyWeek: 30 }));
    const d = historyDraftOf(p);
    d.specialPeriod = 'lactation';
    expect(historyChanges(d, p).edit).toEqual({ id: 7, specialPeriod: 'lactation', pregnancyWeek: null });
  });

  it('never sends women’s fields for a man', () => {
    const p = personal(member({ sex: 'M' }));
    const d = historyDraftOf(p);
    d.specialPeriod = 'pregnancy';
    d.pregnancyWeek = 10;
    d.menstrual = { regular: true };
    expect(historyChanges(d, p).edit).toBeNull();
  });
});
