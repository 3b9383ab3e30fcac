import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, type RouteDef } from '@chatdr/contract';
import type { Notice, RemindPlan, RemindRecord, ReportPlanItem } from '@chatdr/contract/remind/schemas';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { uploadParts } from '../media/testing/upload.ts';
import { localDate, zonedTime } from './calendar.ts';

const P = routes.plan;
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const TZ = 'Asia/Shanghai';
const MIN = 60_000;

let t: TestApp;
beforeAll(async () => {
  // The test drives the scheduler itself (runOnce) on its movable clock.
  t = await startTestApp({ OCR_PROVIDER: 'none', REPORT_STEP_MS: '20', REMIND_SCHEDULER: 'off', REMIND_GRACE_MINUTES: '60' });
  // 2030-03-04 (a Monday) 07:00 in Shanghai.
  t.clock.t = zonedTime('2030-03-04', '07:00', TZ).getTime();
});
afterAll(async () => {
  await t.close();
});

type Res = { status: number; code: number; msg: string; data: unknown };
const call = async (r: RouteDef, o?: Parameters<TestApp['call']>[1]): Promise<Res> => {
  const res = await t.call(r, o);
  if (res.code === 1 && r.response) {
    const parsed = r.response.safeParse(res.data);
    expect(parsed.success, `${r.path}: ${parsed.error?.message ?? ''}`).toBe(true);
  }
  return res;
};
const data = <T>(r: Res): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
interface Account { token: string; userId: number; selfId: number }
async function account(): Promise<Account> {
  const { token, userId } = await t.login();
  const info = data<{ members: Array<{ id: number }> }>(await call(routes.auth.accountInfo, { token }));
  return { token, userId, selfId: info.members[0]?.id ?? 0 };
}
const plan = (a: Account, over: Record<string, unknown> = {}) =>
  call(P.remindPlanSave, { token: a.token, body: { userInfoId: a.selfId, medicineName: '阿托伐他汀钙片', dose: 1, doseUnit: 'tablet', times: ['08:00', '20:00'], startDate: '2030-03-04', meal: 'after', timeZone: TZ, ...over } });
const notices = async (a: Account) => data<{ list: Notice[]; unread: number }>(await call(routes.system.getNotifyInApp, { token: a.token, query: { userInfoId: String(a.selfId) } }));

