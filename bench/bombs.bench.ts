/**
 * Upload bombs (issue 15 items 1-2; QUALITY: one user's file never holds the server or another
 * user back). The real server (production bundle, PGlite, PaddleOCR with 1 worker unless
 * OCR_PROVIDER/OCR_WORKERS say otherwise, 1 HEIC decode worker) in its own process with two
 * accounts. Baseline in the same run: the other account's upload of a lab-report screenshot
 * (fileOcr, OCR'd) on the idle server, and the server's idle RSS. Then one account keeps
 * BENCH_BOMB_CONCURRENCY (6) bomb uploads in flight — HEICs of 252 bytes claiming 100,000 ×
 * 100,000 pixels, PDFs of 120,000 pages, and PDFs of 1,000 pages (the most that is still read) —
 * while the other account uploads the same screenshot again. Bars: server peak RSS < 1.5 GB, the
 * other account's upload p50 within 2× of idle.
 *
 *   BENCH_ONLY=bombs npm run bench        BENCH_BOMB_ROUNDS=5 (the other account's timed uploads per phase)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { performance } from 'node:perf_hooks';
import { routes, urlOf } from '@chatdr/contract';
import { MEDIA_ERR, MEDIA_LIMITS } from '@chatdr/contract/media/index';
import { heicClaiming, pdfWithPages } from '../apps/server/src/modules/media/testing/bombs.ts';
import { FIXTURE_DIR } from '../apps/server/src/modules/media/testing/variants.ts';
import { serverBundle } from './server-bundle.ts';

const ROUNDS = Number(process.env.BENCH_BOMB_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_BOMB_CONCURRENCY ?? 6);
/** Which bombs the bomber sends (comma-separated `heic,pdf120k,pdf1000`; default all). */
const KINDS = process.env.BENCH_BOMB_KINDS;
const RSS_BAR_GB = 1.5;

const rssGb = (pid: number | undefined): number => {
  try {
    const m = /VmRSS:\s+(\d+)/u.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m?.[1] ? Number(m[1]) / 2 ** 20 : 0;
  } catch {
    return 0;
  }
};
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

interface Sent {
  ms: number;
  code: number;
}

async function send(base: string, token: string, file: string, type: string, bytes: Buffer): Promise<Sent> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), file);
  const t0 = performance.now();
  try {
    const res = await fetch(base + urlOf(routes.media.fileOcr), { method: 'POST', body: form, headers: { authorization: token } });
    const env = (await res.json()) as { code: number };
    return { ms: performance.now() - t0, code: env.code };
  } catch {
    // A refusal before the body is read closes the connection; the client may see only that.
    return { ms: performance.now() - t0, code: -1 };
  }
}

