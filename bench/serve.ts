/**
 * A server under test for the benchmarks, run as its own process so that the load generator
 * does not share its event loop. `bare`: Fastify hello-world; `chatdr`: the real app on its
 * embedded defaults (or DATABASE_URL/REDIS_URL), with one logged-in user. Prints one JSON line.
 */
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';

const mode = process.argv[2];

// BENCH_LOOP_STATS=1: the event loop's delay (p50/p99/max) and utilisation from the moment the
// server is ready, printed to stderr when it is stopped — where a stall comes from.
const loop = (() => {
  const h = process.env.BENCH_LOOP_STATS === '1' ? monitorEventLoopDelay({ resolution: 1 }) : null;
  let elu0 = performance.eventLoopUtilization();
  return {
    ready() {
      h?.enable();
      elu0 = performance.eventLoopUtilization();
    },
    print() {
      if (!h) return;
      const ms = (n: number) => (n / 1e6).toFixed(1);
      process.stderr.write(`[${mode}] loop delay p50 ${ms(h.percentile(50))} p99 ${ms(h.percentile(99))} max ${ms(h.max)} ms; utilisation ${(performance.eventLoopUtilization(elu0).utilization * 100).toFixed(0)} %\n`);
    },
  };
})();
// BENCH_MEM_STATS=1: where the server's memory is at its peak RSS (sampled every 100 ms from
// ready to stop), printed to stderr when it is stopped: V8's heap (used/total), memory outside
// it (external: array buffers and the embedded database's WebAssembly memory, PGlite's), and what
// remains (compiled code, native libraries, worker threads' heaps, allocator, thread stacks).
const mem = (() => {
  if (process.env.BENCH_MEM_STATS !== '1') return { ready(_wasm?: () => number) {}, print() {} };
  const mb = (n: number) => (n / 1048576).toFixed(0);
  let wasmOf: () => number = () => 0;
  let peak: (NodeJS.MemoryUsage & { wasm: number }) | null = null;
  let atReady = '';
  const line = (m: NodeJS.MemoryUsage & { wasm: number }) =>
    `RSS ${mb(m.rss)} MB = JS heap ${mb(m.heapTotal)} (used ${mb(m.heapUsed)}) + external ${mb(m.external)} (array buffers ${mb(m.arrayBuffers)}, PGlite's WebAssembly memory ${mb(m.wasm)}) + the rest ${mb(Math.max(0, m.rss - m.heapTotal - m.external))} MB`;
  const sample = () => {
    const m = { ...process.memoryUsage(), wasm: wasmOf() };
    if (!peak || m.rss > peak.rss) peak = m;
    return m;
  };
  let timer: NodeJS.Timeout | null = null;
  return {
    ready(wasm?: () => number) {
      if (wasm) wasmOf = wasm;
      atReady = line(sample());
      timer = setInterval(sample, 100);
      timer.unref();
    },
    print() {
      if (timer) clearInterval(timer);
      sample();
      process.stderr.write(`[${mode}] memory at ready: ${atReady}\n[${mode}] memory at peak:  ${peak ? line(peak) : '-'}\n`);
    },
  };
})();