describe('medication reminder plans and doses', () => {
  it('saves a plan, lists today\'s doses, delivers at the local time once, takes and skips by ids, marks missed after the grace period', async () => {
    const a = await account();
    const p = data<RemindPlan>(await plan(a));
    expect(p).toMatchObject({ userInfoId: a.selfId, times: ['08:00', '20:00'], cycleType: 'daily', meal: 'after', nextRemindTime: zonedTime('2030-03-04', '08:00', TZ).toISOString() });
    expect(data<{ list: RemindPlan[] }>(await call(P.remindPlanList, { token: a.token, body: { userInfoId: a.selfId } })).list.map((x) => x.id)).toEqual([p.id]);

    const today = data<{ date: string; list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(today.date).toBe('2030-03-04');
    expect(today.list.map((r) => [r.remindTime, r.status, r.detail])).toEqual([['08:00', 0, '1片 · 饭后'], ['20:00', 0, '1片 · 饭后']]);

    // Nothing is due at 07:00; at 08:00:05 the morning dose is delivered, once, even when run again.
    expect(await t.rt.services.remindScheduler.runOnce()).toBe(0);
    t.clock.advance(60 * MIN + 5_000);
    const sent = await t.rt.services.remindScheduler.runOnce();
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(await t.rt.services.remindScheduler.runOnce()).toBe(0);
    const n = await notices(a);
    expect(n.list).toHaveLength(1);
    expect(n.list[0]).toMatchObject({ pushType: 'user_remind', title: '用药提醒', content: '该服用阿托伐他汀钙片了：1片 · 饭后', readFlag: false, extra: { type: 1, userId: a.selfId, recordId: today.list[0]?.id } });
    expect(n.unread).toBe(1);
    expect(data(await call(P.remindRecordUpdateReadFlag, { token: a.token, query: { id: String(n.list[0]?.id) } }))).toBeNull();
    expect((await notices(a)).unread).toBe(0);

    const [morning, evening] = today.list;
    const took = data<{ count: number; list: RemindRecord[] }>(await call(P.remindTake, { token: a.token, body: { ids: [morning?.id] } }));
    expect(took.count).toBe(1);
    expect(took.list[0]?.status).toBe(1);
    // Taking twice changes nothing; a skipped dose is no longer pending.
    expect(data<{ count: number }>(await call(P.remindTake, { token: a.token, body: { ids: [morning?.id] } })).count).toBe(0);
    expect(data<{ count: number }>(await call(P.remindSkip, { token: a.token, body: { ids: [evening?.id] } })).count).toBe(1);

    // Next day: the morning dose is not taken and, after the grace period, is missed.
    t.clock.t = zonedTime('2030-03-05', '08:00', TZ).getTime() + 1_000;
    await t.rt.services.remindScheduler.runOnce();
    t.clock.advance(61 * MIN);
    await t.rt.services.remindScheduler.runOnce();
    const day2 = data<{ list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(day2.list.map((r) => r.status)).toEqual([3, 0]);
    // A missed dose can still be taken late.
    expect(data<{ count: number }>(await call(P.remindTake, { token: a.token, body: { ids: [day2.list[0]?.id] } })).count).toBe(1);

    const his = data<{ list: RemindRecord[]; total: number; adherence: Array<{ weekStart: string; taken: number; total: number }> }>(await call(P.remindQueryHisRecord, { token: a.token, body: { userInfoId: a.selfId, pageNum: 1, pageSize: 10 } }));
    expect(his.total).toBe(3);
    expect(his.list.map((r) => r.status)).toEqual([1, 2, 1]);
    expect(his.adherence.at(-1)).toMatchObject({ weekStart: '2030-03-04', taken: 2, total: 3 });

    // Editing the times: the doses to come follow; deleting stops the plan, its history stays.
    const edited = data<RemindPlan>(await plan(a, { id: p.id, times: ['21:30'] }));
    expect(edited.nextRemindTime).toBe(zonedTime('2030-03-05', '21:30', TZ).toISOString());
    const day2b = data<{ list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(day2b.list.map((r) => r.remindTime)).toEqual(['08:00', '21:30']);
    expect(data<{ count: number }>(await call(P.remindPlanDelete, { token: a.token, body: { ids: [p.id] } })).count).toBe(1);
    expect(data<{ list: RemindPlan[] }>(await call(P.remindPlanList, { token: a.token, body: { userInfoId: a.selfId } })).list).toEqual([]);
    expect(data<{ total: number }>(await call(P.remindQueryHisRecord, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(3);
  });

  it('weekdays and every N days, in the member\'s time zone', async () => {
    const a = await account();
    t.clock.t = zonedTime('2030-03-04', '07:00', TZ).getTime();
    const weekly = data<RemindPlan>(await plan(a, { medicineName: '甲氨蝶呤', times: ['09:00'], cycleType: 'weekly', weekdays: [3], timeZone: 'America/New_York' }));
    // Wednesday 2030-03-06 09:00 in New York.
    expect(weekly.nextRemindTime).toBe(zonedTime('2030-03-06', '09:00', 'America/New_York').toISOString());
    const every = data<RemindPlan>(await plan(a, { medicineName: '维生素D', times: ['10:00'], cycleType: 'interval', intervalDays: 3, startDate: '2030-03-05' }));
    expect(every.nextRemindTime).toBe(zonedTime('2030-03-05', '10:00', TZ).toISOString());
    const r = await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId, date: '2030-03-08' } });
    expect(data<{ list: RemindRecord[] }>(r).list.map((x) => x.name)).toEqual(['维生素D']);
    expect(data<{ list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId, date: '2030-03-07' } })).list).toEqual([]);
  });

  it('refuses bad plans with a message', async () => {
    const a = await account();
    const bad = async (over: Record<string, unknown>, msg: string) => {
      const r = await plan(a, over);
      expect([r.status, r.code]).toEqual([400, ERR.badRequest.code]);
      expect(r.msg).toContain(msg);
    };
    await bad({ times: [] }, '请至少设置一个提醒时间');
    await bad({ times: ['25:00'] }, '提醒时间格式应为 HH:mm');
    await bad({ times: ['08:00', '08:00'] }, '提醒时间不能重复');
    await bad({ cycleType: 'weekly' }, '请选择每周提醒的日子');
    await bad({ endDate: '2030-01-01' }, '结束日期不能早于开始日期');
    await bad({ timeZone: 'Mars/Olympus' }, '时区不正确');
    await bad({ medicineName: ' ' }, '请输入药品名称');
  });
});

