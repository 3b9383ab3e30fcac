import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, type RouteDef } from '@chatdr/contract';
import { collectAnswer, type AnswerEvent } from '@chatdr/engine';
import { media as mediaTable, wsConnectLogs } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ChatStore } from '../chat/chat.store.ts';
import { extrasOf } from '../chat/frames.ts';

const H = routes.chatHealth;
const C = routes.chat;
const M = routes.medical;
const E = routes.evaluation;
const S = routes.system;
const F = routes.family;
const DAY = 86_400_000;

let t: TestApp;
let chat: ChatStore;
let clockStart = 0;
beforeAll(async () => {
  t = await startTestApp();
  chat = new ChatStore(t.rt.database.db);
  clockStart = t.clock.t;
});
// Tests that move the clock put it back (sessions end 30 days after login).
afterEach(() => {
  t.clock.t = clockStart;
});
afterAll(async () => {
  await t.close();
});

type Res = { status: number; code: number; msg: string; data: unknown };
/** Calls a route; every success answer must match the contract's response schema. */
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
const authOf = (userId: number): AuthContext => ({ userId, sessionRowId: 0, sessionPublicId: '', status: 'active', phone: '' });
const expect404 = (r: Res) => expect([r.code, r.msg]).toEqual([ERR.notFound.code, r.msg]);
const expect400 = (r: Res, msg?: string) => {
  expect([r.status, r.code]).toEqual([400, ERR.badRequest.code]);
  if (msg) expect(r.msg).toBe(msg);
};

interface Account {
  token: string;
  userId: number;
  selfId: number;
}
async function account(): Promise<Account> {
  const { token, userId } = await t.login();
  const info = data<{ members: Array<{ id: number }> }>(await call(routes.auth.accountInfo, { token }));
  return { token, userId, selfId: info.members[0]?.id ?? 0 };
}
async function addMember(a: Account, body: Record<string, unknown>): Promise<number> {
  return data<{ id: number }>(await call(F.saveUserInfo, { token: a.token, body })).id;
}

/** A finished dialog answered by the real builtin engine, stored as the chat stream stores it. */
async function seed(a: Account, question: string, opts: { memberId?: number; input?: Record<string, unknown>; status?: number } = {}) {
  const member = opts.memberId ? await t.rt.services.family.memberContext(authOf(a.userId), opts.memberId) : null;
  const events: AnswerEvent[] = await collectAnswer({ question, member });
  const extras: Record<string, unknown> = {};
  let answer = '';
  for (const e of events) {
    if (e.type === 'text') answer += e.delta;
    const kept = extrasOf(e);
    if (kept) extras[kept[0]] = kept[1];
  }
  const sessionId = randomUUID();
  await chat.insertSession({ id: sessionId, userId: a.userId, deviceType: 'h5', privacy: false });
  const questionId = `q-${randomBytes(6).toString('hex')}-${randomInt(1e6)}`;
  const d = await chat.insertDialog({ questionId, userId: a.userId, sessionId, question, answer, status: opts.status ?? 2, code: 1, userInfoId: opts.memberId ?? null, input: opts.input ?? {}, extras, createdAt: new Date(t.clock.now()) });
  return { questionId, dialInId: d.id, sessionId };
}

/** An account whose own profile has 高血压, a penicillin allergy and 氨氯地平, pregnant at week 20. */
async function richAccount(): Promise<Account> {
  const a = await account();
  await call(F.editUserInfo, { token: a.token, body: { id: a.selfId, sex: 'F', birthDate: '1992-05-01', height: 162, weight: 58, specialPeriod: 'pregnancy', pregnancyWeek: 20 } });
  data(await call(F.batchSaveRecords, { token: a.token, body: { userInfoId: a.selfId, records: [{ type: 'disease', name: '高血压' }, { type: 'allergy', name: '青霉素类' }, { type: 'medicine', name: '氨氯地平' }] } }));
  return a;
}

