/**
 * Whom a question is about, decided on the server before the engine answers (member-resolve.ts),
 * and the conversation's memory (earlier turns of the continued session) over the real socket.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf, type AnswerFrame } from '@chatdr/contract';
import { multipart } from '../media/testing/multipart.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askOverSocket } from './testing.ts';

let t: TestApp;
let port = 0;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REPORT_STEP_MS: '50' });
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  port = typeof a === 'object' && a !== null ? a.port : 0;
});
afterAll(async () => {
  await t.close();
});

const F = routes.family;
const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

async function account(): Promise<{ token: string; selfId: number }> {
  const { token } = await t.login();
  const info = (await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> };
  return { token, selfId: info.members[0]?.id ?? 0 };
}

async function addMember(token: string, body: Record<string, unknown>): Promise<number> {
  return data<{ id: number }>(await t.call(F.saveUserInfo, { token, body })).id;
}

const ask = (token: string, q: Record<string, unknown>): Promise<AnswerFrame[]> => askOverSocket(port, token, q, 'mem');
const textOf = (fs: AnswerFrame[]): string => fs.map((f) => f.payload.text ?? '').join('');
const eventOf = (fs: AnswerFrame[], type: string): Record<string, unknown> | undefined => fs.map((f) => f.payload.event).find((e) => e?.type === type) as Record<string, unknown> | undefined;
const roleOf = (fs: AnswerFrame[]): Record<string, unknown> | undefined => fs.map((f) => f.payload.roleQuestion).find((r) => r !== undefined) as Record<string, unknown> | undefined;
const sessionOf = (fs: AnswerFrame[]): string => String(fs.map((f) => f.payload.sessionId).find((s) => typeof s === 'string') ?? '');

describe('whom the question is about', () => {
  it('我妈 with 本人 selected answers with 妈妈\'s profile (her penicillin allergy) and says so first', async () => {
    const a = await account();
    const mom = await addMember(a.token, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 });
    data(await t.call(F.batchSaveRecords, { token: a.token, body: { userInfoId: mom, records: [{ type: 'allergy', name: '青霉素类', detail: { allergenType: 'drug' } }] } }));
    const fs = await ask(a.token, { text: '我妈能吃阿莫西林吗', userInfoId: a.selfId });
    const member = eventOf(fs, 'member');
    expect(member).toMatchObject({ userInfoId: mom, text: '按妈妈的资料回答' });
    // The note comes before any answer text.
    const noteAt = fs.findIndex((f) => f.payload.event?.type === 'member');
    const textAt = fs.findIndex((f) => typeof f.payload.text === 'string');
    expect(noteAt).toBeGreaterThan(0);
    expect(noteAt).toBeLessThan(textAt);
    const text = textOf(fs);
    expect(text).toMatch(/过敏/u);
    expect(text).toMatch(/禁用|不建议/u);
    // No role question: the profile used is the right one.
    expect(roleOf(fs)).toBeUndefined();
  });

  it('a question about 孩子 with a son and a daughter on file, about a medicine, asks whose profile first', async () => {
    const a = await account();
    const son = await addMember(a.token, { roleCode: 'ROLE_3000', name: '小明', birthDate: '2019-05-01', height: 110, weight: 19 });
    const girl = await addMember(a.token, { roleCode: 'ROLE_3100', name: '小红', birthDate: '2022-05-01', height: 92, weight: 13 });
    const fs = await ask(a.token, { text: '孩子发烧了布洛芬吃多少', userInfoId: a.selfId });
    const role = roleOf(fs);
    expect(role?.roleStatus).toBe(-1);
    const ids = ((role?.candidates ?? []) as Array<{ userInfoId: number }>).map((c) => c.userInfoId).sort();
    expect(ids).toEqual([son, girl].sort());
    // No dose is given before the choice.
    expect(textOf(fs)).toContain('请先选择按谁的资料回答');
    expect(textOf(fs)).not.toMatch(/mg|毫克/u);
  });

  it('女儿 picks the daughter among two children', async () => {
    const a = await account();
    await addMember(a.token, { roleCode: 'ROLE_3000', name: '小明', birthDate: '2019-05-01', height: 110, weight: 19 });
    const girl = await addMember(a.token, { roleCode: 'ROLE_3100', name: '小红', birthDate: '2022-05-01', height: 92, weight: 13 });
    const fs = await ask(a.token, { text: '女儿发烧38.5度能吃布洛芬吗', userInfoId: a.selfId });
    expect(eventOf(fs, 'member')).toMatchObject({ userInfoId: girl });
    expect(String(eventOf(fs, 'member')?.text)).toContain('女儿');
  });

  it('a relative the family does not have: the answer offers to add one and does not use 本人\'s profile', async () => {
    const a = await account();
    const fs = await ask(a.token, { text: '我老公最近总是失眠怎么办', userInfoId: a.selfId });
    const role = roleOf(fs);
    expect(role).toMatchObject({ roleStatus: -1, add: { roleCode: 'ROLE_2000', roleName: '丈夫' } });
    expect(String(role?.text)).toContain('家庭成员里还没有丈夫');
    expect(eventOf(fs, 'member')).toBeUndefined();
    expect(textOf(fs).length).toBeGreaterThan(10);
  });

  it('no relative named: the selected member stays, no note', async () => {
    const a = await account();
    const fs = await ask(a.token, { text: '头痛怎么办', userInfoId: a.selfId });
    expect(eventOf(fs, 'member')).toBeUndefined();
    expect(roleOf(fs)).toBeUndefined();
  });
});

describe('a conversation with memory', () => {
  it('the self-check keeps headache and fever from the first turn to the conclusion', async () => {
    const a = await account();
    let fs = await ask(a.token, { text: '头痛发烧两天', instructCode: 'zzzc', userInfoId: a.selfId });
    const sessionId = sessionOf(fs);
    expect(sessionId).not.toBe('');
    let conclusion: Record<string, unknown> | undefined;
    const questions: string[] = [];
    for (let i = 0; i < 10 && !conclusion; i++) {
      const iv = fs.map((f) => f.payload.event).find((e) => e?.type === 'interview') as { question?: string } | undefined;
      if (iv?.question) questions.push(iv.question);
      conclusion = fs.map((f) => f.payload.conclusion).find((c) => c !== undefined) as Record<string, unknown> | undefined;
      if (conclusion) break;
      fs = await ask(a.token, { text: '没有', continueSessionId: sessionId, userInfoId: a.selfId });
    }
    expect(conclusion).toBeDefined();
    const text = textOf(fs);
    expect(text).not.toContain('症状：未明确');
    expect(text).toMatch(/头痛/u);
    expect(String(conclusion?.department)).not.toBe('耳鼻咽喉科');
    // A headache red-flag question was asked on the way (stiff neck, the worst headache, …).
    expect(questions.join('|')).toMatch(/脖子|颈|最剧烈|突然|呕吐|意识|视物/u);
  });

  it('a self-check about 我妈 stays with 妈妈\'s profile on every reply', async () => {
    const a = await account();
    const mom = await addMember(a.token, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 });
    const first = await ask(a.token, { text: '我妈头痛发烧两天', instructCode: 'zzzc', userInfoId: a.selfId });
    expect(eventOf(first, 'member')).toMatchObject({ userInfoId: mom });
    const next = await ask(a.token, { text: '没有', continueSessionId: sessionOf(first), userInfoId: a.selfId });
    expect(eventOf(next, 'member')).toMatchObject({ userInfoId: mom });
    expect(roleOf(next)).toBeUndefined();
  });

  it('the hospital finder takes 我在北京 as the answer to its city question', async () => {
    const a = await account();
    const first = await ask(a.token, { text: '附近有什么好的三甲医院', userInfoId: a.selfId });
    const sessionId = sessionOf(first);
    const fs = await ask(a.token, { text: '我在北京', continueSessionId: sessionId, userInfoId: a.selfId });
    const text = textOf(fs);
    expect(text).not.toContain('知识库暂时没有');
    const hospitals = fs.map((f) => (f.payload.recommend as { hospitals?: Array<{ city?: string }> } | undefined)?.hospitals).find((h) => Array.isArray(h));
    expect(hospitals?.length ?? 0).toBeGreaterThan(0);
    expect(hospitals?.every((h) => String(h.city).startsWith('北京'))).toBe(true);
  });

  it('a follow-up chip worded as the doctor\'s question answers in the conversation\'s context', async () => {
    const a = await account();
    const first = await ask(a.token, { text: '孩子3岁发烧38.5度怎么办', userInfoId: a.selfId });
    const sessionId = sessionOf(first);
    const fs = await ask(a.token, { text: '有没有皮疹？', continueSessionId: sessionId, userInfoId: a.selfId });
    const text = textOf(fs);
    // The chip continues the child's fever, not a new adult rash question.
    expect(text).toMatch(/发热|发烧|体温/u);
    expect(text).toMatch(/孩子|儿童|儿科/u);
    // The missing child was offered on the first turn only, and 本人's profile is not used for the chip.
    expect(roleOf(first)?.add).toBeDefined();
    expect(roleOf(fs)).toBeUndefined();
  });
});

describe('adding to a profile checks it against that profile', () => {
  it('阿莫西林 for 妈妈 with a penicillin allergy: a major allergy warning, nothing stored; another account\'s member is refused', async () => {
    const a = await account();
    const mom = await addMember(a.token, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 });
    data(await t.call(F.batchSaveRecords, { token: a.token, body: { userInfoId: mom, records: [{ type: 'allergy', name: '青霉素类', detail: { allergenType: 'drug' } }] } }));
    const res = data<{ warnings: Array<{ kind: string; severity: string; text: string }> }>(await t.call(F.checkRecords, { token: a.token, body: { userInfoId: mom, records: [{ type: 'medicine', name: '阿莫西林' }] } }));
    expect(res.warnings[0]).toMatchObject({ kind: 'allergy', severity: 'major' });
    const rec = data<{ records: { medicine: unknown[] } }>(await t.call(F.getPersonalRecord, { token: a.token, query: { userInfoId: String(mom) } }));
    expect(rec.records.medicine).toHaveLength(0);
    const b = await account();
    expect((await t.call(F.checkRecords, { token: b.token, body: { userInfoId: mom, records: [{ type: 'medicine', name: '阿莫西林' }] } })).code).not.toBe(1);
  });
});

describe('a report read for the person on it', () => {
  // The fixture report names 张建国, 男, 45岁.
  const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-text.pdf'));
  async function uploadPdf(token: string): Promise<string> {
    const { body, contentType } = multipart([{ filename: 'report.pdf', type: 'application/pdf', data: pdf }]);
    const res = await t.rt.app.inject({ method: 'POST', url: urlOf(routes.media.fileOcr), payload: body, headers: { 'content-type': contentType, authorization: token } });
    const json = JSON.parse(res.body) as { data: { inputMediaId: string } | null };
    if (!json.data) throw new Error(`upload failed: ${res.body}`);
    return json.data.inputMediaId;
  }
  const year = new Date().getFullYear();
  async function womanOf30(): Promise<{ token: string; selfId: number }> {
    const a = await account();
    data(await t.call(F.editUserInfo, { token: a.token, body: { id: a.selfId, sex: 'F', birthDate: `${year - 30}-01-01`, height: 160, weight: 52 } }));
    return a;
  }

  it('the report\'s man of 45 is read with 爸爸\'s profile, not the selected woman\'s, and the answer says so', async () => {
    const a = await womanOf30();
    const dad = await addMember(a.token, { roleCode: 'ROLE_1000', name: '爸爸', birthDate: `${year - 45}-01-01`, height: 172, weight: 70 });
    const inputMediaId = await uploadPdf(a.token);
    const fs2 = await ask(a.token, { text: '帮我解读这份报告', inputMediaId, userInfoId: a.selfId });
    expect(eventOf(fs2, 'member')).toMatchObject({ userInfoId: dad });
    expect(String(eventOf(fs2, 'member')?.text)).toContain('报告上是男，45岁');
    expect(textOf(fs2)).toMatch(/共解读\d+项/u);
  });

  it('no member fits: asks whose report it is and reads it by the report\'s sex and age, not the selected profile', async () => {
    const a = await womanOf30();
    const inputMediaId = await uploadPdf(a.token);
    const fs2 = await ask(a.token, { text: '帮我解读这份报告', inputMediaId, userInfoId: a.selfId });
    const role = roleOf(fs2);
    expect(role?.roleStatus).toBe(-3);
    expect(String(role?.text)).toContain('这份报告上是「男，45岁」');
    expect(textOf(fs2)).toMatch(/共解读\d+项/u);
    // Not the woman's profile: her facts are not quoted as the reading's basis.
    expect(textOf(fs2)).not.toContain('30岁');
  });

  it('the selected member fits the report: no note, no question', async () => {
    const a = await account();
    data(await t.call(F.editUserInfo, { token: a.token, body: { id: a.selfId, sex: 'M', birthDate: `${year - 45}-03-01`, height: 172, weight: 70 } }));
    const inputMediaId = await uploadPdf(a.token);
    const fs2 = await ask(a.token, { text: '帮我解读这份报告', inputMediaId, userInfoId: a.selfId });
    expect(eventOf(fs2, 'member')).toBeUndefined();
    expect(roleOf(fs2)).toBeUndefined();
  });
});
