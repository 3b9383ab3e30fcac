import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, type RouteDef } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const BP = routes.bp;
const I = routes.indicator;
const H = 3600_000;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const mom = { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 66.5 };
const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
async function withMom() {
  const { token } = await t.login();
  const m = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: mom }));
  return { token, id: m.id };
}
/** A time of the test clock's day at `hour` China time, `daysAgo` days back. */
function chinaTime(hour: number, daysAgo = 0): number {
  const day = Math.floor((t.clock.now() + 8 * H) / (24 * H)) - daysAgo;
  return day * 24 * H + (hour - 8) * H;
}

interface Reading { id: number; systolic: number; slot: string; classification: { category: string; name: string; level: number; emergency: boolean; aboveTarget: boolean; advice: string } }

describe('blood pressure', () => {
  it('records three readings, classifies each per the 2018 guideline and averages all, morning and evening', async () => {
    const { token, id } = await withMom();
    const save = (systolic: number, diastolic: number, at: number, pulse?: number) => t.call(BP.save, { token, body: { userInfoId: id, systolic, diastolic, pulse, measureTime: at, arm: 'left', position: 'sitting' } });
    const a = data<Reading>(await save(118, 76, chinaTime(7, 2), 70));
    const b = data<Reading>(await save(146, 92, chinaTime(21, 1), 80));
    const c = data<Reading>(await save(132, 84, chinaTime(7, 1)));
    expect(a.classification).toMatchObject({ category: 'normal', name: '正常血压', emergency: false, aboveTarget: false });
    expect(b.classification).toMatchObject({ category: 'grade1', level: 2, aboveTarget: true });
    expect(c.classification).toMatchObject({ category: 'high-normal', aboveTarget: false });
    expect([a.slot, b.slot]).toEqual(['morning', 'evening']);
    const week = data<{ list: Reading[]; average: { count: number; systolic: number; diastolic: number; pulse: number }; morning: { count: number; systolic: number }; evening: { count: number }; highCount: number }>(
      await t.call(BP.detailList, { token, body: { userInfoId: id, period: 'week' } }));
    expect(week.list.map((r) => r.systolic)).toEqual([118, 132, 146]);
    expect(week.average).toEqual({ count: 3, systolic: 132, diastolic: 84, pulse: 75 });
    expect(week.morning).toMatchObject({ count: 2, systolic: 125 });
    expect(week.evening.count).toBe(1);
    expect(week.highCount).toBe(1);
    const day = data<{ list: Reading[] }>(await t.call(BP.detailList, { token, body: { userInfoId: id, period: 'day', endTime: chinaTime(23, 1) } }));
    expect(day.list.map((r) => r.systolic)).toEqual([132, 146]);
  });

  it('gives the engine emergency advice at 3级 (≥180/≥110) and the 120 hint at ≥180/120', async () => {
    const { token, id } = await withMom();
    const g3 = data<Reading>(await t.call(BP.save, { token, body: { userInfoId: id, systolic: 170, diastolic: 112 } }));
    expect(g3.classification).toMatchObject({ category: 'grade3', level: 4, emergency: true });
    expect(g3.classification.advice).toContain('120');
    const crisis = data<Reading & { classification: { note: string } }>(await t.call(BP.save, { token, body: { userInfoId: id, systolic: 200, diastolic: 125 } }));
    expect(crisis.classification).toMatchObject({ level: 5, emergency: true });
    expect(crisis.classification.note).toContain('高血压急症');
  });

  it('base info: latest, count, target by age and diseases, categories and home-measurement advice; cancel removes', async () => {
    const { token, id } = await withMom();
    const r = data<Reading>(await t.call(BP.save, { token, body: { userInfoId: id, systolic: 128, diastolic: 82 } }));
    let info = data<{ latest: Reading; total: number; target: { systolic: number; diastolic: number }; categories: unknown[]; homeAdvice: string[] }>(await t.call(BP.baseInfo, { token, body: { userInfoId: id } }));
    expect(info.latest.id).toBe(r.id);
    expect(info.total).toBe(1);
    expect(info.target).toMatchObject({ systolic: 140, diastolic: 90 });
    expect(info.categories).toHaveLength(7);
    expect(info.homeAdvice.join('')).toContain('135/85');
    await t.call(routes.family.batchSaveRecords, { token, body: { userInfoId: id, records: [{ type: 'disease', name: '2型糖尿病' }] } });
    info = data(await t.call(BP.baseInfo, { token, body: { userInfoId: id } }));
    expect(info.target).toMatchObject({ systolic: 130, diastolic: 80 });
    expect(data(await t.call(BP.cancel, { token, body: { id: r.id } }))).toBeNull();
    info = data(await t.call(BP.baseInfo, { token, body: { userInfoId: id } }));
    expect([info.latest, info.total]).toEqual([null, 0]);
  });

  it('refuses impossible readings with a message naming the problem', async () => {
    const { token, id } = await withMom();
    const bad = await t.call(BP.save, { token, body: { userInfoId: id, systolic: 80, diastolic: 90 } });
    expect([bad.status, bad.msg]).toEqual([400, expect.stringContaining('舒张压需低于收缩压')]);
    const far = await t.call(BP.save, { token, body: { userInfoId: id, systolic: 120, diastolic: 80, measureTime: t.clock.now() + 3 * H } });
    expect(far.msg).toBe('测量时间不能晚于现在');
    const high = await t.call(BP.save, { token, body: { userInfoId: id, systolic: 400, diastolic: 80 } });
    expect(high.msg).toContain('收缩压需在40-300mmHg之间');
  });
});

