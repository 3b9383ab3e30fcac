/**
 * Starvation (issue 15 item 4): one account floods the chat with 2,000-character questions while
 * another user asks ordinary ones. The other user's answer latency (emit → last frame) is measured
 * idle and under the flood, on the real server bundle with the builtin engine and its defaults
 * (limits, engine workers). Bar: under the flood, the other user's p95 stays within 2× of idle.
 * The two users come from different addresses (X-Forwarded-For, TRUST_PROXY=true), as they would
 * in production. BENCH_STARVE_BASELINE=1 adds the same scenario without the protections
 * (ENGINE_WORKERS=0, limits lifted): the starvation, for comparison.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, FRAME_CODE, type AnswerFrame } from '@chatdr/contract';
import { withServer } from './socket.bench.ts';

const VICTIM_QUESTIONS = Number(process.env.BENCH_STARVE_QUESTIONS ?? 12);
/** Flood: the flooder's sockets each keep this many long questions going out per second. */
const FLOOD_SOCKETS = Number(process.env.BENCH_STARVE_SOCKETS ?? 5);
const FLOOD_PER_S = Number(process.env.BENCH_STARVE_RATE ?? 50);
const BASE = '我最近一周总是头痛，尤其是下午，有时候还伴有恶心和头晕，血压有点高，晚上睡不好，吃了布洛芬稍微好一点，但是第二天又疼，需要去医院看吗？';
const LONG = BASE.repeat(Math.ceil(2000 / BASE.length)).slice(0, 2000);
const ASKS = ['我头痛发烧三天了怎么办', '孩子拉肚子两天，有点发烧', '胃疼挂什么科', '糖尿病饮食要注意什么', '阿莫西林能吃吗', '咳嗽一周了还有痰'];

let qn = 0;
const qid = (p: string) => `${p}-${process.pid}-${Date.now().toString(36)}-${++qn}`;
const question = (questionId: string, text: string) => ({ questionId, text, inType: 0, inputMediaId: null, relInputMediaId: null, inputScene: null, instructCode: null, reportId: null, zdwzFlag: 0, userInfoId: null, annotationNew: 1, reasoning: 0, sceneModule: null, continueSessionId: null, indicatorTypeCode: null });

function connect(url: string, token: string, ip: string): Promise<Socket> {
  const s = io(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, query: { deviceType: 'h5' }, reconnection: false, extraHeaders: { 'x-forwarded-for': ip }, timeout: 20_000 });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
}

/** Asks one question and resolves with the ms to its last frame (and its code). */
function ask(s: Socket, text: string): Promise<{ ms: number; code: number }> {
  const id = qid('v');
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      s.off('answer', on);
      reject(new Error('no answer in 60 s'));
    }, 60_000);
    const on = (f: AnswerFrame) => {
      if (f.header.questionId !== id || f.header.status !== 2) return;
      clearTimeout(timer);
      s.off('answer', on);
      resolve({ ms: performance.now() - t0, code: f.header.code });
    };
    s.on('answer', on);
    s.emit('question', question(id, text));
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};

async function victimRound(s: Socket): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < VICTIM_QUESTIONS; i++) {
    const r = await ask(s, ASKS[i % ASKS.length] ?? '头痛');
    if (r.code !== FRAME_CODE.answer) throw new Error(`the other user's question ${i + 1} ended with code ${r.code}`);
    out.push(r.ms);
  }
  return out;
}

interface Row { idle: number[]; flood: number[]; sent: number; accepted: number; busy: number; healthMs: number[] }

async function scenario(env: Record<string, string>): Promise<Row> {
  return withServer('chatdr', { BENCH_ACCOUNTS: '2', TRUST_PROXY: 'true', ...env }, async (info) => {
    const [flooderToken, victimToken] = info.tokens ?? [];
    if (!flooderToken || !victimToken) throw new Error('the bench server logged in fewer than two users');
    const victim = await connect(info.url, victimToken, '10.1.0.2');
    // Warm (the engine worker starts, the engine loads), then idle.
    await ask(victim, '头痛');
    const idle = await victimRound(victim);
    const flooders = await Promise.all(Array.from({ length: FLOOD_SOCKETS }, () => connect(info.url, flooderToken, '10.1.0.1')));
    let sent = 0;
    let accepted = 0;
    let busy = 0;
    for (const f of flooders) {
      f.on('answer', (fr: AnswerFrame) => {
        if (fr.header.seq === 1 && fr.header.code === FRAME_CODE.accepted) accepted++;
        if (fr.header.code === FRAME_CODE.busy) busy++;
      });
    }
    // The flood: every socket emits long questions at FLOOD_PER_S until the other user is done.
    const timers = flooders.map((f) => setInterval(() => {
      f.emit('question', question(qid('f'), LONG));
      sent++;
    }, Math.max(1, Math.round(1000 / FLOOD_PER_S))));
    // REST next to it: /healthz every 100 ms.
    const healthMs: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const t0 = performance.now();
        const ok = await fetch(`${info.url}/healthz`).then((r) => r.arrayBuffer()).then(() => true, () => false);
        if (ok) healthMs.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    await new Promise((r) => setTimeout(r, 500));
    let flood: number[];
    try {
      flood = await victimRound(victim);
    } finally {
      for (const t of timers) clearInterval(t);
      polling = false;
      await poll;
    }
    for (const f of [...flooders, victim]) f.close();
    return { idle, flood, sent, accepted, busy, healthMs };
  });
}

function print(name: string, r: Row): boolean {
  const ratio = pct(r.flood, 95) / Math.max(1, pct(r.idle, 95));
  const ok = ratio <= 2;
  console.log(`${name.padEnd(34)} idle p50 ${pct(r.idle, 50).toFixed(0).padStart(5)} ms p95 ${pct(r.idle, 95).toFixed(0).padStart(5)} ms | flood p50 ${pct(r.flood, 50).toFixed(0).padStart(6)} ms p95 ${pct(r.flood, 95).toFixed(0).padStart(6)} ms | ×${ratio.toFixed(2)} ${ok ? 'PASS' : 'FAIL'} (bar ≤ 2×)`);
  console.log(`${''.padEnd(34)} flooder: ${r.sent} long questions sent, ${r.accepted} accepted, ${r.busy} answered 3001; /healthz p50 ${pct(r.healthMs, 50).toFixed(1)} ms p99 ${pct(r.healthMs, 99).toFixed(1)} ms (${r.healthMs.length} calls)`);
  return ok;
}

export async function starveBench(): Promise<void> {
  console.log(`\n== starvation: one account floods 2,000-character questions (${FLOOD_SOCKETS} sockets × ${FLOOD_PER_S}/s) while another asks ${VICTIM_QUESTIONS} ordinary ones (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  print('protected (defaults)', await scenario({}));
  if (process.env.BENCH_STARVE_BASELINE === '1') {
    print('unprotected (ENGINE_WORKERS=0, no limits)', await scenario({ ENGINE_WORKERS: '0', CHAT_USER_MAX_IN_FLIGHT: '1000000', CHAT_USER_PER_MINUTE: '1000000', CHAT_IP_MAX_IN_FLIGHT: '1000000', CHAT_IP_PER_MINUTE: '1000000' }));
  }
}
