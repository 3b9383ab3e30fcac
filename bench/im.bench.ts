/**
 * Doctor chat (issue 21): BENCH_IM_CONVERSATIONS (1,000) concurrent consultations, each with its
 * patient's and its doctor's socket on namespace /im (2,000 sockets), exchanging messages both
 * ways. Delivery = from the sender's `im:send` to the other side's `im:message` for it. chatdr
 * (its production bundle, embedded defaults or DATABASE_URL/REDIS_URL: every message checked
 * against the access policy, persisted, acknowledged and fanned out to both sides' rooms) against
 * a bare socket.io relay with the same events and payloads (no tokens, checks or storage), at the
 * same load, in the same run. Each conversation sends BENCH_IM_MESSAGES (6) messages, patient
 * and doctor in turn, one every BENCH_IM_INTERVAL_MS (5,000: a brisk chat, each side answering
 * within 10 s) — the conversations' starts spread over one interval, so the server sees
 * conversations / interval messages a second (200/s) — after two warm-up messages in 100
 * conversations (not measured).
 * Bar: chatdr's delivery p95 ≤ the relay's p95 + 50 ms; every message delivered.
 *
 *   BENCH_ONLY=im npm run bench
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, IM_EVENT, IM_NAMESPACE } from '@chatdr/contract';
import { withServer } from './socket.bench.ts';

const CONVERSATIONS = Number(process.env.BENCH_IM_CONVERSATIONS ?? 1000);
const MESSAGES = Number(process.env.BENCH_IM_MESSAGES ?? 6);
const INTERVAL = Number(process.env.BENCH_IM_INTERVAL_MS ?? 5000);
const BAR_MS = 50;
/** Why sends failed (acknowledgement timeout, or the server's code and message), counted. */
const reasons = new Map<string, number>();

interface Pair { user: Socket; doctor: Socket; groupId: string }
interface Result { delivery: number[]; ack: number[]; expected: number; delivered: number; errors: number; rssMb: number; cpuMs: number; reasons: string }

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

