/**
 * REST overhead (QUALITY.md): an authenticated read route (account info) against bare Fastify
 * hello-world. Each server runs alone in its own process (bench/serve.ts) and autocannon loads
 * it from this one, same settings, one after the other. Prints req/s, p99, errors and the ratio.
 * Bar: ratio ≥ 0.5, p99 ≤ 50 ms, 0 errors.
 *
 *   npm run bench                                   # PGlite (embedded default)
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=100          # defaults 8 and 100
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { routes, urlOf } from '@chatdr/contract';
import { serverBundle } from './server-bundle.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

interface Figures { rps: number; p99: number; errors: number; non2xx: number }

async function withServer<T>(mode: 'bare' | 'chatdr', fn: (info: { url: string; token?: string; db?: string }) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [serverBundle(), mode], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`${mode} server exited ${c}`)));
  });
  try {
    return await fn(JSON.parse(line) as { url: string; token?: string; db?: string });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

// What a browser sends: the compression plugin's check runs on every request (accountInfo's answer
// is under its 1 KiB threshold, so nothing is compressed).
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function load(url: string, extra: Record<string, string> = {}): Promise<Figures> {
  const headers = { ...ACCEPT, ...extra };
  await autocannon({ url, connections: 10, duration: 1, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

const fmt = (f: Figures) => `${Math.round(f.rps).toString().padStart(7)} req/s   p99 ${String(f.p99).padStart(4)} ms   errors ${f.errors}   non-2xx ${f.non2xx}`;

// Two rounds, alternating, best of each: the machine is shared and noisy.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const best = (a: Figures | null, b: Figures) => (a && a.rps >= b.rps ? a : b);
let base: Figures | null = null;
let ours: Figures | null = null;
let db = '';
for (let i = 0; i < ROUNDS; i++) {
  base = best(base, await withServer('bare', ({ url }) => load(url)));
  ours = best(ours, await withServer('chatdr', (info) => {
    db = info.db ?? '';
    return load(info.url + urlOf(routes.auth.accountInfo), { authorization: info.token ?? '' });
  }));
}
if (!base || !ours) throw new Error('no rounds ran');
const ratio = ours.rps / base.rps;
const pass = ratio >= 0.5 && ours.p99 <= 50 && ours.errors === 0 && ours.non2xx === 0;
process.stdout.write(`\nREST overhead — ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores, ${db}${process.env.REDIS_URL ? ' + redis' : ''}\n`);
process.stdout.write(`  bare Fastify hello-world     ${fmt(base)}\n`);
process.stdout.write(`  GET accountInfo (auth + DB)  ${fmt(ours)}\n`);
process.stdout.write(`  ratio ${ratio.toFixed(2)}×  (bar ≥ 0.50×, p99 ≤ 50 ms, 0 errors) → ${pass ? 'meets the bar' : 'BELOW the bar'}\n`);