interface Value { id: number; value: number; unit: string; rawValue: number; rawUnit: string; flag: string; source: string }
interface Summary { type: string; name: string; latest: Value; attention: boolean; range: { text: string } | null; count: number }

describe('indicators', () => {
  it('one series per member: a typed value (converted from mg/dL) and a chat value; trend, attention and explanation', async () => {
    const { token, id } = await withMom();
    const ldl = data<Value>(await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.ldl-c', value: 160, unit: 'mg/dL', measureTime: t.clock.now() - 90 * 24 * H } }));
    expect(ldl).toMatchObject({ value: 4.138, unit: 'mmol/L', rawValue: 160, rawUnit: 'mg/dL', flag: 'high', source: 'manual' });
    data(await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.ldl-c', value: 3.1 } }));
    data(await t.call(routes.chatHealth.savePersonalIndicator, { token, body: { userInfoId: id, indicators: [{ type: 'glucose', value: 7.2 }] } }));
    const all = data<{ list: Summary[]; attentionCnt: number }>(await t.call(I.searchDetailAll, { token, body: { userInfoId: id } }));
    const byType = new Map(all.list.map((s) => [s.type, s]));
    expect(byType.get('lab.ldl-c')).toMatchObject({ name: '低密度脂蛋白胆固醇', count: 2, attention: false, latest: { value: 3.1 } });
    expect(byType.get('glucose')).toMatchObject({ attention: true, latest: { flag: 'high', source: 'chat' } });
    expect(all.attentionCnt).toBe(1);
    const attention = data<Summary[]>(await t.call(I.attentionTypeList, { token, body: { userInfoId: id } }));
    expect(attention.map((s) => s.type)).toEqual(['glucose']);
    const trend = data<{ list: Value[]; range: { text: string } }>(await t.call(I.detailListByTime, { token, body: { userInfoId: id, type: 'lab.ldl-c' } }));
    expect(trend.list.map((v) => [v.value, v.flag])).toEqual([[4.138, 'high'], [3.1, 'normal']]);
    expect(trend.range.text).toBe('<3.4 mmol/L');
    const page = data<{ total: number; list: Value[] }>(await t.call(I.detailList, { token, body: { userInfoId: id, type: 'lab.ldl-c', pageNum: 1, pageSize: 1 } }));
    expect([page.total, page.list[0]?.value]).toEqual([2, 3.1]);
    const byType2 = data<{ total: number }>(await t.call(I.listByType, { token, body: { userInfoId: id, type: 'lab.ldl-c' } }));
    expect(byType2.total).toBe(2);
    const groups = data<Array<{ category: string; items: Array<{ type: string; summary: Summary | null }> }>>(await t.call(I.searchTypeDetailAllList, { token, body: { userInfoId: id } }));
    expect(groups.length).toBeGreaterThan(5);
    expect(groups.flatMap((g) => g.items).find((x) => x.type === 'lab.ldl-c')?.summary?.count).toBe(2);
    const ex = data<{ name: string; meaningHigh: string; source: string; units: string[] }>(await t.call(I.explainSearchDetail, { token, body: { type: 'lab.ldl-c' } }));
    expect(ex.name).toBe('低密度脂蛋白胆固醇');
    expect(ex.units).toEqual(['mmol/L', 'mg/dL']);
    expect(ex.meaningHigh.length).toBeGreaterThan(5);
    expect(data<{ type: string }>(await t.call(I.explainSearchDetail, { token, body: { name: 'LDL-C' } })).type).toBe('lab.ldl-c');
  });

  it('edits and deletes values, refuses an unknown unit and an unknown type', async () => {
    const { token, id } = await withMom();
    const v = data<Value>(await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.alt', value: 80 } }));
    expect(v.flag).toBe('high');
    expect(data<Value>(await t.call(I.manageEdit, { token, body: { id: v.id, value: 30 } }))).toMatchObject({ value: 30, flag: 'normal' });
    const unit = await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.alt', value: 1, unit: 'kg' } });
    expect(unit.msg).toBe('丙氨酸氨基转移酶的单位应为U/L');
    const unknown = await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.nothing', value: 1 } });
    expect(unknown.msg).toBe('未知的指标');
    expect(data(await t.call(I.manageDel, { token, body: { id: v.id } }))).toBeNull();
    expect((await t.call(I.manageDel, { token, body: { id: v.id } })).code).toBe(ERR.notFound.code);
  });

  it('updateBmiById saves height and weight on the profile and in the series', async () => {
    const { token, id } = await withMom();
    const r = data<{ bmi: number; bmiResult: string }>(await t.call(I.manageUpdateBmiById, { token, body: { id, weight: 55 } }));
    expect(r).toMatchObject({ bmi: 22, bmiResult: '正常' });
    const w = data<{ list: Value[] }>(await t.call(I.detailListByTime, { token, body: { userInfoId: id, type: 'weight' } }));
    expect(w.list.map((x) => x.value)).toEqual([55]);
  });
});

describe('the health page (userHealthPageState)', () => {
  it('shows the latest blood pressure, the count of indicators needing attention and the files, from the database', async () => {
    const { token, id } = await withMom();
    let page = data<{ latestBloodPressure: unknown; attentionIndicatorTypeCnt: number; fileTotal: number }>(await t.call(routes.family.userHealthPageState, { token, body: { userInfoId: id } }));
    expect([page.latestBloodPressure, page.attentionIndicatorTypeCnt, page.fileTotal]).toEqual([null, 0, 0]);
    await t.call(BP.save, { token, body: { userInfoId: id, systolic: 150, diastolic: 95, pulse: 77, measureTime: t.clock.now() - H } });
    await t.call(BP.save, { token, body: { userInfoId: id, systolic: 128, diastolic: 82, measureTime: t.clock.now() - 5 * H } });
    await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.alt', value: 120 } });
    await t.call(I.manageSave, { token, body: { userInfoId: id, type: 'lab.ldl-c', value: 2.5 } });
    page = data(await t.call(routes.family.userHealthPageState, { token, body: { userInfoId: id } }));
    expect(page.latestBloodPressure).toMatchObject({ systolic: 150, diastolic: 95, pulse: 77 });
    expect(page.attentionIndicatorTypeCnt).toBe(1);
  });
});

describe('access control across accounts', () => {
  it('refuses another account’s member, reading and value ids on every blood-pressure and indicator call', async () => {
    const owner = await withMom();
    const bp = data<{ id: number }>(await t.call(BP.save, { token: owner.token, body: { userInfoId: owner.id, systolic: 130, diastolic: 85 } }));
    const v = data<{ id: number }>(await t.call(I.manageSave, { token: owner.token, body: { userInfoId: owner.id, type: 'lab.alt', value: 30 } }));
    const intruder = await t.login();
    const m = { userInfoId: owner.id };
    const calls: Array<[RouteDef, unknown]> = [
      [BP.baseInfo, m],
      [BP.save, { ...m, systolic: 120, diastolic: 80 }],
      [BP.detailList, m],
      [BP.cancel, { id: bp.id }],
      [I.searchDetailAll, m],
      [I.searchTypeDetailAllList, m],
      [I.attentionTypeList, m],
      [I.manageSave, { ...m, type: 'lab.alt', value: 1 }],
      [I.listByType, { ...m, type: 'lab.alt' }],
      [I.detailList, { ...m, type: 'lab.alt' }],
      [I.detailListByTime, { ...m, type: 'lab.alt' }],
      [I.manageEdit, { id: v.id, value: 99 }],
      [I.manageDel, { id: v.id }],
      [I.manageUpdateBmiById, { id: owner.id, weight: 50 }],
      [I.manageDel, { id: bp.id }],
    ];
    for (const [r, body] of calls) {
      const res = await t.call(r, { body, token: intruder.token });
      expect({ path: r.path, code: res.code, data: res.data }).toEqual({ path: r.path, code: ERR.notFound.code, data: null });
    }
    const after = data<{ total: number }>(await t.call(BP.baseInfo, { token: owner.token, body: m }));
    expect(after.total).toBe(1);
    const vals = data<{ list: Value[] }>(await t.call(I.detailListByTime, { token: owner.token, body: { ...m, type: 'lab.alt' } }));
    expect(vals.list.map((x) => x.value)).toEqual([30]);
  });
});