function procStat(pid: number | undefined, what: 'rss' | 'cpu'): number {
  if (pid === undefined) return 0;
  try {
    if (what === 'rss') {
      const m = /VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m?.[1] ? Number(m[1]) / 1024 : 0;
    }
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /su, '').split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

/** Opens every conversation's two sockets, 100 at a time; `auth` gives a socket's handshake. */
async function connect(url: string, auth: (i: number, side: 'user' | 'doctor') => Record<string, string>, groups: string[]): Promise<{ pairs: Pair[]; errors: number }> {
  const pairs: Pair[] = [];
  let errors = 0;
  const open = (a: Record<string, string>) => {
    const s = io(`${url}${IM_NAMESPACE}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: a, reconnection: false, forceNew: true, timeout: 20_000 });
    const ready = new Promise<void>((resolve) => {
      s.once('connect', () => resolve());
      s.once('connect_error', () => { errors++; resolve(); });
    });
    return { s, ready };
  };
  for (let i = 0; i < CONVERSATIONS; i += 50) {
    const wave: Array<Promise<void>> = [];
    for (let k = i; k < Math.min(CONVERSATIONS, i + 50); k++) {
      const u = open(auth(k, 'user'));
      const d = open(auth(k, 'doctor'));
      pairs.push({ user: u.s, doctor: d.s, groupId: groups[k] ?? '' });
      wave.push(u.ready, d.ready);
    }
    await Promise.all(wave);
  }
  return { pairs, errors };
}

/** Each conversation sends `messages` messages, patient and doctor in turn, `interval` apart. */
async function round(pairs: Pair[], runId: string, messages: number, interval: number): Promise<Omit<Result, 'rssMb' | 'cpuMs' | 'reasons'>> {
  const delivery: number[] = [];
  const ack: number[] = [];
  let errors = 0;
  let delivered = 0;
  const sentAt = new Map<string, number>();
  const live = pairs.filter((p) => p.user.connected && p.doctor.connected);
  errors += pairs.length - live.length;
  const listeners: Array<() => void> = [];
  let expected = 0;
  await new Promise<void>((done) => {
    let outstanding = live.length * messages;
    expected = outstanding;
    if (outstanding === 0) return done();
    const settle = () => {
      if (--outstanding === 0) done();
    };
    const timer = setTimeout(() => { errors += outstanding; outstanding = 0; done(); }, messages * interval + 60_000);
    for (const [i, p] of live.entries()) {
      // What the other side receives: its peer's messages (each side also receives its own).
      for (const [s, peer] of [[p.user, 'doctor'], [p.doctor, 'user']] as const) {
        const on = (m: { clientMsgId?: string; sender?: string }) => {
          if (m.sender !== peer || typeof m.clientMsgId !== 'string') return;
          const t0 = sentAt.get(m.clientMsgId);
          if (t0 === undefined) return;
          sentAt.delete(m.clientMsgId);
          delivery.push(performance.now() - t0);
          delivered++;
          settle();
        };
        s.on(IM_EVENT.message, on);
        listeners.push(() => s.off(IM_EVENT.message, on));
      }
      for (let k = 0; k < messages; k++) {
        setTimeout(() => {
          const s = k % 2 === 0 ? p.user : p.doctor;
          const clientMsgId = `${runId}-${i}-${k}`;
          const t0 = performance.now();
          sentAt.set(clientMsgId, t0);
          s.timeout(30_000).emit(IM_EVENT.send, { groupId: p.groupId, clientMsgId, kind: 'text', text: k % 2 === 0 ? '医生您好，我膝盖术后第三天还有点肿，正常吗？' : '术后一周内轻度肿胀是正常的，注意抬高患肢、冰敷。' }, (err: Error | null, r: { ok?: boolean } | undefined) => {
            if (err || !r?.ok) {
              errors++;
              const why = err ? err.message : `${(r as { code?: number } | undefined)?.code ?? '?'} ${(r as { msg?: string } | undefined)?.msg ?? ''}`;
              reasons.set(why, (reasons.get(why) ?? 0) + 1);
              if (sentAt.delete(clientMsgId)) settle();
              return;
            }
            ack.push(performance.now() - t0);
          });
        }, (i * interval) / live.length + k * interval);
      }
    }
    timer.unref();
  });
  for (const off of listeners) off();
  return { delivery, ack, expected, delivered, errors };
}

async function run(url: string, child: ChildProcess, auth: (i: number, side: 'user' | 'doctor') => Record<string, string>, groups: string[]): Promise<Result> {
  reasons.clear();
  const { pairs, errors } = await connect(url, auth, groups);
  const runId = `m${Date.now().toString(36)}`;
  // Warm-up (not measured): JIT, caches, the first database pages.
  const warm = await round(pairs.slice(0, Math.min(100, pairs.length)), `${runId}w`, 2, 200);
  let peak = procStat(child.pid, 'rss');
  const cpu0 = procStat(child.pid, 'cpu');
  const sampler = setInterval(() => { peak = Math.max(peak, procStat(child.pid, 'rss')); }, 100);
  const r = await round(pairs, runId, MESSAGES, INTERVAL);
  clearInterval(sampler);
  peak = Math.max(peak, procStat(child.pid, 'rss'));
  for (const p of pairs) {
    p.user.close();
    p.doctor.close();
  }
  return { ...r, errors: errors + warm.errors + r.errors, rssMb: peak, cpuMs: procStat(child.pid, 'cpu') - cpu0, reasons: [...reasons].map(([k, n]) => `${k} ×${n}`).join(', ') };
}

export async function imBench(): Promise<void> {
  const db = process.env.DATABASE_URL ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}` : 'PGlite';
  console.log(`\n== doctor chat (IM), ${CONVERSATIONS} concurrent conversations (${2 * CONVERSATIONS} sockets: patient + doctor), ${MESSAGES} messages each, both ways in turn, one every ${INTERVAL} ms (${((CONVERSATIONS * 1000) / INTERVAL).toFixed(0)} messages/s) (${db})`);
  console.log('delivery: from im:send to the other side\'s im:message; ack: to the sender\'s acknowledgement. ms. CPU: the server\'s CPU time during the measured round.');
  const groups = Array.from({ length: CONVERSATIONS }, (_, i) => `G${i + 1}`);
  const relay = await withServer('relay', {}, (info, child) => run(info.url, child, (i, side) => ({ groupId: groups[i] ?? '', side }), groups));
  const chat = await withServer('chatdr', { BENCH_IM: String(CONVERSATIONS) }, (info, child) => {
    const im = (info as { im?: { users: string[]; doctors: string[]; groups: string[] } }).im;
    if (!im) throw new Error('the chatdr server did not set up the conversations');
    return run(info.url, child, (i, side) => ({ token: (side === 'user' ? im.users : im.doctors)[i] ?? '' }), im.groups);
  });
  const f = (n: number, w: number) => n.toFixed(1).padStart(w);
  console.log(`${''.padEnd(22)}${'deliv p50'.padStart(10)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'ack p50'.padStart(9)}${'ack p95'.padStart(9)}${'delivered'.padStart(16)}${'errors'.padStart(8)}${'RSS MB'.padStart(8)}${'CPU ms'.padStart(8)}`);
  const row = (name: string, r: Result) => `${name.padEnd(22)}${f(pct(r.delivery, 50), 10)}${f(pct(r.delivery, 95), 8)}${f(pct(r.delivery, 99), 8)}${f(pct(r.ack, 50), 9)}${f(pct(r.ack, 95), 9)}${`${r.delivered}/${r.expected}`.padStart(16)}${String(r.errors).padStart(8)}${r.rssMb.toFixed(0).padStart(8)}${r.cpuMs.toFixed(0).padStart(8)}`;
  console.log(row('bare socket.io relay', relay));
  console.log(row('chatdr /im', chat));
  const added = pct(chat.delivery, 95) - pct(relay.delivery, 95);
  const ok = added <= BAR_MS;
  const all = chat.delivered === CONVERSATIONS * MESSAGES && chat.errors === 0;
  console.log(`delivery p95 ${pct(chat.delivery, 95).toFixed(1)} ms vs relay ${pct(relay.delivery, 95).toFixed(1)} ms: +${added.toFixed(1)} ms (bar ≤ +${BAR_MS} ms): ${ok ? 'PASS' : 'FAIL'}`);
  for (const [name, r] of [['relay', relay], ['chatdr', chat]] as const) if (r.reasons) console.log(`failed sends (${name}): ${r.reasons}`);
  console.log(`messages delivered ${chat.delivered}/${CONVERSATIONS * MESSAGES}, errors ${chat.errors}: ${all ? 'PASS' : 'FAIL'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await imBench();