if (mode === 'echo') {
  // The baseline of the socket bench: a bare socket.io server that answers every question with
  // the contract's frame sequence and the paced engine's timing (QUALITY.md: 20 msg/s): the
  // accept frame, ECHO_FRAMES text frames ECHO_INTERVAL_MS apart (the first at once), the last
  // frame — what chatdr sends for the paced engine, without sessions, storage or the engine.
  const { createServer } = await import('node:http');
  const { Server } = await import('socket.io');
  const { CHAT_SOCKET_PATH, CHAT_EVENT } = await import('@chatdr/contract');
  const frames = Number(process.env.ECHO_FRAMES ?? 20);
  const interval = Number(process.env.ECHO_INTERVAL_MS ?? 50);
  const http = createServer();
  const io = new Server(http, { path: CHAT_SOCKET_PATH, transports: ['websocket'] });
  io.on('connection', (socket) => {
    socket.on(CHAT_EVENT.question, (q: { questionId: string }) => {
      let seq = 1;
      const emit = (code: number, status: number, payload: Record<string, unknown>) => socket.emit(CHAT_EVENT.answer, { header: { code, msg: 'success', questionId: q.questionId, seq, status }, payload });
      emit(3002, 0, {});
      let sent = 0;
      const send = () => {
        seq++;
        sent++;
        emit(1, 1, { text: '晓医正在回答你的问题。' });
        if (sent < frames) setTimeout(send, interval);
        else {
          seq++;
          emit(1, 2, {});
        }
      };
      send();
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
  loop.ready();
  mem.ready();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  process.on('SIGTERM', () => { loop.print(); mem.print(); io.close(); process.exit(0); });
} else if (mode === 'relay') {
  // The baseline of the IM bench (im.bench.ts): a bare socket.io relay on namespace /im of the
  // chat socket's path — a socket joins its conversation's room (its handshake names it), and
  // every `im:send` is acknowledged and emitted to that room as an ImMessage-shaped object: the
  // same events and payloads as chatdr's doctor chat, without tokens, access checks or storage.
  const { createServer } = await import('node:http');
  const { Server } = await import('socket.io');
  const { CHAT_SOCKET_PATH, IM_EVENT, IM_NAMESPACE } = await import('@chatdr/contract');
  const http = createServer();
  const io = new Server(http, { path: CHAT_SOCKET_PATH, transports: ['websocket'] });
  let seq = 0;
  io.of(IM_NAMESPACE).on('connection', (socket) => {
    const auth = socket.handshake.auth as { groupId?: string; side?: string };
    const groupId = String(auth.groupId);
    const sender = auth.side === 'doctor' ? 'doctor' : 'user';
    void socket.join(groupId);
    socket.on(IM_EVENT.send, (raw: { clientMsgId: string; kind: string; text?: string }, ack: unknown) => {
      const message = { seq: ++seq, groupId, clientMsgId: raw.clientMsgId, sender, kind: raw.kind, text: raw.text ?? '', mediaId: null, mediaUrl: null, createdAt: new Date().toISOString(), read: false };
      if (typeof ack === 'function') (ack as (r: unknown) => void)({ ok: true, message });
      io.of(IM_NAMESPACE).to(groupId).emit(IM_EVENT.message, message);
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const addr = http.address();
  const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
  loop.ready();
  mem.ready();
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
  process.on('SIGTERM', () => { loop.print(); mem.print(); io.close(); process.exit(0); });
} else if (mode === 'bare') {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
} else {
  // Loaded only here: the baselines above run without the app's modules in memory.
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createRuntime } = await import('../apps/server/src/runtime.ts');
  const { DevOutbox } = await import('../apps/server/src/providers/sms.ts');
  const outbox = new DevOutbox();
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `chatdr-bench-${process.pid}`),
    LOG_LEVEL: 'warn',
    MAX_IN_FLIGHT: '100000',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    // The uploads bench (bombs.bench.ts) picks the reader and its pools.
    ...Object.fromEntries(['OCR_PROVIDER', 'OCR_WORKERS', 'OCR_THREADS', 'MEDIA_DECODE_WORKERS'].flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : []))),
    // The chat limits, the engine workers and TRUST_PROXY as the bench sets them for this server.
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CHAT_') || k === 'ENGINE_WORKERS' || k === 'TRUST_PROXY')),
  });
  // Without DATABASE_URL: PGlite in a fresh data directory on disk, as `npm start` runs it.
  const rt = await createRuntime(config, { sms: outbox });
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
  // BENCH_ACCOUNTS: how many users to log in (the starvation bench needs two); the first is `token`.
  const accounts = Math.max(1, Number(process.env.BENCH_ACCOUNTS ?? process.env.BENCH_USERS ?? 1));
  // Logged in through the app itself from a random client address: the per-IP SMS limit is
  // shared through Redis, and a bench run several times an hour must not run into it.
  const ip = `10.${Date.now() % 250}.${process.pid % 250}.${1 + Math.floor(Math.random() * 250)}`;
  const post = async (r: RouteDef, body: unknown) => {
    const res = await rt.app.inject({ method: 'POST', url: urlOf(r), remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    return JSON.parse(res.body) as { code: number; data: { sessionId: string } };
  };
  // BENCH_ACCOUNTS (or BENCH_USERS)=n: n accounts logged in (`tokens`); `token` is the first.
  const tokens: string[] = [];
  for (let a = 0; a < accounts; a++) {
    const phone = `139${String(Date.now() + a).slice(-8)}`;
    await post(routes.auth.sendLoginCode, { phone });
    const login = await post(routes.auth.phoneLogin, { phone, code: outbox.lastCode(phone) });
    if (login.code !== 1) throw new Error('bench login failed');
    tokens.push(login.data.sessionId);
  }
  // BENCH_IM=n (the IM bench): n open consultations, each a patient and a doctor of its own with
  // a paid order, written straight into the tables (what consult/start leaves behind), and each
  // side's IM token as rong/getToken and the workspace's im/token issue it.
  const im = await (async () => {
    const n = Number(process.env.BENCH_IM ?? 0);
    if (n <= 0) return undefined;
    const { users, members, doctors, rehabOrders, consultations } = await import('../apps/server/src/db/schema.ts');
    const { SELF_ROLE } = await import('@chatdr/contract');
    const db = rt.database.db;
    const pkg = await rt.services.pkg.service.addPackage({ name: '康复包', priceFen: 9_900, durationDays: 30, team: 'bench', includes: ['图文问诊'] });
    const tag = `${process.pid}${Date.now() % 100000}`;
    const ids = Array.from({ length: n }, (_, i) => i);
    const chunks = <T>(xs: T[]) => Array.from({ length: Math.ceil(xs.length / 500) }, (_, k) => xs.slice(k * 500, k * 500 + 500));
    const out = { users: [] as string[], doctors: [] as string[], groups: [] as string[] };
    for (const part of chunks(ids)) {
      const u = await db.insert(users).values(part.map((i) => ({ phone: `b${tag}u${i}` }))).returning({ id: users.id });
      const m = await db.insert(members).values(u.map((x) => ({ userId: x.id, name: SELF_ROLE.roleName, roleCode: SELF_ROLE.roleCode, roleName: SELF_ROLE.roleName, roleTag: SELF_ROLE.roleTag, isSelf: true }))).returning({ id: members.id });
      const d = await db.insert(doctors).values(part.map((i) => ({ name: `医生${i}`, title: '主治医师', department: '康复医学科', hospital: '某某医院', teamId: 'bench' }))).returning({ id: doctors.id });
      const expiresAt = new Date(Date.now() + 86_400_000);
      const o = await db.insert(rehabOrders).values(part.map((i, k) => ({ orderNo: `B${tag}X${i}`, userId: u[k]!.id, memberId: m[k]!.id, packageId: pkg.id, amountFen: 9_900, status: 3, idempotencyKey: `b${i}`, expiresAt, paidAt: new Date(), serviceStart: new Date(), serviceEnd: expiresAt }))).returning({ id: rehabOrders.id });
      const c = await db.insert(consultations).values(part.map((_, k) => ({ orderId: o[k]!.id, userId: u[k]!.id, memberId: m[k]!.id, doctorId: d[k]!.id }))).returning({ id: consultations.id });
      part.forEach((_, k) => {
        out.users.push(rt.services.clinic.imToken({ side: 'user', id: u[k]!.id }).token);
        out.doctors.push(rt.services.clinic.imToken({ side: 'doctor', id: d[k]!.id }).token);
        out.groups.push(`G${c[k]!.id}`);
      });
    }
    return out;
  })();
  loop.ready();
  // PGlite's linear memory (its Emscripten module's heap), when the database is the embedded one.
  const pglite = (rt.database.db as unknown as { $client?: { mod?: { HEAPU8?: Uint8Array } } }).$client;
  mem.ready(() => pglite?.mod?.HEAPU8?.byteLength ?? 0);
  process.stdout.write(`${JSON.stringify({ url, token: tokens[0], tokens, db: rt.database.kind, ...(im ? { im } : {}) })}\n`);
  process.on('SIGTERM', () => { loop.print(); mem.print(); void rt.close().then(() => process.exit(0)); });
}
