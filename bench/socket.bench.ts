/**
 * Chat streaming (QUALITY.md): SOCKETS concurrent websocket clients each ask one question and
 * read the streamed answer. The chatdr server (its production bundle, embedded defaults or
 * DATABASE_URL/REDIS_URL) against a bare socket.io server that answers every question with the
 * contract's frame sequence — the accept frame, 20 text frames 50 ms apart (the first at once),
 * the last frame — at the same load, in the same run. chatdr runs twice: with an engine paced
 * like the echo (20 text deltas 50 ms apart: what the server adds, the QUALITY bar) and with the
 * builtin engine (its CPU runs on the server's event loop: reported, not the bar). Each server
 * first answers a warm-up round (JIT, caches), which is not measured. Prints first-frame and inter-frame
 * p50/p95/p99, the time to the first frame of the answer itself (after the accept frame 3002;
 * chatdr's ids frame is not counted as the answer), frames received, errors and the server's peak RSS.
 * Two scenarios: steady streaming (questions arriving over BENCH_RAMP_MS, 1 s, with answers twice
 * as long, so that all sockets stream together — the load QUALITY.md's bar names: 1,000 sockets ×
 * 20 msg/s, where the echo answers in 1–4 ms) and a burst (every question at the same instant, a
 * thundering herd of ~30,000 questions/s for 35 ms: a stress test beyond the bar's load, where the
 * echo itself needs 40–60 ms; its figures are printed with the same comparisons, marked stress).
 * Bars (paced run, steady): first frame ≤ baseline + 20 ms (p95); delay between frames beyond the
 * engine's pacing ≤ baseline's + 10 ms (p99); RSS ≤ 250 MB; every answer complete.
 *
 *   BENCH_SOCKETS=1000 (default) BENCH_ONLY=socket npm run bench   (BENCH_RAMP_MS=0: the burst only)
 *   BENCH_PROFILE_DIR=/tmp/prof …   also writes each server's CPU profile there
 *   BENCH_SERVER_FLAGS='--trace-gc' …   more node flags for the servers
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENT, CHAT_SOCKET_PATH } from '@chatdr/contract';
import { serverBundle } from './server-bundle.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const QUESTIONS = ['我头痛发烧三天了怎么办', '咳嗽两周了，晚上厉害', '胃疼挂什么科', '布洛芬一次吃多少', '孩子拉肚子两天'];

interface Frame { header: { code: number; questionId: string; seq: number; status: number }; payload?: Record<string, unknown> }
/** Where a gap is: after the accept frame, after the ids frame, inside the answer, before the last frame. */
type GapKind = 'accept' | 'ids' | 'stream' | 'last';
interface Result { first: number[]; content: number[]; gaps: number[]; late: number[]; lateBy: Record<GapKind, number[]>; frames: number; complete: number; errors: number; rssMb: number; cpuMs: number }
const INTERVAL = Number(process.env.ECHO_INTERVAL_MS ?? 50);

/** A frame of the answer itself: not the accept frame (3002), not the frame that only carries the ids. */
const isContent = (f: Frame) => f.header.code !== 3002 && Object.keys(f.payload ?? {}).some((k) => k !== 'dialInId' && k !== 'sessionId');

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
}

/** CPU time the process has used (user + system), ms. */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the command name: state is 3rd, utime 14th, stime 15th (clock ticks, 100/s).
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /su, '').split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch {
    return 0;
  }
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const m = /VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * This bench measures streaming capacity: its 1,000 sockets are one account on 127.0.0.1, so the
 * per-account and per-IP question limits are lifted (the starvation bench measures those).
 */
const UNLIMITED = { CHAT_USER_MAX_IN_FLIGHT: '1000000', CHAT_USER_PER_MINUTE: '1000000', CHAT_IP_MAX_IN_FLIGHT: '1000000', CHAT_IP_PER_MINUTE: '1000000' };