describe('health profile in chat', () => {
  it('getPersonalPortrayTag: the profile tags the question touches come first; another account gets 404', async () => {
    const a = await richAccount();
    const b = await account();
    const q = await seed(a, '我有高血压，头疼能吃布洛芬吗', { memberId: a.selfId });
    const res = data<{ userInfoId: number; tags: Array<{ type: string; name: string; relevant: boolean }> }>(await call(H.getPersonalPortrayTag, { token: a.token, query: { questionId: q.questionId, deviceType: 'h5' } }));
    expect(res.userInfoId).toBe(a.selfId);
    expect(res.tags).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'disease', name: '高血压', relevant: true }),
      expect.objectContaining({ type: 'allergy', name: '青霉素类', relevant: true }),
      expect.objectContaining({ type: 'medicine', name: '氨氯地平', relevant: true }),
      expect.objectContaining({ type: 'pregnancy', name: '孕20周', relevant: true }),
      expect.objectContaining({ type: 'ageGroup', name: '成人', relevant: false }),
    ]));
    expect(res.tags.at(-1)?.relevant).toBe(false);
    expect404(await call(H.getPersonalPortrayTag, { token: b.token, query: { questionId: q.questionId } }));
    const own = await seed(b, '头疼');
    expect404(await call(H.getPersonalPortrayTag, { token: b.token, query: { questionId: own.questionId, userInfoId: String(a.selfId) } }));
    expect400(await call(H.getPersonalPortrayTag, { token: a.token, query: { userInfoId: 'x' } }));
  });

  it('savePersonalIndicator: saves the readings a question states or the ones the user sends, in range', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '我今天血压160/100，血糖7.8，有点头晕');
    const saved = data<Array<{ type: string; value: number; value2: number | null; unit: string; questionId: string }>>(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, questionId: q.questionId } }));
    expect(saved.map((s) => [s.type, s.value, s.value2, s.unit])).toEqual([['bloodPressure', 160, 100, 'mmHg'], ['glucose', 7.8, null, 'mmol/L']]);
    expect(saved[0]?.questionId).toBe(q.questionId);
    const w = data<Array<{ type: string; value: number }>>(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, indicators: [{ type: 'weight', value: 61.5 }] } }));
    expect(w[0]).toMatchObject({ type: 'weight', value: 61.5 });
    expect400(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, indicators: [{ type: 'bloodPressure', value: 120 }] } }), '血压需同时提供收缩压和舒张压');
    expect400(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, indicators: [{ type: 'temperature', value: 60 }] } }), '体温需在30-45°C之间');
    expect400(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, indicators: [{ type: 'mood', value: 1 }] } }), '指标类型不正确');
    expect400(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId } }), '请提供 questionId 或 indicators');
    const plain = await seed(a, '感冒了怎么办');
    expect400(await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, questionId: plain.questionId } }), '问题中没有可保存的指标');
    expect404(await call(H.savePersonalIndicator, { token: b.token, body: { userInfoId: a.selfId, indicators: [{ type: 'weight', value: 60 }] } }));
    expect404(await call(H.savePersonalIndicator, { token: b.token, body: { userInfoId: b.selfId, questionId: q.questionId } }));
  });

  it('getRecommend: department, condition, drug and hospital items of the stored answer, topNum at most', async () => {
    const a = await account();
    const b = await account();
    const sym = await seed(a, '头痛发烧三天了怎么办');
    const rec = data<{ list: Array<{ type: string; name: string; scene: string[] }> }>(await call(H.getRecommend, { token: a.token, query: { questionId: sym.questionId, topNum: '5' } }));
    expect(rec.list[0]).toMatchObject({ type: 'department', scene: ['就医', '就医信息', '推荐科室'] });
    expect(rec.list.some((x) => x.type === 'condition')).toBe(true);
    const hos = await seed(a, '杭州哪家医院看心脏好');
    const hl = data<{ list: Array<{ type: string; name: string; detail: string }> }>(await call(H.getRecommend, { token: a.token, query: { questionId: hos.questionId, topNum: '2' } }));
    expect(hl.list).toHaveLength(2);
    expect(hl.list.every((x) => x.type === 'hospital' && x.detail === '三级甲等')).toBe(true);
    const drug = await seed(a, '布洛芬一次吃几片');
    expect(data<{ list: Array<{ type: string; name: string }> }>(await call(H.getRecommend, { token: a.token, query: { questionId: drug.questionId } })).list).toEqual([expect.objectContaining({ type: 'drug', name: '布洛芬' })]);
    expect404(await call(H.getRecommend, { token: b.token, query: { questionId: sym.questionId } }));
    expect400(await call(H.getRecommend, { token: a.token, query: { questionId: sym.questionId, topNum: '0' } }));
  });

  it('getRisk: triage level and red flags of the dialog', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '我胸口剧烈疼痛，出冷汗，喘不上气');
    const r = data<{ level: string; riskLevel: number; redFlags: Array<{ level: string }>; actions: string[]; tips: string[] }>(await call(H.getRisk, { token: a.token, query: { questionId: q.questionId } }));
    expect(r).toMatchObject({ level: 'emergency', riskLevel: 3 });
    expect(r.redFlags[0]?.level).toBe('emergency');
    expect(r.actions[0]).toContain('120');
    const mild = await seed(a, '有点流鼻涕打喷嚏');
    expect(data<{ riskLevel: number; redFlags: unknown[] }>(await call(H.getRisk, { token: a.token, query: { questionId: mild.questionId } }))).toMatchObject({ riskLevel: 1, redFlags: [] });
    expect404(await call(H.getRisk, { token: b.token, query: { questionId: q.questionId } }));
    expect400(await call(H.getRisk, { token: a.token, query: {} }));
  });

  it('getSceneRecodesByBody: the engine scene of the text; never fails', async () => {
    const a = await account();
    const s = data<Array<{ code: string; path: string[] }>>(await call(H.getSceneRecodesByBody, { token: a.token, body: { question: '布洛芬一次吃几片', questionId: 'q1', deviceType: 'h5', inType: 1 } }));
    expect(s[0]).toMatchObject({ code: '诊疗-药品-用药咨询', path: ['诊疗', '药品', '用药咨询'] });
    const h = data<Array<{ code: string }>>(await call(H.getSceneRecodesByBody, { token: a.token, body: { question: '杭州哪家医院看心脏好' } }));
    expect(h.map((x) => x.code)).toEqual(['就医-就医信息-推荐医院']);
    for (const body of [{ question: 123 }, { question: 'x'.repeat(6000) }, null, '{']) {
      const r = await call(H.getSceneRecodesByBody, { token: a.token, body });
      if (body === '{') expect(r.status).toBe(400);
      else expect([r.code, r.data]).toEqual([1, []]);
    }
  });

  it('getUserInfoHealthRateAndUseTimes: completeness of the profile and the dialogs about the member', async () => {
    const a = await richAccount();
    const b = await account();
    await seed(a, '头疼', { memberId: a.selfId });
    await seed(a, '咳嗽', { memberId: a.selfId });
    await seed(a, '发烧');
    await call(H.savePersonalIndicator, { token: a.token, body: { userInfoId: a.selfId, indicators: [{ type: 'heartRate', value: 72 }] } });
    const r = data<{ healthRate: number; usePersonasCount: number; userDataProgress: Record<string, unknown>; indicatorCount: number }>(await call(H.getUserInfoHealthRateAndUseTimes, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(r.healthRate).toBeGreaterThan(0);
    expect(r.healthRate).toBeLessThan(100);
    expect(r).toMatchObject({ usePersonasCount: 2, indicatorCount: 1, userDataProgress: { basic: true, disease: true, allergy: true, medicine: true, surgery: false } });
    expect404(await call(H.getUserInfoHealthRateAndUseTimes, { token: b.token, body: { userInfoId: a.selfId } }));
    expect400(await call(H.getUserInfoHealthRateAndUseTimes, { token: a.token, body: { userInfoId: 'abc' } }));
  });

  it('confirmRole: records the member for the session, checked against the account', async () => {
    const a = await account();
    const b = await account();
    const mom = await addMember(a, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 });
    const q = await seed(a, '我妈妈头晕');
    const r = data<{ userInfoId: number; sessionId: string; questionId: string; roleName: string }>(await call(H.confirmRole, { token: a.token, body: { userInfoId: mom, sessionId: q.sessionId, questionId: q.questionId } }));
    expect(r).toMatchObject({ userInfoId: mom, sessionId: q.sessionId, questionId: q.questionId, roleName: '妈妈' });
    // Confirming again for the same session and question replaces the member.
    expect(data<{ userInfoId: number }>(await call(H.confirmRole, { token: a.token, body: { userInfoId: a.selfId, sessionId: q.sessionId, questionId: q.questionId } })).userInfoId).toBe(a.selfId);
    expect(data<{ sessionId: null }>(await call(H.confirmRole, { token: a.token, body: { userInfoId: mom } })).sessionId).toBeNull();
    expect404(await call(H.confirmRole, { token: b.token, body: { userInfoId: mom } }));
    expect404(await call(H.confirmRole, { token: b.token, body: { userInfoId: b.selfId, sessionId: q.sessionId } }));
    expect404(await call(H.confirmRole, { token: b.token, body: { userInfoId: b.selfId, questionId: q.questionId } }));
    expect400(await call(H.confirmRole, { token: a.token, body: {} }));
  });

  it('a member confirmed for a session is the one its questions are about', async () => {
    const a = await account();
    const mom = await addMember(a, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 });
    data(await call(F.batchSaveRecords, { token: a.token, body: { userInfoId: mom, records: [{ type: 'disease', name: '高血压' }] } }));
    const q = await seed(a, '我妈妈头晕，血压有点高');
    expect(data<{ userInfoId: number | null; tags: unknown[] }>(await call(H.getPersonalPortrayTag, { token: a.token, query: { questionId: q.questionId } }))).toMatchObject({ userInfoId: null, tags: [] });
    data(await call(H.confirmRole, { token: a.token, body: { userInfoId: mom, sessionId: q.sessionId } }));
    const tags = data<{ userInfoId: number; tags: Array<{ name: string; relevant: boolean }> }>(await call(H.getPersonalPortrayTag, { token: a.token, query: { questionId: q.questionId } }));
    expect(tags.userInfoId).toBe(mom);
    expect(tags.tags[0]).toMatchObject({ name: '高血压', relevant: true });
    expect(data<{ type: number; roleStatus: number; member: { userInfoId: number } }>(await call(H.getRoleByKieQuestion, { token: a.token, body: { question: '我妈妈头晕', questionId: q.questionId } }))).toMatchObject({ type: 2, roleStatus: 0, member: { userInfoId: mom } });
    const b = await account();
    expect404(await call(H.getRoleByKieQuestion, { token: b.token, body: { question: '我妈妈头晕', questionId: q.questionId } }));
  });

  it('getRoleByKieQuestion: matches who the question is about against the members', async () => {
    const a = await account();
    const b = await account();
    const mom = await addMember(a, { roleCode: 'ROLE_1100', name: '老妈', birthDate: '1960-03-01', height: 158, weight: 60 });
    const role = (body: Record<string, unknown>, token = a.token) => call(H.getRoleByKieQuestion, { token, body: { deviceType: 'h5', ...body } });
    type R = { who: string | null; type: number; roleStatus: number; member: { userInfoId: number } | null; candidates: unknown[] };
    expect(data<R>(await role({ question: '我妈妈血压高，头晕' }))).toMatchObject({ who: 'mother', type: 2, roleStatus: 0, member: { userInfoId: mom } });
    expect(data<R>(await role({ question: '我头疼' }))).toMatchObject({ who: 'self', type: 1, roleStatus: 0, member: { userInfoId: a.selfId } });
    expect(data<R>(await role({ question: '我朋友头疼' }))).toMatchObject({ who: 'other', type: 5, roleStatus: -4, member: null });
    expect(data<R>(await role({ question: '我儿子发烧38.5度' }))).toMatchObject({ who: 'child', type: 4, roleStatus: -1, member: null });
    // Asked while the user's own profile is chosen: the child is not the user.
    expect(data<R>(await role({ question: '我儿子发烧38.5度', userInfoId: a.selfId }))).toMatchObject({ type: 4, roleStatus: -2 });
    const son = await addMember(a, { roleCode: 'ROLE_3000', name: '大宝', birthDate: '2018-03-01', height: 120, weight: 22 });
    expect(data<R>(await role({ question: '我儿子发烧38.5度' }))).toMatchObject({ type: 2, roleStatus: 0, member: { userInfoId: son } });
    const son2 = await addMember(a, { roleCode: 'ROLE_3000', name: '二宝', birthDate: '2021-03-01', height: 90, weight: 13 });
    const several = data<R>(await role({ question: '我儿子发烧了' }));
    expect(several).toMatchObject({ type: 3, member: null });
    expect(several.candidates).toHaveLength(2);
    expect(data<R>(await role({ question: '二宝发烧了怎么办' }))).toMatchObject({ type: 2, member: { userInfoId: son2 } });
    expect(data<R>(await role({ question: '我儿子发烧了', userInfoId: son2 }))).toMatchObject({ type: 2, roleStatus: 0, member: { userInfoId: son2 } });
    expect404(await role({ question: '我妈妈头晕', userInfoId: mom }, b.token));
    expect(data<R>(await role({ question: '我妈妈头晕' }, b.token))).toMatchObject({ type: 4, member: null });
    expect400(await role({ question: '' }), '请输入问题');
  });

  it('addHistoryByImage: diseases, medicines and allergies read on the images join the profile', async () => {
    const a = await account();
    const b = await account();
    const id = `m-${randomBytes(8).toString('hex')}`;
    const ocr = { reportType: 1, folderType: 'medical', folderTypeName: '病历', title: '出院记录', hospital: null, department: null, patientName: null, sex: null, age: null, sampleType: null, collectedAt: null, reportedAt: null, items: [], drug: null, text: '诊断：2型糖尿病；高血压病3级。既往青霉素过敏。出院带药：二甲双胍缓释片 0.5g bid，氨氯地平片 5mg qd', source: 'ocr', pages: 1 };
    await t.rt.database.db.insert(mediaTable).values({ id, userId: a.userId, kind: 'ocr', fileType: 'image', mime: 'image/jpeg', fileName: 'a.jpg', size: 1, md5: 'x', storageKey: `k-${id}`, ocrStatus: 'done', ocr });
    const r = data<{ added: Array<{ type: string; name: string }>; found: number }>(await call(H.addHistoryByImage, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [id], questionId: 'q', deviceType: 'h5' } }));
    expect(r.added.map((x) => `${x.type}:${x.name}`).sort()).toEqual(['allergy:青霉素类', 'disease:2型糖尿病', 'disease:高血压', 'medicine:二甲双胍', 'medicine:氨氯地平']);
    // Twice: nothing is added again.
    expect(data<{ added: unknown[] }>(await call(H.addHistoryByImage, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [id] } })).added).toEqual([]);
    expect404(await call(H.addHistoryByImage, { token: b.token, body: { userInfoId: b.selfId, inputMediaIds: [id] } }));
    expect404(await call(H.addHistoryByImage, { token: b.token, body: { userInfoId: a.selfId, inputMediaIds: [id] } }));
    expect400(await call(H.addHistoryByImage, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [] } }), '请选择图片');
  });

  it('getSessionByMediaId: the session whose question carried the media', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '帮我看看这张化验单', { input: { inputMediaId: 'media-abc-1' } });
    expect(data<{ sessionId: string; dialInId: number }>(await call(H.getSessionByMediaId, { token: a.token, body: { inputMediaId: 'media-abc-1' } }))).toMatchObject({ sessionId: q.sessionId, dialInId: q.dialInId });
    expect404(await call(H.getSessionByMediaId, { token: b.token, body: { inputMediaId: 'media-abc-1' } }));
    expect400(await call(H.getSessionByMediaId, { token: a.token, body: { inputMediaId: '' } }), '缺少 inputMediaId');
  });
});

