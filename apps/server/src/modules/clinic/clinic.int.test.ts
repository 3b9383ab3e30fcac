import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, CLINIC_MSG, IM_EVENT, IM_NAMESPACE, routes, type Consultation, type ImMessage, type Order, type Plan, type Verification } from '@chatdr/contract';
import { chatDialogs } from '../../db/schema.ts';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';

const R = routes.rehab;
const C = routes.clinic;
const P = routes.rehabPlan;
let t: TestApp;
let port = 0;
let pkgId = 0;
const TEAM = '骨科康复团队';
const PASSWORD = 'Doctor2026x';
const docs: Array<{ id: number; phone: string; token: string }> = [];

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

async function addDoctor(name: string, team: string) {
  const d = await t.rt.services.insight.addDoctor({ name, title: '主治医师', department: '康复医学科', hospital: '某某医院' });
  const phone = randomPhone();
  await t.rt.services.clinic.setAccount(Number(d.id), { phone, password: PASSWORD, teamId: team, licenceNo: `L${randomBytes(4).toString('hex')}` });
  const login = data<{ token: string }>(await t.call(C.login, { body: { phone, password: PASSWORD }, ip: randomIp() }));
  return { id: Number(d.id), phone, token: login.token };
}

beforeAll(async () => {
  t = await startTestApp();
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.rt.app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  pkgId = (await t.rt.services.pkg.service.addPackage({ name: '膝关节术后康复包', priceFen: 99_900, durationDays: 30, team: TEAM, includes: ['图文问诊', '康复计划'] })).id;
  docs.push(await addDoctor('李医生', TEAM), await addDoctor('王医生', '心内科团队'));
});
afterAll(async () => {
  await t.close();
});

