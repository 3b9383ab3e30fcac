import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { MSG } from '@chatdr/contract';
import { launch, phonePage, randomPhone, startServer, type Server } from './harness.ts';

/** The chat's screenshots go here (looked at by hand after a run). */
const CHAT_SHOTS = process.env.CHAT_SHOTS ?? '/tmp/chat-shots';

let server: Server;
let browser: Browser;
/** A copy of the built web app: other builds of apps/web/dist during the run do not swap chunks under the page. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-chat-dist-'));
beforeAll(async () => {
  fs.cpSync(path.resolve(import.meta.dirname, '../apps/web/dist'), dist, { recursive: true });
  [server, browser] = await Promise.all([startServer({ WEB_DIST: dist }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const tid = (page: Page, id: string) => page.getByTestId(id);

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
interface Violation { id: string; impact: string | null; help: string; nodes: Array<{ target: string[] }> }

/** axe-core on the screen as it is (QUALITY.md: 0 serious or critical violations). */
async function axe(page: Page, label: string): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const found = await page.evaluate(async () => {
    const a = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe;
    return (await a.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${label} ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(CHAT_SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(CHAT_SHOTS, `${name}.png`) });
}

const toastVisible = (page: Page) => tid(page, 'toast').evaluate((el) => el.classList.contains('is-visible')).catch(() => false);

async function toastText(page: Page): Promise<string> {
  await expect.poll(() => toastVisible(page)).toBe(true);
  return (await tid(page, 'toast').textContent()) ?? '';
}

/** Screenshots wait until no toast covers the screen. */
async function noToast(page: Page) {
  await expect.poll(() => toastVisible(page), { timeout: 5000 }).toBe(false);
  await page.waitForTimeout(300);
}

const lastTurn = (page: Page) => tid(page, 'chat-turn').last();

/** Waits until the newest answer is complete and typed out. */
async function answered(page: Page, timeout = 60_000) {
  const turn = lastTurn(page);
  try {
    await expect.poll(() => turn.getAttribute('data-status'), { timeout }).toBe('2');
    await expect.poll(() => turn.getByTestId('answer-text').getAttribute('data-typing'), { timeout }).toBe('complete');
  } catch (err) {
    await shot(page, 'failed-answer');
    throw new Error(`no answer: status ${await turn.getAttribute('data-status')}, ${(await turn.textContent())?.slice(0, 200)}`, { cause: err });
  }
}

async function ask(page: Page, text: string) {
  await tid(page, 'chat-input').fill(text);
  await tid(page, 'chat-send').click();
}

describe('the chat, end to end at 414×896', () => {
  it('asks, streams an answer with sources and follow-ups, favourites, searches, deletes, and runs a symptom self-check to its conclusion', async () => {
    // bypassCSP: the app's CSP forbids injected scripts (as it should); this lets axe-core in.
    const { context, page, errors } = await phonePage(browser, undefined, { bypassCSP: true });
    const a11y: string[] = [];
    // The rating dialog (chat-core §4) comes after a random 2–7 answers for a new user, or at the
    // end of the self-check: whenever it shows, it is looked at, rated 5 and submitted.
    const rating = { seen: false };
    const rate = async () => {
      await page.waitForTimeout(400);
      if (!rating.seen) {
        await shot(page, '17-rating');
        a11y.push(...(await axe(page, 'rating')));
      }
      rating.seen = true;
      await tid(page, 'rating-star-5').click();
      await tid(page, 'rating-submit').click();
      await tid(page, 'rating-dialog').waitFor({ state: 'detached' });
    };
    await page.addLocatorHandler(tid(page, 'rating-dialog'), rate);
    const phone = randomPhone();

    // Logged out: sending opens login.
    await page.goto(`${server.url}/#/`);
    await tid(page, 'chat-input').click();
    const dialog = tid(page, 'login-dialog');
    await dialog.waitFor();
    await page.waitForTimeout(400);
    await dialog.getByTestId('login-phone').fill(phone);
    await dialog.getByTestId('login-send-code').click();
    await dialog.getByTestId('login-code').fill(await server.code(phone));
    await dialog.getByTestId('login-agreement').check();
    await dialog.getByTestId('login-submit').click();
    await tid(page, 'onboarding-page').waitFor({ timeout: 15_000 });
    await tid(page, 'onboarding-skip').click();
    await tid(page, 'greeting').waitFor({ timeout: 15_000 });
    await tid(page, 'skill-open').waitFor();
    await noToast(page);
    await shot(page, '01-home');

    // Ask: the answer types out (deep think, text), then sources and follow-ups.
    await ask(page, '我头痛发烧三天了怎么办');
    const first = tid(page, 'chat-turn').first();
    await expect.poll(() => first.getByTestId('chat-question').textContent()).toBe('我头痛发烧三天了怎么办');
    await first.getByTestId('answer-text').waitFor({ timeout: 30_000 });
    await expect.poll(() => first.getByTestId('answer-text').getAttribute('data-typing'), { timeout: 30_000 }).toBe('typing');
    await shot(page, '02-typing');

    // The sending gate while it is still being typed out.
    if ((await first.getAttribute('data-status')) === '2' && (await first.getByTestId('answer-text').getAttribute('data-typing')) === 'typing') {
      await tid(page, 'chat-input').fill('再问一个');
      if (await tid(page, 'chat-send').isVisible()) {
        await tid(page, 'chat-send').click();
        expect(await toastText(page)).toBe(MSG.waitPrevious);
      }
      await tid(page, 'chat-input').fill('');
    }

    await answered(page);
    expect(Number(await first.getByTestId('answer-sources').getAttribute('data-count'))).toBeGreaterThan(0);
    expect(await tid(page, 'follow-up').count()).toBeGreaterThan(0);
    await first.getByTestId('deep-think').waitFor();
    await noToast(page);
    await shot(page, '03-answer');
    a11y.push(...(await axe(page, 'answer')));
    await first.getByTestId('sources-toggle').click();
    expect(await first.getByTestId('source-item').count()).toBeGreaterThan(0);
    await first.getByTestId('deep-think-toggle').click();
    await first.getByTestId('answer-sources').scrollIntoViewIfNeeded();
    await shot(page, '04-sources');
    await first.getByTestId('answer-sources').evaluate((el) => el.closest('.thread')?.scrollTo({ top: 1e6 }));

    // Tap a follow-up: it is asked.
    const follow = tid(page, 'follow-up').first();
    const followText = ((await follow.textContent()) ?? '').trim();
    await follow.click();
    await expect.poll(() => tid(page, 'chat-turn').count()).toBe(2);
    expect(await lastTurn(page).getByTestId('chat-question').textContent()).toBe(followText);
    await answered(page);
    await noToast(page);
    await shot(page, '05-follow-up');

    // Favourite the first answer.
    await first.getByTestId('answer-collect').scrollIntoViewIfNeeded();
    await first.getByTestId('answer-collect').click();
    expect(await toastText(page)).toBe('收藏成功');
    await expect.poll(() => first.getByTestId('answer-collect').getAttribute('data-collected')).toBe('true');
    // The next toast must not be read while this one is still up.
    await noToast(page);

    // Copy.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await first.getByTestId('answer-copy').click();
    expect(await toastText(page)).toBe(MSG.copied);

    // Share: a link that opens /share read-only.
    await first.getByTestId('answer-share').click();
    const link = tid(page, 'share-link');
    await link.waitFor();
    const shareUrl = (await link.getAttribute('href')) ?? '';
    expect(shareUrl).toContain('#/share?shareId=');
    await noToast(page);
    await shot(page, '06-share-dialog');
    await page.locator('.adm-dialog-button').first().click();
    const viewer = await context.newPage();
    await viewer.goto(shareUrl);
    await tid(viewer, 'share-list').waitFor({ timeout: 15_000 });
    expect(await tid(viewer, 'chat-question').first().textContent()).toBe('我头痛发烧三天了怎么办');
    await shot(viewer, '07-share-page');
    await viewer.close();

    // The history dialog lists the session; favourites and search find the answer.
    await tid(page, 'chat-history-open').click();
    await tid(page, 'history-session').first().waitFor({ timeout: 10_000 });
    await page.waitForTimeout(400);
    await shot(page, '08-history-dialog');
    a11y.push(...(await axe(page, 'history dialog')));
    await tid(page, 'history-collect').click();
    await tid(page, 'chat-collect-page').waitFor();
    await tid(page, 'collect-list').waitFor({ timeout: 10_000 });
    expect(await tid(page, 'collect-list').textContent()).toContain('我头痛发烧三天了怎么办');
    await page.waitForTimeout(400);
    await shot(page, '09-collect');
    a11y.push(...(await axe(page, 'collect')));
    await page.goto(`${server.url}/#/chat/search`);
    await tid(page, 'search-hint').waitFor();
    await tid(page, 'search-input').fill('头痛');
    await tid(page, 'search-submit').click();
    await tid(page, 'search-results').waitFor({ timeout: 10_000 });
    expect(await tid(page, 'search-results').textContent()).toContain('我头痛发烧三天了怎么办');
    await page.waitForTimeout(400);
    await shot(page, '10-search');
    a11y.push(...(await axe(page, 'search')));

    // The session's page, then back to the chat to delete the answer in selection mode.
    await tid(page, 'search-results').locator('button').first().click();
    await tid(page, 'history-detail').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(400);
    await shot(page, '11-history-page');
    a11y.push(...(await axe(page, 'history page')));
    await tid(page, 'history-continue').click();
    await tid(page, 'chat-thread').waitFor();
    await expect.poll(() => tid(page, 'chat-turn').count()).toBe(2);
    const firstAgain = tid(page, 'chat-turn').first();
    await firstAgain.getByTestId('answer-select').scrollIntoViewIfNeeded();
    await firstAgain.getByTestId('answer-select').click();
    await tid(page, 'selection-bar').waitFor();
    await expect.poll(() => tid(page, 'selection-count').getAttribute('data-count')).toBe('1');
    await shot(page, '12-selection');
    a11y.push(...(await axe(page, 'selection')));
    await tid(page, 'selection-delete').click();
    await page.locator('.adm-dialog-button-bold').click();
    expect(await toastText(page)).toBe('已删除');
    await expect.poll(() => tid(page, 'chat-turn').count()).toBe(1);
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    await noToast(page);
    await page.goto(`${server.url}/#/chat/collect`);
    await tid(page, 'collect-empty').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(400);
    await shot(page, '13-collect-empty');

    // Symptom self-check: skill 症状自查, the interview's quick replies, then the conclusion card.
    await page.goto(`${server.url}/#/`);
    await tid(page, 'chat-new-session').click();
    await tid(page, 'greeting').waitFor();
    await tid(page, 'skill-open').click();
    await tid(page, 'skill-picker').waitFor();
    await noToast(page);
    await shot(page, '14-skills');
    a11y.push(...(await axe(page, 'skills')));
    await tid(page, 'skill-zzzc').click();
    await expect.poll(() => tid(page, 'skill-current').getAttribute('data-skill')).toBe('zzzc');
    await ask(page, '头痛两天');
    await answered(page);
    let steps = 0;
    while ((await tid(page, 'conclusion-card').count()) === 0 && steps < 12) {
      const chips = lastTurn(page).getByTestId('interview-chip');
      await chips.first().waitFor({ timeout: 10_000 });
      if (steps === 0) {
        await noToast(page);
        await shot(page, '15-interview');
      }
      // The complaint's red-flag questions come first (at most three; 有 to 晕倒 with a headache would
      // rightly end the self-check as an emergency): 没有 to those, 有 to the next two, then 没有 —
      // enough for the engine to name likely conditions.
      const pickText = steps >= 3 && steps < 5 ? '有' : '没有';
      const wanted = chips.filter({ hasText: new RegExp(`^${pickText}$`) });
      await ((await wanted.count()) > 0 ? wanted.first() : chips.first()).click();
      steps += 1;
      await expect.poll(() => tid(page, 'chat-turn').count()).toBe(steps + 1);
      await answered(page);
    }
    const card = tid(page, 'conclusion-card');
    await card.waitFor();
    expect(await card.getByTestId('conclusion-department').textContent()).toBeTruthy();
    await card.scrollIntoViewIfNeeded();
    await noToast(page);
    await shot(page, '16-conclusion');
    a11y.push(...(await axe(page, 'conclusion')));

    // The end of a consultation asks for a rating (chat-core §4) unless the dial-ins already did.
    await expect.poll(async () => rating.seen || (await tid(page, 'rating-dialog').isVisible()), { timeout: 10_000 }).toBe(true);
    // Any action runs the handler while the dialog is up.
    await tid(page, 'chat-input').click();
    expect(rating.seen).toBe(true);

    // Hospital finder: recommended hospitals as cards.
    // A finished self-check turns its skill off (a next question is not another self-check).
    await tid(page, 'chat-new-session').click();
    await expect.poll(() => tid(page, 'skill-current').count()).toBe(0);
    await tid(page, 'skill-open').click();
    await tid(page, 'skill-picker').waitFor();
    await tid(page, 'skill-zyy').click();
    await expect.poll(() => tid(page, 'skill-current').getAttribute('data-skill')).toBe('zyy');
    await ask(page, '北京哪家医院看偏头痛好');
    await answered(page);
    await tid(page, 'rec-hospitals').waitFor();
    expect(await tid(page, 'rec-hospital').count()).toBeGreaterThan(0);
    await tid(page, 'rec-hospitals').scrollIntoViewIfNeeded();
    await noToast(page);
    await shot(page, '17b-hospitals');

    // The small phone (360×740): nothing overflows sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await tid(page, 'chat-home').evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, '17c-small-phone');
    await page.setViewportSize({ width: 414, height: 896 });

    // Incognito starts a new session.
    await tid(page, 'incognito-switch').click();
    await expect.poll(() => tid(page, 'incognito-switch').getAttribute('aria-checked')).toBe('true');
    await tid(page, 'greeting').waitFor();
    await tid(page, 'incognito-hint').waitFor();
    await noToast(page);
    await shot(page, '18-incognito');

    // An incognito question streams like any other but is not listed in the history.
    await tid(page, 'skill-clear').click();
    await ask(page, '孩子发烧38.5℃，需要马上去医院吗？');
    await answered(page);
    await tid(page, 'incognito-banner').waitFor();
    await noToast(page);
    await shot(page, '19-incognito-answer');

    // The answer was about a child while the profile is the user's own: the role prompt opens the
    // chat home's change-role popup.
    const roleQuestion = lastTurn(page).getByTestId('role-question');
    if ((await roleQuestion.count()) > 0) {
      await roleQuestion.getByTestId('role-question-switch').click();
      await tid(page, 'change-role-popup').waitFor();
      await page.waitForTimeout(400);
      await shot(page, '20-role-popup');
      await tid(page, 'change-role-popup').locator('.sheet__head .icon-btn').click();
      await tid(page, 'change-role-popup').waitFor({ state: 'hidden' });
    }
    await tid(page, 'chat-history-open').click();
    await tid(page, 'history-session').first().waitFor({ timeout: 10_000 });
    const titles = await tid(page, 'history-session').allTextContents();
    expect(titles.some((x) => x.includes('孩子发烧'))).toBe(false);

    // English: the chat pages are translated (no raw keys).
    await page.evaluate(() => localStorage.setItem('chatdr.lang', 'en'));
    await page.goto(`${server.url}/#/chat/search?keyword=${encodeURIComponent('偏头痛')}`);
    await page.reload();
    await tid(page, 'search-results').waitFor({ timeout: 15_000 });
    await tid(page, 'search-results').locator('button').first().click();
    await tid(page, 'history-detail').waitFor({ timeout: 10_000 });
    await page.waitForTimeout(400);
    expect(await page.locator('body').innerText()).not.toMatch(/\b(chat|home|common)\.[a-zA-Z]/);
    await shot(page, '21-english-history');

    expect(a11y).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
