/**
 * Issue 18 points 1–4 as a person meets them, at 414×896: the question about 我妈 answered with
 * 妈妈's profile (and said so), the relative the family lacks offered to be added, switching member
 * re-asks, adding 阿莫西林 to a penicillin-allergic profile warns; the self-check keeps the complaint
 * and its red flags to the conclusion, the hospital finder takes the city chip, a doctor-question
 * chip continues the child's fever; a report read for the person on the report.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures');

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ REPORT_STEP_MS: '100' }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.getByTestId(id);
const lastTurn = (page: Page) => tid(page, 'chat-turn').last();

type Api = <T>(r: RouteDef, body: unknown) => Promise<T>;

/** Logs in through the API, hands the session to the page the way the app stores it. */
async function session(page: Page): Promise<{ api: Api; selfId: number }> {
  const phone = randomPhone();
  const call = async <T,>(r: RouteDef, body: unknown, token?: string): Promise<T> => {
    const query = r.method === 'GET' ? `?${new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString()}` : '';
    const res = await fetch(server.url + urlOf(r) + query, { method: r.method ?? 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) }, ...(r.method === 'GET' ? {} : { body: JSON.stringify(body) }) });
    const json = (await res.json()) as { code: number; msg: string; data: T };
    if (json.code !== 1) throw new Error(`${r.path}: ${json.code} ${json.msg}`);
    return json.data;
  };
  await call(routes.auth.sendLoginCode, { phone });
  const login = await call<{ sessionId: string }>(routes.auth.phoneLogin, { phone, code: await server.code(phone) });
  const token = login.sessionId;
  const info = await call<{ members: Array<{ id: number }> }>(routes.auth.accountInfo, {}, token);
  await page.goto(`${server.url}/#/`);
  await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
  return { api: (r, body) => call(r, body, token), selfId: info.members[0]?.id ?? 0 };
}

async function home(page: Page) {
  await page.goto(`${server.url}/#/`);
  await page.reload();
  await tid(page, 'greeting').waitFor({ timeout: 20_000 });
  await tid(page, 'role-chip').waitFor({ timeout: 20_000 });
}

/** Waits until the newest answer is complete and typed out. */
async function answered(page: Page, timeout = 60_000) {
  const turn = lastTurn(page);
  await expect.poll(() => turn.getAttribute('data-status'), { timeout }).toBe('2');
  await expect.poll(() => turn.getByTestId('answer-text').getAttribute('data-typing'), { timeout }).toBe('complete');
}

/** Sends (typed or a chip), waits for the new turn and its whole answer. */
async function sendAndWait(page: Page, send: () => Promise<void>) {
  const before = await tid(page, 'chat-turn').count();
  await send();
  await expect.poll(() => tid(page, 'chat-turn').count(), { timeout: 15_000 }).toBe(before + 1);
  await answered(page);
}

async function ask(page: Page, text: string) {
  await sendAndWait(page, async () => {
    await tid(page, 'chat-input').fill(text);
    await tid(page, 'chat-send').click();
  });
}

async function settle(page: Page) {
  await expect.poll(() => tid(page, 'toast').evaluate((el) => el.classList.contains('is-visible')).catch(() => false), { timeout: 5000 }).toBe(false);
  await page.waitForTimeout(400);
}

const year = new Date().getFullYear();