/** A user who bought the package for 妈妈 and paid in the sandbox. */
async function paidForMom() {
  const { token, userId } = await t.login();
  const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 } }));
  const o = data<Order>(await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: mom.id, idempotencyKey: `k-${randomBytes(8).toString('hex')}` } }));
  const p = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
  await t.rt.app.inject({ method: 'POST', url: `/sandbox-pay/${p.tradeNo}/confirm`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  await t.rt.services.pkg.sandbox.idle();
  const c = data<Consultation>(await t.call(R.consultStart, { token, body: { orderNo: o.orderNo } }));
  return { token, userId, momId: mom.id, orderNo: o.orderNo, c };
}

function socketOf(token: string): Promise<Socket> {
  const s = connectSocket(`http://127.0.0.1:${port}${IM_NAMESPACE}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}
const emit = <T>(s: Socket, ev: string, body: unknown) => s.timeout(5000).emitWithAck(ev, body) as Promise<T & { ok: boolean; msg?: string }>;
const next = (s: Socket, ev: string) => new Promise<unknown>((resolve) => s.once(ev, resolve));

describe('doctor accounts', () => {
  it('logs in with phone and password; a wrong password is refused; doctor calls refuse user tokens and no token', async () => {
    const bad = await t.call(C.login, { body: { phone: docs[0]?.phone, password: 'wrong-pass-1' }, ip: randomIp() });
    expect([bad.code, bad.msg]).toEqual([400, CLINIC_MSG.loginFailed]);
    const me = data<{ name: string; teamId: string }>(await t.call(C.me, { token: docs[0]?.token }));
    expect([me.name, me.teamId]).toEqual(['李医生', TEAM]);
    const { token } = await t.login();
    for (const tk of [token, undefined, 'dr_garbage']) expect((await t.call(C.consults, { token: tk })).status).toBe(401);
  });
});

describe('consultations and the member file', () => {
  it('a paid order opens a consultation with the team’s doctor, who sees the order and 妈妈’s file; another doctor sees nothing; closed, the doctor loses access', async () => {
    const u = await paidForMom();
    expect([u.c.doctor.name, u.c.patientName, u.c.status]).toEqual(['李医生', '妈妈', 1]);
    // Starting again answers the same consultation.
    expect(data<Consultation>(await t.call(R.consultStart, { token: u.token, body: { orderNo: u.orderNo } })).consultId).toBe(u.c.consultId);
    const list = data<Consultation[]>(await t.call(C.consults, { token: docs[0]?.token }));
    expect(list.map((x) => x.orderNo)).toContain(u.orderNo);
    const file = data<{ profile: { name: string; height: number } }>(await t.call(C.memberFile, { token: docs[0]?.token, body: { consultId: u.c.consultId } }));
    expect([file.profile.name, file.profile.height]).toEqual(['妈妈', 158]);
    // The other doctor (another team): not in the list, the file is refused.
    expect(data<Consultation[]>(await t.call(C.consults, { token: docs[1]?.token })).map((x) => x.consultId)).not.toContain(u.c.consultId);
    const other = await t.call(C.memberFile, { token: docs[1]?.token, body: { consultId: u.c.consultId } });
    expect([other.code, other.msg]).toEqual([404, CLINIC_MSG.notYourPatient]);
    // Another user cannot read the group nor start someone else's order.
    const stranger = await t.login();
    expect((await t.call(R.imHistory, { token: stranger.token, body: { groupId: u.c.groupId } })).code).toBe(404);
    expect((await t.call(R.consultStart, { token: stranger.token, body: { orderNo: u.orderNo } })).code).toBe(404);
    // Closed: the doctor's file, history and plan calls are refused; the patient still reads the history.
    data(await t.call(C.close, { token: docs[0]?.token, body: { consultId: u.c.consultId } }));
    expect((await t.call(C.memberFile, { token: docs[0]?.token, body: { consultId: u.c.consultId } })).code).toBe(404);
    expect((await t.call(C.history, { token: docs[0]?.token, body: { groupId: u.c.groupId } })).code).toBe(404);
    expect((await t.call(C.planCreate, { token: docs[0]?.token, body: { consultId: u.c.consultId, title: '计划', startDate: '2026-01-01', stages: [{ name: '一', days: 7 }], tasks: [{ kind: 'exercise', name: '抬腿' }] } })).code).toBe(404);
    expect((await t.call(R.imHistory, { token: u.token, body: { groupId: u.c.groupId } })).code).toBe(1);
  });

  it('a refund ends the consultation: the doctor loses the file at once', async () => {
    const u = await paidForMom();
    expect(data<{ profile: { name: string } }>(await t.call(C.memberFile, { token: docs[0]?.token, body: { consultId: u.c.consultId } })).profile.name).toBe('妈妈');
    data(await t.call(R.orderRefund, { token: u.token, body: { orderNo: u.orderNo, reason: '不需要了' } }));
    const r = await t.call(C.memberFile, { token: docs[0]?.token, body: { consultId: u.c.consultId } });
    expect([r.code, r.msg]).toEqual([404, CLINIC_MSG.notYourPatient]);
    expect(data<Consultation[]>(await t.call(R.consultList, { token: u.token }))[0]?.status).toBe(2);
  });

  it('an unpaid order opens no consultation', async () => {
    const { token } = await t.login();
    const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 } }));
    const o = data<Order>(await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: mom.id, idempotencyKey: `k-${randomBytes(8).toString('hex')}` } }));
    const r = await t.call(R.consultStart, { token, body: { orderNo: o.orderNo } });
    expect([r.code, r.msg]).toEqual([400, CLINIC_MSG.notInService]);
  });
});

describe('doctor chat over the IM socket', () => {
  it('messages both ways, an image from the media store, read receipts, and a reconnect that resumes without loss or doubles', async () => {
    const u = await paidForMom();
    const userTok = data<{ token: string }>(await t.call(R.rongGetToken, { token: u.token })).token;
    const docTok = data<{ token: string }>(await t.call(C.imToken, { token: docs[0]?.token })).token;
    const us = await socketOf(userTok);
    const ds = await socketOf(docTok);
    const g = u.c.groupId;

    const atDoctor = next(ds, IM_EVENT.message);
    const sent = await emit<{ message: ImMessage }>(us, IM_EVENT.send, { groupId: g, clientMsgId: 'cm-000000001', kind: 'text', text: '医生您好，膝盖还肿' });
    expect(sent.ok).toBe(true);
    expect(((await atDoctor) as ImMessage).text).toBe('医生您好，膝盖还肿');
    // A resend of the same clientMsgId answers the stored message and is not delivered again.
    const again = await emit<{ message: ImMessage }>(us, IM_EVENT.send, { groupId: g, clientMsgId: 'cm-000000001', kind: 'text', text: '医生您好，膝盖还肿' });
    expect(again.message.seq).toBe(sent.message.seq);

    const atUser = next(us, IM_EVENT.message);
    await emit(ds, IM_EVENT.send, { groupId: g, clientMsgId: 'dm-000000001', kind: 'text', text: '请冰敷，每次15分钟' });
    expect(((await atUser) as ImMessage).sender).toBe('doctor');

    // Read receipt: the doctor reads up to the user's message; the user sees it.
    const receipt = next(us, IM_EVENT.receipt);
    await emit(ds, IM_EVENT.read, { groupId: g, seq: sent.message.seq });
    expect(await receipt).toMatchObject({ groupId: g, reader: 'doctor', seq: sent.message.seq });

    // An image: uploaded through chatRehab/imFileUpload into the encrypted store, sent by id; the doctor gets a signed URL.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const boundary = 'X-BOUNDARY';
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="knee.png"\r\nContent-Type: image/png\r\n\r\n`), png, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const up = await t.rt.app.inject({ method: 'POST', url: '/api/chatDr-rehab-core/toc/chatRehab/imFileUpload', headers: { authorization: u.token, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    const mediaId = (JSON.parse(up.body) as { data: { inputMediaId: string } }).data.inputMediaId;
    const img = next(ds, IM_EVENT.message);
    await emit(us, IM_EVENT.send, { groupId: g, clientMsgId: 'cm-000000002', kind: 'image', mediaId });
    const got = (await img) as ImMessage;
    expect(got.kind).toBe('image');
    expect(got.mediaUrl).toMatch(/^\/api\/.+/);
    expect((await t.rt.app.inject({ method: 'GET', url: got.mediaUrl ?? '' })).statusCode).toBe(200);
    // Someone else's media id is refused.
    const stranger = await t.login();
    const foreign = await emit(ds, IM_EVENT.send, { groupId: g, clientMsgId: 'dm-000000002', kind: 'image', mediaId });
    expect([foreign.ok, foreign.msg]).toEqual([false, CLINIC_MSG.imageGone]);
    expect((await t.call(R.imHistory, { token: stranger.token, body: { groupId: g } })).code).toBe(404);

    // The user drops; the doctor sends three messages meanwhile; the reconnect resumes them once each.
    const lastSeen = got.seq;
    us.disconnect();
    for (let i = 0; i < 3; i++) await emit(ds, IM_EVENT.send, { groupId: g, clientMsgId: `dm-00000001${i}`, kind: 'text', text: `离线消息${i}` });
    const back = await socketOf(userTok);
    const resumed = await emit<{ messages: ImMessage[] }>(back, IM_EVENT.resume, { groups: { [g]: lastSeen } });
    expect(resumed.messages.map((m) => m.text)).toEqual(['离线消息0', '离线消息1', '离线消息2']);
    // History is persisted, ordered, paged.
    const h = data<{ list: ImMessage[]; hasMore: boolean }>(await t.call(R.imHistory, { token: u.token, body: { groupId: g, pageSize: 3 } }));
    expect([h.list.map((m) => m.text), h.hasMore]).toEqual([['离线消息0', '离线消息1', '离线消息2'], true]);
    const all = data<{ list: ImMessage[] }>(await t.call(R.imHistory, { token: u.token, body: { groupId: g, pageSize: 100 } }));
    expect(all.list.length).toBe(6);
    expect(new Set(all.list.map((m) => m.seq)).size).toBe(6);
    // Unread counts: the user has 3 unread doctor messages after the one read receipt-free reconnect.
    const mine = data<Consultation[]>(await t.call(R.consultList, { token: u.token }));
    expect(mine[0]?.unread).toBe(4);
    back.disconnect();
    ds.disconnect();
  });

  it('refuses a socket without a valid token', async () => {
    await expect(socketOf('u.1.99999999999999.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx')).rejects.toThrow();
  });

  it('a doctor’s logout revokes the IM token of that session and closes its sockets; another session’s socket stays', async () => {
    const phone = docs[0]?.phone ?? '';
    const login = () => t.call(C.login, { body: { phone, password: PASSWORD }, ip: randomIp() }).then((r) => data<{ token: string }>(r).token);
    const [s1, s2] = [await login(), await login()];
    const im1 = data<{ token: string }>(await t.call(C.imToken, { token: s1 })).token;
    const im2 = data<{ token: string }>(await t.call(C.imToken, { token: s2 })).token;
    const [a, b] = [await socketOf(im1), await socketOf(im2)];
    const closed = new Promise<string>((resolve) => a.once('disconnect', (reason) => resolve(reason)));
    data(await t.call(C.logout, { token: s1 }));
    expect(await closed).toBe('io server disconnect');
    await expect(socketOf(im1)).rejects.toThrow('401');
    expect(b.connected).toBe(true);
    // A doctor token without its session, or a user token dressed as a doctor's, is refused.
    await expect(socketOf(im2.replace(/\.\d+\.([A-Za-z0-9_-]{43})$/, '.$1'))).rejects.toThrow();
    b.disconnect();
  });
});

describe('verification of an AI answer and the rehab plan', () => {
  it('the user asks, the doctor of the open consultation marks it agreed, the user sees 医生已审核; a plan is made and checked in', async () => {
    const u = await paidForMom();
    const [dlg] = await t.rt.database.db.insert(chatDialogs).values({ questionId: `q-${randomBytes(8).toString('hex')}`, userId: u.userId, sessionId: 's1', question: '膝关节置换术后多久能走路？', answer: '一般术后第二天即可在助行器帮助下下地行走。', status: 2, userInfoId: u.momId }).returning();
    const v = data<Verification>(await t.call(R.chatVerifyApply, { token: u.token, body: { dialogId: dlg?.id } }));
    expect(v.status).toBe(0);
    const queue = data<Verification[]>(await t.call(C.verifyList, { token: docs[0]?.token }));
    expect(queue.find((x) => x.chatVerifyId === v.chatVerifyId)?.question).toBe('膝关节置换术后多久能走路？');
    expect((await t.call(C.verifySubmit, { token: docs[1]?.token, body: { chatVerifyId: v.chatVerifyId, verifyAnswerType: 'agreed' } })).code).toBe(404);
    data(await t.call(C.verifySubmit, { token: docs[0]?.token, body: { chatVerifyId: v.chatVerifyId, verifyAnswerType: 'agreed', verifyRemark: '回答准确' } }));
    const seen = data<Verification>(await t.call(R.chatVerifyDetail, { token: u.token, body: { chatVerifyId: v.chatVerifyId } }));
    expect([seen.statusText, seen.verifyRemark, seen.doctorName]).toEqual(['医生已审核', '回答准确', '李医生']);
    const stranger = await t.login();
    expect((await t.call(R.chatVerifyDetail, { token: stranger.token, body: { chatVerifyId: v.chatVerifyId } })).code).toBe(404);

    const today = new Date(t.clock.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const plan = data<Plan>(await t.call(C.planCreate, { token: docs[0]?.token, body: { consultId: u.c.consultId, title: '膝关节术后康复计划', startDate: today, stages: [{ name: '消肿期', days: 14, goal: '控制肿胀' }, { name: '功能期', days: 16 }], tasks: [{ kind: 'exercise', name: '直腿抬高 3组×10次' }, { kind: 'medicine', name: '塞来昔布 每日1次' }] } }));
    expect(plan.tasks.map((x) => x.taskId)).toEqual(['t1', 't2']);
    const cur = data<{ stage: { name: string }; dayInPlan: number }>(await t.call(P.currentStage, { token: u.token, body: {} }));
    expect([cur.stage.name, cur.dayInPlan]).toEqual(['消肿期', 1]);
    const day = data<{ done: number; total: number }>(await t.call(P.checkIn, { token: u.token, body: { planId: plan.planId, currentDate: today, taskId: 't1' } }));
    expect([day.done, day.total]).toEqual([1, 2]);
    // Idempotent; not in advance; not someone else's plan.
    expect(data<{ done: number }>(await t.call(P.checkIn, { token: u.token, body: { planId: plan.planId, currentDate: today, taskId: 't1' } })).done).toBe(1);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect((await t.call(P.checkIn, { token: u.token, body: { planId: plan.planId, currentDate: tomorrow, taskId: 't1' } })).msg).toBe(CLINIC_MSG.notPlanDay);
    expect((await t.call(P.checkIn, { token: stranger.token, body: { planId: plan.planId, currentDate: today, taskId: 't1' } })).code).toBe(404);
    const cal = data<Array<{ date: string; done: number }>>(await t.call(P.calendarState, { token: u.token, body: { planId: plan.planId, month: today.slice(0, 7) } }));
    expect(cal.find((d) => d.date === today)?.done).toBe(1);
  });

  it('no open consultation: asking for a verification says to start one', async () => {
    const { token, userId } = await t.login();
    const [dlg] = await t.rt.database.db.insert(chatDialogs).values({ questionId: `q-${randomBytes(8).toString('hex')}`, userId, sessionId: 's1', question: '头痛怎么办', answer: '注意休息。', status: 2 }).returning();
    const r = await t.call(R.chatVerifyApply, { token, body: { dialogId: dlg?.id } });
    expect([r.code, r.msg]).toEqual([400, CLINIC_MSG.needConsult]);
  });
});
