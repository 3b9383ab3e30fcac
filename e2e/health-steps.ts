// Steps the health e2e journeys share: a new user signed in, the screen settled before a
// screenshot, and a blood pressure recorded through the form.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { randomPhone, type Server } from './harness.ts';

export const tid = (page: Page, id: string) => page.getByTestId(id);

/** A new user signed in with the SMS code from the dev outbox, onboarding skipped, on the home screen. */
export async function signIn(page: Page, server: Server): Promise<void> {
  const phone = randomPhone();
  await page.goto(`${server.url}/#/signin`);
  await tid(page, 'login-phone').fill(phone);
  await tid(page, 'login-send-code').click();
  await tid(page, 'login-code').fill(await server.code(phone));
  await tid(page, 'login-agreement').check();
  await tid(page, 'login-submit').click();
  await tid(page, 'onboarding-page').waitFor({ timeout: 15_000 });
  await tid(page, 'onboarding-skip').click();
  await tid(page, 'home').waitFor();
}

/**
 * A new account signed in through the calls (SMS code from the dev outbox) with 妈妈 added as a
 * member, its session handed to the page (the app's stored token), on the home screen.
 */
export async function signInWithMother(page: Page, server: Server): Promise<void> {
  const phone = randomPhone();
  let token = '';
  const post = async (r: RouteDef, body: unknown) => (await (await fetch(server.url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, body: JSON.stringify(body) })).json()) as { code: number; data: { sessionId: string } };
  await post(routes.auth.sendLoginCode, { phone });
  token = (await post(routes.auth.phoneLogin, { phone, code: await server.code(phone) })).data.sessionId;
  expect((await post(routes.family.saveUserInfo, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 60 })).code).toBe(1);
  await page.goto(`${server.url}/#/`);
  await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
  await page.reload();
}

/** Screenshots wait until no toast covers the screen and the page transition is over. */
export async function settle(page: Page): Promise<void> {
  await expect.poll(() => tid(page, 'toast').evaluate((el) => el.classList.contains('is-visible')).catch(() => false), { timeout: 5000 }).toBe(false);
  await page.waitForTimeout(450);
}

/** datetime-local value (China time) of `hour`:00 `daysAgo` days back. */
export function chinaInput(hour: number, daysAgo: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

/** Records a blood pressure through the form; without `when`, at the form's default time (now). */
export async function recordBp(page: Page, s: number, d: number, pulse: number, when?: string): Promise<void> {
  await settle(page);
  await tid(page, 'bp-add').click();
  const form = tid(page, 'bp-form');
  await form.waitFor();
  if (when) await tid(page, 'bp-time').fill(when);
  await tid(page, 'bp-systolic').fill(String(s));
  await tid(page, 'bp-diastolic').fill(String(d));
  await tid(page, 'bp-pulse').fill(String(pulse));
  await tid(page, 'bp-arm-left').click();
  await tid(page, 'bp-save').click();
  await form.waitFor({ state: 'hidden' });
}
