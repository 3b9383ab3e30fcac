import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { MSG, NOT_COMBINED_MESSAGE } from '@chatdr/contract';
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

/** The picker sheet that is open now (antd-mobile keeps closed ones mounted, hidden). */
const openSheet = (page: Page) => page.locator('.adm-popup-body').filter({ visible: true }).last();

/** Opens a picker row, moves each wheel to the given label (a click selects the item), confirms. */
async function pick(page: Page, rowTestId: string, labels: Array<string | null>) {
  await tid(page, rowTestId).click();
  const sheet = openSheet(page);
  await sheet.locator('.adm-picker-view').waitFor();
  const columns = sheet.locator('.adm-picker-view-column');
  for (const [i, label] of labels.entries()) {
    if (label === null) continue;
    const item = columns.nth(i).locator('.adm-picker-view-column-item').filter({ hasText: new RegExp(`^${label.replace('.', '\\.')}$`) });
    // Items far from the current one are not on screen: the wheel's own click handler selects them
    // (again if the wheel was still settling from its opening animation).
    await expect
      .poll(
        async () => {
          if ((await item.getAttribute('data-selected')) !== 'true') await item.dispatchEvent('click');
          await page.waitForTimeout(150);
          return item.getAttribute('data-selected');
        },
        { timeout: 8000 },
      )
      .toBe('true');
  }
  await sheet.getByTestId('picker-confirm').click();
  await sheet.waitFor({ state: 'hidden' });
}

async function toastText(page: Page): Promise<string> {
  const t = tid(page, 'toast');
  await expect.poll(() => t.evaluate((el) => el.classList.contains('is-visible'))).toBe(true);
  return (await t.textContent()) ?? '';
}

/** Screenshots wait until no toast covers the screen and the page transition (≤ 0.22 s) is over. */
async function noToast(page: Page) {
  await expect.poll(() => tid(page, 'toast').evaluate((el) => el.classList.contains('is-visible')).catch(() => false), { timeout: 5000 }).toBe(false);
  await page.waitForTimeout(450);
}

const rowValue = (row: Locator) => row.locator('.pick-row__value').textContent();

