import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { launch, phonePage, randomPhone, startServer, type Server } from './harness.ts';

// axe-core from the npm package, injected into the page (QUALITY.md: 0 serious or critical).
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

async function seriousViolations(page: Page, hash: string, ready: string): Promise<string[]> {
  await page.goto(`${server.url}/#${hash}`);
  await page.getByTestId(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(400); // page transition
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${hash} ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

describe('accessibility of the main screens (axe-core, WCAG 2.1 A/AA)', () => {
  it('finds no serious or critical violation, logged out and logged in', async () => {
    // The app's CSP forbids injected scripts (as it should): this context lets axe in.
    const { context, page } = await phonePage(browser, undefined, { bypassCSP: true });
    const problems: string[] = [];
    problems.push(...(await seriousViolations(page, '/', 'guest-title')));
    problems.push(...(await seriousViolations(page, '/signin', 'login-page')));

    // Log in through the API and hand the session to the page the way the app stores it.
    const phone = randomPhone();
    const post = async (r: RouteDef, body: unknown) => (await (await fetch(server.url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; data: { sessionId: string } };
    await post(routes.auth.sendLoginCode, { phone });
    const login = await post(routes.auth.phoneLogin, { phone, code: await server.code(phone) });
    expect(login.code).toBe(1);
    await page.evaluate((token) => localStorage.setItem('chatdr.token', JSON.stringify({ value: token, stampedAt: Date.now() })), login.data.sessionId);

    for (const [hash, ready] of [
      ['/', 'greeting'],
      ['/user', 'user-page'],
      ['/user/account', 'account-page'],
      ['/user/setting', 'settings-page'],
      ['/user/fontsize', 'fontsize-page'],
      ['/user/about', 'about-page'],
      ['/user/role', 'member-confirm'],
      ['/user/mine', 'member-chip'],
      ['/user/blood-pressure', 'bp-empty'],
      ['/user/blood-pressure/info', 'bp-categories'],
      ['/indicator/list', 'indicator-empty'],
      ['/indicator/init', 'indicator-pick'],
      ['/indicator/edit?type=lab.ldl-c', 'indicator-value'],
      ['/indicator/detail?type=lab.ldl-c', 'indicator-explain'],
      ['/user/guide', 'guide-eat'],
      ['/user/eat', 'eat-basis'],
      ['/user/sport', 'sport-guide'],
      ['/user/emr', 'emr-empty'],
      ['/user/emr/add', 'emr-pick'],
      ['/user/medicine', 'medicine-empty'],
    ] as const) {
      await page.reload();
      problems.push(...(await seriousViolations(page, hash, ready)));
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
