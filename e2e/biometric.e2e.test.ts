import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();

describe('biometric unlock with a passkey at 414×896 (Chromium virtual authenticator)', () => {
  it('turns it on with the SMS code and the device’s fingerprint, locks the app on reopening and unlocks into a fresh session', async () => {
    const { context, page, errors } = await phonePage(browser);
    // WebAuthn needs a domain as the relying-party id: the page is opened as localhost, not 127.0.0.1.
    const origin = server.url.replace('127.0.0.1', 'localhost');
    const call = async (r: RouteDef, body: unknown, token?: string) =>
      (await (await fetch(server.url + urlOf(r), { method: r.method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json()) as { code: number; data: Record<string, unknown> };
    const phone = randomPhone();
    await call(routes.auth.sendLoginCode, { phone });
    const token = String((await call(routes.auth.phoneLogin, { phone, code: await server.code(phone) })).data.sessionId);
    const loginCodeAt = Date.now();

    // A platform authenticator with user verification (the device's fingerprint), always verified.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });

    await page.goto(`${origin}/#/`);
    await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
    await page.reload();
    await page.goto(`${origin}/#/user/account`);
    await tid(page, 'account-biometric').click();
    await tid(page, 'biometric-page').waitFor();
    await expect.poll(() => tid(page, 'biometric-switch').getAttribute('aria-disabled'), { timeout: 15_000 }).not.toBe('true');
    await shot(page, 'biometric-off');

    await tid(page, 'biometric-switch').click();
    await tid(page, 'biometric-sheet').waitFor();
    // One code per phone per 60 s: the login's code was the last one.
    await page.waitForTimeout(Math.max(0, loginCodeAt + 61_000 - Date.now()));
    const loginCode = await server.code(phone);
    await tid(page, 'biometric-send').click();
    await expect.poll(() => server.code(phone), { timeout: 10_000 }).not.toBe(loginCode);
    await tid(page, 'biometric-code').fill(await server.code(phone));
    await shot(page, 'biometric-code');
    await tid(page, 'biometric-verify').click();
    await expect.poll(() => tid(page, 'biometric-device').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => tid(page, 'biometric-switch').getAttribute('aria-checked')).toBe('true');
    const creds = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
    expect(creds).toHaveLength(1);
    expect(creds[0]?.isResidentCredential).toBe(true);
    await page.waitForTimeout(400);
    await shot(page, 'biometric-on');

    // Reopened: locked until the fingerprint; the unlock answers a fresh session and ends the old one.
    await page.goto(`${origin}/#/user/account`);
    await page.reload();
    await tid(page, 'biometric-lock').waitFor();
    await shot(page, 'biometric-lock');
    await tid(page, 'biometric-unlock').click();
    await tid(page, 'biometric-lock').waitFor({ state: 'detached', timeout: 15_000 });
    await tid(page, 'account-page').waitFor();
    const stored = await page.evaluate(() => (JSON.parse(localStorage.getItem('chatdr.token') ?? '{}') as { value?: string }).value);
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(token);
    expect((await call(routes.auth.accountInfo, undefined, token)).code).toBe(401);
    expect((await call(routes.auth.accountInfo, undefined, stored)).code).toBe(1);
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]?.signCount).toBeGreaterThan(0);

    // Off again on this device: the passkey is removed on the server, no lock on reopening.
    await page.goto(`${origin}/#/user/account/biometric`);
    await tid(page, 'biometric-switch').click();
    await page.locator('.adm-dialog-button').last().click();
    await expect.poll(() => tid(page, 'biometric-device').count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await tid(page, 'biometric-page').waitFor();
    expect(await tid(page, 'biometric-lock').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 240_000);
});

describe('real-name authentication at 414×896', () => {
  it('checks the number as typed, says the default checks the format only, and shows the verified state masked', async () => {
    const { page, errors } = await phonePage(browser);
    const phone = randomPhone();
    const post = async (r: RouteDef, body: unknown) => (await (await fetch(server.url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { data: { sessionId: string } };
    await post(routes.auth.sendLoginCode, { phone });
    const token = (await post(routes.auth.phoneLogin, { phone, code: await server.code(phone) })).data.sessionId;
    await page.goto(`${server.url}/#/`);
    await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
    await page.reload();
    await page.goto(`${server.url}/#/user/account`);
    await tid(page, 'account-realname').click();
    await tid(page, 'realname-page').waitFor();
    await expect.poll(() => tid(page, 'realname-provider-note').textContent()).toContain('格式校验');
    await tid(page, 'realname-input-name').fill('张三丰');
    await tid(page, 'realname-input-id').fill('110105194912310021');
    await expect.poll(() => page.locator('#realname-id-error').textContent()).toContain('校验位');
    expect(await tid(page, 'realname-submit').isDisabled()).toBe(true);
    await shot(page, 'realname-form');
    await tid(page, 'realname-input-id').fill('11010519491231002X');
    await tid(page, 'realname-submit').click();
    await tid(page, 'realname-done').waitFor();
    expect(await tid(page, 'realname-id').textContent()).toBe('110***********002X');
    expect(await tid(page, 'realname-name').textContent()).toBe('张**');
    await page.waitForTimeout(2500);
    await shot(page, 'realname-done');
    expect(errors).toEqual([]);
  }, 120_000);
});