export async function withServer<T>(mode: 'echo' | 'relay' | 'chatdr', env: Record<string, string>, fn: (info: { url: string; token?: string; tokens?: string[] }, child: ChildProcess) => Promise<T>): Promise<T> {
  // BENCH_PROFILE_DIR: each server writes a V8 CPU profile there (open it in Chrome DevTools).
  // BENCH_SERVER_FLAGS: more node flags for the servers (e.g. --trace-gc).
  const prof = [...(process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : []), ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? [])];
  const child = spawn(process.execPath, [...prof, serverBundle(), mode], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    // The server's address is its JSON line; anything else it prints goes to stderr (e.g. --trace-gc).
    let found = false;
    createInterface({ input: child.stdout! }).on('line', (l) => {
      if (!found && l.startsWith('{')) {
        found = true;
        resolve(l);
      } else process.stderr.write(`${l}\n`);
    });
    child.once('exit', (c) => reject(new Error(`${mode} server exited ${c}`)));
  });
  try {
    return await fn(JSON.parse(line) as { url: string; token?: string; tokens?: string[] }, child);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/**
 * One question per socket: all at once, or spread evenly over `rampMs`. `paced`: the server's text
 * frames are INTERVAL apart by design, so a gap between two text frames counts only beyond that.
 */
async function round(sockets: Socket[], runId: string, paced: boolean, rampMs = 0): Promise<Omit<Result, 'rssMb' | 'cpuMs'>> {
  let errors = 0;
  const first: number[] = [];
  const content: number[] = [];
  const gaps: number[] = [];
  const late: number[] = [];
  const lateBy: Record<GapKind, number[]> = { accept: [], ids: [], stream: [], last: [] };
  let frames = 0;
  let complete = 0;
  await Promise.all(
    sockets.map((s, i) => new Promise<void>((resolve) => {
      if (!s.connected) return resolve();
      const questionId = `${runId}-${i}`;
      let t0 = 0;
      let last = 0;
      /** The previous frame the pacing applies to (not the ids frame), and whether it was text. */
      let prevAt = 0;
      let prevText = false;
      let prevCode = 0;
      let seen = false;
      const timer = setTimeout(() => { errors++; resolve(); }, 60_000);
      const onFrame = (f: Frame) => {
        if (f.header.questionId !== questionId) return;
        const now = performance.now();
        frames++;
        const text = typeof f.payload?.text === 'string';
        // chatdr's ids ride on the next frame once the question's row is written; only when
        // the engine is silent for 200 ms do they go in a frame of their own, which is no frame
        // of the pacing (its gap is reported under "ids", not in "late"); the frames after it
        // are measured from the frame before it.
        const ids = !isContent(f) && f.header.code !== 3002 && f.header.status !== 2;
        if (last === 0) first.push(now - t0);
        else {
          gaps.push(now - last);
          if (paced && ids) lateBy.ids.push(now - last);
          else {
            const l = Math.max(0, now - prevAt - (paced && text && prevText ? INTERVAL : 0));
            late.push(l);
            lateBy[f.header.status === 2 ? 'last' : prevCode === 3002 ? 'accept' : ids ? 'ids' : 'stream'].push(l);
          }
        }
        if (!seen && (isContent(f) || f.header.status === 2)) {
          seen = true;
          content.push(now - t0);
        }
        last = now;
        if (!(paced && ids)) {
          prevAt = now;
          prevText = text;
          prevCode = f.header.code;
        }
        if (f.header.status === 2) {
          clearTimeout(timer);
          s.off(CHAT_EVENT.answer, onFrame);
          if (f.header.code === 1 || f.header.code === 3010) complete++;
          else errors++;
          resolve();
        }
      };
      s.on(CHAT_EVENT.answer, onFrame);
      const ask = () => {
        t0 = performance.now();
        s.emit(CHAT_EVENT.question, { questionId, text: QUESTIONS[i % QUESTIONS.length], inType: 1, reasoning: 1, deviceType: 'h5' });
      };
      if (rampMs > 0) setTimeout(ask, (i * rampMs) / sockets.length);
      else ask();
    })),
  );
  return { first, content, gaps, late, lateBy, frames, complete, errors };
}

async function run(url: string, token: string, child: ChildProcess, paced: boolean, rampMs = 0): Promise<Result> {
  const sockets: Socket[] = [];
  let errors = 0;
  // Connect in waves so the handshake storm does not dominate the measurement.
  for (let i = 0; i < SOCKETS; i += 100) {
    const wave = Array.from({ length: Math.min(100, SOCKETS - i) }, () => {
      const s = io(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, query: { deviceType: 'h5' }, reconnection: false, timeout: 20_000 });
      sockets.push(s);
      return new Promise<void>((resolve) => {
        s.once('connect', () => resolve());
        s.once('connect_error', () => { errors++; resolve(); });
      });
    });
    await Promise.all(wave);
  }
  const runId = `b${Date.now().toString(36)}`;
  // Warm-up round (not measured): JIT, caches, the first database pages.
  const warm = await round(sockets.slice(0, Math.min(100, sockets.length)), `${runId}w`, paced);
  errors += warm.errors;
  let peak = rssMb(child.pid);
  const cpu0 = cpuMs(child.pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(child.pid)); }, 100);
  const r = await round(sockets, runId, paced, rampMs);
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(child.pid));
  for (const s of sockets) s.close();
  return { ...r, errors: errors + r.errors, rssMb: peak, cpuMs: cpuMs(child.pid) - cpu0 };
}

/**
 * One scenario: the echo and chatdr with the paced engine (the bar), optionally the builtin engine.
 * `frames`: text frames per answer (ECHO_FRAMES for both servers); `rampMs`: questions spread over
 * that long (0: all at once).
 */
