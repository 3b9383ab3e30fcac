/** A session lookup that fails (database busy) is not "not logged in": no 3000, a resendable 3099. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, FRAME_CODE, type AnswerFrame } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await startTestApp();
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  port = typeof a === 'object' && a !== null ? a.port : 0;
});
afterAll(async () => {
  await t.close();
});

describe('chat socket session lookup failures', () => {
  it('answers a question with 3099 (resend allowed), not 3000, when the lookup throws, and keeps the connection', async () => {
    const { token } = await t.login();
    const socket = connectSocket(`http://127.0.0.1:${port}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, query: { deviceType: 'h5' }, reconnection: false, forceNew: true });
    const frames: AnswerFrame[] = [];
    socket.on('answer', (f: AnswerFrame) => frames.push(f));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    await new Promise((r) => setTimeout(r, 100));
    const auth = t.rt.services.auth;
    const original = auth.resolve.bind(auth);
    auth.resolve = () => Promise.reject(new Error('database is busy'));
    socket.emit('question', { questionId: 'auth-fail-1', text: '头疼', inType: 1, reasoning: 0 });
    await new Promise((r) => setTimeout(r, 300));
    auth.resolve = original;
    const mine = frames.filter((f) => f.header.questionId === 'auth-fail-1');
    expect(mine.map((f) => f.header.code)).toEqual([FRAME_CODE.failed]);
    expect(frames.some((f) => f.header.code === FRAME_CODE.login)).toBe(false);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