describe('chat extras', () => {
  it('recommendQuestion: at most 3, from the answer, the typed text, the profile or the defaults', async () => {
    const a = await richAccount();
    const b = await account();
    const q = await seed(a, '布洛芬一次吃几片');
    const fromAnswer = data<string[]>(await call(C.recommendQuestion, { token: a.token, body: { dialInId: q.dialInId } }));
    expect(fromAnswer[0]).toBe('目前是因为什么症状需要用药？');
    expect(fromAnswer.length).toBeLessThanOrEqual(3);
    expect(data<string[]>(await call(C.recommendQuestion, { token: a.token, body: { question: '最近总是头晕' } }))).toEqual(['头晕是什么原因引起的？', '头晕需要去医院吗？挂什么科？', '头晕在家可以怎么缓解？']);
    expect(data<string[]>(await call(C.recommendQuestion, { token: a.token, body: { userInfoId: a.selfId } }))[0]).toBe('高血压平时需要注意什么？');
    expect(data<string[]>(await call(C.recommendQuestion, { token: b.token, body: {} }))).toHaveLength(3);
    expect404(await call(C.recommendQuestion, { token: b.token, body: { dialInId: q.dialInId } }));
    expect404(await call(C.recommendQuestion, { token: b.token, body: { userInfoId: a.selfId } }));
    expect400(await call(C.recommendQuestion, { token: a.token, body: { dialInId: 'abc' } }));
  });

  it('wsConnectLog: stores the connection event and nothing else', async () => {
    const a = await account();
    const r = data<{ id: number }>(await call(C.wsConnectLog, { token: a.token, body: { event: 'reconnect', attempt: 3, reason: 'transport close', networkType: 'WIFI' } }));
    const { eq } = await import('drizzle-orm');
    const [row] = await t.rt.database.db.select().from(wsConnectLogs).where(eq(wsConnectLogs.id, r.id));
    expect(row).toMatchObject({ userId: a.userId, event: 'reconnect', attempt: 3, reason: 'transport close', networkType: 'WIFI' });
    expect400(await call(C.wsConnectLog, { token: a.token, body: { event: 'hello' } }), '事件类型不正确');
  });

  it('activeSceneRecodes: report scene first when images come with the question', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '帮我看看');
    const r = data<{ scenes: Array<{ code: string }>; command: string | null }>(await call(C.activeSceneRecodes, { token: a.token, body: { question: '帮我看看', questionId: q.questionId, imageIds: ['m1'], imageType: 1, inType: 3 } }));
    expect(r.scenes[0]?.code).toBe('诊疗-检查-报告解读');
    expect(r.command).toBe('bgjd');
    expect(data<{ command: string }>(await call(C.activeSceneRecodes, { token: a.token, body: { question: '头痛发烧怎么办', questionId: 'not-asked-yet' } })).command).toBe('zzzc');
    expect404(await call(C.activeSceneRecodes, { token: b.token, body: { question: '帮我看看', questionId: q.questionId } }));
    expect400(await call(C.activeSceneRecodes, { token: a.token, body: { question: 'x', imageIds: 'm1' } }));
  });

  it('activeInquiry: the follow-up questions of the answer', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '头痛发烧三天了怎么办');
    const r = data<{ inquiry: string; questions: string[]; dialInId: number }>(await call(C.activeInquiry, { token: a.token, body: { questionId: q.questionId, answer: '…', deviceType: 'h5' } }));
    expect(r.questions.length).toBeGreaterThan(0);
    expect(r.inquiry).toBe(r.questions[0]);
    expect(r.dialInId).toBe(q.dialInId);
    expect404(await call(C.activeInquiry, { token: b.token, body: { questionId: q.questionId } }));
    expect400(await call(C.activeInquiry, { token: a.token, body: {} }));
  });

  it('welcomeMessage: public greeting by hour', async () => {
    const r = data<{ greeting: string; questions: string[] }>(await call(C.welcomeMessage, { body: { hour: 9 } }));
    expect(r.greeting.startsWith('上午好')).toBe(true);
    expect(r.questions).toHaveLength(3);
    expect(data<{ dayPart: string }>(await call(C.welcomeMessage, { body: { hour: 13 } })).dayPart).toBe('noon');
    expect((await call(C.welcomeMessage, {})).code).toBe(1);
    expect400(await call(C.welcomeMessage, { body: { hour: 30 } }));
  });
});