async function scenario(title: string, frames: number, rampMs: number, withBuiltin: boolean, stress: boolean): Promise<void> {
  console.log(`\n-- ${title}`);
  const env = { ECHO_FRAMES: String(frames) };
  const echo = await withServer('echo', env, (info, child) => run(info.url, 'bench', child, true, rampMs));
  const chat = await withServer('chatdr', { ...env, ...UNLIMITED, BENCH_ENGINE: 'paced' }, (info, child) => run(info.url, info.token ?? '', child, true, rampMs));
  const builtin = withBuiltin ? await withServer('chatdr', UNLIMITED, (info, child) => run(info.url, info.token ?? '', child, false, rampMs)) : null;
  const f = (n: number, w: number) => n.toFixed(1).padStart(w);
  const row = (name: string, r: Result) =>
    `${name.padEnd(24)}${f(pct(r.first, 50), 8)}${f(pct(r.first, 95), 8)}${f(pct(r.first, 99), 8)}${f(pct(r.content, 50), 9)}${f(pct(r.content, 95), 9)}${f(pct(r.late, 95), 9)}${f(pct(r.late, 99), 9)}${String(r.frames).padStart(8)}${`${r.complete}/${SOCKETS}`.padStart(11)}${String(r.errors).padStart(7)}${r.rssMb.toFixed(0).padStart(8)}${r.cpuMs.toFixed(0).padStart(8)}`;
  console.log(`${''.padEnd(24)}${'1st p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'ans p50'.padStart(9)}${'ans p95'.padStart(9)}${'late p95'.padStart(9)}${'late p99'.padStart(9)}${'frames'.padStart(8)}${'complete'.padStart(11)}${'errors'.padStart(7)}${'RSS MB'.padStart(8)}${'CPU ms'.padStart(8)}`);
  console.log(row('bare socket.io echo', echo));
  console.log(row('chatdr (paced engine)', chat));
  if (builtin) console.log(row('chatdr (builtin engine)', builtin));
  const firstOk = pct(chat.first, 95) <= pct(echo.first, 95) + 20;
  const gapOk = pct(chat.late, 99) <= pct(echo.late, 99) + 10;
  const rssOk = chat.rssMb <= 250;
  const allOk = chat.complete === SOCKETS && (!builtin || builtin.complete === SOCKETS);
  const tag = stress ? ' (stress, beyond the bar\'s load)' : '';
  console.log(`first frame p95 ${pct(chat.first, 95).toFixed(1)} ms vs echo ${pct(echo.first, 95).toFixed(1)} ms + 20 ms: ${firstOk ? 'PASS' : 'FAIL'}${tag}`);
  console.log(`between frames, beyond pacing, p99 ${pct(chat.late, 99).toFixed(1)} ms vs echo ${pct(echo.late, 99).toFixed(1)} ms + 10 ms: ${gapOk ? 'PASS' : 'FAIL'}${tag}`);
  console.log(`peak RSS ${chat.rssMb.toFixed(0)} MB paced${builtin ? `, ${builtin.rssMb.toFixed(0)} MB builtin` : ''} (bar ≤ 250 MB): ${rssOk ? 'PASS' : 'FAIL'}`);
  console.log(`answers complete ${chat.complete}/${SOCKETS} paced${builtin ? `, ${builtin.complete}/${SOCKETS} builtin` : ''}: ${allOk ? 'PASS' : 'FAIL'}`);
  const by = (r: Result) => (Object.keys(r.lateBy) as GapKind[]).filter((k) => r.lateBy[k].length > 0).map((k) => `${k} ${pct(r.lateBy[k], 99).toFixed(1)} (${r.lateBy[k].length})`).join(', ');
  console.log(`late p99 by gap (count): echo ${by(echo)}; chatdr paced ${by(chat)}${builtin ? `; builtin ${by(builtin)}` : ''}`);
  if (builtin) console.log(`builtin engine (not the bar): first frame p95 ${pct(builtin.first, 95).toFixed(1)} ms, first answer frame p95 ${pct(builtin.content, 95).toFixed(1)} ms, between frames p99 ${pct(builtin.late, 99).toFixed(1)} ms`);
}

export async function socketBench(): Promise<void> {
  const frames = Number(process.env.ECHO_FRAMES ?? 20);
  const rampMs = Number(process.env.BENCH_RAMP_MS ?? 1000);
  console.log(`\n== chat streaming, ${SOCKETS} concurrent sockets, one question each (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
  console.log('1st: first frame (chatdr: 3002 accepted); ans: first frame of the answer itself; late: delay between frames beyond the engine\'s pacing (50 ms between text frames when paced; a frame carrying only chatdr\'s ids, if any, reported apart as "ids"). ms. CPU: the server\'s CPU time during the measured round.');
  await scenario(`burst (stress): all ${SOCKETS} questions at the same instant, ${frames} text frames each`, frames, 0, true, true);
  // Every socket streaming at once, the way a busy service sees it: questions arrive over
  // rampMs and each answer streams twice as long, so all of them stream together for a while.
  const long = Math.ceil(((2 * rampMs) / INTERVAL));
  if (rampMs > 0) await scenario(`steady (the QUALITY bar): questions arriving over ${rampMs} ms, ${long} text frames each (all ${SOCKETS} streaming together from ${rampMs} ms on)`, long, rampMs, false, false);
}

if (import.meta.url === `file://${process.argv[1]}`) await socketBench();
