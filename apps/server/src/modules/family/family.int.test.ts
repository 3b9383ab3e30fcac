import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG, routes, type RouteDef } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const F = routes.family;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const mom = { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 66.5 };

async function account() {
  const { token } = await t.login();
  const info = await t.call(routes.auth.accountInfo, { token });
  const selfId = (info.data as { members: Array<{ id: number }> }).members[0]?.id ?? 0;
  return { token, selfId };
}
const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

describe('family members', () => {
  it('adds 妈妈 with the sex fixed by her role, shows her in account info, and computes age and BMI', async () => {
    const { token } = await account();
    const m = data<{ id: number; sex: string; roleName: string; age: number; bmi: number; bmiResult: string }>(await t.call(F.saveUserInfo, { token, body: { ...mom, sex: 'M' } }));
    expect(m).toMatchObject({ sex: 'F', roleName: '妈妈', bmi: 26.6, bmiResult: '超重' });
    const info = data<{ members: Array<{ name: string }> }>(await t.call(routes.auth.accountInfo, { token }));
    expect(info.members.map((x) => x.name)).toEqual(['本人', '妈妈']);
  });

  it('refuses a duplicate name for the same role with 昵称已存在，请重填 but allows it for another role', async () => {
    const { token } = await account();
    await t.call(F.saveUserInfo, { token, body: mom });
    const dup = await t.call(F.saveUserInfo, { token, body: mom });
    expect([dup.code, dup.msg]).toEqual([ERR.nicknameTaken.code, MSG.nicknameTaken]);
    const check = await t.call(F.checkNameState, { token, body: { name: '妈妈', roleCode: 'ROLE_1100' } });
    expect(check.msg).toBe(MSG.nicknameTaken);
    expect((await t.call(F.checkNameState, { token, body: { name: '妈妈', roleCode: 'ROLE_4000' } })).data).toEqual({ available: true });
  });

  it('refuses a blocked nickname with 该昵称不可用，请更换昵称', async () => {
    const { token } = await account();
    const res = await t.call(F.saveUserInfo, { token, body: { ...mom, name: '傻*逼' } });
    expect([res.code, res.msg]).toEqual([ERR.nicknameBlocked.code, MSG.nicknameBlocked]);
    expect((await t.call(F.auditText, { token, query: { content: '你是傻逼' } })).data).toEqual({ pass: false });
    expect((await t.call(F.auditText, { token, query: { content: '妈妈血压高怎么办' } })).data).toEqual({ pass: true });
  });

  it.each([
    [{ roleCode: 'ROLE_9999' }, MSG.chooseRoleFirst],
    [{ name: '' }, MSG.nicknamePlaceholder],
    [{ name: '一二三四五六七八九十一' }, '昵称最多10个字'],
    [{ birthDate: '1899-12-31' }, '出生日期需在1900-01-01至今天之间'],
    [{ height: 276 }, '身高需在20-275cm之间'],
    [{ height: 170.5 }, '身高需为整数'],
    [{ weight: 0.1 }, '体重需在0.2-750kg之间'],
    [{ weight: 60.25 }, '体重精确到0.1kg'],
  ])('validates %o on the server too: %s', async (patch, msg) => {
    const { token } = await account();
    const res = await t.call(F.saveUserInfo, { token, body: { ...mom, ...patch } });
    expect([res.status, res.code, res.msg]).toEqual([400, ERR.badRequest.code, msg]);
  });

  it('needs a sex for 其他 (USER_ROLE_OTHER) and takes the chosen one', async () => {
    const { token } = await account();
    expect((await t.call(F.saveUserInfo, { token, body: { ...mom, roleCode: 'ROLE_4000', name: '外婆' } })).msg).toBe('请选择性别');
    const m = data<{ sex: string; roleTag: string }>(await t.call(F.saveUserInfo, { token, body: { ...mom, roleCode: 'ROLE_4000', name: '外婆', sex: 'F' } }));
    expect(m).toMatchObject({ sex: 'F', roleTag: 'USER_ROLE_OTHER' });
  });

  it('keeps at most one default consultant', async () => {
    const { token, selfId } = await account();
    const a = data<{ id: number }>(await t.call(F.saveUserInfo, { token, body: { ...mom, isDefault: 1 } }));
    const b = data<{ id: number }>(await t.call(F.saveUserInfo, { token, body: { ...mom, roleCode: 'ROLE_1000', name: '爸爸', isDefault: 1 } }));
    let list = data<Array<{ id: number; isDefault: number }>>(await t.call(F.findUserInfo, { token }));
    expect(list.filter((m) => m.isDefault === 1).map((m) => m.id)).toEqual([b.id]);
    list = data(await t.call(F.currentConsultAdd, { token, body: { isDefault: 1, userInfoId: a.id } }));
    expect(list.filter((m) => m.isDefault === 1).map((m) => m.id)).toEqual([a.id]);
    list = data(await t.call(F.currentConsultAdd, { token, body: { isDefault: 0, userInfoId: a.id } }));
    expect(list.filter((m) => m.isDefault === 1)).toEqual([]);
    expect(selfId).toBeGreaterThan(0);
  });

  it('edits a member, keeps sex fixed by role, and deletes a member with their records but never 本人', async () => {
    const { token, selfId } = await account();
    const m = data<{ id: number }>(await t.call(F.saveUserInfo, { token, body: mom }));
    expect((await t.call(F.editUserInfo, { token, body: { id: m.id, sex: 'M' } })).msg).toBe('该角色的性别不可修改');
    expect(data<{ weight: number; bmiResult: string }>(await t.call(F.editUserInfo, { token, body: { id: m.id, weight: 55 } }))).toMatchObject({ weight: 55, bmiResult: '正常' });
    await t.call(F.batchSaveRecords, { token, body: { userInfoId: m.id, records: [{ type: 'disease', name: '高血压' }] } });
    expect((await t.call(F.deleteUserInfo, { token, query: { id: String(m.id) } })).code).toBe(1);
    expect((await t.call(F.getPersonalRecord, { token, query: { userInfoId: String(m.id) } })).code).toBe(ERR.notFound.code);
    const { sql } = await import('drizzle-orm');
    const left = await t.rt.database.db.execute(sql`select count(*)::int as n from health_records where member_id = ${m.id}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    expect((await t.call(F.deleteUserInfo, { token, query: { id: String(selfId) } })).msg).toBe('不能删除本人');
    expect(data<{ sex: string }>(await t.call(F.editUserInfo, { token, body: { id: selfId, sex: 'F', birthDate: '1990-01-01', height: 165, weight: 52 } })).sex).toBe('F');
  });
});

describe('health records', () => {
  it('suggests 高血压 for 高血 and codes a known name', async () => {
    const { token, selfId } = await account();
    const sug = data<Array<{ name: string }>>(await t.call(F.keywordTemplateSuggestion, { token, body: { type: 'disease', keyword: '高血' } }));
    expect(sug[0]?.name).toBe('高血压');
    expect(data<Array<{ name: string }>>(await t.call(F.keywordTemplateSuggestion, { token, body: { type: 'medicine', keyword: '扑热息痛' } }))[0]?.name).toBe('对乙酰氨基酚');
    expect(data<Array<{ name: string }>>(await t.call(F.keywordGetTemplate, { token, body: { type: 'allergy' } })).length).toBeGreaterThan(5);
    const saved = data<Array<{ code: string | null; name: string }>>(await t.call(F.batchSaveRecords, { token, body: { userInfoId: selfId, records: [{ type: 'disease', name: '高血压' }, { type: 'disease', name: '高血压' }, { type: 'allergy', name: '青霉素类', detail: { allergenType: 'drug', reaction: '皮疹' } }] } }));
    expect(saved).toHaveLength(2);
    expect(saved[0]?.code).toBeTruthy();
  });

  it('gives the whole profile grouped, its completion, and the engine context', async () => {
    const { token, selfId } = await account();
    await t.call(F.editUserInfo, { token, body: { id: selfId, sex: 'F', birthDate: '1994-05-01', height: 162, weight: 58, smoking: 'never', drinking: 'occasional', specialPeriod: 'pregnancy', pregnancyWeek: 20 } });
    await t.call(F.batchSaveRecords, { token, body: { userInfoId: selfId, records: [{ type: 'disease', name: '甲状腺功能减退症' }, { type: 'medicine', name: '左甲状腺素钠', detail: { dose: 50, unit: 'μg', frequency: '每日1次' } }, { type: 'maternity', name: '顺产', detail: { outcome: 'vaginal', date: '2020-03' } }] } });
    const rec = data<{ member: { specialPeriod: string; pregnancyWeek: number }; records: Record<string, unknown[]> }>(await t.call(F.getPersonalRecord, { token, query: { userInfoId: String(selfId) } }));
    expect(rec.member).toMatchObject({ specialPeriod: 'pregnancy', pregnancyWeek: 20 });
    expect(rec.records.disease).toHaveLength(1);
    expect(rec.records.medicine).toHaveLength(1);
    expect(rec.records.maternity).toHaveLength(1);
    // A second birth with the same outcome is a second event, not a duplicate.
    await t.call(F.batchSaveRecords, { token, body: { userInfoId: selfId, records: [{ type: 'maternity', name: '顺产', detail: { outcome: 'vaginal', date: '2023-08' } }] } });
    expect(data<{ records: { maternity: unknown[] } }>(await t.call(F.getPersonalRecord, { token, query: { userInfoId: String(selfId) } })).records.maternity).toHaveLength(2);
    const state = data<{ basic: boolean; percent: number }>(await t.call(F.userHealthRecordState, { token, query: { userInfoId: String(selfId) } }));
    expect(state.basic).toBe(true);
    expect(state.percent).toBeGreaterThan(30);
    const { userId } = data<{ userId: number }>(await t.call(routes.auth.accountInfo, { token }));
    const ctx = await t.rt.services.family.memberContext({ userId, sessionRowId: 0, sessionPublicId: '', status: 'active', phone: '' }, selfId);
    expect(ctx).toMatchObject({ sex: 'F', pregnant: true, pregnancyWeek: 20, medicines: [{ name: '左甲状腺素钠', dose: 50, unit: 'μg' }] });
    const care = data<Array<{ kind: string }>>(await t.call(F.getPersonalizedCare, { token, body: { userInfoId: selfId } }));
    expect(care.map((c) => c.kind)).toContain('pregnancy');
  });

  it('refuses maternity history and special periods for a man', async () => {
    const { token } = await account();
    const dad = data<{ id: number }>(await t.call(F.saveUserInfo, { token, body: { ...mom, roleCode: 'ROLE_1000', name: '爸爸' } }));
    expect((await t.call(F.batchSaveRecords, { token, body: { userInfoId: dad.id, records: [{ type: 'maternity', name: '顺产' }] } })).msg).toBe('生育史仅适用于女性');
    expect((await t.call(F.editUserInfo, { token, body: { id: dad.id, specialPeriod: 'pregnancy', pregnancyWeek: 10 } })).msg).toBe('特殊时期仅适用于女性');
  });

  it('edits, moves and deletes records, and deletes a maternity entry by member and record', async () => {
    const { token, selfId } = await account();
    const m = data<{ id: number }>(await t.call(F.saveUserInfo, { token, body: mom }));
    const [d, mat] = data<Array<{ id: number }>>(await t.call(F.batchSaveRecords, { token, body: { userInfoId: selfId, records: [{ type: 'disease', name: '痛风' }, { type: 'surgery', name: '阑尾切除术' }] } }));
    const edited = data<{ detail: { status: string } }>(await t.call(F.editRecord, { token, body: { id: d?.id ?? 0, detail: { status: 'cured' } } }));
    expect(edited.detail.status).toBe('cured');
    expect(data(await t.call(F.moveRecord, { token, body: { ids: [d?.id ?? 0], userInfoId: m.id } }))).toEqual({ moved: 1 });
    expect(data<{ userInfoId: number }>(await t.call(F.recordDetail, { token, query: { id: String(d?.id) } })).userInfoId).toBe(m.id);
    expect((await t.call(F.deleteRecord, { token, params: { id: String(mat?.id) } })).code).toBe(1);
    const [birth] = data<Array<{ id: number }>>(await t.call(F.batchSaveRecords, { token, body: { userInfoId: m.id, records: [{ type: 'maternity', name: '剖宫产', detail: { outcome: 'caesarean' } }] } }));
    expect((await t.call(F.deleteMaternityHistory, { token, params: { a: String(selfId), b: String(birth?.id) } })).code).toBe(ERR.notFound.code);
    expect((await t.call(F.deleteMaternityHistory, { token, params: { a: String(m.id), b: String(birth?.id) } })).code).toBe(1);
  });

  it('summarises the health file of account-health §3 from real data', async () => {
    const { token, selfId } = await account();
    await t.call(F.editUserInfo, { token, body: { id: selfId, sex: 'M', birthDate: '1970-01-01', height: 170, weight: 85 } });
    await t.call(F.batchSaveRecords, { token, body: { userInfoId: selfId, records: [{ type: 'disease', name: '2型糖尿病' }] } });
    const s = data<{ bmi: number; bmiResult: string; healthState: number; lastRecords: unknown[]; recordState: number }>(await t.call(F.userHealthPageState, { token, body: {} }));
    expect(s).toMatchObject({ bmi: 29.4, bmiResult: '肥胖', healthState: 1 });
    expect(s.lastRecords).toHaveLength(1);
    const tips = data<Array<{ kind: string; key?: string; params?: Record<string, unknown> }>>(await t.call(F.getPersonalizedCare, { token, body: {} }));
    const care = tips.map((c) => c.kind);
    expect(care).toEqual(expect.arrayContaining(['glucose', 'weight', 'checkup']));
    // Each tip names its key (and the values it was filled with), for a client in another language (issue 18).
    expect(tips.every((c) => typeof c.key === 'string')).toBe(true);
    expect(tips.find((c) => c.kind === 'weight')?.params).toHaveProperty('bmi');
  });
});

describe('access control across accounts', () => {
  it('refuses another account’s member and record ids on every member and record call, leaking nothing', async () => {
    const owner = await account();
    const m = data<{ id: number }>(await t.call(F.saveUserInfo, { token: owner.token, body: mom }));
    const [rec] = data<Array<{ id: number }>>(await t.call(F.batchSaveRecords, { token: owner.token, body: { userInfoId: m.id, records: [{ type: 'maternity', name: '顺产' }] } }));
    const intruder = await account();
    const id = String(m.id);
    const rid = String(rec?.id);
    const calls: Array<[RouteDef, Parameters<TestApp['call']>[1]]> = [
      [F.editUserInfo, { body: { id: m.id, name: '改名' } }],
      [F.deleteUserInfo, { query: { id } }],
      [F.findUserInfo, { query: { id } }],
      [F.checkNameState, { body: { name: '新名', roleCode: 'ROLE_1100', userInfoId: m.id } }],
      [F.currentConsultAdd, { body: { isDefault: 1, userInfoId: m.id } }],
      [F.userHealthPageState, { body: { userInfoId: m.id } }],
      [F.getPersonalizedCare, { body: { userInfoId: m.id } }],
      [F.getPersonalRecord, { query: { userInfoId: id } }],
      [F.hasNewRecordState, { query: { userInfoId: id } }],
      [F.userHealthRecordState, { query: { userInfoId: id } }],
      [F.recordDetail, { query: { id: rid } }],
      [F.moveRecord, { body: { ids: [rec?.id], userInfoId: intruder.selfId } }],
      [F.moveRecord, { body: { ids: [rec?.id], userInfoId: m.id } }],
      [F.editRecord, { body: { id: rec?.id, name: 'x' } }],
      [F.batchSaveRecords, { body: { userInfoId: m.id, records: [{ type: 'disease', name: '痛风' }] } }],
      [F.deleteRecord, { params: { id: rid } }],
      [F.deleteMaternityHistory, { params: { a: id, b: rid } }],
      [F.deleteMaternityHistory, { params: { a: String(intruder.selfId), b: rid } }],
    ];
    for (const [r, opts] of calls) {
      const res = await t.call(r, { ...opts, token: intruder.token });
      expect({ path: r.path, code: res.code, data: res.data }).toEqual({ path: r.path, code: ERR.notFound.code, data: null });
    }
    // Nothing changed for the owner.
    const after = data<{ member: { name: string; isDefault: number }; records: { maternity: unknown[]; disease: unknown[] } }>(await t.call(F.getPersonalRecord, { token: owner.token, query: { userInfoId: id } }));
    expect(after.member).toMatchObject({ name: '妈妈', isDefault: 0 });
    expect(after.records.maternity).toHaveLength(1);
    expect(after.records.disease).toHaveLength(0);
  });
});