describe('the conversation with the right member and memory (issue 18, points 1–4), 414×896', () => {
  it('point 1: 我妈 is answered with 妈妈\'s profile, a missing relative is offered, switching member re-asks, a conflicting medicine warns', async () => {
    const { context, page, errors } = await phonePage(browser);
    await page.addLocatorHandler(tid(page, 'rating-dialog'), async () => {
      await tid(page, 'rating-later').click();
    });
    const { api, selfId } = await session(page);
    await api(routes.family.editUserInfo, { id: selfId, sex: 'M', birthDate: `${year - 36}-05-01`, height: 175, weight: 72 });
    const mom = (await api<{ id: number }>(routes.family.saveUserInfo, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: `${year - 63}-03-01`, height: 158, weight: 60 })).id;
    await api(routes.family.batchSaveRecords, { userInfoId: mom, records: [{ type: 'allergy', name: '青霉素类', detail: { allergenType: 'drug' } }] });
    await home(page);
    expect(await tid(page, 'role-chip').getAttribute('data-current')).toBe(String(selfId));

    // 本人 selected, the question about 我妈: her profile, said first, the allergy decides.
    await ask(page, '我妈能吃阿莫西林吗');
    const note = lastTurn(page).getByTestId('answer-member');
    expect(await note.textContent()).toBe('按妈妈的资料回答');
    expect(await note.getAttribute('data-member')).toBe(String(mom));
    const text = (await lastTurn(page).getByTestId('answer-text').textContent()) ?? '';
    expect(text).toMatch(/过敏/u);
    expect(text).toMatch(/禁用|不建议/u);
    expect(text).not.toMatch(/成人用法/u);
    await note.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await settle(page);
    await shot(page, 'conv-01-member-note');

    // A relative the family lacks: the answer offers to add 丈夫 (the role preset in the form).
    await ask(page, '我老公最近总是失眠怎么办');
    const prompt = lastTurn(page).getByTestId('role-question');
    await prompt.waitFor();
    expect(await prompt.textContent()).toContain('家庭成员里还没有丈夫');
    expect(await prompt.getByTestId('role-question-add').textContent()).toContain('添加丈夫');
    await prompt.scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'conv-02-add-relative');
    await prompt.getByTestId('role-question-add').click();
    await tid(page, 'add-role-popup').waitFor();
    await expect.poll(() => tid(page, 'role-option-ROLE_2000').getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(400);
    await shot(page, 'conv-03-add-relative-form');
    await page.keyboard.press('Escape');
    await page.locator('.adm-mask').filter({ visible: true }).last().click({ position: { x: 10, y: 10 } }).catch(() => undefined);
    await tid(page, 'add-role-popup').waitFor({ state: 'hidden' });

    // Switching member re-asks the last question for the member now selected.
    const before = await tid(page, 'chat-turn').count();
    await tid(page, 'role-chip').click();
    await tid(page, 'change-role-popup').waitFor();
    await page.locator(`[data-testid="role-item"][data-id="${mom}"]`).click();
    await expect.poll(() => tid(page, 'chat-turn').count(), { timeout: 15_000 }).toBe(before + 1);
    await answered(page);
    expect(await lastTurn(page).getByTestId('chat-question').textContent()).toBe('我老公最近总是失眠怎么办');
    expect(await tid(page, 'role-chip').getAttribute('data-current')).toBe(String(mom));
    await settle(page);
    await shot(page, 'conv-04-reasked');

    // Adding 阿莫西林 as 妈妈's long-term medicine warns about her penicillin allergy.
    await page.goto(`${server.url}/#/user/illness?type=medicine&id=${mom}`);
    await tid(page, 'record-search').fill('阿莫西林');
    await tid(page, 'suggestion-item').filter({ hasText: '阿莫西林' }).first().click();
    const warnings = tid(page, 'record-warnings');
    await warnings.waitFor({ timeout: 10_000 });
    expect(await warnings.locator('li[data-kind="allergy"]').count()).toBeGreaterThan(0);
    expect(await warnings.textContent()).toMatch(/青霉素/u);
    await page.waitForTimeout(400);
    await shot(page, 'conv-05-record-warning');
    // Cancelled: nothing added.
    await page.locator('.adm-dialog-button').filter({ hasText: '取消' }).click();
    await warnings.waitFor({ state: 'detached' });
    const saved = await page.evaluate(async ({ url, id }) => {
      const token = (JSON.parse(localStorage.getItem('chatdr.token') ?? '{}') as { value?: string }).value ?? '';
      const res = await fetch(`${url}?userInfoId=${id}`, { headers: { authorization: token } });
      return ((await res.json()) as { data: { records: { medicine: unknown[] } } }).data.records.medicine.length;
    }, { url: urlOf(routes.family.getPersonalRecord), id: mom });
    expect(saved).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('point 2: the self-check keeps headache and fever with their red flags to the conclusion; the city chip and the doctor-question chip continue their flow', async () => {
    const { context, page, errors } = await phonePage(browser);
    await page.addLocatorHandler(tid(page, 'rating-dialog'), async () => {
      await tid(page, 'rating-later').click();
    });
    const { api, selfId } = await session(page);
    await api(routes.family.editUserInfo, { id: selfId, sex: 'M', birthDate: `${year - 36}-05-01`, height: 175, weight: 72 });
    await home(page);

    // 症状自查 from the skill picker, then 没有 to every question.
    await tid(page, 'skill-open').click();
    await tid(page, 'skill-picker').waitFor();
    await tid(page, 'skill-zzzc').click();
    await ask(page, '头痛发烧两天');
    const questions: string[] = [];
    for (let i = 0; i < 10; i++) {
      const iv = lastTurn(page).getByTestId('interview');
      if ((await iv.count()) === 0) break;
      questions.push((await lastTurn(page).getByTestId('answer-text').textContent()) ?? '');
      if (i === 0) {
        await settle(page);
        await shot(page, 'conv-06-self-check-red-flag');
      }
      await sendAndWait(page, () => iv.getByTestId('interview-chip').filter({ hasText: '没有' }).click());
    }
    expect(questions[0]).toMatch(/脖子|颈/u);
    expect(questions.join('|')).toMatch(/出血点/u);
    const conclusion = (await lastTurn(page).getByTestId('answer-text').textContent()) ?? '';
    expect(conclusion).toContain('自查结论');
    expect(conclusion).toMatch(/症状：头痛、发热/u);
    expect(conclusion).not.toContain('症状：未明确');
    expect(conclusion).not.toContain('耳鼻咽喉科');
    await settle(page);
    await shot(page, 'conv-07-self-check-conclusion');

    // The hospital finder asks for the city; the chip 我在北京 answers it.
    await ask(page, '附近有什么好的三甲医院');
    expect(await lastTurn(page).getByTestId('answer-text').textContent()).toContain('请告诉我你所在的城市');
    await sendAndWait(page, () => lastTurn(page).getByTestId('follow-up').filter({ hasText: '我在北京' }).click());
    expect(await lastTurn(page).getByTestId('chat-question').textContent()).toBe('我在北京');
    const hospitals = (await lastTurn(page).getByTestId('answer-text').textContent()) ?? '';
    expect(hospitals).not.toContain('知识库暂时没有');
    expect(hospitals).toContain('北京协和医院');
    await settle(page);
    await shot(page, 'conv-08-hospital-city');

    // A child's fever, then the chip worded as the doctor's question: the child's fever with a rash.
    await ask(page, '孩子3岁发烧38.5度怎么办');
    const chip = lastTurn(page).getByTestId('follow-up').filter({ hasText: /^有没有/u }).first();
    const chipText = ((await chip.textContent()) ?? '').trim();
    await sendAndWait(page, () => chip.click());
    expect(await lastTurn(page).getByTestId('chat-question').textContent()).toBe(chipText);
    const chipAnswer = (await lastTurn(page).getByTestId('answer-text').textContent()) ?? '';
    expect(chipAnswer).toMatch(/发热/u);
    expect(chipAnswer).toMatch(/儿科|孩子|儿童/u);
    // The missing child was offered with the first question, not again on the chip.
    expect(await lastTurn(page).getByTestId('role-question').count()).toBe(0);
    await settle(page);
    await shot(page, 'conv-09-chip-in-context');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('point 3: the report of a man of 45 uploaded with a woman of 30 selected is read with 爸爸\'s profile, and says so', async () => {
    const { context, page, errors } = await phonePage(browser);
    await page.addLocatorHandler(tid(page, 'rating-dialog'), async () => {
      await tid(page, 'rating-later').click();
    });
    const { api, selfId } = await session(page);
    await api(routes.family.editUserInfo, { id: selfId, sex: 'F', birthDate: `${year - 30}-01-01`, height: 160, weight: 52 });
    const dad = (await api<{ id: number }>(routes.family.saveUserInfo, { roleCode: 'ROLE_1000', name: '爸爸', birthDate: `${year - 45}-01-01`, height: 172, weight: 70 })).id;
    await home(page);
    await tid(page, 'upload-open').click();
    const popup = tid(page, 'upload-popup').filter({ visible: true });
    await popup.waitFor();
    await popup.getByTestId('upload-input-file').setInputFiles(path.join(FIXTURES, 'report-text.pdf'));
    await expect.poll(() => popup.getByTestId('upload-item').getAttribute('data-status'), { timeout: 60_000 }).toBe('2');
    await popup.getByTestId('upload-submit').click();
    await tid(page, 'chat-question-file').waitFor();
    await expect.poll(() => tid(page, 'chat-answer').last().getAttribute('data-status'), { timeout: 60_000 }).toBe('2');
    const answer = tid(page, 'chat-answer').last();
    await answer.getByTestId('answer-member').waitFor({ timeout: 30_000 });
    expect(await answer.getByTestId('answer-member').textContent()).toBe('报告上是男，45岁，按爸爸的资料解读');
    expect(await answer.getByTestId('answer-member').getAttribute('data-member')).toBe(String(dad));
    await expect.poll(() => answer.getByTestId('answer-text').textContent(), { timeout: 30_000 }).toMatch(/共解读\d+项/u);
    const text = (await answer.getByTestId('answer-text').textContent()) ?? '';
    expect(text.split('综合来看').length).toBeLessThanOrEqual(2);
    // The thread follows the newest content for a moment: scroll to the note once it is quiet.
    await settle(page);
    await page.waitForTimeout(1500);
    await answer.getByTestId('answer-member').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await shot(page, 'conv-10-report-person');

    expect(errors).toEqual([]);
    await context.close();
  });
});
