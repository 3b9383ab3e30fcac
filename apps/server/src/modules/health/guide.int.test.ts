import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, type RouteDef } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const G = routes.plan;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
/** 爸爸, 60, BMI 27.7 (超重), with 高血压 and a 花生 allergy, and a high uric acid from a report. */
async function dad() {
  const { token } = await t.login();
  const m = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1000', name: '爸爸', birthDate: '1965-05-01', height: 170, weight: 80 } }));
  await t.call(routes.family.batchSaveRecords, { token, body: { userInfoId: m.id, records: [{ type: 'disease', name: '高血压' }, { type: 'allergy', name: '花生' }] } });
  await t.call(routes.indicator.manageSave, { token, body: { userInfoId: m.id, type: 'lab.uric-acid', value: 520 } });
  return { token, id: m.id };
}

interface FoodGuide { basis: string[]; general: string[]; rules: Array<{ id: string; via: string; matchedBy: string }>; avoid: string[] }

describe('life guides', () => {
  it('foodGuide: the profile disease, the out-of-range uric acid, the BMI and the allergy, plus the 2022 guideline for everyone', async () => {
    const { token, id } = await dad();
    const g = data<FoodGuide>(await t.call(G.foodGuide, { token, body: { userInfoId: id } }));
    expect(g.rules.map((r) => [r.id, r.via])).toEqual([['diet-hypertension', 'profile'], ['diet-gout', 'indicator'], ['diet-obesity', 'bmi']]);
    expect(g.rules[1]?.matchedBy).toContain('尿酸 520');
    expect(g.avoid).toEqual(['花生']);
    expect(g.general).toHaveLength(8);
    const again = data<FoodGuide>(await t.call(G.foodGuideRefresh, { token, body: { userInfoId: id } }));
    expect(again.rules.map((r) => r.id)).toEqual(g.rules.map((r) => r.id));
  });

  it('foodGuide for someone with nothing recorded: the general guideline only', async () => {
    const { token } = await t.login();
    const info = data<{ members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token }));
    const g = data<FoodGuide>(await t.call(G.foodGuide, { token, body: { userInfoId: info.members[0]?.id } }));
    expect([g.rules, g.avoid, g.general.length]).toEqual([[], [], 8]);
  });

  it('foodEvaluation: an allergen is avoided, a limited food is limited with the reason, a recommended one recommended, others have no rule', async () => {
    const { token, id } = await dad();
    const ask = (food: string) => t.call(G.foodEvaluation, { token, body: { userInfoId: id, food } });
    expect(data<{ verdict: string }>(await ask('花生酱')).verdict).toBe('avoid');
    const beer = data<{ verdict: string; reasons: Array<{ condition: string }>; advice: string }>(await ask('啤酒'));
    expect(beer.verdict).toBe('limit');
    expect(beer.reasons.map((r) => r.condition)).toContain('痛风/高尿酸血症');
    expect(data<{ verdict: string }>(await ask('咸菜')).verdict).toBe('limit');
    expect(data<{ verdict: string }>(await ask('低脂奶')).verdict).toBe('recommend');
    expect(data<{ verdict: string }>(await ask('苹果醋')).verdict).toBe('no-rule');
    const empty = await ask(' ');
    expect([empty.status, empty.msg]).toEqual([400, '请输入食物名称']);
  });

  it('exerciseGuide and exerciseEvaluation: the adult recommendation, hypertension and overweight cautions, a 3级 reading puts exercise on hold', async () => {
    const { token, id } = await dad();
    let g = data<{ group: string; weeklyMin: number; conditions: Array<{ id: string }>; chronic: string[]; bpCaution: string | null }>(await t.call(G.exerciseGuide, { token, body: { userInfoId: id } }));
    expect(g).toMatchObject({ group: '18～64岁成年人', weeklyMin: 150, bpCaution: null });
    expect(g.conditions.map((c) => c.id)).toEqual(['ex-hypertension', 'ex-obesity']);
    expect(g.chronic.length).toBe(3);
    await t.call(routes.bp.save, { token, body: { userInfoId: id, systolic: 185, diastolic: 112 } });
    g = data(await t.call(G.exerciseGuide, { token, body: { userInfoId: id } }));
    expect(g.bpCaution).toContain('暂缓运动');
    const low = data<{ verdict: string; equivalent: number; text: string; cautions: string[] }>(await t.call(G.exerciseEvaluation, { token, body: { userInfoId: id, moderateMinutes: 60, vigorousMinutes: 20, strengthDays: 0 } }));
    expect(low).toMatchObject({ verdict: 'below', equivalent: 100 });
    expect(low.text).toContain('肌肉力量练习');
    expect(low.cautions[0]).toContain('暂缓运动');
    const ok = data<{ verdict: string }>(await t.call(G.exerciseEvaluation, { token, body: { userInfoId: id, moderateMinutes: 200, strengthDays: 2 } }));
    expect(ok.verdict).toBe('meets');
  });
});

describe('getPrivacyStatus', () => {
  it('follows the account privacy mode', async () => {
    const { token } = await t.login();
    expect(data<{ status: number }>(await t.call(routes.indicator.getPrivacyStatus, { token, body: {} })).status).toBe(0);
    await t.call(routes.auth.personalSet, { token, body: { privacyMode: true } });
    expect(data<{ status: number; text: string }>(await t.call(routes.indicator.getPrivacyStatus, { token })).status).toBe(1);
  });
});

describe('access control across accounts', () => {
  it('refuses another account’s member on every guide call and getPrivacyStatus', async () => {
    const owner = await dad();
    const intruder = await t.login();
    const calls: Array<[RouteDef, unknown]> = [
      [G.foodGuide, { userInfoId: owner.id }],
      [G.foodGuideRefresh, { userInfoId: owner.id }],
      [G.exerciseGuide, { userInfoId: owner.id }],
      [G.foodEvaluation, { userInfoId: owner.id, food: '啤酒' }],
      [G.exerciseEvaluation, { userInfoId: owner.id, moderateMinutes: 100 }],
      [routes.indicator.getPrivacyStatus, { userInfoId: owner.id }],
    ];
    for (const [r, body] of calls) {
      const res = await t.call(r, { body, token: intruder.token });
      expect({ path: r.path, code: res.code, data: res.data }).toEqual({ path: r.path, code: ERR.notFound.code, data: null });
    }
  });
});
