/**
 * Chat streaming (QUALITY.md): SOCKETS concurrent websocket clients each ask one question and
 * read the streamed answer. The chatdr server (builtin engine, embedded defaults or
 * DATABASE_URL/REDIS_URL) against a bare socket.io server that streams 20 frames 50 ms apart to
 * every question, at the same load, in the same run. Prints first-frame and inter-frame
 * p50/p95/p99, the time to the first frame of the answer itself (chatdr's accept frame 3002 and
 * its ids frame leave before it; the echo's first frame is its content), frames received, errors
 * and the server's peak RSS.
 * Bars: first frame ≤ baseline + 20 ms + the engine's own first event (p95); between frames
 * ≤ baseline jitter + 10 ms (p99); RSS ≤ 250 MB; every answer complete.
 *
 *   BENCH_SOCKETS=1000 (default) BENCH_ONLY=socket npm run bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { io, type Socket } from 'socket.io-client';
import { CHAT_EVENT, CHAT_SOCKET_PATH } from '@chatdr/contract';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const QUESTIONS = ['我头痛发烧三天了怎么办', '咳嗽两周了，晚上厉害', '胃疼挂什么科', '布洛芬一次吃多少', '孩子拉肚子两天'];

interface Frame { header: { code: number; questionId: string; seq: number; status: number }; payload?: Record<string, unknown> }
interface Result { first: number[]; content: number[]; gaps: number[]; frames: number; complete: number; errors: number; rssMb: number }

/** A frame of the answer itself: not the accept frame (3002), not the frame that only carries the ids. */
const isContent = (f: Frame) => f.header.code !== 3002 && Object.keys(f.payload ?? {}).some((k) => k !== 'dialInId' && k !== 'sessionId');

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
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

async function withServer<T>(mode: 'echo' | 'chatdr', fn: (info: { url: string; token?: string }, child: ChildProcess) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'serve.ts'), mode], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`${mode} server exited ${c}`)));
  });
  try {
    return await fn(JSON.parse(line) as { url: string; token?: string }, child);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

async function run(url: string, token: string, child: ChildProcess): Promise<Result> {
  const sockets: Socket[] = [];
  let errors = 0;
  // Connect in waves so the handshake storm does not dominate the measurement.
  for (let i = 0; i < SOCKETS; i += 100) {
    const wave = Array.from({ length: Math.min(100, SOCKETS - i) }, () => {
      const s = io(url, { path: CHAT_SOCKET_PATH, transports: ['websocket'], query: { token, deviceType: 'h5' }, reconnection: false, timeout: 20_000 });
      sockets.push(s);
      return new Promise<void>((resolve) => {
        s.once('connect', () => resolve());
        s.once('connect_error', () => { errors++; resolve(); });
      });
    });
    await Promise.all(wave);
  }
  let peak = rssMb(child.pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(child.pid)); }, 100);
  const first: number[] = [];
  const content: number[] = [];
  const gaps: number[] = [];
  let frames = 0;
  let complete = 0;
  const runId = `b${Date.now().toString(36)}`;
  await Promise.all(
    sockets.map((s, i) => new Promise<void>((resolve) => {
      if (!s.connected) return resolve();
      const questionId = `${runId}-${i}`;
      let t0 = 0;
      let last = 0;
      let seen = false;
      const timer = setTimeout(() => { errors++; resolve(); }, 60_000);
      s.on(CHAT_EVENT.answer, (f: Frame) => {
        if (f.header.questionId !== questionId) return;
        const now = performance.now();
        frames++;
        if (last === 0) first.push(now - t0);
        else gaps.push(now - last);
        if (!seen && (isContent(f) || f.header.status === 2)) {
          seen = true;
          content.push(now - t0);
        }
        last = now;
        if (f.header.status === 2) {
          clearTimeout(timer);
          if (f.header.code === 1 || f.header.code === 3010) complete++;
          else errors++;
          resolve();
        }
      });
      t0 = performance.now();
      s.emit(CHAT_EVENT.question, { questionId, text: QUESTIONS[i % QUESTIONS.length], inType: 1, reasoning: 1, deviceType: 'h5' });
    })),
  );
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(child.pid));
  for (const s of sockets) s.close();
  return { first, content, gaps, frames, complete, errors, rssMb: peak };
}

export async function socketBench(): Promise<void> {
  console.log(`\n== chat streaming, ${SOCKETS} concurrent sockets, one question each`);
  const echo = await withServer('echo', (info, child) => run(info.url, 'bench', child));
  const chat = await withServer('chatdr', (info, child) => run(info.url, info.token ?? '', child));
  const row = (name: string, r: Result) =>
    `${name.padEnd(22)}${pct(r.first, 50).toFixed(1).padStart(8)}${pct(r.first, 95).toFixed(1).padStart(8)}${pct(r.first, 99).toFixed(1).padStart(8)}${pct(r.content, 50).toFixed(1).padStart(9)}${pct(r.content, 95).toFixed(1).padStart(9)}${pct(r.gaps, 95).toFixed(1).padStart(9)}${pct(r.gaps, 99).toFixed(1).padStart(9)}${String(r.frames).padStart(8)}${`${r.complete}/${SOCKETS}`.padStart(11)}${String(r.errors).padStart(7)}${r.rssMb.toFixed(0).padStart(8)}`;
  console.log(`${''.padEnd(22)}${'1st p50'.padStart(8)}${'p95'.padStart(8)}${'p99'.padStart(8)}${'ans p50'.padStart(9)}${'ans p95'.padStart(9)}${'gap p95'.padStart(9)}${'gap p99'.padStart(9)}${'frames'.padStart(8)}${'complete'.padStart(11)}${'errors'.padStart(7)}${'RSS MB'.padStart(8)}`);
  console.log(row('bare socket.io echo', echo));
  console.log(row('chatdr (builtin)', chat));
  // The echo paces its frames 50 ms apart: its jitter is the gap beyond 50 ms.
  const echoJitter99 = pct(echo.gaps.map((g) => Math.max(0, g - 50)), 99);
  const firstOk = pct(chat.first, 95) <= pct(echo.first, 95) + 20 + 5;
  const gapOk = pct(chat.gaps, 99) <= echoJitter99 + 10;
  const rssOk = chat.rssMb <= 250;
  const allOk = chat.complete === SOCKETS;
  console.log(`first frame p95 ${pct(chat.first, 95).toFixed(1)} ms vs echo ${pct(echo.first, 95).toFixed(1)} ms + 20 ms + engine 5 ms: ${firstOk ? 'PASS' : 'FAIL'}`);
  console.log(`first answer frame p95 ${pct(chat.content, 95).toFixed(1)} ms vs echo ${pct(echo.content, 95).toFixed(1)} ms (after chatdr's accept and ids frames; the engine's first event comes at once)`);
  console.log(`between frames p99 ${pct(chat.gaps, 99).toFixed(1)} ms vs echo jitter ${echoJitter99.toFixed(1)} ms + 10 ms: ${gapOk ? 'PASS' : 'FAIL'}`);
  console.log(`peak RSS ${chat.rssMb.toFixed(0)} MB (bar ≤ 250 MB, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${rssOk ? 'PASS' : 'FAIL'}`);
  console.log(`answers complete ${chat.complete}/${SOCKETS}: ${allOk ? 'PASS' : 'FAIL'}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await socketBench();
