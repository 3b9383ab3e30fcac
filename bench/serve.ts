/**
 * A server under test for the benchmarks, run as its own process so that the load generator
 * does not share its event loop. `bare`: Fastify hello-world; `chatdr`: the real app on its
 * embedded defaults (or DATABASE_URL/REDIS_URL), with one logged-in user. Prints one JSON line.
 */
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { loadConfig } from '../apps/server/src/config.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';
import { DevOutbox } from '../apps/server/src/providers/sms.ts';

const mode = process.argv[2];
if (mode === 'echo') {
  // The baseline of the socket bench: a bare socket.io server that answers every question with
  // ECHO_FRAMES frames of the contract's shape, ECHO_INTERVAL_MS apart (QUALITY.md: 20 msg/s).
  const { createServer } = await import('node:http');
  const { Server } = await import('socket.io');
  const { CHAT_SOCKET_PATH, CHAT_EVENT } = await import('@chatdr/contract');
  const frames = Number(process.env.ECHO_FRAMES ?? 20);
  const interval = Number(process.env.ECHO_INTERVAL_MS ?? 50);
  const http = createServer();
  const io = new Server(http, { path: CHAT_SOCKET_PATH, transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on(CHAT_EVENT.question, (q: { questionId: string }) => {
      let seq = 0;
      const send = () => {
        seq++;
        socket.emit(CHAT_EVENT.answer, { header: { code: 1, msg: 'success', questionId: q.questionId, seq, status: seq === 1 ? 0 : seq === frames ? 2 : 1 }, payload: { text: '晓医正在回答你的问题。' } });
        if (seq < frames) setTimeout(send, interval);
      };
      send();
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  process.on('SIGTERM', () => { io.close(); process.exit(0); });
} else if (mode === 'bare') {
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} else {
  const outbox = new DevOutbox();
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `chatdr-bench-${process.pid}`),
    LOG_LEVEL: 'warn',
    MAX_IN_FLIGHT: '100000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  });
  const rt = await createRuntime(config, { sms: outbox, memoryDb: !config.databaseUrl });
  if (process.env.BENCH_ENGINE === 'paced') {
    // The echo's pacing through the real server: ECHO_FRAMES text deltas, ECHO_INTERVAL_MS
    // apart (the first at once), so that what the server adds is measured apart from the
    // builtin engine's CPU.
    const frames = Number(process.env.ECHO_FRAMES ?? 20);
    const interval = Number(process.env.ECHO_INTERVAL_MS ?? 50);
    rt.services.chat.streams.engine = async function* () {
      for (let i = 0; i < frames; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, interval));
        yield { type: 'text', delta: '晓医正在回答你的问题。' };
      }
      yield { type: 'done' };
    };
  }
  const url = await rt.app.listen({ port: 0, host: '127.0.0.1' });
  const phone = `139${String(Date.now()).slice(-8)}`;
  const post = async (r: RouteDef, body: unknown) => {
    const res = await fetch(url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return (await res.json()) as { code: number; data: { sessionId: string } };
  };
  await post(routes.auth.sendLoginCode, { phone });
  const login = await post(routes.auth.phoneLogin, { phone, code: outbox.lastCode(phone) });
  if (login.code !== 1) throw new Error('bench login failed');
  process.stdout.write(`${JSON.stringify({ url, token: login.data.sessionId, db: rt.database.kind })}\n`);
  process.on('SIGTERM', () => void rt.close().then(() => process.exit(0)));
}
