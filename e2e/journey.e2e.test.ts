import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.getByTestId(id);

/** SMS codes go out at most once a minute per phone (QUALITY.md): wait out the interval. */
let lastSend = 0;
async function sendWindow(page: Page) {
  const wait = lastSend + 61_000 - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  lastSend = Date.now();
}

async function confirmDialog(page: Page) {
  await page.locator('.adm-dialog-button-bold').click();
}

describe('a new user, end to end at 414×896', () => {
  it('logs in with a code from the dev outbox, sets a password, logs out, logs in with it, and cancels the account', async () => {
    const { context, page, errors } = await phonePage(browser);
    const phone = randomPhone();
    const password = 'Health2026';

    // Logged out: the home shows the guest greeting.
    await page.goto(`${server.url}/#/`);
    await expect.poll(() => tid(page, 'guest-title').isVisible()).toBe(true);
    await shot(page, 'home-guest');

    // SMS-code login on the login page.
    await page.goto(`${server.url}/#/signin`);
    await tid(page, 'login-phone').fill(phone);
    await sendWindow(page);
    await tid(page, 'login-send-code').click();
    const code = await server.code(phone);
    await tid(page, 'login-code').fill(code);
    await tid(page, 'login-agreement').check();
    await shot(page, 'login');
    await tid(page, 'login-submit').click();

    // A new user lands on the onboarding (family.e2e.test.ts walks through it); skip to the home.
    await tid(page, 'onboarding-page').waitFor({ timeout: 15_000 });
    await tid(page, 'onboarding-skip').click();

    // Home with the greeting by hour.
    const greeting = tid(page, 'greeting');
    await greeting.waitFor({ timeout: 15_000 });
    const part = await greeting.getAttribute('data-day-part');
    const hour = new Date().getHours();
    const expected = hour >= 6 && hour < 12 ? 'morning' : hour >= 12 && hour < 14 ? 'noon' : hour >= 14 && hour < 18 ? 'afternoon' : 'evening';
    expect(part).toBe(expected);
    expect(await greeting.textContent()).toMatch(/(上午|中午|下午|晚上)好/);
    await shot(page, 'home');

    // Set a password: account and security → code → new password.
    await page.goto(`${server.url}/#/user/account`);
    await tid(page, 'account-page').waitFor();
    await shot(page, 'account');
    await tid(page, 'account-password').click();
    await tid(page, 'verify-page').waitFor();
    await sendWindow(page);
    await tid(page, 'verify-send').click();
    const pwdCode = await (async () => {
      // A new code, not the login one.
      for (let i = 0; i < 50; i++) {
        const c = await server.code(phone);
        if (c !== code) return c;
        await page.waitForTimeout(100);
      }
      throw new Error('no set-password code');
    })();
    await tid(page, 'verify-code').fill(pwdCode);
    await tid(page, 'verify-submit').click();
    await tid(page, 'password-page').waitFor();
    await tid(page, 'new-password').fill(password);
    await tid(page, 'new-password-confirm').fill(password);
    await tid(page, 'password-submit').click();
    await tid(page, 'account-page').waitFor();

    // Settings hub and logout.
    await page.goto(`${server.url}/#/user`);
    await tid(page, 'user-page').waitFor();
    await shot(page, 'settings');
    await tid(page, 'logout-button').click();
    await confirmDialog(page);
    await tid(page, 'guest-title').waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('chatdr.') && k !== 'chatdr.lang'))).toEqual([]);

    // Password login.
    await page.goto(`${server.url}/#/signin`);
    await tid(page, 'login-tab-password').click();
    await tid(page, 'login-phone').fill(phone);
    await tid(page, 'login-password').fill(password);
    await tid(page, 'login-agreement').check();
    await tid(page, 'login-submit').click();
    await tid(page, 'greeting').waitFor({ timeout: 15_000 });

    // Cancel the account.
    await page.goto(`${server.url}/#/user/off`);
    await tid(page, 'off-page').waitFor();
    await tid(page, 'off-phone').fill(phone);
    await sendWindow(page);
    await tid(page, 'off-send-code').click();
    let offCode = '';
    for (let i = 0; i < 50 && (!offCode || offCode === pwdCode); i++) {
      offCode = await server.code(phone);
      if (offCode === pwdCode) await page.waitForTimeout(100);
    }
    await tid(page, 'off-code').fill(offCode);
    await tid(page, 'off-agree').check();
    await shot(page, 'cancel-account');
    await tid(page, 'off-submit').click();
    await confirmDialog(page);
    await tid(page, 'guest-title').waitFor({ timeout: 15_000 });

    // The account is gone: its password no longer logs in.
    const res = await fetch(`${server.url}/api/chatDr-service/v1/pb/login/account/byPwdtest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone, password }) });
    expect(((await res.json()) as { code: number }).code).not.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });
});
