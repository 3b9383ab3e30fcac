import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { AnswerFrame, CHAT_DEFAULT_QUESTIONS, CHAT_MSG, CHAT_SOCKET_PATH, ERR, FRAME_CODE, FRAME_STATUS, MAX_QUESTION_BYTES, MSG, routes, urlOf, type ChatDialog, type RouteDef } from '@chatdr/contract';
import { REFUSAL_TEXT } from '@chatdr/engine';
import { loadConfig } from '../../config.ts';
import { createRuntime, type Runtime } from '../../runtime.ts';
import { DevOutbox } from '../../providers/sms.ts';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';
import { chatInstances } from '../../db/schema.ts';
import { ChatStore } from './chat.store.ts';
import { INSTANCE_STALE_MS } from './chat.stream.ts';
import type { Engine, EngineEvent } from './engine-adapter.ts';

const C = routes.chat;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
let qn = 0;
const newQid = () => `q-${Date.now().toString(36)}-${process.pid}-${++qn}-${randomInt(1e6)}`;

// ---------------------------------------------------------------------------------------------
// Helpers

/** A paced fake engine: deep think, `n` text deltas `ms` apart, follow-ups, sources, done. */
function pacedEngine(n: number, ms: number, opts: { tail?: EngineEvent[] } = {}): Engine {
  return async function* () {
    yield { type: 'deepThink', status: 1, text: '思考中', consumingMs: 1 };
    for (let i = 0; i < n; i++) {
      await sleep(ms);
      yield { type: 'text', delta: `第${i + 1}句。` };
    }
    yield { type: 'followUps', questions: ['还有别的症状吗？', '持续多久了？', '发烧吗？', '第四个'] };
    yield { type: 'sources', items: [{ index: 1, name: '指南', title: '头痛指南', sourceName: '晓医医学知识库' }] };
    for (const e of opts.tail ?? []) yield e;
    yield { type: 'done' };
  };
}
const expectedText = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}句。`).join('');

async function listen(t: { rt: Runtime }): Promise<number> {
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.rt.app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return addr.port;
}

interface Client {
  socket: Socket;
  frames: AnswerFrame[];
  /** Resolves with the frames of a question once its last frame arrived. */
  until(questionId: string, pred?: (fs: AnswerFrame[]) => boolean): Promise<AnswerFrame[]>;
  close(): void;
}

/** Opens a socket; `token` goes in the handshake's auth payload, the rest in the query (`urlToken` puts a token in the URL). */
function client(port: number, opts: Record<string, string>, headers: Record<string, string> = {}): Promise<Client> {
  const { token, urlToken, ...query } = opts;
  const socket = connectSocket(`http://127.0.0.1:${port}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: token === undefined ? {} : { token }, query: { deviceType: 'h5', interactType: '1', ...query, ...(urlToken === undefined ? {} : { token: urlToken }) }, reconnection: false, forceNew: true, extraHeaders: headers });
  const frames: AnswerFrame[] = [];
  const waiters: Array<() => void> = [];
  socket.on('answer', (f: AnswerFrame) => {
    // Every frame matches the contract's definition.
    expect(AnswerFrame.safeParse(f).success).toBe(true);
    frames.push(f);
    for (const w of waiters.splice(0)) w();
  });
  const c: Client = {
    socket,
    frames,
    until(questionId, pred = (fs) => fs.some((f) => f.header.status === 2)) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no end for ${questionId}: ${JSON.stringify(frames.filter((f) => f.header.questionId === questionId).map((f) => f.header))}`)), 20_000);
        const check = () => {
          const fs = frames.filter((f) => f.header.questionId === questionId);
          if (pred(fs)) {
            clearTimeout(timer);
            resolve(fs);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => socket.disconnect(),
  };
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(c));
    socket.on('connect_error', reject);
  });
}

const question = (questionId: string, text: string, extra: Record<string, unknown> = {}) => ({
  questionId,
  text,
  inType: 0,
  inputMediaId: null,
  relInputMediaId: null,
  inputScene: null,
  instructCode: null,
  reportId: null,
  zdwzFlag: 0,
  userInfoId: null,
  annotationNew: 1,
  reasoning: 1,
  sceneModule: null,
  continueSessionId: null,
  indicatorTypeCode: null,
  ...extra,
});

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

function expectInOrder(fs: AnswerFrame[]) {
  expect(fs.map((f) => f.header.seq)).toEqual(fs.map((_, i) => i + 1));
  expect(fs[0]?.header.status).toBe(0);
  expect(fs.at(-1)?.header.status).toBe(2);
  for (const f of fs.slice(1, -1)) expect(f.header.status).toBe(1);
}
const textOf = (fs: AnswerFrame[]) => fs.map((f) => f.payload.text ?? '').join('');
/** The question's ids: one 3003 frame after the accept frame and before the last one. */
const idsOf = (fs: AnswerFrame[]): { dialInId: number; sessionId: string } => {
  const f = fs.find((x) => x.payload.dialInId !== undefined);
  return { dialInId: f?.payload.dialInId ?? 0, sessionId: f?.payload.sessionId ?? '' };
};

// ---------------------------------------------------------------------------------------------

describe('chat socket', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    // One account asks 40 questions at once below (batching, not fairness: the per-account
    // limits have their own tests).
    t = await startTestApp({ CHAT_USER_MAX_IN_FLIGHT: '100', CHAT_USER_PER_MINUTE: '1000' });
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const useEngine = (e: Engine | null) => {
    const s = t.rt.services.chat.streams;
    if (e) s.engine = e;
    else s.engine = builtin;
  };
  /** A new user asks one question on a new socket: its frames. */
  const askOnce = async (text: string): Promise<{ token: string; qid: string; fs: AnswerFrame[] }> => {
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, text));
    const fs = await c.until(qid);
    c.close();
    return { token, qid, fs };
  };
  let builtin: Engine;
  beforeAll(() => {
    builtin = t.rt.services.chat.streams.engine;
  });

  it('streams an answer from the builtin engine: seq 1..n, status 0…2, the text reassembles and is persisted', async () => {
    useEngine(null);
    // The engine worker loads the engine when the app starts (seconds under tsx): until then a
    // question waits, and its ids go in a frame of their own. Asked once, it is loaded.
    await askOnce('头痛');
    const { token, qid, fs } = await askOnce('头痛两天了，有点恶心，怎么办');
    expectInOrder(fs);
    // The accept frame carries no ids (it leaves before any database work); exactly one later
    // frame carries them, the first one sent once the row is written (the engine does not wait
    // for it): they ride on an answer frame — or on the last frame when the engine was done
    // first — never in a frame of their own.
    expect(fs[0]?.header.code).toBe(FRAME_CODE.accepted);
    expect(fs[0]?.payload).toEqual({});
    const idFrames = fs.filter((f) => f.payload.dialInId !== undefined);
    expect(idFrames).toHaveLength(1);
    expect(idFrames[0]?.header.seq).toBeGreaterThan(1);
    expect(idFrames[0]?.header.status === FRAME_STATUS.last || Object.keys(idFrames[0]?.payload ?? {}).length > 2).toBe(true);
    expect(idFrames[0]?.payload.sessionId).toEqual(expect.any(String));
    const dialInId = idsOf(fs).dialInId;
    expect(dialInId).toBeGreaterThan(0);
    const text = textOf(fs);
    expect(text.length).toBeGreaterThan(20);
    expect(fs.some((f) => f.payload.deepThink)).toBe(true);
    expect(fs.at(-1)?.header.code).toBe(1);
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId } }));
    expect(item).toMatchObject({ questionId: qid, status: 2, code: 1, answer: text, question: '头痛两天了，有点恶心，怎么办', sessionId: idsOf(fs).sessionId });
    const moment = data<{ finished: boolean; answer: string }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(moment).toMatchObject({ finished: true, answer: text });
  });

  it('maps engine events to payload fields and passes unknown ones through', async () => {
    useEngine(pacedEngine(2, 1, { tail: [{ type: 'conclusion', command: 'zzzc', level: 'routine', department: '神经内科', conditions: [] }, { type: 'brandNew', foo: 1 }] }));
    const { token, fs } = await askOnce('头痛');
    expect(fs.find((f) => f.payload.sources)?.header.code).toBe(FRAME_CODE.sources);
    expect(fs.find((f) => f.payload.followUps)?.payload.followUps).toHaveLength(4);
    expect(fs.find((f) => f.payload.followUps)?.header.code).toBe(FRAME_CODE.progress);
    expect(fs.find((f) => f.payload.deepThink)?.header.code).toBe(FRAME_CODE.progress);
    expect(fs.filter((f) => f.payload.text).every((f) => f.header.code === FRAME_CODE.answer)).toBe(true);
    expect(fs.find((f) => f.payload.conclusion)?.payload.conclusion).toMatchObject({ department: '神经内科' });
    expect(fs.find((f) => f.payload.event)?.payload.event).toEqual({ type: 'brandNew', foo: 1 });
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: idsOf(fs).dialInId } }));
    expect(item.source[0]?.title).toBe('头痛指南');
    expect(item.extras).toMatchObject({ conclusion: { department: '神经内科' }, brandNew: { foo: 1 } });
    // recommendQuestionV2: at most 3, from the answer's follow-ups.
    expect(data<string[]>(await t.call(C.recommendQuestionV2, { token, body: { dialInId: item.dialInId } }))).toEqual(['还有别的症状吗？', '持续多久了？', '发烧吗？']);
  });

  it('a missing or dead token gets a 3000 frame, then the socket is closed', async () => {
    // A live token in the URL counts as missing: the token travels only in the auth payload.
    const live = (await t.login()).token;
    for (const query of [{}, { token: 'not-a-token' }, { urlToken: live }] as Array<Record<string, string>>) {
      const c = await client(port, query);
      const closed = new Promise<void>((r) => c.socket.on('disconnect', () => r()));
      const fs = await c.until('', (f) => f.length > 0);
      expect(fs[0]?.header).toMatchObject({ code: FRAME_CODE.login, msg: MSG.notLoggedIn, status: 2 });
      await closed;
    }
  });

  it('a token ended after connecting is refused at the next question with 3000', async () => {
    const { token } = await t.login();
    const c = await client(port, { token });
    await t.call(routes.auth.logout, { token, body: {} });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    // The logout may reach the socket first (sockets of an ended session are told 3000 at once and
    // closed) or the question may (refused with 3000); either way the client is told 3000 and the
    // question is never answered.
    const told = await new Promise<AnswerFrame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no 3000')), 20_000);
      const check = () => {
        const f = c.frames.find((x) => x.header.code === FRAME_CODE.login);
        if (f) {
          clearTimeout(timer);
          resolve(f);
        } else setTimeout(check, 50);
      };
      check();
    });
    expect(['', qid]).toContain(told.header.questionId);
    expect(c.frames.filter((f) => f.header.questionId === qid && f.header.code !== FRAME_CODE.login)).toEqual([]);
  });

  it('refuses a malformed question with 3030 and saves a break record', async () => {
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', { questionId: qid, text: '头痛', reasoning: 7 });
    const fs = await c.until(qid);
    expect(fs).toHaveLength(1);
    expect(fs[0]?.header).toMatchObject({ code: 3030, msg: MSG.badInputFormat, seq: 1, status: 2 });
    const m = data<{ status: number; code: number }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m).toMatchObject({ status: -1, code: 3030 });
    // Nothing usable at all: refused too, nothing saved.
    c.socket.emit('question', 'garbage');
    const g = await c.until('');
    expect(g[0]?.header.code).toBe(3030);
    c.close();
  });

  it('refuses text the database cannot store and an out-of-range member id with 3030, not 3099', async () => {
    const { token } = await t.login();
    const c = await client(port, { token });
    for (const q of [{ text: '头痛\u0000' }, { text: '头痛\uD800' }, { text: '头痛', userInfoId: 2147483648 }, { text: '头痛', userInfoId: '2147483648' }, { text: '头痛', inType: 2147483648 }]) {
      const qid = newQid();
      c.socket.emit('question', { ...question(qid, '头痛'), ...q });
      const fs = await c.until(qid);
      expect(fs.map((f) => f.header.code), JSON.stringify(q)).toEqual([3030]);
      // The break record is kept, with what could not be stored replaced.
      const m = data<{ status: number; code: number }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
      expect(m).toMatchObject({ status: -1, code: 3030 });
    }
    c.close();
  });

  it('refuses a question over 64 KB with one 3030 frame saying so, and the connection stays open', async () => {
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    // 24,000 characters: 72,000 bytes of UTF-8, over MAX_QUESTION_BYTES (socket.io used to close the connection).
    c.socket.emit('question', question(qid, '头痛'.repeat(12_000)));
    const fs = await c.until(qid);
    expect(fs).toHaveLength(1);
    expect(fs[0]?.header).toMatchObject({ code: FRAME_CODE.badFormat, msg: CHAT_MSG.badInputFormat, seq: 1, status: 2 });
    expect(fs[0]?.payload.text).toBe(CHAT_MSG.questionTooLarge);
    expect(MAX_QUESTION_BYTES).toBe(64 * 1024);
    // The same connection takes the next question.
    useEngine(pacedEngine(1, 1));
    const q2 = newQid();
    c.socket.emit('question', question(q2, '头痛'));
    expect((await c.until(q2)).at(-1)?.header.code).toBe(1);
    c.close();
  });

  it("refuses another account's member (userInfoId) with 3030 after the accept frame (break record saved)", async () => {
    useEngine(pacedEngine(2, 1));
    const other = await t.login();
    const info = data<{ members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token: other.token }));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛', { userInfoId: info.members[0]?.id }));
    const fs = await c.until(qid);
    // Decided after the accept frame: 3002, then 3030 as the last frame; no ids, no answer.
    expect(fs.map((f) => [f.header.seq, f.header.status, f.header.code])).toEqual([[1, 0, FRAME_CODE.accepted], [2, 2, 3030]]);
    expect(fs[1]?.header.msg).toBe(MSG.badInputFormat);
    expect(fs[1]?.payload.text).toBe(MSG.badInputFormat);
    const m = data<{ status: number; code: number }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m).toMatchObject({ status: -1, code: 3030 });
    // The caller's own member is accepted (the burst cache is per user and member).
    const mine = data<{ members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token }));
    const q2 = newQid();
    c.socket.emit('question', question(q2, '头痛', { userInfoId: mine.members[0]?.id }));
    const ok = await c.until(q2);
    c.close();
    expectInOrder(ok);
    expect(ok.at(-1)?.header.code).toBe(1);
  });

  it("refuses another account's questionId after the accept frame and leaves that question alone", async () => {
    useEngine(pacedEngine(2, 1));
    const owner = await t.login();
    const a = await client(port, { token: owner.token });
    const qid = newQid();
    a.socket.emit('question', question(qid, '头痛'));
    const mine = await a.until(qid);
    a.close();
    const intruder = await t.login();
    const x = await client(port, { token: intruder.token });
    // Not in this instance's memory any more (as after 3 minutes, or on another instance).
    const streams = t.rt.services.chat.streams as unknown as { runs: Map<string, unknown> };
    streams.runs.delete(qid);
    x.socket.emit('question', question(qid, '别人的问题'));
    const got = await x.until(qid);
    x.close();
    // The engine does not wait for the row: whatever it streamed of the intruder's own question
    // before the write found the id taken ends in 3030; nothing of the owner's question reaches them.
    expectInOrder(got);
    expect(got[0]?.header.code).toBe(FRAME_CODE.accepted);
    expect(got.at(-1)?.header).toMatchObject({ code: 3030, msg: MSG.badInputFormat });
    expect(got.some((f) => f.payload.dialInId !== undefined || f.payload.answer !== undefined)).toBe(false);
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token: owner.token, body: { dialInId: idsOf(mine).dialInId } }));
    expect(item).toMatchObject({ question: '头痛', status: 2, answer: expectedText(2) });
  });

  it('an engine silent for longer than the flush interval gets the ids in a frame of their own, before its first text', async () => {
    // A model thinking for a while: no frame to carry the ids, so they go alone (3003, ids only).
    useEngine(async function* () {
      await sleep(1_500);
      yield { type: 'text', delta: '想好了。' };
      yield { type: 'done' };
    });
    const { fs } = await askOnce('头痛');
    expectInOrder(fs);
    const at = fs.findIndex((f) => f.payload.dialInId !== undefined);
    expect(fs.filter((f) => f.payload.dialInId !== undefined)).toHaveLength(1);
    expect(fs[at]?.header.code).toBe(FRAME_CODE.progress);
    expect(Object.keys(fs[at]?.payload ?? {}).sort()).toEqual(['dialInId', 'sessionId']);
    expect(at).toBeLessThan(fs.findIndex((f) => f.payload.text === '想好了。'));
  });

  it('asking an answered question again (frames no longer in memory) attaches to it after the accept frame', async () => {
    useEngine(pacedEngine(3, 1));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    const first = await c.until(qid);
    const streams = t.rt.services.chat.streams as unknown as { runs: Map<string, unknown> };
    streams.runs.delete(qid);
    c.socket.emit('question', question(qid, '头痛'));
    const all = await c.until(qid, (f) => f.filter((x) => x.header.status === 2).length === 2);
    c.close();
    const again = all.slice(first.length);
    // One stream ending in the stored answer (the last frame replaces whatever the new run had
    // streamed before the write found the id answered), with the answered dialog's ids.
    expectInOrder(again);
    expect(again[0]?.header.code).toBe(FRAME_CODE.accepted);
    expect(again.at(-1)?.payload).toMatchObject({ answer: expectedText(3), dialInId: idsOf(first).dialInId, sessionId: idsOf(first).sessionId });
    expect(again.filter((f) => f.payload.dialInId !== undefined)).toHaveLength(1);
  });

  it("a question left answering by an instance that stopped heartbeating (killed) is resent at once; a live instance's is not taken", async () => {
    useEngine(pacedEngine(2, 1));
    const { token, userId } = await t.login();
    const store = new ChatStore(t.rt.database.db);
    const { db } = t.rt.database;
    // Two other instances: one killed a moment ago (heartbeat just past INSTANCE_STALE_MS), one alive.
    const dead = `dead-${newQid()}`;
    const alive = `alive-${newQid()}`;
    await db.insert(chatInstances).values([{ id: dead, heartbeatAt: new Date(Date.now() - INSTANCE_STALE_MS - 2_000) }, { id: alive, heartbeatAt: new Date() }]);
    // Their rows were written just now: the 30 s "not written" rule does not apply yet.
    const orphan = newQid();
    const held = newQid();
    const sessionId = `s-${newQid()}`;
    await store.insertDialog({ questionId: orphan, userId, sessionId, question: '头痛', status: 1, owner: dead });
    await store.insertDialog({ questionId: held, userId, sessionId, question: '咳嗽', status: 1, owner: alive });
    const c = await client(port, { token });
    c.socket.emit('question', question(orphan, '头痛'));
    const fs = await c.until(orphan);
    expectInOrder(fs);
    expect(fs.at(-1)?.header.code).toBe(1);
    expect(textOf(fs)).toBe(expectedText(2));
    await t.rt.services.chat.streams.settled(userId);
    expect(await store.dialogByQuestion(orphan)).toMatchObject({ status: 2, answer: expectedText(2), owner: t.rt.services.chat.streams.instanceId });
    // The live instance's question stays its own: the resend ends with what its row holds.
    c.socket.emit('question', question(held, '咳嗽'));
    const kept = await c.until(held);
    c.close();
    expect(kept.at(-1)?.header.code).toBe(FRAME_CODE.failed);
    // On PGlite the resend is refused before any text; on PostgreSQL the new run may stream before
    // its write finds the row owned by the live instance (a known gap, see the stop note) — either
    // way the question and its row stay the live instance's.
    expect(await store.dialogByQuestion(held)).toMatchObject({ status: 1, owner: alive });
  });

  it('a cancel right after the accept frame (before the ids) ends the question cancelled', async () => {
    useEngine(pacedEngine(50, 40));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    await c.until(qid, (f) => f.length >= 1);
    c.socket.emit('cancel', { questionId: qid });
    const fs = await c.until(qid);
    c.close();
    expectInOrder(fs);
    expect(fs.at(-1)?.header).toMatchObject({ code: FRAME_CODE.cancelled, msg: MSG.cancelled });
    expect(fs.length).toBeLessThanOrEqual(4);
    const m = data<{ status: number; code: number | null; finished: boolean }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m).toMatchObject({ status: -1, code: null, finished: true });
  });

  it('many questions at once: every one gets its accept frame, its ids and a complete answer', async () => {
    useEngine(pacedEngine(3, 5));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qids = Array.from({ length: 40 }, () => newQid());
    for (const qid of qids) c.socket.emit('question', question(qid, '头痛'));
    const all = await Promise.all(qids.map((qid) => c.until(qid)));
    c.close();
    const dialIds = new Set<number>();
    for (const fs of all) {
      expectInOrder(fs);
      expect(fs[0]?.header.code).toBe(FRAME_CODE.accepted);
      expect(idsOf(fs).dialInId).toBeGreaterThan(0);
      dialIds.add(idsOf(fs).dialInId);
      expect(textOf(fs)).toBe(expectedText(3));
    }
    expect(dialIds.size).toBe(qids.length);
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: idsOf(all[17] ?? []).dialInId } }));
    expect(item).toMatchObject({ status: 2, answer: expectedText(3), questionId: qids[17] });
  });

  it('refuses inappropriate text with 3031 and its refusal text (break record saved)', async () => {
    const { token, qid, fs } = await askOnce('你是傻逼');
    expect(fs[0]?.header.code).toBe(3031);
    expect(fs[0]?.payload.text).toBe(REFUSAL_TEXT[3031]);
    const m = data<{ status: number; code: number }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m).toMatchObject({ status: -1, code: 3031 });
  });

  it('ends with the engine refusal code (3034) and its text', async () => {
    useEngine(async function* () {
      yield { type: 'refusal', code: 3034, text: REFUSAL_TEXT[3034] };
      yield { type: 'done' };
    });
    const { fs } = await askOnce('今天股票涨不涨');
    expectInOrder(fs);
    expect(fs.at(-1)?.header.code).toBe(3034);
    expect(textOf(fs)).toBe(REFUSAL_TEXT[3034]);
  });

  it('an empty answer becomes 很抱歉，我无法理解你的问题。', async () => {
    useEngine(async function* () {
      yield { type: 'done' };
    });
    const { token, qid, fs } = await askOnce('嗯');
    expect(textOf(fs)).toBe(MSG.emptyAnswer);
    const m = data<{ answer: string; status: number }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m).toMatchObject({ answer: MSG.emptyAnswer, status: 2 });
  });

  it('an engine failure ends with 3099 (busy text, resendable) and a break record; the resend answers', async () => {
    useEngine(async function* () {
      yield { type: 'text', delta: '一半' };
      throw new Error('engine down');
    });
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    const fs = await c.until(qid);
    expect(fs.at(-1)?.header).toMatchObject({ code: FRAME_CODE.failed, msg: CHAT_MSG.busy });
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: idsOf(fs).dialInId } }));
    expect(item).toMatchObject({ status: -1, code: 3099, canResend: true });
    // Resend: the same questionId answers again, on the same dialog.
    useEngine(pacedEngine(2, 1));
    c.socket.emit('question', question(qid, '头痛'));
    const again = await c.until(qid, (f) => f.filter((x) => x.header.status === 2).length === 2);
    c.close();
    const second = again.slice(again.findIndex((f, i) => i > 0 && f.header.seq === 1));
    expectInOrder(second);
    expect(data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: item.dialInId } }))).toMatchObject({ status: 2, answer: expectedText(2) });
  });

  it('cancel ends the answer with 您取消了本次提问。; history shows it cancelled', async () => {
    useEngine(pacedEngine(50, 40));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    await c.until(qid, (f) => f.length >= 3);
    c.socket.emit('cancel', { questionId: qid });
    const fs = await c.until(qid);
    c.close();
    expectInOrder(fs);
    expect(fs.at(-1)?.header).toMatchObject({ code: FRAME_CODE.cancelled, msg: MSG.cancelled });
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: idsOf(fs).dialInId } }));
    expect(item).toMatchObject({ status: -1, code: null, statusMessage: MSG.cancelled });
    expect(item.answer).toBe(textOf(fs));
  });

  it('persists while streaming (batched): getItemChat and answer/moment show the partial answer', async () => {
    useEngine(pacedEngine(30, 30));
    const { token } = await t.login();
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    const first = await c.until(qid, (f) => f.length >= 12);
    await sleep(300);
    const dialInId = idsOf(first).dialInId;
    const item = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId } }));
    expect(item.status).toBe(1);
    expect(item.answer.length).toBeGreaterThan(0);
    expect(expectedText(30).startsWith(item.answer)).toBe(true);
    const m = data<{ finished: boolean; answer: string }>(await t.call(C.answerMoment, { token, body: { questionId: qid } }));
    expect(m.finished).toBe(false);
    expect(expectedText(30).startsWith(m.answer)).toBe(true);
    await c.until(qid);
    c.close();
    expect(data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId } })).answer).toBe(expectedText(30));
  });

  it('a client dropped mid-answer resumes from its last seq: every frame exactly once, in order', async () => {
    useEngine(pacedEngine(25, 30));
    const { token } = await t.login();
    const a = await client(port, { token });
    const qid = newQid();
    a.socket.emit('question', question(qid, '头痛'));
    const before = await a.until(qid, (f) => f.length >= 6);
    a.close();
    const lastSeq = before.at(-1)?.header.seq ?? 0;
    await sleep(250);
    const b = await client(port, { token, questionId: qid });
    b.socket.emit('resume', { questionId: qid, lastSeq });
    const after = await b.until(qid);
    b.close();
    const all = [...before, ...after];
    expectInOrder(all);
    expect(textOf(all)).toBe(expectedText(25));
    // Resume after the end replays from the log too.
    const c = await client(port, { token });
    c.socket.emit('resume', { questionId: qid, lastSeq: 3 });
    const tail = await c.until(qid);
    c.close();
    expect(tail.map((f) => f.header.seq)).toEqual(all.slice(3).map((f) => f.header.seq));
  });

  it("refuses to resume or cancel another account's question", async () => {
    useEngine(pacedEngine(20, 30));
    const owner = await t.login();
    const a = await client(port, { token: owner.token });
    const qid = newQid();
    a.socket.emit('question', question(qid, '头痛'));
    await a.until(qid, (f) => f.length >= 2);
    const intruder = await t.login();
    const x = await client(port, { token: intruder.token });
    x.socket.emit('resume', { questionId: qid, lastSeq: 0 });
    x.socket.emit('cancel', { questionId: qid });
    const got = await x.until(qid);
    expect(got).toHaveLength(1);
    expect(got[0]?.header.code).toBe(3030);
    const fs = await a.until(qid);
    a.close();
    x.close();
    expect(fs.at(-1)?.header.code).toBe(1);
    expect(textOf(fs)).toBe(expectedText(20));
  });

  it('privacyMode=1 starts a new session that history and search never show', async () => {
    useEngine(pacedEngine(1, 1));
    const { token } = await t.login();
    const c = await client(port, { token });
    const q1 = newQid();
    c.socket.emit('question', question(q1, '公开的问题偏头痛'));
    const f1 = await c.until(q1);
    const q2 = newQid();
    c.socket.emit('question', question(q2, '隐身的问题偏头痛', { privacyMode: 1, continueSessionId: idsOf(f1).sessionId }));
    const f2 = await c.until(q2);
    // An incognito refusal's break record stays hidden too.
    const q3 = newQid();
    c.socket.emit('question', question(q3, '你是傻逼偏头痛', { privacyMode: 1 }));
    expect((await c.until(q3))[0]?.header.code).toBe(3031);
    c.close();
    expect(idsOf(f2).sessionId).not.toBe(idsOf(f1).sessionId);
    const h = data<{ list: Array<{ sessionId: string }> }>(await t.call(C.getHistoryRecordV2, { token, body: {} }));
    expect(h.list.map((s) => s.sessionId)).toEqual([idsOf(f1).sessionId]);
    const s = data<{ list: ChatDialog[] }>(await t.call(C.historySearch, { token, body: { keyword: '偏头痛' } }));
    expect(s.list.map((d) => d.questionId)).toEqual([q1]);
    expect((await t.call(C.getSessionDetail, { token, body: { sessionId: idsOf(f2).sessionId, size: 30 } })).code).toBe(ERR.notFound.code);
    // An incognito dialog is neither collected nor shared (issue 15 item 17), alone or among others.
    const hidden = idsOf(f2).dialInId;
    expect(await t.call(C.collectSave, { token, body: { dialInIds: [hidden] } })).toMatchObject({ code: ERR.incognitoNoCollect.code, msg: ERR.incognitoNoCollect.msg });
    expect(await t.call(C.saveShare, { token, body: { dialInIds: [idsOf(f1).dialInId, hidden] } })).toMatchObject({ code: ERR.incognitoNoShare.code, msg: ERR.incognitoNoShare.msg });
    expect(data<{ total: number }>(await t.call(C.collectList, { token, body: {} })).total).toBe(0);
    expect(data<{ total: number }>(await t.call(C.shareList, { token, body: {} })).total).toBe(0);
  });
});

describe('chat socket: per-account and per-IP limits', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ CHAT_USER_MAX_IN_FLIGHT: '2', CHAT_USER_PER_MINUTE: '5', CHAT_IP_MAX_IN_FLIGHT: '3', CHAT_IP_PER_MINUTE: '1000', TRUST_PROXY: 'true' });
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const from = () => ({ 'x-forwarded-for': randomIp() });

  it('one account past CHAT_USER_MAX_IN_FLIGHT gets 3001 while another account is answered; its slots come back when its answers end', async () => {
    t.rt.services.chat.streams.engine = pacedEngine(8, 30);
    const a = await client(port, { token: (await t.login()).token }, from());
    const b = await client(port, { token: (await t.login()).token }, from());
    const [q1, q2, q3] = [newQid(), newQid(), newQid()];
    a.socket.emit('question', question(q1, '头痛'));
    a.socket.emit('question', question(q2, '咳嗽'));
    await Promise.all([a.until(q1, (f) => f.length >= 1), a.until(q2, (f) => f.length >= 1)]);
    a.socket.emit('question', question(q3, '发烧'));
    const busy = await a.until(q3);
    expect(busy).toHaveLength(1);
    expect(busy[0]?.header).toMatchObject({ code: FRAME_CODE.busy, msg: MSG.busy, seq: 1, status: 2 });
    const qb = newQid();
    b.socket.emit('question', question(qb, '头痛'));
    expect((await b.until(qb)).at(-1)?.header.code).toBe(1);
    expect((await a.until(q1)).at(-1)?.header.code).toBe(1);
    expect((await a.until(q2)).at(-1)?.header.code).toBe(1);
    const q4 = newQid();
    a.socket.emit('question', question(q4, '发烧'));
    expect((await a.until(q4)).at(-1)?.header.code).toBe(1);
    a.close();
    b.close();
  });

  it('one account past CHAT_USER_PER_MINUTE gets 3001; another account is not affected', async () => {
    t.rt.services.chat.streams.engine = pacedEngine(1, 1);
    const a = await client(port, { token: (await t.login()).token }, from());
    for (let i = 0; i < 5; i++) {
      const q = newQid();
      a.socket.emit('question', question(q, '头痛'));
      expect((await a.until(q)).at(-1)?.header.code).toBe(1);
    }
    const q6 = newQid();
    a.socket.emit('question', question(q6, '头痛'));
    expect((await a.until(q6))[0]?.header).toMatchObject({ code: FRAME_CODE.busy, seq: 1, status: 2 });
    const b = await client(port, { token: (await t.login()).token }, from());
    const qb = newQid();
    b.socket.emit('question', question(qb, '头痛'));
    expect((await b.until(qb)).at(-1)?.header.code).toBe(1);
    a.close();
    b.close();
  });

  it('one address past CHAT_IP_MAX_IN_FLIGHT gets 3001 (X-Forwarded-For with TRUST_PROXY); another address is answered', async () => {
    t.rt.services.chat.streams.engine = pacedEngine(8, 30);
    const shared = from();
    const cs = await Promise.all(Array.from({ length: 4 }, async () => client(port, { token: (await t.login()).token }, shared)));
    const qs = cs.map(() => newQid());
    for (let i = 0; i < 3; i++) cs[i]?.socket.emit('question', question(qs[i] ?? '', '头痛'));
    await Promise.all(cs.slice(0, 3).map((c, i) => c.until(qs[i] ?? '', (f) => f.length >= 1)));
    cs[3]?.socket.emit('question', question(qs[3] ?? '', '头痛'));
    expect((await cs[3]?.until(qs[3] ?? ''))?.[0]?.header).toMatchObject({ code: FRAME_CODE.busy, seq: 1, status: 2 });
    const other = await client(port, { token: (await t.login()).token }, from());
    const qo = newQid();
    other.socket.emit('question', question(qo, '头痛'));
    expect((await other.until(qo)).at(-1)?.header.code).toBe(1);
    await Promise.all(cs.slice(0, 3).map((c, i) => c.until(qs[i] ?? '')));
    for (const c of [...cs, other]) c.close();
  });
});

describe('chat socket: concurrency limit', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp({ CHAT_MAX_CONCURRENT: '1' });
    port = await listen(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 3001 (busy, no break record) past CHAT_MAX_CONCURRENT, and takes questions again after', async () => {
    t.rt.services.chat.streams.engine = pacedEngine(10, 30);
    const { token } = await t.login();
    const c = await client(port, { token });
    const q1 = newQid();
    const q2 = newQid();
    c.socket.emit('question', question(q1, '头痛'));
    await c.until(q1, (f) => f.length >= 1);
    c.socket.emit('question', question(q2, '咳嗽'));
    const busy = await c.until(q2);
    expect(busy).toHaveLength(1);
    expect(busy[0]?.header).toMatchObject({ code: FRAME_CODE.busy, msg: MSG.busy, seq: 1, status: 2 });
    expect((await t.call(C.answerMoment, { token, body: { questionId: q2 } })).code).toBe(ERR.notFound.code);
    await c.until(q1);
    const q3 = newQid();
    c.socket.emit('question', question(q3, '咳嗽'));
    const ok = await c.until(q3);
    c.close();
    expect(ok.at(-1)?.header.code).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Restart: the same database (PGlite on disk, or PostgreSQL) opened by a second app.

interface DiskApp {
  rt: Runtime;
  outbox: DevOutbox;
  call(r: RouteDef, o: { token?: string; body?: unknown }): Promise<{ code: number; data: unknown; msg: string }>;
}
async function startOnDisk(dir: string): Promise<DiskApp> {
  const outbox = new DevOutbox();
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: 'silent',
    SECRET_KEY: 'test-secret-test-secret-test-secret-0000',
    WEB_DIST: path.join(os.tmpdir(), 'chatdr-no-web'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const rt = await createRuntime(config, { sms: outbox });
  const ip = randomIp();
  return {
    rt,
    outbox,
    async call(r, o) {
      // A random client address: the per-IP SMS limit is shared through Redis across runs.
      const res = await rt.app.inject({ method: r.method, url: urlOf(r), remoteAddress: ip, headers: { 'content-type': 'application/json', ...(o.token ? { authorization: o.token } : {}) }, payload: JSON.stringify(o.body ?? {}) });
      return JSON.parse(res.body) as { code: number; data: unknown; msg: string };
    },
  };
}
async function diskLogin(a: DiskApp): Promise<string> {
  const phone = randomPhone();
  await a.call(routes.auth.sendLoginCode, { body: { phone } });
  const res = await a.call(routes.auth.phoneLogin, { body: { phone, code: a.outbox.lastCode(phone) } });
  return (res.data as { sessionId: string }).sessionId;
}

describe('chat: server restart mid-answer', () => {
  it('leaves the question failed (-1) and resendable on the next start', async () => {
    const dir = path.join(os.tmpdir(), `chatdr-chat-restart-${process.pid}-${randomInt(1e9)}`);
    const a = await startOnDisk(dir);
    a.rt.services.chat.streams.engine = pacedEngine(100, 50);
    const port = await listen(a);
    const token = await diskLogin(a);
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    const fs = await c.until(qid, (f) => f.length >= 5);
    const dialInId = idsOf(fs).dialInId;
    await a.rt.close();
    c.close();

    const b = await startOnDisk(dir);
    try {
      const item = data<ChatDialog>(await b.call(C.getItemChat, { token, body: { dialInId } }));
      expect(item).toMatchObject({ status: -1, canResend: true });
      // A process that died without closing leaves rows "answering": the next start fails them.
      const store = new ChatStore(b.rt.database.db);
      const orphan = newQid();
      await store.insertDialog({ questionId: orphan, userId: (await b.rt.services.auth.resolve(token))?.userId ?? 0, sessionId: item.sessionId, question: '孤儿', status: 1, updatedAt: new Date(Date.now() - 120_000) });
      await b.rt.close();
      const d = await startOnDisk(dir);
      try {
        expect(data<{ status: number; finished: boolean }>(await d.call(C.answerMoment, { token, body: { questionId: orphan } }))).toMatchObject({ status: -1, finished: true });
        // Resend on the new instance answers.
        d.rt.services.chat.streams.engine = pacedEngine(2, 1);
        const p = await listen(d);
        const c2 = await client(p, { token });
        c2.socket.emit('question', question(qid, '头痛'));
        const again = await c2.until(qid);
        c2.close();
        expect(again.at(-1)?.header.code).toBe(1);
        expect(data<ChatDialog>(await d.call(C.getItemChat, { token, body: { dialInId } }))).toMatchObject({ status: 2, answer: expectedText(2) });
      } finally {
        await d.rt.close();
      }
    } catch (err) {
      await b.rt.close().catch(() => undefined);
      throw err;
    }
  });

  it('a stop right after the last frame waits for that answer\'s final write: the answer is there on the next start', async () => {
    const dir = path.join(os.tmpdir(), `chatdr-chat-stop-${process.pid}-${randomInt(1e9)}`);
    const a = await startOnDisk(dir);
    a.rt.services.chat.streams.engine = pacedEngine(2, 1);
    // A slow database: the final write is still in flight when the last frame has gone out.
    const store = (a.rt.services.chat.streams as unknown as { deps: { store: ChatStore } }).deps.store;
    const write = store.writeDialogs.bind(store);
    store.writeDialogs = async (items) => {
      await sleep(300);
      return write(items);
    };
    const port = await listen(a);
    const token = await diskLogin(a);
    const c = await client(port, { token });
    const qid = newQid();
    c.socket.emit('question', question(qid, '头痛'));
    const fs = await c.until(qid);
    c.close();
    await a.rt.close();
    const b = await startOnDisk(dir);
    try {
      expect(fs.at(-1)?.header.code).toBe(1);
      expect(data<ChatDialog>(await b.call(C.getItemChat, { token, body: { dialInId: idsOf(fs).dialInId } }))).toMatchObject({ status: 2, answer: expectedText(2) });
    } finally {
      await b.rt.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('chat history and dialog calls', () => {
  let t: TestApp;
  let port = 0;
  beforeAll(async () => {
    t = await startTestApp();
    port = await listen(t);
    t.rt.services.chat.streams.engine = async function* (input) {
      yield { type: 'text', delta: `关于「${input.question}」的回答。` };
      yield { type: 'followUps', questions: ['多久了？'] };
      yield { type: 'done' };
    };
  });
  afterAll(async () => {
    await t.close();
  });

  async function ask(token: string, texts: string[], extra: Record<string, unknown> = {}) {
    const c = await client(port, { token });
    const out: Array<{ qid: string; dialInId: number; sessionId: string }> = [];
    let sessionId: string | undefined;
    for (const text of texts) {
      const qid = newQid();
      c.socket.emit('question', question(qid, text, { ...extra, ...(sessionId ? { continueSessionId: sessionId } : {}) }));
      const fs = await c.until(qid);
      sessionId = idsOf(fs).sessionId;
      out.push({ qid, dialInId: idsOf(fs).dialInId, sessionId });
    }
    c.close();
    return out;
  }

  it('getUUID, generateNew (last session time, 8 h timeout)', async () => {
    const { token } = await t.login();
    expect(data<string>(await t.call(C.getUuid, { token, query: { _t: '1' } }))).toMatch(/^[0-9a-f-]{36}$/);
    const first = data<{ sessionId: string; lastSessionTime: number | null; lastSessionTimedOut: boolean }>(await t.call(C.generateNew, { token, body: { deviceType: 'h5' } }));
    expect(first).toMatchObject({ lastSessionTime: null, lastSessionTimedOut: true });
    await ask(token, ['头痛'], { continueSessionId: first.sessionId });
    const second = data<{ lastSessionTime: number; lastSessionId: string; lastSessionTimedOut: boolean }>(await t.call(C.generateNew, { token, body: { deviceType: 'h5' } }));
    expect(second).toMatchObject({ lastSessionId: first.sessionId, lastSessionTimedOut: false });
    expect(second.lastSessionTime).toBeGreaterThan(0);
    // Within 8 h a question continues the session; after 8 h it starts a new one.
    const [same] = await ask(token, ['再问'], { continueSessionId: first.sessionId });
    expect(same?.sessionId).toBe(first.sessionId);
    t.clock.advance(8 * 3_600_000 + 1000);
    try {
      expect(data<{ lastSessionTimedOut: boolean }>(await t.call(C.generateNew, { token, body: {} })).lastSessionTimedOut).toBe(true);
      const [later] = await ask(token, ['八小时后'], { continueSessionId: first.sessionId });
      expect(later?.sessionId).not.toBe(first.sessionId);
    } finally {
      t.clock.advance(-(8 * 3_600_000 + 1000));
    }
  });

  it('history lists sessions; session detail pages dialogs (size, desc); history mapping applies; media counts', async () => {
    const { token } = await t.login();
    const s1 = await ask(token, ['一问', '二问', '三问']);
    const s2 = await ask(token, ['另一个会话']);
    const h = data<{ list: Array<{ sessionId: string; title: string; count: number; status: number }>; total: number }>(await t.call(C.getHistoryRecordV2, { token, body: { page: 1, size: 30 } }));
    expect(h.total).toBe(2);
    expect(h.list.map((s) => [s.sessionId, s.title, s.count, s.status])).toEqual([[s2[0]?.sessionId, '另一个会话', 1, 2], [s1[0]?.sessionId, '一问', 3, 2]]);
    expect(data<{ total: number }>(await t.call(C.getHistoryRecord, { token, body: {} })).total).toBe(2);
    const d = data<{ list: ChatDialog[]; hasMore: boolean }>(await t.call(C.getSessionDetail, { token, body: { sessionId: s1[0]?.sessionId, size: 2, thumbnailNew: 'Y', desc: 'Y' } }));
    expect(d.list.map((x) => x.question)).toEqual(['三问', '二问']);
    expect(d.hasMore).toBe(true);
    const more = data<{ list: ChatDialog[]; hasMore: boolean }>(await t.call(C.getSessionDetail, { token, body: { sessionId: s1[0]?.sessionId, size: 2, desc: 'Y', lastId: d.list[1]?.dialInId } }));
    expect(more.list.map((x) => x.question)).toEqual(['一问']);
    expect(more.hasMore).toBe(false);
    // A client break record without a code is shown as cancelled (history mapping).
    const br = newQid();
    expect((await t.call(C.breakChatDialSave, { token, body: { questionId: br, question: '断了', sessionId: s2[0]?.sessionId } })).code).toBe(1);
    const d2 = data<{ list: ChatDialog[] }>(await t.call(C.getSessionDetail, { token, body: { sessionId: s2[0]?.sessionId, size: 30 } }));
    expect(d2.list[0]).toMatchObject({ question: '断了', status: -1, statusMessage: MSG.cancelled });
    expect(data<Array<{ sessionId: string; cnt: number }>>(await t.call(C.getSessionMediaCnt, { token, body: { sessionIds: [s1[0]?.sessionId] } }))).toEqual([{ sessionId: s1[0]?.sessionId, cnt: 0 }]);
    // getLastTextChatDial: the last text dialog.
    expect(data<ChatDialog>(await t.call(C.getLastTextChatDial, { token, body: {} })).question).toBe('断了');
  });

  it('search is Chinese-aware (bigrams), over questions and answers, own account only', async () => {
    const a = await t.login();
    const b = await t.login();
    await ask(a.token, ['我妈妈血压偏高怎么办', '孩子发烧39度']);
    await ask(b.token, ['血压偏高吃什么']);
    const s = (kw: string, token = a.token) => t.call(C.historySearch, { token, body: { keyword: kw } }).then((r) => data<{ list: ChatDialog[]; total: number }>(r));
    expect((await s('血压偏高')).list.map((d) => d.question)).toEqual(['我妈妈血压偏高怎么办']);
    expect((await s('妈妈 血压')).total).toBe(1);
    expect((await s('发烧')).list[0]?.question).toBe('孩子发烧39度');
    expect((await s('的回答')).total).toBe(2);
    expect((await s('血糖')).total).toBe(0);
    expect((await s('100%')).total).toBe(0);
    expect((await s('血压', b.token)).list.map((d) => d.question)).toEqual(['血压偏高吃什么']);
    expect((await t.call(C.historySearch, { token: a.token, body: { keyword: '' } })).code).toBe(ERR.badRequest.code);
  });

  it('collect save / list / cancel', async () => {
    const { token } = await t.login();
    const [x, y] = await ask(token, ['收藏一', '收藏二']);
    expect((await t.call(C.collectSave, { token, body: { dialInIds: [x?.dialInId, y?.dialInId] } })).code).toBe(1);
    let list = data<{ list: ChatDialog[]; total: number }>(await t.call(C.collectList, { token, body: {} }));
    expect(list.total).toBe(2);
    expect(list.list.every((d) => d.collectFlag === 1)).toBe(true);
    await t.call(C.collectCancel, { token, body: { dialInIds: [x?.dialInId] } });
    list = data<{ list: ChatDialog[]; total: number }>(await t.call(C.collectList, { token, body: {} }));
    expect(list.list.map((d) => d.question)).toEqual(['收藏二']);
  });

  it('share: a token link, read-only and public', async () => {
    const { token } = await t.login();
    const [x] = await ask(token, ['分享的问题']);
    const sh = data<{ shareId: string; path: string }>(await t.call(C.saveShare, { token, body: { dialInIds: [x?.dialInId] } }));
    expect(sh.path).toContain(sh.shareId);
    const view = data<{ list: Array<{ question: string; answer: string }> }>(await t.call(C.shareView, { query: { shareId: sh.shareId } }));
    expect(view.list).toEqual([expect.objectContaining({ question: '分享的问题', answer: '关于「分享的问题」的回答。' })]);
    expect((await t.call(C.shareView, { query: { shareId: 'x'.repeat(24) } })).code).toBe(ERR.notFound.code);
  });

  it('share links expire after SHARE_TTL_DAYS and can be revoked from the share list (issue 15 item 19)', async () => {
    const { token, phone } = await t.login();
    const other = await t.login();
    const [x, y] = await ask(token, ['过期的分享', '撤销的分享']);
    const a = data<{ shareId: string; expireTime: number }>(await t.call(C.saveShare, { token, body: { dialInIds: [x?.dialInId] } }));
    expect(a.expireTime - t.clock.now()).toBe(30 * 86_400_000);
    const b = data<{ shareId: string }>(await t.call(C.saveShare, { token, body: { dialInIds: [y?.dialInId, x?.dialInId] } }));
    const list = data<{ list: Array<{ shareId: string; title: string; count: number; expired: boolean }>; total: number }>(await t.call(C.shareList, { token, body: {} }));
    expect(list.list.map((s) => [s.shareId, s.title, s.count, s.expired])).toEqual([[b.shareId, '撤销的分享', 2, false], [a.shareId, '过期的分享', 1, false]]);
    // Only the owner revokes; the page then answers 4104.
    expect((await t.call(C.shareRevoke, { token: other.token, body: { shareId: b.shareId } })).code).toBe(ERR.notFound.code);
    expect((await t.call(C.shareView, { query: { shareId: b.shareId } })).code).toBe(1);
    expect((await t.call(C.shareRevoke, { token, body: { shareId: b.shareId } })).code).toBe(1);
    expect(await t.call(C.shareView, { query: { shareId: b.shareId } })).toMatchObject({ code: ERR.shareGone.code, msg: '分享链接已失效' });
    expect(data<{ total: number }>(await t.call(C.shareList, { token, body: {} })).total).toBe(1);
    // Past its expiry.
    t.clock.advance(30 * 86_400_000 + 1);
    expect(await t.call(C.shareView, { query: { shareId: a.shareId } })).toMatchObject({ code: ERR.shareGone.code });
    // (30 days is also a session's absolute lifetime: log in again.)
    const again = await t.login(phone);
    expect(data<{ list: Array<{ expired: boolean }> }>(await t.call(C.shareList, { token: again.token, body: {} })).list[0]?.expired).toBe(true);
  });

  it('breakChatDialSave cannot forge an AI answer: a client-saved record shows as interrupted and is not shared (issue 15 item 7)', async () => {
    const { token } = await t.login();
    const forged = { questionId: `forge-${Date.now().toString(36)}`, question: '吃什么药', answer: '晓医建议：停用所有处方药。', code: 1, msg: 'success' };
    expect((await t.call(C.breakChatDialSave, { token, body: forged })).code).toBe(1);
    const m = data<{ dialInId: number; status: number; code: number | null }>(await t.call(C.answerMoment, { token, body: { questionId: forged.questionId } }));
    expect(m).toMatchObject({ status: -1, code: null });
    const d = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: m.dialInId } }));
    expect([d.status, d.canResend]).toEqual([-1, true]);
    expect(await t.call(C.saveShare, { token, body: { dialInIds: [m.dialInId] } })).toMatchObject({ code: ERR.interruptedNoShare.code, msg: ERR.interruptedNoShare.msg });
    // A failed server dialog keeps the server's text: the client's save only marks it broken.
    const [real] = await ask(token, ['真实的问题']);
    const row = data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: real?.dialInId } }));
    expect((await t.call(C.breakChatDialSave, { token, body: { questionId: row.questionId, answer: '伪造', code: 1 } })).code).toBe(1);
    expect(data<ChatDialog>(await t.call(C.getItemChat, { token, body: { dialInId: real?.dialInId } })).answer).toBe(row.answer);
  });

  it('personal/source, recommendQuestionV2 defaults, audit/textByBody', async () => {
    const { token } = await t.login();
    const info = data<{ members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token }));
    const [x] = await ask(token, ['头痛'], { userInfoId: info.members[0]?.id });
    const src = data<{ useArchives: boolean; userInfoId: number }>(await t.call(C.personalSource, { token, body: { dialInId: x?.dialInId } }));
    expect(src).toMatchObject({ useArchives: true, userInfoId: info.members[0]?.id });
    const fresh = await t.login();
    expect(data<string[]>(await t.call(C.recommendQuestionV2, { token: fresh.token, body: {} }))).toEqual(CHAT_DEFAULT_QUESTIONS.slice(0, 3));
    expect(data<string[]>(await t.call(C.recommendQuestionV2, { token, body: {} }))).toEqual(['多久了？']);
    expect(data<{ pass: boolean }>(await t.call(routes.media.auditTextByBody, { token, body: { content: '你是傻逼' } }))).toEqual({ pass: false });
    expect(data<{ pass: boolean }>(await t.call(routes.media.auditTextByBody, { token, body: { content: '头痛怎么办' } }))).toEqual({ pass: true });
  });

  it("another account's dialogs and sessions are refused and left untouched", async () => {
    const owner = await t.login();
    const [x] = await ask(owner.token, ['别人的问题']);
    const { token } = await t.login();
    const [mine] = await ask(token, ['我的问题']);
    const refused = async (r: RouteDef, body: unknown) => expect((await t.call(r, { token, body })).code, r.path).toBe(ERR.notFound.code);
    await refused(C.getItemChat, { dialInId: x?.dialInId });
    await refused(C.personalSource, { dialInId: x?.dialInId });
    await refused(C.answerMoment, { questionId: x?.qid });
    await refused(C.getSessionDetail, { sessionId: x?.sessionId, size: 30 });
    await refused(C.delHisBySessionId, { sessionId: x?.sessionId });
    await refused(C.delHistoryRecord, { dialIds: [mine?.dialInId, x?.dialInId] });
    await refused(C.collectSave, { dialInIds: [x?.dialInId] });
    await refused(C.collectCancel, { dialInIds: [x?.dialInId] });
    await refused(C.saveShare, { dialInIds: [x?.dialInId] });
    await refused(C.recommendQuestionV2, { dialInId: x?.dialInId });
    expect(data<Array<{ cnt: number }>>(await t.call(C.getSessionMediaCnt, { token, body: { sessionIds: [x?.sessionId] } }))).toEqual([{ sessionId: x?.sessionId, cnt: 0 }]);
    // Nothing of the owner's changed; the all-or-nothing delete kept the caller's own dialog too.
    expect(data<ChatDialog>(await t.call(C.getItemChat, { token: owner.token, body: { dialInId: x?.dialInId } })).collectFlag).toBe(0);
    expect((await t.call(C.getItemChat, { token, body: { dialInId: mine?.dialInId } })).code).toBe(1);
    // delALLHistoryRecord only touches the caller's.
    expect((await t.call(C.delAllHistoryRecord, { token, body: {} })).code).toBe(1);
    expect((await t.call(C.getItemChat, { token, body: { dialInId: mine?.dialInId } })).code).toBe(ERR.notFound.code);
    expect((await t.call(C.getItemChat, { token: owner.token, body: { dialInId: x?.dialInId } })).code).toBe(1);
  });

  it('delete one dialog, one session', async () => {
    const { token } = await t.login();
    const [a1, a2] = await ask(token, ['删一', '删二']);
    expect((await t.call(C.delHistoryRecord, { token, body: { dialIds: [a1?.dialInId], delMediaFlag: false } })).code).toBe(1);
    expect((await t.call(C.getItemChat, { token, body: { dialInId: a1?.dialInId } })).code).toBe(ERR.notFound.code);
    expect((await t.call(C.delHisBySessionId, { token, body: { sessionId: a2?.sessionId } })).code).toBe(1);
    expect((await t.call(C.getItemChat, { token, body: { dialInId: a2?.dialInId } })).code).toBe(ERR.notFound.code);
    expect(data<{ total: number }>(await t.call(C.getHistoryRecordV2, { token, body: {} })).total).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe.runIf(shared)('chat socket: two instances over Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let pa = 0;
  let pb = 0;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
    pa = await listen(a);
    pb = await listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a client that drops from one instance resumes on the other: every frame once, in order', async () => {
    a.rt.services.chat.streams.engine = pacedEngine(25, 30);
    const { token } = await a.login();
    const c1 = await client(pa, { token });
    const qid = newQid();
    c1.socket.emit('question', question(qid, '头痛'));
    const before = await c1.until(qid, (f) => f.length >= 6);
    c1.close();
    await sleep(200);
    const c2 = await client(pb, { token, questionId: qid });
    c2.socket.emit('resume', { questionId: qid, lastSeq: before.at(-1)?.header.seq ?? 0 });
    const after = await c2.until(qid);
    c2.close();
    const all = [...before, ...after];
    expectInOrder(all);
    expect(textOf(all)).toBe(expectedText(25));
    // After the end, the other instance replays from Redis.
    await sleep(100);
    const c3 = await client(pb, { token });
    c3.socket.emit('resume', { questionId: qid, lastSeq: 0 });
    const replay = await c3.until(qid);
    c3.close();
    expect(replay.map((f) => f.header.seq)).toEqual(all.map((f) => f.header.seq));
    expect(textOf(replay)).toBe(expectedText(25));
  });

  it('cancel sent to the other instance reaches the one answering', async () => {
    a.rt.services.chat.streams.engine = pacedEngine(100, 30);
    const { token } = await a.login();
    const c1 = await client(pa, { token });
    const qid = newQid();
    c1.socket.emit('question', question(qid, '头痛'));
    await c1.until(qid, (f) => f.length >= 3);
    const c2 = await client(pb, { token });
    c2.socket.emit('cancel', { questionId: qid });
    const fs = await c1.until(qid);
    c1.close();
    c2.close();
    expect(fs.at(-1)?.header.code).toBe(FRAME_CODE.cancelled);
  });
});