describe('medical lookup', () => {
  it('getHospitals: by city, district, department and keyword', async () => {
    const a = await account();
    const r = data<{ city: string; list: Array<{ name: string; city: string; reasons: string[] }> }>(await call(M.getHospitals, { token: a.token, body: { city: '杭州', department: '心内科', limit: 3 } }));
    expect(r.city).toBe('杭州市');
    expect(r.list).toHaveLength(3);
    expect(r.list.every((h) => h.city === '杭州市')).toBe(true);
    expect(r.list[0]?.reasons.join()).toContain('心血管内科');
    const kw = data<{ list: Array<{ name: string }> }>(await call(M.getHospitals, { token: a.token, body: { keyword: '华西' } }));
    expect(kw.list.map((h) => h.name)).toContain('四川大学华西医院');
    expect(data<{ list: unknown[] }>(await call(M.getHospitals, { token: a.token, body: { city: '火星' } })).list).toEqual([]);
    expect400(await call(M.getHospitals, { token: a.token, body: {} }), '请选择城市或输入医院名称');
    expect400(await call(M.getHospitals, { token: a.token, body: { city: '杭州', limit: 0 } }));
  });

  it('queryHospital: by name or alias', async () => {
    const a = await account();
    const r = data<{ list: Array<{ name: string; strongDepartments: string[]; source: string }> }>(await call(M.queryHospital, { token: a.token, body: { keyword: '华西医院' } }));
    expect(r.list[0]?.name).toBe('四川大学华西医院');
    expect(r.list[0]?.source).toBeTruthy();
    expect400(await call(M.queryHospital, { token: a.token, body: { keyword: ' ' } }), '请输入医院名称');
  });

  it('query: the department for a complaint (member-aware) and hospitals of the city', async () => {
    const a = await account();
    const b = await account();
    const r = data<{ department: { name: string; scope: string }; reason: string; alternatives: Array<{ name: string }>; hospitals: unknown[]; city: string | null }>(await call(M.query, { token: a.token, body: { keyword: '肚子疼拉肚子', city: '杭州' } }));
    expect(r.department.name).toBe('消化内科');
    expect(r.department.scope).toBeTruthy();
    expect(r.city).toBe('杭州市');
    expect(r.hospitals.length).toBeGreaterThan(0);
    const kid = await addMember(a, { roleCode: 'boy', name: '小宝', birthDate: '2021-01-01', height: 95, weight: 14 });
    expect(data<{ department: { name: string } }>(await call(M.query, { token: a.token, body: { keyword: '发烧咳嗽', userInfoId: kid } })).department.name).toBe('儿科');
    expect(data<{ department: { name: string } }>(await call(M.query, { token: a.token, body: { keyword: '心内科' } })).department.name).toBe('心血管内科');
    expect404(await call(M.query, { token: b.token, body: { keyword: '发烧', userInfoId: kid } }));
    expect400(await call(M.query, { token: a.token, body: { keyword: '' } }), '请输入症状或科室');
  });

  it("queryDoctor: the operator's doctors by department alias and keyword", async () => {
    const a = await account();
    const svc = t.rt.services.insight;
    const tag = randomBytes(3).toString('hex');
    const d1 = await svc.addDoctor({ name: `张${tag}`, title: '主任医师', department: '心内科', hospital: `测试医院${tag}`, intro: '擅长高血压、冠心病' });
    expect(d1.department).toBe('心血管内科');
    await svc.addDoctor({ name: `李${tag}`, title: '副主任医师', department: '消化内科', hospital: `测试医院${tag}` });
    const byDept = data<{ list: Array<{ name: string }>; total: number }>(await call(M.queryDoctor, { token: a.token, body: { department: '心内科', hospital: `测试医院${tag}` } }));
    expect(byDept.list.map((d) => d.name)).toEqual([`张${tag}`]);
    expect(data<{ total: number }>(await call(M.queryDoctor, { token: a.token, body: { hospital: `测试医院${tag}` } })).total).toBe(2);
    expect(data<{ list: Array<{ name: string }> }>(await call(M.queryDoctor, { token: a.token, body: { keyword: `李${tag}` } })).list).toHaveLength(1);
    expect(await svc.removeDoctor(d1.id)).toBe(true);
    expect(data<{ total: number }>(await call(M.queryDoctor, { token: a.token, body: { hospital: `测试医院${tag}` } })).total).toBe(1);
    expect400(await call(M.queryDoctor, { token: a.token, body: { size: 1000 } }));
  });
});

