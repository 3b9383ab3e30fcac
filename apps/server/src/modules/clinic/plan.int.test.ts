import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINIC_MSG, ERR, routes, type Consultation, type Order, type Plan } from '@chatdr/contract';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';

/** The plan calls beyond check-in: stages, notices, pain self-assessment, food list, questions, reading, exercises, medicine. */
const R = routes.rehab;
const C = routes.clinic;
const P = routes.rehabPlan;
let t: TestApp;
let pkgId = 0;
const TEAM = '骨科康复团队';
let doctorToken = '';

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
const today = () => new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await startTestApp();
  pkgId = (await t.rt.services.pkg.service.addPackage({ name: '膝关节术后康复包', priceFen: 99_900, durationDays: 30, team: TEAM, includes: ['图文问诊', '康复计划'] })).id;
  const d = await t.rt.services.insight.addDoctor({ name: '李医生', title: '主治医师', department: '康复医学科', hospital: '某某医院' });
  const phone = randomPhone();
  await t.rt.services.clinic.setAccount(Number(d.id), { phone, password: 'Doctor2026x', teamId: TEAM, licenceNo: `L${randomBytes(4).toString('hex')}` });
  doctorToken = data<{ token: string }>(await t.call(C.login, { body: { phone, password: 'Doctor2026x' }, ip: randomIp() })).token;
});
afterAll(async () => {
  await t.close();
});

/** 妈妈 (with 糖尿病 in her file) bought the package, paid, and the doctor made her a plan starting today. */
async function planForMom() {
  const { token } = await t.login();
  const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 } }));
  data(await t.call(routes.family.batchSaveRecords, { token, body: { userInfoId: mom.id, records: [{ type: 'disease', name: '糖尿病' }] } }));
  const o = data<Order>(await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: mom.id, idempotencyKey: `k-${randomBytes(8).toString('hex')}` } }));
  const p = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
  await t.rt.app.inject({ method: 'POST', url: `/sandbox-pay/${p.tradeNo}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  await t.rt.services.pkg.sandbox.idle();
  const c = data<Consultation>(await t.call(R.consultStart, { token, body: { orderNo: o.orderNo } }));
  const plan = data<Plan>(
    await t.call(C.planCreate, {
      token: doctorToken,
      body: {
        consultId: c.consultId,
        title: '膝关节术后康复计划',
        startDate: today(),
        stages: [{ name: '消肿期', days: 7, goal: '控制肿胀，膝关节屈曲到90度' }, { name: '功能期', days: 14, goal: '恢复正常步态' }],
        tasks: [{ kind: 'exercise', name: '直腿抬高', detail: '仰卧，伸直膝关节抬腿到30度，停5秒，3组×10次' }, { kind: 'medicine', name: '塞来昔布', detail: '每日1次，饭后' }, { kind: 'life', name: '冰敷', detail: '每次15分钟' }],
        foodAdvice: '控制主食总量，多吃优质蛋白',
      },
    }),
  );
  return { token, planId: plan.planId };
}

describe('plan: stages, notices and pain self-assessment', () => {
  it('lists the stages with their dates; today is the first stage’s first day: its notice and the tasks left', async () => {
    const { token, planId } = await planForMom();
    const stages = data<Array<{ name: string; startDate: string; endDate: string; current: boolean }>>(await t.call(P.stageList, { token, body: { planId } }));
    expect(stages.map((s) => [s.name, s.current])).toEqual([['消肿期', true], ['功能期', false]]);
    expect(stages[0]?.startDate).toBe(today());
    expect(stages[1]?.startDate).toBe(new Date(Date.parse(`${today()}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10));
    const notices = data<Array<{ kind: string; text: string }>>(await t.call(P.noticeByDate, { token, body: { planId, currentDate: today() } }));
    expect(notices.map((n) => n.kind)).toEqual(['stage', 'tasks']);
    expect(notices[0]?.text).toContain('第1阶段「消肿期」');
    expect(notices[1]?.text).toBe('今天还有3项任务未完成');
    expect(data<unknown[]>(await t.call(P.noticeByDate, { token, body: { planId, currentDate: '2001-01-01' } }))).toEqual([]);
  });

  it('records an NRS pain score with body areas; a score of 7 or more adds a notice to tell the doctor; out-of-range scores are refused', async () => {
    const { token, planId } = await planForMom();
    expect(data<{ list: unknown[]; latest: unknown }>(await t.call(P.selfAssess, { token, body: { planId } }))).toEqual({ list: [], latest: null });
    const r = data<{ latest: { painScore: number; level: string; areas: string[] } }>(await t.call(P.selfAssess, { token, body: { planId, painScore: 8, areas: ['左膝', '左膝', '左踝足'], note: '上楼时' } }));
    expect(r.latest).toMatchObject({ painScore: 8, level: '重度疼痛', areas: ['左膝', '左踝足'] });
    const notices = data<Array<{ kind: string; text: string }>>(await t.call(P.noticeByDate, { token, body: { planId, currentDate: today() } }));
    expect(notices.find((n) => n.kind === 'pain')?.text).toContain('8分（重度疼痛）');
    for (const bad of [11, -1, 2.5]) expect((await t.call(P.selfAssess, { token, body: { planId, painScore: bad } })).code).toBe(ERR.badRequest.code);
    expect((await t.call(P.selfAssess, { token, body: { planId, painScore: 3, areas: ['尾巴'] } })).code).toBe(ERR.badRequest.code);
    expect(data<{ list: unknown[] }>(await t.call(P.selfAssess, { token, body: { planId } })).list).toHaveLength(1);
  });
});

