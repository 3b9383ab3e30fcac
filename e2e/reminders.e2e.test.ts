import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { routes, urlOf } from '@chatdr/contract';
import type { Browser, Page } from 'playwright-core';
import { launch, phonePage, shot, startServer, type Server } from './harness.ts';
import { signIn } from './health-steps.ts';

const vapid = webpush.generateVAPIDKeys();
let server: Server;
let browser: Browser;
beforeAll(async () => {
  // The scheduler looks for due reminders every second here (REMIND_POLL_MS).
  [server, browser] = await Promise.all([startServer({ REMIND_POLL_MS: '1000', REPORT_STEP_MS: '200', VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.getByTestId(id);

/** 'HH:mm' of the browser's next minute (at least 20 s ahead, so the form is saved before it). */
const dueSoon = (page: Page) =>
  page.evaluate(() => {
    const d = new Date(Date.now() + (new Date().getSeconds() > 40 ? 120_000 : 60_000));
    return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  });

const FIXTURE = path.resolve(import.meta.dirname, '../apps/server/test/fixtures/report-text.pdf');

/** Uploads the text PDF report with the page's session and waits for its reading; returns its id. */
async function readReport(page: Page): Promise<string> {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('chatdr.token') ?? '{}') as { value?: string }).value ?? '');
  const post = async (r: Parameters<typeof urlOf>[0], body: unknown) => {
    const res = await fetch(`${server.url}${urlOf(r)}`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(FIXTURE)], { type: 'application/pdf' }), 'report-text.pdf');
  const up = (await (await fetch(`${server.url}${urlOf(routes.media.fileOcr)}`, { method: 'POST', headers: { authorization: token }, body: form })).json()) as { data: { inputMediaId: string } };
  const info = (await (await fetch(`${server.url}${urlOf(routes.auth.accountInfo)}`, { headers: { authorization: token } })).json()) as { data: { members: Array<{ id: number }> } };
  const job = await post(routes.report.analysisReportById, { inputMediaId: up.data.inputMediaId, userInfoId: info.data.members[0]?.id });
  const reportId = String(job.reportId);
  await expect
    .poll(async () => (await (await fetch(`${server.url}${urlOf(routes.report.state)}?reportId=${reportId}`, { headers: { authorization: token } })).json()) as { data: { status: number } }, { timeout: 60_000, interval: 500 })
    .toMatchObject({ data: { status: 4 } });
  return reportId;
}

describe('medication reminders, end to end at 414×896', () => {
  it('sets a reminder due shortly, sees the notice banner and the message, takes the dose', async () => {
    const { context, page, errors } = await phonePage(browser);
    await signIn(page, server);

    // From the health tab (records live there) to the reminders.
    await page.goto(`${server.url}/#/?tab=health`);
    await tid(page, 'user-med-remind').click();
    await tid(page, 'med-remind-page').waitFor();
    await tid(page, 'remind-empty').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'remind-empty');

    await tid(page, 'plan-add').click();
    await tid(page, 'plan-form').waitFor();
    await tid(page, 'plan-name').fill('阿托伐他汀钙片');
    await tid(page, 'plan-dose').fill('1');
    const time = await dueSoon(page);
    await tid(page, 'plan-time').first().fill(time);
    await tid(page, 'plan-meal-after').click();
    await page.waitForTimeout(300);
    await shot(page, 'remind-form');
    await tid(page, 'plan-save').click();
    await tid(page, 'plan-form').waitFor({ state: 'hidden' });
    await tid(page, 'plan-card').waitFor();
    const dose = tid(page, 'dose-card').first();
    await dose.waitFor();
    expect(await dose.textContent()).toContain(time);
    expect(await dose.textContent()).toContain('1片 · 饭后');
    await page.waitForTimeout(600);
    await shot(page, 'remind-list');

    // At the time: the notice banner (push type user_remind), live over the socket.
    const banner = tid(page, 'notice-banner');
    await banner.waitFor({ timeout: 150_000 });
    expect(await banner.textContent()).toContain('用药提醒');
    expect(await banner.textContent()).toContain('该服用阿托伐他汀钙片了：1片 · 饭后');
    await shot(page, 'remind-banner');
    // It hides by itself after 3 s.
    await banner.waitFor({ state: 'hidden', timeout: 6_000 });

    // The message list on /user/notify, then take the dose there.
    await page.goto(`${server.url}/#/user/notify?type=1`);
    await tid(page, 'notify-page').waitFor();
    const item = tid(page, 'notice-item').first();
    await item.waitFor();
    expect(await item.textContent()).toContain('该服用阿托伐他汀钙片了');
    expect(await item.getAttribute('data-read')).toBe('false');
    await page.waitForTimeout(400);
    await shot(page, 'notify');
    await tid(page, 'notify-today').getByTestId('dose-take').first().click();
    await expect.poll(() => tid(page, 'notify-today').getByTestId('dose-state').first().textContent()).toBe('已服');
    await item.click();
    await expect.poll(() => tid(page, 'notice-item').first().getAttribute('data-read')).toBe('true');
    await page.waitForTimeout(400);
    await shot(page, 'notify-taken');

    // The review plan screen: empty until a report is read …
    await page.goto(`${server.url}/#/user/review`);
    await tid(page, 'review-empty').waitFor();
    await page.waitForTimeout(400);
    await shot(page, 'review-empty');

    // … then a reading (uploaded through the API: the upload popup has its own e2e) proposes rechecks
    // from the report page, and they are listed with their dates.
    const reportId = await readReport(page);
    await page.goto(`${server.url}/#/healthreport/${reportId}`);
    await tid(page, 'report-review-plan').click();
    await tid(page, 'review-page').waitFor();
    const card = tid(page, 'review-card').first();
    await card.waitFor();
    expect(await page.getByTestId('review-card').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining('血常规')]));
    await page.waitForTimeout(400);
    await shot(page, 'review-plan');

    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('the service worker shows a pushed reminder as a system notification', async () => {
    const { context, page } = await phonePage(browser);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto(`${server.url}/#/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    // No browser push service is reachable here: DevTools delivers the push to the worker, as
    // the push service would after the server's request (that part: web-push.int.test.ts).
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Array<{ registrationId: string; scopeURL: string }> }) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(server.url));
        if (r) resolve(r.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const payload = { id: 1, pushType: 'user_remind', title: '用药提醒', content: '该服用阿托伐他汀钙片了：1片 · 饭后', url: '/#/user/notify?type=1&userId=1' };
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: server.url, registrationId, data: JSON.stringify(payload) });
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.body, (n.data as { url: string }).url])), { timeout: 10_000 })
      .toEqual([['用药提醒', '该服用阿托伐他汀钙片了：1片 · 饭后', '/#/user/notify?type=1&userId=1']]);
    await context.close();
  }, 60_000);
});