describe('evaluation', () => {
  it('evaluate: rating and comment of an own finished answer, updated on re-rating', async () => {
    const a = await account();
    const b = await account();
    const q = await seed(a, '感冒了怎么办');
    expect(data<{ score: number; comment: string }>(await call(E.evaluate, { token: a.token, body: { dialInId: q.dialInId, score: 4, comment: '有帮助' } }))).toMatchObject({ score: 4, comment: '有帮助' });
    expect(data<{ score: number; tags: string[] }>(await call(E.evaluate, { token: a.token, body: { dialInId: q.dialInId, score: 2, tags: ['不准确'] } }))).toMatchObject({ score: 2, tags: ['不准确'] });
    const answering = await seed(a, '头疼', { status: 1 });
    expect((await call(E.evaluate, { token: a.token, body: { dialInId: answering.dialInId, score: 5 } })).msg).toBe('回答完成后才能评价');
    expect404(await call(E.evaluate, { token: b.token, body: { dialInId: q.dialInId, score: 5 } }));
    expect400(await call(E.evaluate, { token: a.token, body: { dialInId: q.dialInId, score: 6 } }), '评分需为1-5');
  });

  it('userEvaluation: state until the user evaluates, then their evaluation', async () => {
    const a = await account();
    const b = await account();
    expect(data<{ state: boolean; evaluated: boolean }>(await call(E.userEvaluationState, { token: a.token }))).toMatchObject({ state: true, evaluated: false });
    expect(data<{ state: boolean; score: number }>(await call(E.userEvaluationCreateOrUpdate, { token: a.token, body: { score: 5, content: '很好用' } }))).toMatchObject({ state: false, score: 5 });
    expect(data<{ score: number; content: string }>(await call(E.userEvaluationCreateOrUpdate, { token: a.token, body: { score: 3, content: '一般' } }))).toMatchObject({ score: 3, content: '一般' });
    expect(data<{ state: boolean }>(await call(E.userEvaluationState, { token: b.token })).state).toBe(true);
    expect400(await call(E.userEvaluationCreateOrUpdate, { token: a.token, body: { score: 0 } }));
  });

  it('getEvaCondition and setEjectFlag: the rating-dialog rules of chat-core §4', async () => {
    const a = await account();
    const b = await account();
    type Eva = { isNewUser: boolean; ejectFlag15Day: boolean; ejectFlagToday: boolean; dialInCount: number; threshold: number; show: boolean };
    const cond = async (token = a.token, trigger?: string) => data<Eva>(await call(E.getEvaCondition, { token, ...(trigger ? { query: { trigger } } : {}) }));
    const first = await cond();
    expect(first).toMatchObject({ isNewUser: true, ejectFlag15Day: false, ejectFlagToday: false, dialInCount: 0, show: false });
    expect(first.threshold).toBeGreaterThanOrEqual(2);
    expect(first.threshold).toBeLessThanOrEqual(7);
    // The threshold is drawn once.
    expect((await cond()).threshold).toBe(first.threshold);
    for (let i = 1; i < first.threshold; i++) await seed(a, '头疼');
    await seed(a, '没回答完', { status: 1 });
    expect(await cond()).toMatchObject({ dialInCount: first.threshold - 1, show: false });
    await seed(a, '咳嗽');
    expect(await cond()).toMatchObject({ dialInCount: first.threshold, show: true });
    // Another account counts its own dial-ins.
    expect((await cond(b.token)).dialInCount).toBe(0);
    const ejected = data<Eva>(await call(E.setEjectFlag, { token: a.token }));
    expect(ejected).toMatchObject({ isNewUser: false, ejectFlag15Day: true, ejectFlagToday: true, dialInCount: 0, threshold: 17, show: false });
    t.clock.advance(DAY);
    expect(await cond()).toMatchObject({ ejectFlag15Day: true, ejectFlagToday: false, show: false });
    expect((await cond(a.token, 'conclusion')).show).toBe(false);
    t.clock.advance(15 * DAY);
    await seed(a, '头疼');
    expect(await cond()).toMatchObject({ ejectFlag15Day: false, dialInCount: 1, show: false });
    expect((await cond(a.token, 'conclusion')).show).toBe(true);
    for (let i = 1; i < 17; i++) await seed(a, '头疼');
    expect(await cond()).toMatchObject({ dialInCount: 17, show: true });
    expect400(await call(E.getEvaCondition, { token: a.token, query: { trigger: 'bogus' } }));
  });

  it('getAppEvaluateRecord and saveAppEvaluateRecord: the app-store rating popup', async () => {
    const a = await account();
    const b = await account();
    type Rec = { status: boolean; lastActionType: string | null; lastScore: number | null };
    expect(data<Rec>(await call(E.getAppEvaluateRecord, { token: a.token, body: {} }))).toMatchObject({ status: true, lastActionType: null });
    expect(data<Rec>(await call(E.saveAppEvaluateRecord, { token: a.token, body: { actionType: 'pop' } }))).toMatchObject({ status: false, lastActionType: 'pop' });
    expect(data<Rec>(await call(E.saveAppEvaluateRecord, { token: a.token, body: { actionType: 'cancel' } }))).toMatchObject({ status: false, lastActionType: 'cancel' });
    expect(data<Rec>(await call(E.getAppEvaluateRecord, { token: b.token }))).toMatchObject({ status: true });
    t.clock.advance(16 * DAY);
    expect(data<Rec>(await call(E.getAppEvaluateRecord, { token: a.token }))).toMatchObject({ status: true });
    expect(data<Rec>(await call(E.saveAppEvaluateRecord, { token: a.token, body: { actionType: 'score', score: 5 } }))).toMatchObject({ status: false, lastActionType: 'score', lastScore: 5 });
    t.clock.advance(10 * DAY);
    expect(data<Rec>(await call(E.getAppEvaluateRecord, { token: a.token }))).toMatchObject({ status: false });
    expect400(await call(E.saveAppEvaluateRecord, { token: a.token, body: { actionType: 'score' } }), '请选择评分');
    expect400(await call(E.saveAppEvaluateRecord, { token: a.token, body: { actionType: 'like' } }), 'actionType 需为 pop、score 或 cancel');
  });
});