describe('plan: food, questions and reading', () => {
  it('the food list comes from the diet rules of 妈妈’s 糖尿病 and the guideline; refresh shows the next batch', async () => {
    const { token, planId } = await planForMom();
    const a = data<{ batch: number; batches: number; foodAdvice: string; items: Array<{ name: string; condition: string; source: string }> }>(await t.call(P.foodList, { token, body: { planId } }));
    expect(a.foodAdvice).toBe('控制主食总量，多吃优质蛋白');
    expect(a.batch).toBe(1);
    expect(a.batches).toBeGreaterThan(1);
    expect(a.items[0]?.condition).toBe('糖尿病');
    expect(a.items.every((i) => i.source.length > 0)).toBe(true);
    const b = data<typeof a>(await t.call(P.foodListRefresh, { token, body: { planId } }));
    expect(b.batch).toBe(2);
    expect(b.items.map((i) => i.name)).not.toEqual(a.items.map((i) => i.name));
    expect(data<typeof a>(await t.call(P.foodList, { token, body: { planId } })).batch).toBe(2);
  });

  it('questions are answered with what the team wrote (stages, task details, food advice), paged', async () => {
    const { token, planId } = await planForMom();
    const q = data<{ total: number; list: Array<{ id: string; question: string; answer: string; by: string }> }>(await t.call(P.questions, { token, body: { planId } }));
    expect(q.list.find((x) => x.id === 'task-t1')).toMatchObject({ question: '「直腿抬高」怎么做？', answer: '仰卧，伸直膝关节抬腿到30度，停5秒，3组×10次', by: '李医生（康复团队）' });
    expect(q.list.find((x) => x.id === 'food')?.answer).toBe('控制主食总量，多吃优质蛋白');
    expect(q.list.find((x) => x.id === 'stage-1')?.answer).toContain('控制肿胀');
    const page2 = data<typeof q>(await t.call(P.questions, { token, body: { planId, pageNum: 2, pageSize: 2 } }));
    expect([page2.total, page2.list.map((x) => x.id)]).toEqual([q.total, q.list.slice(2, 4).map((x) => x.id)]);
  });

  it('recommended reading: marks an article read, refreshes to the next batch, refuses an article that is not recommended', async () => {
    const { token, planId } = await planForMom();
    const a = data<{ batch: number; list: Array<{ id: string; read: boolean; points: string[] }> }>(await t.call(P.recommendRead, { token, body: { planId } }));
    expect(a.list[0]).toMatchObject({ id: 'diet-diabetes', read: false });
    const b = data<typeof a>(await t.call(P.recommendRead, { token, body: { planId, articleId: 'diet-diabetes' } }));
    expect(b.list[0]?.read).toBe(true);
    const gone = await t.call(P.recommendRead, { token, body: { planId, articleId: 'diet-gout' } });
    expect([gone.code, gone.msg]).toEqual([ERR.notFound.code, CLINIC_MSG.articleGone]);
    const c = data<typeof a>(await t.call(P.recommendRefresh, { token, body: { planId } }));
    expect(c.batch).toBeGreaterThanOrEqual(1);
  });
});

describe('plan: exercises and medicine', () => {
  it('completes an exercise, records a medicine taken, takes exercise feedback; each refuses a task of another kind', async () => {
    const { token, planId } = await planForMom();
    const day = today();
    const e = data<{ done: number; tasks: Array<{ taskId: string; done: boolean }> }>(await t.call(P.exerciseComplete, { token, body: { planId, currentDate: day, taskId: 't1' } }));
    expect([e.done, e.tasks.find((x) => x.taskId === 't1')?.done]).toEqual([1, true]);
    const m = data<{ done: number }>(await t.call(P.medicalTakeIn, { token, body: { planId, currentDate: day, taskId: 't2' } }));
    expect(m.done).toBe(2);
    const wrongMed = await t.call(P.medicalTakeIn, { token, body: { planId, currentDate: day, taskId: 't1' } });
    expect([wrongMed.code, wrongMed.msg]).toEqual([ERR.badRequest.code, CLINIC_MSG.notMedicine]);
    const wrongEx = await t.call(P.exerciseComplete, { token, body: { planId, currentDate: day, taskId: 't3' } });
    expect([wrongEx.code, wrongEx.msg]).toEqual([ERR.badRequest.code, CLINIC_MSG.notExercise]);
    const f = data<Array<{ feel: string; assessResultSub: string[] }>>(await t.call(P.exerciseFeedback, { token, body: { planId, currentDate: day, taskId: 't1', assessResult: 3, assessResultSub: ['疼痛加重', '肿胀'], assessDesc: '做完膝盖发胀' } }));
    expect(f).toMatchObject([{ feel: '吃力', assessResultSub: ['疼痛加重', '肿胀'] }]);
    expect((await t.call(P.exerciseFeedback, { token, body: { planId, currentDate: day, taskId: 't2', assessResult: 1 } })).msg).toBe(CLINIC_MSG.notExercise);
    expect((await t.call(P.exerciseFeedback, { token, body: { planId, currentDate: '2099-01-01', taskId: 't1', assessResult: 1 } })).msg).toBe(CLINIC_MSG.notPlanDay);
  });

  it('another account reaches none of it', async () => {
    const { planId } = await planForMom();
    const { token } = await t.login();
    for (const [r, body] of [
      [P.stageList, { planId }],
      [P.selfAssess, { planId, painScore: 1 }],
      [P.foodListRefresh, { planId }],
      [P.exerciseComplete, { planId, currentDate: today(), taskId: 't1' }],
    ] as const) {
      expect((await t.call(r, { token, body })).code).toBe(ERR.notFound.code);
    }
  });
});
