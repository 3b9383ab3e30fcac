/**
 * The web client's first screen (issue 23): Lighthouse (mobile profile, simulated throttling:
 * Moto G Power, slow 4G, 4× CPU) on the chat home served by the real server (its production
 * bundle, serving apps/web/dist, built here first), logged out and logged in (a session token in
 * localStorage, as the app stores it after a login). Chromium is Debian's (CHROME_PATH, default
 * /usr/bin/chromium), headless. Each page is measured BENCH_WEB_RUNS times (3); the median run by
 * performance score is printed. Bars: performance ≥ 90, LCP ≤ 2.5 s, transfer ≤ 200 KiB;
 * TBT and CLS are printed against Lighthouse's own "good" thresholds (200 ms, 0.1).
 *
 *   BENCH_ONLY=web npm run bench
 *   BENCH_WEB_JSON=/tmp/lh …   also writes each run's Lighthouse report (JSON) there
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result as LhResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { serverBundle } from './server-bundle.ts';

const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const ROOT = path.resolve(import.meta.dirname, '..');

interface Figures { score: number; fcp: number; lcp: number; tbt: number; cls: number; bytes: number; requests: number; unusedJs: number }

function figuresOf(lhr: LhResult): Figures {
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    bytes: num('total-byte-weight'),
    requests: items.length,
    unusedJs: (lhr.audits['unused-javascript']?.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0,
  };
}

async function withServer<T>(fn: (info: { url: string; token: string; db: string }) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, [serverBundle(), 'chatdr'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`chatdr server exited ${c}`)));
  });
  try {
    return await fn(JSON.parse(line) as { url: string; token: string; db: string });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function webBench(): Promise<void> {
  // The page measured is the one built from this tree.
  execFileSync('npm', ['run', 'build', '-w', '@chatdr/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  await withServer(async ({ url, token, db }) => {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-default-apps', '--disable-extensions', '--disable-sync', '--no-first-run', '--mute-audio'],
    });
    try {
      const home = `${url}/`;
      const measure = async (label: string): Promise<Figures> => {
        const runs: Figures[] = [];
        for (let i = 0; i < RUNS; i++) {
          // Lighthouse clears the HTTP cache and service workers before loading, not localStorage.
          const res = await lighthouse(home, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
          if (!res) throw new Error('lighthouse returned nothing');
          if (res.lhr.runtimeError) throw new Error(`lighthouse: ${res.lhr.runtimeError.message}`);
          runs.push(figuresOf(res.lhr));
          if (process.env.BENCH_WEB_JSON) {
            mkdirSync(process.env.BENCH_WEB_JSON, { recursive: true });
            writeFileSync(path.join(process.env.BENCH_WEB_JSON, `${label}-${i + 1}.json`), typeof res.report === 'string' ? res.report : JSON.stringify(res.lhr));
          }
        }
        runs.sort((a, b) => a.score - b.score);
        return runs[Math.floor(runs.length / 2)] as Figures;
      };
      // The token as the app keeps it after a login (apps/web/src/api/token-storage.ts), or none.
      const setToken = async (value: string | null) => {
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        try {
          const page = await browser.newPage();
          await page.goto(`${url}/healthz`);
          await page.evaluate((v) => {
            // Runs in the page (no DOM types in the bench's compilation).
            const store = (globalThis as unknown as { localStorage: { clear(): void; setItem(k: string, v: string): void } }).localStorage;
            store.clear();
            if (v) store.setItem('chatdr.token', JSON.stringify({ value: v, stampedAt: Date.now() }));
          }, value);
          await page.close();
        } finally {
          await browser.disconnect();
        }
      };
      await setToken(null);
      const out = await measure('logged-out');
      await setToken(token);
      const inn = await measure('logged-in');

      const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
      const row = (name: string, f: Figures) => {
        const pass = f.score >= 90 && f.lcp <= 2500 && f.bytes <= 200 * 1024;
        return `  ${name.padEnd(11)} perf ${String(f.score).padStart(3)}   FCP ${(f.fcp / 1000).toFixed(2)} s   LCP ${(f.lcp / 1000).toFixed(2)} s   TBT ${Math.round(f.tbt)} ms   CLS ${f.cls.toFixed(3)}   ${kib(f.bytes).padStart(8)} in ${f.requests} requests (unused JS ${kib(f.unusedJs)}) → ${pass ? 'meets the bar' : 'BELOW the bar'}\n`;
      };
      process.stdout.write(`\nWeb first screen — Lighthouse mobile (simulated slow 4G, 4× CPU), chat home, median of ${RUNS}, ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}, ${db}\n`);
      process.stdout.write(row('logged out', out));
      process.stdout.write(row('logged in', inn));
      process.stdout.write('  bars: performance ≥ 90, LCP ≤ 2.5 s, transfer ≤ 200 KiB (TBT ≤ 200 ms and CLS ≤ 0.1 are Lighthouse\'s "good")\n');
    } finally {
      await chrome.kill();
    }
  });
}