describe('home', () => {
  it('taskList and clickTask: done from the user data, clicks recorded (also logged out)', async () => {
    const a = await account();
    type Task = { id: string; done: boolean; clicked: boolean };
    const before = data<Task[]>(await call(S.taskList, { token: a.token }));
    expect(before.map((x) => x.id)).toEqual(['profile', 'family', 'consult', 'indicator', 'rate']);
    expect(before.every((x) => !x.done && !x.clicked)).toBe(true);
    const q = await seed(a, '头疼');
    await addMember(a, { roleCode: 'ROLE_1000', name: '爸爸', birthDate: '1960-01-01', height: 170, weight: 70 });
    await call(E.evaluate, { token: a.token, body: { dialInId: q.dialInId, score: 5 } });
    expect(data<{ clicked: boolean }>(await call(S.clickTask, { token: a.token, query: { id: 'indicator' } })).clicked).toBe(true);
    const after = Object.fromEntries(data<Task[]>(await call(S.taskList, { token: a.token })).map((x) => [x.id, x]));
    expect(after).toMatchObject({ consult: { done: true }, family: { done: true }, rate: { done: true }, indicator: { done: false, clicked: true }, profile: { done: false } });
    expect(data<{ id: string }>(await call(S.clickTaskPublic, { query: { id: 'consult' } })).id).toBe('consult');
    expect404(await call(S.clickTask, { token: a.token, query: { id: 'nope' } }));
    expect400(await call(S.clickTaskPublic, { query: {} }), '缺少任务 id');
  });

  it("getKnowledgeInfo: cards for the member's diseases with sources; getCommonKnowledgeInfo for everyone", async () => {
    const a = await richAccount();
    const b = await account();
    type Card = { id: string; kind: string; matchedBy: string | null; points: Array<{ label: string }>; source: { index: number; name: string } };
    const mine = data<Card[]>(await call(S.getKnowledgeInfo, { token: a.token, query: { limit: '4' } }));
    expect(mine.map((c) => c.id).slice(0, 3)).toEqual(['condition:hypertension', 'diet:diet-hypertension', 'diet:diet-pregnancy']);
    expect(mine[0]).toMatchObject({ matchedBy: '高血压', kind: 'condition' });
    expect(mine[0]?.points.map((p) => p.label)).toEqual(['自我照护', '何时就医', '就诊科室']);
    expect(mine.map((c) => c.source.index)).toEqual([1, 2, 3, 4]);
    expect(mine.every((c) => c.source.name.length > 0)).toBe(true);
    expect(data<Card[]>(await call(S.getKnowledgeInfo, { token: b.token })).every((c) => c.matchedBy === null)).toBe(true);
    expect404(await call(S.getKnowledgeInfo, { token: b.token, query: { userInfoId: String(a.selfId) } }));
    expect400(await call(S.getKnowledgeInfo, { token: a.token, query: { limit: '0' } }));
    const common = data<Card[]>(await call(S.getCommonKnowledgeInfo, { query: { limit: '3' } }));
    expect(common).toHaveLength(3);
    expect(common[0]?.source.name).toContain('感冒');
    expect400(await call(S.getCommonKnowledgeInfo, { query: { limit: 'x' } }));
  });

  it('diseaseHistoryInfo: diseases, symptoms and drugs extracted from the dialog, marked when on the profile', async () => {
    const a = await richAccount();
    const b = await account();
    const q = await seed(a, '我有高血压，最近头晕三天了，在吃氨氯地平，还有糖尿病', { memberId: a.selfId });
    const r = data<{ userInfoId: number; diseases: Array<{ name: string; inProfile: boolean }>; symptoms: Array<{ name: string }>; drugs: Array<{ name: string; inProfile: boolean }>; duration: string }>(await call(F.diseaseHistoryInfo, { token: a.token, query: { dialInId: String(q.dialInId) } }));
    expect(r.userInfoId).toBe(a.selfId);
    expect(r.diseases.map((d) => [d.name, d.inProfile])).toEqual([['高血压', true], ['2型糖尿病', false]]);
    expect(r.symptoms.map((s) => s.name)).toEqual(['头晕']);
    expect(r.drugs).toEqual([expect.objectContaining({ name: '氨氯地平', inProfile: true })]);
    expect(r.duration).toBe('三天');
    expect404(await call(F.diseaseHistoryInfo, { token: b.token, query: { dialInId: String(q.dialInId) } }));
    expect400(await call(F.diseaseHistoryInfo, { token: a.token, query: { dialInId: 'x' } }));
  });
});

describe('every insight route', () => {
  it('is registered and answers 401 without a session unless public', async () => {
    const mine: RouteDef[] = [...Object.values(H), C.recommendQuestion, C.wsConnectLog, C.activeSceneRecodes, C.activeInquiry, C.welcomeMessage, ...Object.values(M), ...Object.values(E), S.taskList, S.clickTask, S.clickTaskPublic, S.getKnowledgeInfo, S.getCommonKnowledgeInfo, F.diseaseHistoryInfo];
    const implemented = new Set(t.rt.app.implementedRoutes);
    for (const r of mine) {
      expect(implemented.has(r), r.path).toBe(true);
      const res = await call(r, r.method === 'GET' ? { query: { id: 'profile' } } : { body: {} });
      if (r.public) expect(res.code, r.path).not.toBe(401);
      else expect([res.status, res.code], r.path).toEqual([401, 401]);
    }
  });
});