describe('family members and health files, end to end at 414×896', () => {
  it('a new user completes onboarding, adds 妈妈 as default consultant with 高血压, and finds her in the change-role popup', async () => {
    const { context, page, errors } = await phonePage(browser);
    const phone = randomPhone();

    // A new phone logs in with a code: isNewUser → the onboarding, not the home.
    await page.goto(`${server.url}/#/signin`);
    await tid(page, 'login-phone').fill(phone);
    await tid(page, 'login-send-code').click();
    await tid(page, 'login-code').fill(await server.code(phone));
    await tid(page, 'login-agreement').check();
    await tid(page, 'login-submit').click();
    await tid(page, 'onboarding-page').waitFor({ timeout: 15_000 });
    expect(page.url()).toContain('#/user/newUser');

    // Step 1: own sex.
    await expect.poll(() => tid(page, 'onboarding-step').getAttribute('data-step')).toBe('1');
    await noToast(page);
    await shot(page, 'onboarding');
    await tid(page, 'onboarding-sex-F').click();
    await tid(page, 'onboarding-next').click();

    // Step 2: birth date, height and weight (请选择 until chosen; the wheels start on the defaults).
    await expect.poll(() => tid(page, 'onboarding-step').getAttribute('data-step')).toBe('2');
    expect(await rowValue(tid(page, 'onboarding-birth'))).toBe(MSG.pleaseChoose);
    await tid(page, 'onboarding-save').click();
    expect(await toastText(page)).toBe(`${MSG.pleaseChoose}出生日期`);
    await pick(page, 'onboarding-birth', ['1992年', '6月', '15日']);
    expect(await rowValue(tid(page, 'onboarding-birth'))).toBe('1992-06-15');
    await pick(page, 'onboarding-height', ['165']);
    await pick(page, 'onboarding-weight', ['52', '.5']);
    expect(await rowValue(tid(page, 'onboarding-weight'))).toBe('52.5 kg');
    await tid(page, 'onboarding-save').click();

    // Step 3: add a family member.
    await expect.poll(() => tid(page, 'onboarding-step').getAttribute('data-step')).toBe('3');
    await tid(page, 'onboarding-add-member').click();
    await tid(page, 'role-page').waitFor();

    // The add-member rules of account-health §5.
    const name = tid(page, 'member-name');
    const confirm = tid(page, 'member-confirm');
    expect(await name.getAttribute('placeholder')).toBe(MSG.nicknamePlaceholder);
    expect(await confirm.isDisabled()).toBe(true);
    await name.click();
    expect(await toastText(page)).toBe(MSG.chooseRoleFirst);
    await tid(page, 'role-option-ROLE_1100').click();
    expect(await name.inputValue()).toBe('妈妈');
    expect(await tid(page, 'member-sex-F').getAttribute('aria-checked')).toBe('true');
    // Fixed by the role: the choice is locked (aria-disabled), a tap changes nothing.
    await tid(page, 'member-sex-M').click({ force: true });
    expect(await tid(page, 'member-sex-F').getAttribute('aria-checked')).toBe('true');
    expect(await name.getAttribute('maxlength')).toBe('10');
    await name.fill('');
    expect(await confirm.isDisabled()).toBe(true);
    await name.fill('妈妈');
    expect(await confirm.isDisabled()).toBe(false);
    expect(await page.getByText(MSG.defaultConsultantHint).isVisible()).toBe(true);
    expect(await tid(page, 'member-default').getAttribute('aria-checked')).toBe('false');
    await confirm.click();
    expect(await toastText(page)).toBe(`${MSG.pleaseChoose}出生日期`);

    await pick(page, 'member-birth', ['1965年', '3月', '8日']);
    await pick(page, 'member-height', ['158']);
    await pick(page, 'member-weight', ['61', '.5']);
    await tid(page, 'member-default').click();
    expect(await tid(page, 'member-default').getAttribute('aria-checked')).toBe('true');
    expect(await rowValue(tid(page, 'member-birth'))).toBe('1965-03-08');
    expect(await rowValue(tid(page, 'member-height'))).toBe('158 cm');
    expect(await rowValue(tid(page, 'member-weight'))).toBe('61.5 kg');
    await page.evaluate(() => window.scrollTo(0, 0));
    await noToast(page);
    await shot(page, 'add-member');

    // Confirm: audit (校验中) → name check → save → her profile.
    await confirm.click();
    await tid(page, 'member-profile-page').waitFor({ timeout: 15_000 });
    expect(await tid(page, 'member-profile-name').textContent()).toBe('妈妈');
    expect(await tid(page, 'profile-default').getAttribute('aria-checked')).toBe('true');
    await noToast(page);
    await shot(page, 'member-profile');

    // Her past diseases: type 高血, pick 高血压 from the suggestions.
    await tid(page, 'profile-health-file').click();
    await tid(page, 'health-file-page').waitFor();
    await tid(page, 'file-card-disease').click();
    await tid(page, 'record-page').waitFor();
    await tid(page, 'record-search').fill('高血');
    const suggestion = page.locator('[data-testid="suggestion-item"][data-name="高血压"]');
    await suggestion.waitFor({ timeout: 10_000 });
    await suggestion.click();
    await page.locator('[data-testid="record-item"][data-name="高血压"]').waitFor();
    await noToast(page);
    await shot(page, 'illness');
    await tid(page, 'record-done').click();

    // The health file shows it.
    await tid(page, 'health-file-page').waitFor();
    const disease = tid(page, 'file-card-disease');
    await expect.poll(() => disease.textContent()).toContain('高血压');
    expect(await page.locator('[data-testid="member-chip"][aria-pressed="true"]').textContent()).toContain('妈妈');
    await page.evaluate(() => window.scrollTo(0, 0));
    await noToast(page);
    await shot(page, 'health-file');

    // The chat home: the change-role popup lists her, marked default.
    await tid(page, 'nav-back').click();
    await tid(page, 'nav-back').click();
    await page.goto(`${server.url}/#/`);
    const chip = tid(page, 'role-chip');
    await chip.waitFor({ timeout: 15_000 });
    await chip.click();
    const popup = tid(page, 'change-role-popup');
    await popup.waitFor();
    const mum = popup.locator('[data-testid="role-item"][data-name="妈妈"]');
    await mum.waitFor();
    expect(await mum.getAttribute('data-default')).toBe('true');
    await page.waitForTimeout(400);
    await shot(page, 'change-role');
    await mum.click();
    await expect.poll(() => chip.textContent()).toContain('妈妈');

    // 不结合档案: the confirm dialog once, then remembered.
    await chip.click();
    await popup.waitFor();
    await tid(page, 'role-item-none').click();
    const dialog = page.locator('.adm-dialog-body').filter({ visible: true });
    await dialog.waitFor();
    expect(await dialog.locator('.adm-dialog-title').textContent()).toBe(MSG.notCombinedTitle);
    expect(await dialog.locator('.adm-dialog-content').textContent()).toBe(NOT_COMBINED_MESSAGE);
    await dialog.locator('.adm-dialog-button', { hasText: MSG.confirm }).click();
    await expect.poll(() => chip.textContent()).toContain(MSG.notCombinedTitle);
    await chip.click();
    await popup.waitFor();
    await tid(page, 'role-item-none').click();
    await page.waitForTimeout(500);
    expect(await page.locator('.adm-dialog-body').filter({ visible: true }).count()).toBe(0);

    expect(errors).toEqual([]);
    await context.close();
  });
});