async function finishedReport(a: Account): Promise<string> {
  const up = await uploadParts(t, routes.media.fileOcr, [{ filename: 'report-text.pdf', type: 'application/pdf', data: fs.readFileSync(path.join(FIXTURES, 'report-text.pdf')) }], { token: a.token });
  const media = up.data as MediaUploadData;
  const job = data<{ reportId: string }>(await call(routes.report.analysisReportById, { token: a.token, body: { inputMediaId: media.inputMediaId, userInfoId: a.selfId } }));
  for (let i = 0; i < 500; i++) {
    const s = data<{ status: number }>(await call(routes.report.state, { token: a.token, query: { reportId: job.reportId } }));
    if (s.status === 4) return job.reportId;
    t.clock.advance(1_000);
    await sleep(5);
  }
  throw new Error('report not finished');
}

describe('review plans', () => {
  it('proposes follow-up checks from a reading, edits, checks dates, pages, deletes, and reminds on the date', async () => {
    const a = await account();
    t.clock.t = zonedTime('2030-03-04', '07:00', TZ).getTime();
    const reportId = await finishedReport(a);
    const gen = data<{ list: ReportPlanItem[] }>(await call(P.reportPlanGenerate, { token: a.token, body: { reportId, timeZone: TZ } }));
    const today = localDate(new Date(t.clock.now()), TZ);
    const cbc = gen.list.find((x) => x.item === '血常规');
    expect(cbc).toMatchObject({ userInfoId: a.selfId, reportId, interval: '1个月', status: 0 });
    expect(cbc?.reason).toContain('血红蛋白');
    expect((cbc?.checkDate ?? '') > today).toBe(true);
    // Generating again does not double the plans.
    expect(data<{ list: ReportPlanItem[] }>(await call(P.reportPlanGenerate, { token: a.token, body: { reportId } })).list).toHaveLength(gen.list.length);
    const id = cbc?.id ?? 0;

    expect(data(await call(P.reportPlanCheckDate, { token: a.token, body: { id, checkDate: '2030-03-01' } }))).toMatchObject({ valid: false, msg: '复查日期不能早于今天' });
    expect(data(await call(P.reportPlanCheckDate, { token: a.token, body: { id, checkDate: today } }))).toMatchObject({ valid: true, msg: '早于建议的复查时间，指标可能还未变化' });
    const refused = await call(P.reportPlanUpdate, { token: a.token, body: { id, checkDate: '2030-03-01' } });
    expect([refused.code, refused.msg]).toEqual([ERR.badRequest.code, '复查日期不能早于今天']);
    const moved = data<ReportPlanItem>(await call(P.reportPlanUpdate, { token: a.token, body: { id, checkDate: '2030-03-06', remark: '空腹' } }));
    expect(moved).toMatchObject({ checkDate: '2030-03-06', remark: '空腹' });

    const upcoming = data<{ list: ReportPlanItem[] }>(await call(P.remindQueryReviewRecord, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(upcoming.list[0]?.id).toBe(id);
    const page = data<{ list: ReportPlanItem[]; total: number }>(await call(P.reportPlanPage, { token: a.token, body: { userInfoId: a.selfId, pageNum: 1, pageSize: 1 } }));
    expect([page.list.length, page.total]).toEqual([1, gen.list.length]);

    // On the check date at 09:00 the review reminder arrives once.
    t.clock.t = zonedTime('2030-03-06', '09:00', TZ).getTime() + 1_000;
    await t.rt.services.remindScheduler.runOnce();
    await t.rt.services.remindScheduler.runOnce();
    const n = (await notices(a)).list.filter((x) => x.extra.type === 2);
    expect(n).toHaveLength(1);
    expect(n[0]).toMatchObject({ title: '复查提醒', pushType: 'user_remind' });
    expect(n[0]?.content).toContain('血常规');

    // Done: it moves to the history.
    data(await call(P.reportPlanUpdate, { token: a.token, body: { id, status: 1 } }));
    const his = data<{ list: ReportPlanItem[]; total: number }>(await call(P.remindQueryReviewHisRecord, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(his.list.map((x) => x.id)).toContain(id);
    expect(data<{ count: number }>(await call(P.reportPlanDelete, { token: a.token, body: { ids: gen.list.map((x) => x.id) } })).count).toBe(gen.list.length);
    expect(data<{ total: number }>(await call(P.reportPlanPage, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(0);
  });
});

describe('access', () => {
  it("answers another account's members, plans, records and review plans with 404 on every call, and 401 without a session", async () => {
    t.clock.t = zonedTime('2030-03-04', '07:00', TZ).getTime();
    const a = await account();
    const b = await account();
    const p = data<RemindPlan>(await plan(a));
    const rec = data<{ list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: a.selfId } })).list[0]?.id ?? 0;
    const reportId = await finishedReport(a);
    const review = data<{ list: ReportPlanItem[] }>(await call(P.reportPlanGenerate, { token: a.token, body: { reportId } })).list[0]?.id ?? 0;
    const m = a.selfId;
    const cases: Array<[RouteDef, Parameters<TestApp['call']>[1]]> = [
      [P.remindPlanSave, { body: { userInfoId: m, medicineName: 'x', dose: 1, doseUnit: 'tablet', times: ['08:00'], startDate: '2030-03-04' } }],
      [P.remindPlanSave, { body: { id: p.id, userInfoId: b.selfId, medicineName: 'x', dose: 1, doseUnit: 'tablet', times: ['08:00'], startDate: '2030-03-04' } }],
      [P.remindPlanList, { body: { userInfoId: m } }],
      [P.remindPlanDelete, { body: { ids: [p.id] } }],
      [P.remindQueryRecord, { body: { userInfoId: m } }],
      [P.remindQueryHisRecord, { body: { userInfoId: m } }],
      [P.remindTake, { body: { ids: [rec] } }],
      [P.remindSkip, { body: { ids: [rec] } }],
      [P.remindQueryReviewRecord, { body: { userInfoId: m } }],
      [P.remindQueryReviewHisRecord, { body: { userInfoId: m } }],
      [P.remindRecordUpdateReadFlag, { query: { id: String(rec) } }],
      [P.reportPlanGenerate, { body: { reportId } }],
      [P.reportPlanUpdate, { body: { id: review, status: 1 } }],
      [P.reportPlanCheckDate, { body: { id: review, checkDate: '2030-04-01' } }],
      [P.reportPlanDelete, { body: { ids: [review] } }],
      [P.reportPlanPage, { body: { userInfoId: m } }],
      [routes.system.getNotifyInApp, { query: { userInfoId: String(m) } }],
    ];
    for (const [r, o] of cases) {
      const res = await call(r, { ...o, token: b.token });
      expect([res.status, res.code], r.path).toEqual([200, ERR.notFound.code]);
      const anon = await call(r, o);
      expect([anon.status, anon.code], r.path).toEqual([401, 401]);
    }
    // The Web Push calls answer 401 without a session too.
    for (const r of [P.pushVapidKey, P.pushSubscribe, P.pushUnsubscribe]) {
      const anon = await call(r, r.method === 'GET' ? {} : { body: { endpoint: 'https://push.example.com/x' } });
      expect([anon.status, anon.code], r.path).toEqual([401, 401]);
    }
    // Nothing of A's changed.
    expect(data<{ list: RemindPlan[] }>(await call(P.remindPlanList, { token: a.token, body: { userInfoId: m } })).list).toHaveLength(1);
    expect(data<{ list: RemindRecord[] }>(await call(P.remindQueryRecord, { token: a.token, body: { userInfoId: m } })).list[0]?.status).toBe(0);
  });
});
