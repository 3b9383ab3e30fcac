import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launch, phonePage, shot, startServer, type Server } from './harness.ts';
import { chinaInput, recordBp, settle, signIn, tid } from './health-steps.ts';

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures');
const popup = (page: Page) => tid(page, 'upload-popup').filter({ visible: true });

/** Picks a fixture in the open upload popup, waits for it to upload and hands it over. */
async function upload(page: Page, input: 'upload-input-file' | 'upload-input-album', file: string) {
  await popup(page).waitFor();
  await popup(page).getByTestId(input).setInputFiles(path.join(FIXTURES, file));
  await expect.poll(() => popup(page).getByTestId('upload-item').getAttribute('data-status'), { timeout: 60_000 }).toBe('2');
  await popup(page).getByTestId('upload-submit').click();
}

const login = (page: Page) => signIn(page, server);

describe('blood pressure and indicators, end to end at 414×896', () => {
  it('records three blood pressures and sees the trend, averages and each grade; 3级 gives the emergency advice', async () => {
    const { context, page, errors } = await phonePage(browser);
    await login(page);
    await page.goto(`${server.url}/#/user/blood-pressure`);
    await tid(page, 'bp-empty').waitFor();
    await settle(page);
    await shot(page, 'bp-empty');

    await recordBp(page, 118, 76, 68, chinaInput(7, 2));
    await recordBp(page, 146, 92, 80, chinaInput(21, 1));
    await settle(page);
    await tid(page, 'bp-add').click();
    await tid(page, 'bp-systolic').fill('172');
    await tid(page, 'bp-diastolic').fill('112');
    await tid(page, 'bp-save').click();
    // 3级 (≥180/≥110): the engine's advice in a dialog that must be acknowledged.
    const dialog = page.locator('.adm-dialog-body').filter({ visible: true });
    await dialog.waitFor();
    expect(await dialog.locator('.adm-dialog-title').textContent()).toBe('血压明显升高');
    expect(await dialog.locator('.adm-dialog-content').textContent()).toContain('120');
    await page.waitForTimeout(400);
    await shot(page, 'bp-emergency');
    await dialog.locator('.adm-dialog-button', { hasText: '我知道了' }).click();
    await expect.poll(() => page.locator('.adm-dialog-body').filter({ visible: true }).count()).toBe(0);

    await expect.poll(() => tid(page, 'bp-row').count()).toBe(3);
    expect(await tid(page, 'bp-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-category')))).toEqual(['grade3', 'grade1', 'normal']);
    expect(await tid(page, 'bp-latest-value').textContent()).toBe('172/112');
    expect(await tid(page, 'bp-latest-class').textContent()).toBe('高血压3级（重度）');
    expect(await tid(page, 'bp-avg').textContent()).toContain('145/93');
    expect(await tid(page, 'bp-high-count').textContent()).toContain('超出目标 2 次');
    // The trend is drawn (ECharts, SVG), with a point per reading per line.
    await tid(page, 'trend-chart').locator('svg').waitFor();
    await settle(page);
    await shot(page, 'bp-trend');
    await tid(page, 'bp-period-month').click();
    await expect.poll(() => tid(page, 'bp-period-month').getAttribute('aria-checked')).toBe('true');
    // The third reading is taken "now": it joins the 晨起 (04–12) or 晚间 (18–24) average when the
    // test runs in that slot, China time.
    const nowHour = new Date(Date.now() + 8 * 3600_000).getUTCHours();
    const nowSlot = nowHour >= 4 && nowHour < 12 ? 'morning' : nowHour >= 18 ? 'evening' : 'other';
    expect(await tid(page, 'bp-avg-morning').textContent()).toContain(nowSlot === 'morning' ? '145/94' : '1次');
    expect(await tid(page, 'bp-avg-morning').textContent()).toContain(nowSlot === 'morning' ? '2次' : '1次');
    expect(await tid(page, 'bp-avg-evening').textContent()).toContain(nowSlot === 'evening' ? '159/102' : '146/92');
    await tid(page, 'bp-list').scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'bp-list');

    await tid(page, 'bp-info-link').click();
    await tid(page, 'bp-categories').waitFor();
    expect(await tid(page, 'bp-target').textContent()).toContain('<140/90');
    await settle(page);
    await shot(page, 'bp-info');

    // The health file shows the latest reading from the database and leads back to the screen.
    await page.goto(`${server.url}/#/user/mine`);
    await expect.poll(() => tid(page, 'entry-bp-value').textContent().catch(() => null), { timeout: 10_000 }).toBe('172/112');
    await tid(page, 'health-entries').scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'health-file-entries');
    await tid(page, 'entry-bp').click();
    await tid(page, 'bp-latest').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records an indicator in mg/dL, sees it converted and flagged, adds a second value and finds both in the trend and history', async () => {
    const { context, page, errors } = await phonePage(browser);
    await login(page);
    await page.goto(`${server.url}/#/indicator/list`);
    await tid(page, 'indicator-empty').waitFor();
    await tid(page, 'indicator-add').click();
    await tid(page, 'indicator-search').fill('低密度');
    await expect.poll(() => tid(page, 'indicator-pick').count()).toBe(1);
    await settle(page);
    await shot(page, 'indicator-init');
    await tid(page, 'indicator-pick').click();

    await tid(page, 'indicator-value').fill('160');
    await tid(page, 'indicator-unit-mg/dL').click();
    await tid(page, 'indicator-time').fill(chinaInput(9, 90));
    await settle(page);
    await shot(page, 'indicator-edit');
    await tid(page, 'indicator-save').click();
    await tid(page, 'indicator-latest').waitFor();
    expect(await tid(page, 'indicator-latest-value').textContent()).toBe('4.138');
    expect(await tid(page, 'indicator-latest').getAttribute('data-flag')).toBe('high');

    await tid(page, 'indicator-record').click();
    await tid(page, 'indicator-value').fill('3.1');
    await tid(page, 'indicator-save').click();
    await expect.poll(() => tid(page, 'indicator-latest-value').textContent()).toBe('3.1');
    await tid(page, 'trend-chart').locator('svg').waitFor();
    await tid(page, 'indicator-explain').waitFor();
    await settle(page);
    await shot(page, 'indicator-detail');

    await tid(page, 'indicator-history-link').click();
    await expect.poll(() => tid(page, 'indicator-value-row').count()).toBe(2);
    expect(await tid(page, 'indicator-history').textContent()).toContain('原始值 160 mg/dL');
    await settle(page);
    await shot(page, 'indicator-history');

    await page.goto(`${server.url}/#/indicator/list`);
    await tid(page, 'indicator-row').first().waitFor();
    expect(await tid(page, 'indicator-row').getAttribute('data-type')).toBe('lab.ldl-c');
    await settle(page);
    await shot(page, 'indicator-list');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a high uric acid and a 3级 reading personalise the diet and exercise guides; "can I eat 啤酒" answers from the member\'s rules', async () => {
    const { context, page, errors } = await phonePage(browser);
    await login(page);
    // A lab value typed by hand (as a report would bring it) and a 3级 blood pressure.
    await page.goto(`${server.url}/#/indicator/edit?type=lab.uric-acid`);
    await tid(page, 'indicator-value').fill('520');
    await tid(page, 'indicator-save').click();
    await tid(page, 'indicator-latest').waitFor();
    await page.goto(`${server.url}/#/user/blood-pressure`);
    await tid(page, 'bp-add').click();
    await tid(page, 'bp-systolic').fill('186');
    await tid(page, 'bp-diastolic').fill('112');
    await tid(page, 'bp-save').click();
    await page.locator('.adm-dialog-button', { hasText: '我知道了' }).click();

    await page.goto(`${server.url}/#/user/guide`);
    await tid(page, 'guide-eat').waitFor();
    await expect.poll(() => tid(page, 'guide-eat').textContent()).toContain('尿酸偏高');
    await settle(page);
    await shot(page, 'guide');

    await tid(page, 'guide-eat').click();
    await tid(page, 'eat-rule').first().waitFor();
    expect(await tid(page, 'eat-rule').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule')))).toEqual(['diet-gout']);
    await tid(page, 'eat-food').fill('啤酒');
    await tid(page, 'eat-ask-button').click();
    await tid(page, 'eat-answer').waitFor();
    expect(await tid(page, 'eat-answer').getAttribute('data-verdict')).toBe('limit');
    await settle(page);
    await shot(page, 'eat');

    await page.goto(`${server.url}/#/user/sport`);
    await tid(page, 'sport-bp-caution').waitFor();
    await tid(page, 'sport-moderate').fill('90');
    await tid(page, 'sport-strength').fill('1');
    await tid(page, 'sport-evaluate').click();
    await tid(page, 'sport-result').waitFor();
    expect(await tid(page, 'sport-result').getAttribute('data-verdict')).toBe('below');
    await settle(page);
    await shot(page, 'sport');
    await tid(page, 'sport-result').scrollIntoViewIfNeeded();
    await settle(page);
    await shot(page, 'sport-evaluation');

    // The medicine box (filled by 查用药 photos of boxes): reachable from the health file.
    await page.goto(`${server.url}/#/user/mine`);
    await tid(page, 'entry-medicine').click();
    await tid(page, 'medicine-empty').waitFor();
    await settle(page);
    await shot(page, 'medicine-box-empty');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a medical record from a PDF and a medicine from a photo of its box, and finds them in /user/emr and the medicine box', async () => {
    const { context, page, errors } = await phonePage(browser);
    await login(page);
    await page.goto(`${server.url}/#/user/emr`);
    await tid(page, 'emr-empty').waitFor();
    await tid(page, 'emr-add').click();
    await tid(page, 'emr-pick').click();
    await upload(page, 'upload-input-file', 'report-text.pdf');
    await expect.poll(() => tid(page, 'emr-row').count(), { timeout: 20_000 }).toBe(1);
    await settle(page);
    await shot(page, 'emr-list');
    await tid(page, 'emr-row').locator('.hx-row__btn').click();
    await tid(page, 'emr-form').waitFor();
    await tid(page, 'emr-title').fill('门诊化验单');
    await page.waitForTimeout(300);
    await shot(page, 'emr-edit');
    await tid(page, 'emr-save').click();
    await expect.poll(() => tid(page, 'emr-row').textContent()).toContain('门诊化验单');

    await page.goto(`${server.url}/#/user/medicine`);
    await tid(page, 'medicine-empty').waitFor();
    await tid(page, 'medicine-add').click();
    await upload(page, 'upload-input-album', 'medicine-box.jpg');
    await expect.poll(() => tid(page, 'medicine-row').count(), { timeout: 20_000 }).toBe(1);
    await settle(page);
    await shot(page, 'medicine-box');

    // The health file counts both files from the database and leads to the folder.
    await page.goto(`${server.url}/#/user/mine`);
    await expect.poll(() => tid(page, 'entry-folder').textContent().catch(() => ''), { timeout: 10_000 }).toContain('共2份资料');
    await tid(page, 'entry-folder').click();
    await tid(page, 'folder-page').waitFor();
    expect(page.url()).toContain('#/user/folder/list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
