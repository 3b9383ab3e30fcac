import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
export const SHOTS = path.join(ROOT, 'e2e', 'screenshots');

/** Flags that work on these machines (STACK.md); never a browser download. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface Server {
  url: string;
  stop(): Promise<void>;
  /** Last SMS code sent to a phone, from the local-mode dev outbox. */
  code(phone: string): Promise<string>;
}

/** Starts the real server (built web app, PGlite in a fresh data dir) on a free port. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-e2e-'));
  // The production form: the server bundle `npm run build` makes (as `npm start` runs it).
  if (!fs.existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('apps/server/dist is missing: run `npm run build` first (npm run test:e2e does).');
  const child: ChildProcess = spawn(process.execPath, ['dist/main.js'], {
    cwd: path.join(ROOT, 'apps/server'),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', CHATDR_MODE: 'local', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /running at (http:\/\/[\d.:]+)\//.exec(out);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (c) => reject(new Error(`server exited ${c}: ${err}`)));
    // Generous: on a loaded machine (several test runs at once) a cold start has taken over 90 s.
    setTimeout(() => reject(new Error(`server did not start in 180 s: ${err}`)), 180_000).unref();
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async code(phone) {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${url}/api/dev/sms?phone=${phone}`);
        const body = (await res.json()) as { code: number; data: { code: string } | null };
        if (body.code === 1 && body.data) return body.data.code;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no code was sent to ${phone}`);
    },
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** A phone-sized page (414×896, the design width) that fails the test on page errors. */
export async function phonePage(browser: Browser, size = { width: 414, height: 896 }, options: { bypassCSP?: boolean } = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: size, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

export const randomPhone = () => `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
