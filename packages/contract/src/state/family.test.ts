import { describe, expect, it } from 'vitest';
import { bmiClassOf, bmiOf, ageInYears } from './bmi.ts';
import { clearPresetRole, confirmNotCombined, defaultPresetRole, onMembersChanged, type RoleState } from './roles.ts';
import { buildMemberContext, type MemberContextInput } from './member-context.ts';
import { BatchSaveReq, MemberSaveReq } from '../schemas/family.ts';

describe('BMI', () => {
  it('is weight / height² to one decimal, null without data', () => {
    expect(bmiOf(170, 60)).toBe(20.8);
    expect(bmiOf(160, 70)).toBe(27.3);
    expect(bmiOf(null, 60)).toBeNull();
    expect(bmiOf(170, 0)).toBeNull();
  });
  it.each([
    [18.4, '偏瘦'], [18.5, '正常'], [23.9, '正常'], [24, '超重'], [27.9, '超重'], [28, '肥胖'], [35, '肥胖'],
  ] as const)('adult %f is %s (Chinese adult standard)', (bmi, cls) => expect(bmiClassOf(bmi, 40, 'M')).toBe(cls));
  it('uses the WS/T 586-2018 cut-offs by age and sex for children', () => {
    expect(bmiClassOf(18.0, 8.2, 'M')).toBe('超重'); // boys 8.0: 17.8 / 19.7
    expect(bmiClassOf(18.0, 8.2, 'F')).toBe('超重'); // girls 8.0: 17.6 / 19.4
    expect(bmiClassOf(17.7, 8.2, 'F')).toBe('超重');
    expect(bmiClassOf(17.5, 8.2, 'F')).toBe('正常');
    expect(bmiClassOf(20.0, 8.2, 'M')).toBe('肥胖');
    expect(bmiClassOf(24.5, 12.1, 'M')).toBe('肥胖'); // boys 12.0: 20.7 / 24.1
    expect(bmiClassOf(24.5, 12.1, 'F')).toBe('肥胖'); // girls 12.0: 21.5 / 23.9
    expect(bmiClassOf(22.0, 16, 'M')).toBe('正常');
    // The adult thresholds would call 24.5 at 12 only 超重: the child table is used.
    expect(bmiClassOf(24.5, 40, 'M')).toBe('超重');
  });
  it('gives no class under 6 years', () => expect(bmiClassOf(20, 4, 'M')).toBeNull());
  it('counts whole years to the birthday', () => {
    expect(ageInYears('1990-06-15', new Date(2026, 5, 14))).toBe(35);
    expect(ageInYears('1990-06-15', new Date(2026, 5, 15))).toBe(36);
  });
});

describe('role logic (chat-core §4)', () => {
  const members = [{ id: 1, isDefault: 0, isSelf: true }, { id: 2, isDefault: 1 }, { id: 3, isDefault: 0 }];
  const base: RoleState = { presetRoleId: 2, currentRoleId: 3, notCombinedConfirmed: false };
  it('presets the default member, else the user', () => {
    expect(defaultPresetRole(members)).toBe(2);
    expect(defaultPresetRole([{ id: 1, isDefault: 0, isSelf: true }, { id: 5, isDefault: 0 }])).toBe(1);
    expect(defaultPresetRole([])).toBeNull();
  });
  it('resets a preset role that disappeared', () => {
    const r = onMembersChanged({ ...base, presetRoleId: 3, currentRoleId: 1 }, members.filter((m) => m.id !== 3));
    expect(r.state.presetRoleId).toBe(2);
    expect(r.clearSockets).toBe(false);
  });
  it('clears sockets, starts a new session and resets roles when the current role vanishes', () => {
    const r = onMembersChanged(base, members.filter((m) => m.id !== 3));
    expect(r).toMatchObject({ clearSockets: true, newSession: true, state: { presetRoleId: 2, currentRoleId: 2 } });
  });
  it('changes nothing while both roles still exist', () => {
    expect(onMembersChanged(base, members)).toEqual({ state: base, clearSockets: false, newSession: false });
  });
  it('asks to confirm 不结合档案 once, never when logged out, and remembers the confirmation', () => {
    expect(clearPresetRole(base, true)).toMatchObject({ showConfirm: true, state: { presetRoleId: null } });
    expect(clearPresetRole(base, false).showConfirm).toBe(false);
    expect(clearPresetRole(confirmNotCombined(base), true).showConfirm).toBe(false);
  });
});

