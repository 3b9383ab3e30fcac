import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '../apps/server');
const PICTURE = path.join(SERVER_DIR, 'test/fixtures/medicine-box.jpg');

let server: Server | undefined;
let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-e2e-feedback-'));
  [server, browser] = await Promise.all([startServer({ DATA_DIR: dataDir }), launch()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();
/** The operator CLI on the same data directory (PGlite: the server is stopped first). */
const admin = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, encoding: 'utf8' });

describe('feedback with a picture, answered by an operator and read as a message, at 414×896', () => {
  it('sends 意见反馈 with a picture, the operator replies from the CLI, the reply is an unread message that opens the feedback log', async () => {
    const { page, errors } = await phonePage(browser);
    const phone = randomPhone();
    let s = server as Server;
    const post = async (r: RouteDef, body: unknown) => (await (await fetch(s.url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; data: { sessionId: string } };
    await post(routes.auth.sendLoginCode, { phone });
    let token = (await post(routes.auth.phoneLogin, { phone, code: await s.code(phone) })).data.sessionId;
    const enter = async () => {
      await page.goto(`${s.url}/#/`);
      await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
      await page.reload();
    };
    await enter();

    await page.goto(`${s.url}/#/user/feedback`);
    await tid(page, 'feedback-page').waitFor();
    await tid(page, 'feedback-type-回答质量').click();
    await tid(page, 'feedback-content').fill('回答里把剂量单位写成了克，应该是毫克');
    await tid(page, 'feedback-picture-input').setInputFiles(PICTURE);
    await tid(page, 'feedback-picture').waitFor();
    await expect.poll(() => tid(page, 'feedback-picture').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, 'feedback-form');
    await tid(page, 'feedback-submit').click();
    await tid(page, 'feedback-log-page').waitFor();
    await tid(page, 'feedback-log-item').waitFor();
    expect(await tid(page, 'feedback-log-item').textContent()).toContain('待回复');
    await expect.poll(() => tid(page, 'feedback-log-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, 'feedback-log-waiting');

    // The operator: server stopped (one process per PGlite data dir), list, reply, start again.
    // The app refreshes (rotates) its session: the one it holds now is carried to the new origin.
    token = await page.evaluate(() => (JSON.parse(localStorage.getItem('chatdr.token') ?? '{}') as { value: string }).value);
    await s.stop();
    server = undefined;
    const list = admin('feedback', 'list');
    const id = /^(\d+)\tsuggestion\t回答质量/m.exec(list)?.[1];
    expect(id, list).toBeTruthy();
    expect(admin('feedback', 'reply', id ?? '', '--text', '感谢反馈！剂量单位的显示已修正为毫克。')).toContain('the author has a message');
    expect(admin('feedback', 'list')).toContain('0 waiting for a reply');
    s = server = await startServer({ DATA_DIR: dataDir });
    await enter();

    await page.goto(`${s.url}/#/user`);
    await tid(page, 'user-message-unread').waitFor();
    expect(await tid(page, 'user-message-unread').textContent()).toBe('1');
    await tid(page, 'user-message').click();
    await tid(page, 'message-page').waitFor();
    const item = tid(page, 'message-item');
    await item.waitFor();
    expect(await item.getAttribute('data-kind')).toBe('suggestion');
    expect(await item.getAttribute('data-read')).toBe('false');
    expect(await item.textContent()).toContain('您的意见反馈有回复了');
    await shot(page, 'message-centre');
    await item.click();
    await tid(page, 'feedback-log-page').waitFor();
    await tid(page, 'feedback-reply').waitFor();
    expect(await tid(page, 'feedback-reply').textContent()).toContain('剂量单位的显示已修正为毫克');
    await expect.poll(() => tid(page, 'feedback-log-picture').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot(page, 'feedback-log-replied');

    await page.goto(`${s.url}/#/user/message`);
    await tid(page, 'message-item').waitFor();
    await expect.poll(() => tid(page, 'message-item').getAttribute('data-read')).toBe('true');
    await tid(page, 'message-settings').click();
    await tid(page, 'notifys-page').waitFor();
    await tid(page, 'notifys-order-sms').click();
    const orderSms = async () => {
      const r = (await (await fetch(`${s.url}${urlOf(routes.system.smsInfo)}`, { method: 'POST', headers: { authorization: token } })).json()) as { data: { list: Array<{ kind: string; sms: boolean }> } };
      return r.data.list.find((x) => x.kind === 'order')?.sms;
    };
    await expect.poll(orderSms).toBe(true);
    await shot(page, 'notify-settings');

    await page.goto(`${s.url}/#/user/about/report`);
    await tid(page, 'report-page').waitFor();
    await shot(page, 'complaint-form');
    expect(errors).toEqual([]);
  }, 180_000);
});
