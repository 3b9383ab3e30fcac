import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { randomPhone, shot, startServer, type Server } from './harness.ts';
import { signIn } from './health-steps.ts';
import { startFakeXfyun, type FakeXfyun } from '../apps/server/src/modules/speech/testing/xfyun-server.ts';

/**
 * Issue 22, "Voice" and "The app shell", at 414×896: read-aloud plays the espeak-ng default's
 * audio (bytes over the speech socket, an <audio> playing with a duration); hold-to-talk sends
 * what the recogniser heard (iFlytek IAT protocol, a local server speaking it, Chromium's fake
 * microphone), slide-up cancels, and with no recogniser the UI says so; the PWA is installable
 * (manifest, icons, service worker), opens offline, and offers an update when one is deployed.
 * Screenshots: e2e/screenshots/voice-*.png, pwa-*.png.
 */

const TRANSCRIPT = '我头疼发烧怎么办';
let server: Server;
let browser: Browser;
let fake: FakeXfyun;
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-voice-dist-'));

beforeAll(async () => {
  fs.cpSync(path.resolve(import.meta.dirname, '../apps/web/dist'), dist, { recursive: true });
  const creds = { appId: 'e2eapp', apiKey: 'e2ekey', apiSecret: 'e2esecret' };
  fake = await startFakeXfyun({ ...creds, transcript: TRANSCRIPT });
  [server, browser] = await Promise.all([
    // Read-aloud: the default (espeak-ng). Dictation: iFlytek's protocol against the local server.
    startServer({ WEB_DIST: dist, OCR_PROVIDER: 'none', XFYUN_APP_ID: creds.appId, XFYUN_API_KEY: creds.apiKey, XFYUN_API_SECRET: creds.apiSecret, XFYUN_IAT_URL: `${fake.url}/v2/iat`, XFYUN_TTS_URL: `${fake.url}/v2/tts` }),
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', '--autoplay-policy=user-gesture-required'],
    }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const tid = (page: Page, id: string) => page.getByTestId(id);
const lastTurn = (page: Page) => tid(page, 'chat-turn').last();
const toastText = (page: Page) => tid(page, 'toast').evaluate((el) => (el.classList.contains('is-visible') ? el.textContent : '')).catch(() => '');

async function phone(opts: { noBrowserRecognition?: boolean } = {}) {
  const context = await browser.newContext({ viewport: { width: 414, height: 896 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'zh-CN', permissions: ['microphone'] });
  if (opts.noBrowserRecognition) await context.addInitScript(() => {
    delete (window as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
    delete (window as { SpeechRecognition?: unknown }).SpeechRecognition;
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

async function answered(page: Page) {
  const turn = lastTurn(page);
  await expect.poll(() => turn.getAttribute('data-status'), { timeout: 60_000 }).toBe('2');
  await expect.poll(() => turn.getByTestId('answer-text').getAttribute('data-typing'), { timeout: 60_000 }).toBe('complete');
}

describe('voice and the app shell (issue 22)', () => {
  it('reads an answer aloud with audio from the espeak-ng default', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await phone();
    // Binary frames of the speech socket: the PCM the server streams.
    let audioBytes = 0;
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) => {
        if (typeof f.payload !== 'string') audioBytes += f.payload.length;
      });
    });
    await signIn(page, server);
    await tid(page, 'chat-input').fill('感冒了喉咙痛怎么办');
    await tid(page, 'chat-send').click();
    await answered(page);
    const read = lastTurn(page).getByTestId('answer-read');
    await read.scrollIntoViewIfNeeded();
    await read.click();
    await expect.poll(() => read.getAttribute('data-tts'), { timeout: 20_000 }).toBe('play');
    expect(audioBytes).toBeGreaterThan(22_050);
    const audio = await page.evaluate(() => {
      const el = document.querySelector<HTMLAudioElement>('audio[data-testid="tts-audio"]');
      return el ? { duration: el.duration, paused: el.paused, bytes: Number(el.dataset.bytes), src: el.src } : null;
    });
    expect(audio).not.toBeNull();
    expect(audio?.duration).toBeGreaterThan(0.3);
    expect(audio?.paused).toBe(false);
    expect(audio?.bytes).toBeGreaterThan(44 + 22_050);
    expect(audio?.src).toMatch(/^blob:/);
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid="tts-audio"]')?.currentTime ?? 0)).toBeGreaterThan(0.1);
    await shot(page, 'voice-1-reading');
    await read.click();
    await expect.poll(() => read.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid="tts-audio"]')?.paused)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hold to talk sends what the recogniser heard; sliding up cancels', { timeout: 180_000 }, async () => {
    const { context, page, errors } = await phone();
    await signIn(page, server);
    await tid(page, 'voice-toggle').click();
    const hold = tid(page, 'voice-hold');
    await hold.waitFor();
    await shot(page, 'voice-2-hold');
    const box = await hold.boundingBox();
    if (!box) throw new Error('no hold button');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;

    // Slide up: the overlay turns to cancel, nothing is sent.
    const turnsBefore = await tid(page, 'chat-turn').count();
    await page.mouse.move(x, y);
    await page.mouse.down();
    await tid(page, 'voice-overlay').waitFor();
    await page.waitForTimeout(700);
    await page.mouse.move(x, y - 120, { steps: 4 });
    await expect.poll(() => tid(page, 'voice-overlay').getAttribute('data-cancelling')).toBe('true');
    await shot(page, 'voice-3-cancel');
    await page.mouse.up();
    await expect.poll(() => tid(page, 'voice-overlay').count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await tid(page, 'chat-turn').count()).toBe(turnsBefore);

    // Hold, speak (the fake microphone's tone), release: the transcript is asked.
    const framesBefore = fake.iatFrames.length;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await tid(page, 'voice-overlay').waitFor();
    await page.waitForTimeout(1500);
    // The waveform moves with the microphone's level.
    const heights = await page.locator('[data-testid="voice-overlay"] span').evaluateAll((els) => els.map((e) => (e as HTMLElement).style.height));
    expect(heights.length).toBe(18);
    await shot(page, 'voice-4-listening');
    await page.mouse.up();
    await expect.poll(() => lastTurn(page).getByTestId('chat-question').textContent().catch(() => ''), { timeout: 20_000 }).toBe(TRANSCRIPT);
    // The audio went out as 16 kHz PCM frames, the last with status 2.
    const mine = fake.iatFrames.slice(framesBefore);
    expect(mine[0]?.status).toBe(0);
    expect(mine.at(-1)?.status).toBe(2);
    expect(mine.reduce((n, f) => n + f.bytes, 0)).toBeGreaterThan(16_000);
    await answered(page);
    await shot(page, 'voice-5-asked');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('help, introduction, usage help and the assistant settings are finished screens', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await phone();
    await signIn(page, server);
    await expect.poll(() => toastText(page), { timeout: 8000 }).toBe('');
    await page.goto(`${server.url}/#/help`);
    await tid(page, 'help-page').waitFor();
    await tid(page, 'help-faq').locator('summary').nth(1).click();
    await page.waitForTimeout(400);
    await shot(page, 'help-1-center');
    await tid(page, 'help-introduce').click();
    await tid(page, 'introduce-page').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'help-2-introduce');
    await page.goto(`${server.url}/#/user/usehelp`);
    await tid(page, 'usehelp-page').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'help-3-usehelp');
    await page.goto(`${server.url}/#/user/assit`);
    await tid(page, 'assit-page').waitFor();
    await expect.poll(() => tid(page, 'assit-voice').textContent()).toBe('离线语音（本机合成）');
    await expect.poll(() => tid(page, 'assit-recogniser').textContent()).toBe('在线识别（讯飞）');
    await tid(page, 'assit-sample').click();
    await expect.poll(() => tid(page, 'assit-sample').getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.evaluate(() => document.querySelector<HTMLAudioElement>('audio[data-testid="tts-audio"]')?.currentTime ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    await shot(page, 'help-4-assit');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says so when no recogniser is configured', { timeout: 240_000 }, async () => {
    const plain = await startServer({ OCR_PROVIDER: 'none', WEB_DIST: dist });
    const { context, page } = await phone({ noBrowserRecognition: true });
    const p = randomPhone();
    await page.goto(`${plain.url}/#/signin`);
    await tid(page, 'login-phone').fill(p);
    await tid(page, 'login-send-code').click();
    await tid(page, 'login-code').fill(await plain.code(p));
    await tid(page, 'login-agreement').check();
    await tid(page, 'login-submit').click();
    await tid(page, 'onboarding-skip').click({ timeout: 15_000 });
    await tid(page, 'voice-toggle').click();
    const box = await tid(page, 'voice-hold').boundingBox();
    if (!box) throw new Error('no hold button');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await expect.poll(() => toastText(page), { timeout: 8000 }).toBe('未配置语音识别服务，请使用文字输入');
    await page.mouse.up();
    await shot(page, 'voice-6-no-recogniser');
    await context.close();
    await plain.stop();
  });

  it('is installable: manifest, icons, service worker; opens offline; offers an update', { timeout: 120_000 }, async () => {
    const { context, page, errors } = await phone();
    await page.goto(`${server.url}/#/`);
    await tid(page, 'home').waitFor();
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const res = await fetch(link.href);
      return { type: res.headers.get('content-type'), body: (await res.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] } };
    });
    expect(manifest?.body).toMatchObject({ short_name: '晓医', start_url: '/#/', display: 'standalone' });
    expect(manifest?.type).toContain('json');
    const sizes = manifest?.body.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`) ?? [];
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest?.body.icons ?? []) {
      const res = await page.request.get(`${server.url}${icon.src}`);
      expect(res.status(), icon.src).toBe(200);
    }
    // The service worker is registered, active and controls the page after a reload.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await page.reload();
    await tid(page, 'home').waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
    await page.waitForTimeout(500);

    // Offline: the app shell still opens.
    await context.setOffline(true);
    await page.reload();
    await tid(page, 'home').waitFor({ timeout: 10_000 });
    await shot(page, 'pwa-1-offline');
    await context.setOffline(false);

    // A new version deployed: the page offers it, and 更新 reloads into it.
    fs.appendFileSync(path.join(dist, 'sw.js'), `\n// version ${Date.now()}\n`);
    for (const ext of ['.br', '.gz']) fs.rmSync(path.join(dist, `sw.js${ext}`), { force: true });
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.update());
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent().catch(() => ''), { timeout: 15_000 }).toContain('发现新版本');
    await page.waitForTimeout(500);
    await shot(page, 'pwa-2-update');
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    await dialog.getByText('更新', { exact: true }).click();
    await reloaded;
    await tid(page, 'home').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