describe('member context', () => {
  const mother: MemberContextInput = { id: 7, name: '妈妈', roleName: '妈妈', sex: 'F', birthDate: '1962-03-01', height: 158, weight: 66, specialPeriod: 'none', pregnancyWeek: null, smoking: 'never', drinking: 'never' };
  it('gathers age, BMI, diseases, allergies and medicines for the engine', () => {
    const ctx = buildMemberContext(mother, [
      { type: 'disease', name: '高血压', code: 'hypertension', detail: { status: 'ongoing' } },
      { type: 'disease', name: '阑尾炎', code: null, detail: { status: 'cured' } },
      { type: 'allergy', name: '青霉素类', code: 'penicillins', detail: { allergenType: 'drug' } },
      { type: 'medicine', name: '氨氯地平', code: 'amlodipine', detail: { dose: 5, unit: 'mg', frequency: '每日1次' } },
      { type: 'familyHistory', name: '2型糖尿病', code: null, detail: { relation: '父亲' } },
    ], new Date(2026, 10, 22));
    expect(ctx).toMatchObject({ age: 64, sex: 'F', bmi: 26.4, bmiClass: '超重', pregnant: false, lactating: false, ageMonths: null });
    expect(ctx.diseases).toEqual([{ name: '高血压', code: 'hypertension', ongoing: true }, { name: '阑尾炎', code: null, ongoing: false }]);
    expect(ctx.allergies[0]).toEqual({ name: '青霉素类', code: 'penicillins', type: 'drug' });
    expect(ctx.medicines[0]).toMatchObject({ name: '氨氯地平', dose: 5, unit: 'mg' });
    expect(ctx.familyHistory).toEqual([{ name: '2型糖尿病', relation: '父亲' }]);
  });
  it('keeps pregnancy with its week for a woman and ignores it otherwise', () => {
    const now = new Date(2026, 10, 22);
    expect(buildMemberContext({ ...mother, birthDate: '1995-01-01', specialPeriod: 'pregnancy', pregnancyWeek: 20 }, [], now)).toMatchObject({ pregnant: true, pregnancyWeek: 20 });
    expect(buildMemberContext({ ...mother, sex: 'M', specialPeriod: 'pregnancy', pregnancyWeek: 20 }, [], now)).toMatchObject({ pregnant: false, pregnancyWeek: null });
    expect(buildMemberContext({ ...mother, specialPeriod: 'lactation' }, [], now).lactating).toBe(true);
  });
  it('gives months for a toddler', () => {
    const ctx = buildMemberContext({ ...mother, birthDate: '2025-05-22', height: 80, weight: 10.5 }, [], new Date(2026, 10, 22));
    expect(ctx.age).toBe(1);
    expect(ctx.ageMonths).toBe(18);
    expect(ctx.bmiClass).toBeNull();
  });
});

describe('family schemas (account-health §5)', () => {
  const valid = { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 66.5 };
  it('accepts a valid member and defaults isDefault to 0', () => {
    expect(MemberSaveReq.parse(valid).isDefault).toBe(0);
  });
  it.each([
    [{ roleCode: undefined }, '请先选择角色'],
    [{ name: '' }, '请输入昵称'],
    [{ name: '一二三四五六七八九十一' }, '昵称最多10个字'],
    [{ birthDate: '1899-12-31' }, '出生日期需在1900-01-01至今天之间'],
    [{ birthDate: '2999-01-01' }, '出生日期需在1900-01-01至今天之间'],
    [{ height: 19 }, '身高需在20-275cm之间'],
    [{ height: 276 }, '身高需在20-275cm之间'],
    [{ height: 170.5 }, '身高需为整数'],
    [{ weight: 0.1 }, '体重需在0.2-750kg之间'],
    [{ weight: 750.1 }, '体重需在0.2-750kg之间'],
    [{ weight: 60.25 }, '体重精确到0.1kg'],
  ])('refuses %o with %s', (patch, msg) => {
    const r = MemberSaveReq.safeParse({ ...valid, ...patch });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(msg);
  });
  it('accepts the limits themselves', () => {
    for (const patch of [{ height: 20 }, { height: 275 }, { weight: 0.2 }, { weight: 750 }, { birthDate: '1900-01-01' }]) expect(MemberSaveReq.safeParse({ ...valid, ...patch }).success).toBe(true);
  });
  it('caps a batch at 50 records', () => {
    expect(BatchSaveReq.safeParse({ userInfoId: 1, records: Array.from({ length: 51 }, () => ({ type: 'disease', name: 'x' })) }).success).toBe(false);
  });
});