export async function bombsBench(): Promise<{ pass: boolean }> {
  const env = { OCR_PROVIDER: process.env.OCR_PROVIDER ?? 'paddle', OCR_WORKERS: process.env.OCR_WORKERS ?? '1', MEDIA_DECODE_WORKERS: process.env.MEDIA_DECODE_WORKERS ?? '1', BENCH_USERS: '2' };
  const child = spawn(process.execPath, [serverBundle(), 'chatdr'], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const line = await new Promise<string>((resolve, reject) => {
    let found = false;
    createInterface({ input: child.stdout ?? process.stdin }).on('line', (l) => {
      if (!found && l.startsWith('{')) {
        found = true;
        resolve(l);
      } else process.stderr.write(`${l}\n`);
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}`)));
  });
  const { url, tokens } = JSON.parse(line) as { url: string; tokens: string[] };
  const [bomber, other] = tokens;
  if (!bomber || !other) throw new Error('bench needs two accounts');

  try {
    const screenshot = readFileSync(path.join(FIXTURE_DIR, 'report-clean.png'));
    const allBombs = [
      { key: 'heic', name: `HEIC ${heicClaiming(100_000, 100_000).length} B claiming 100,000×100,000`, file: 'IMG_0001.HEIC', type: 'image/heic', bytes: heicClaiming(100_000, 100_000) },
      { key: 'pdf120k', name: 'PDF of 120,000 pages', file: 'bomb.pdf', type: 'application/pdf', bytes: pdfWithPages(120_000) },
      { key: 'pdf1000', name: `PDF of ${MEDIA_LIMITS.maxPdfDeclaredPages} pages (${MEDIA_LIMITS.maxPdfPages} read)`, file: 'long.pdf', type: 'application/pdf', bytes: pdfWithPages(MEDIA_LIMITS.maxPdfDeclaredPages) },
    ];
    const kinds = KINDS ? new Set(KINDS.split(',')) : null;
    const bombs = allBombs.filter((b) => !kinds || kinds.has(b.key));

    console.log(`\n== Upload bombs (OCR_PROVIDER=${env.OCR_PROVIDER}, ${env.OCR_WORKERS} OCR worker, ${env.MEDIA_DECODE_WORKERS} HEIC decode worker; server bundle in its own process)`);
    // Warm: the OCR worker loads its models; one PDF read starts the PDF path.
    const warm = await send(url, other, 'report.png', 'image/png', screenshot);
    if (warm.code !== 1) throw new Error(`warm-up upload answered ${warm.code}`);
    await send(url, bomber, 'warm.pdf', 'application/pdf', pdfWithPages(2));
    const rssIdle = rssGb(child.pid);

    const idle: number[] = [];
    for (let i = 0; i < ROUNDS; i++) idle.push((await send(url, other, 'report.png', 'image/png', screenshot)).ms);

    let peak = rssIdle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssGb(child.pid))), 25);
    let running = true;
    const results = new Map<string, Sent[]>(bombs.map((b) => [b.name, []]));
    let next = 0;
    const lane = async () => {
      while (running) {
        const b = bombs[next++ % bombs.length];
        if (!b) break;
        results.get(b.name)?.push(await send(url, bomber, b.file, b.type, b.bytes));
      }
    };
    const lanes = Array.from({ length: CONCURRENCY }, () => lane());
    // Let the bomber's uploads fill the queue before the other account's first upload.
    await new Promise((r) => setTimeout(r, 1000));
    const busy: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await send(url, other, 'report.png', 'image/png', screenshot);
      if (r.code !== 1) throw new Error(`the other account's upload answered ${r.code} under bombs`);
      busy.push(r.ms);
    }
    running = false;
    await Promise.all(lanes);
    clearInterval(sampler);

    const codeName = (code: number) => (code === 1 ? 'stored' : code === -1 ? 'connection closed' : (Object.entries(MEDIA_ERR).find(([, v]) => v.code === code)?.[0] ?? String(code)));
    for (const b of bombs) {
      const rs = results.get(b.name) ?? [];
      const codes = [...new Set(rs.map((r) => codeName(r.code)))].map((c) => `${c} ×${rs.filter((r) => codeName(r.code) === c).length}`).join(', ');
      console.log(`  ${b.name.padEnd(42)} ${(b.bytes.length / 2 ** 20).toFixed(2).padStart(6)} MB   ${codes.padEnd(30)} p50 ${(pct(rs.map((r) => r.ms), 50) / 1000).toFixed(2)} s`);
    }
    const idleP50 = pct(idle, 50);
    const busyP50 = pct(busy, 50);
    const ratio = busyP50 / idleP50;
    const rssPass = peak < RSS_BAR_GB;
    const latencyPass = ratio <= 2;
    console.log(`  server RSS idle ${rssIdle.toFixed(2)} GB, peak under bombs ${peak.toFixed(2)} GB   bar < ${RSS_BAR_GB} GB: ${rssPass ? 'PASS' : 'FAIL'}`);
    console.log(`  other account's upload (report-clean.png, fileOcr, OCR'd): idle p50 ${(idleP50 / 1000).toFixed(2)} s (max ${(Math.max(...idle) / 1000).toFixed(2)}), during bombs p50 ${(busyP50 / 1000).toFixed(2)} s (max ${(Math.max(...busy) / 1000).toFixed(2)}), ×${ratio.toFixed(2)}   bar ≤ 2×: ${latencyPass ? 'PASS' : 'FAIL'}`);
    console.log(`  machine load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`);
    return { pass: rssPass && latencyPass };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) await bombsBench();
