import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@chatdr/contract';
import { launch, phonePage, shot as harnessShot, startServer, type Server } from './harness.ts';
import { settle, signIn } from './health-steps.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../apps/server/test/fixtures');
/** Screenshots also go here when MEDIA_SHOTS is set (e.g. /tmp/media-shots). */
const EXTRA = process.env.MEDIA_SHOTS;

let server: Server;
let browser: Awaited<ReturnType<typeof launch>>;
beforeAll(async () => {
  // Report steps of 100 ms instead of 5 s, so the reading completes within the test.
  [server, browser] = await Promise.all([startServer({ REPORT_STEP_MS: '100' }), launch()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.getByTestId(id);

async function shot(page: Page, name: string) {
  await harnessShot(page, name);
  if (EXTRA) {
    fs.mkdirSync(EXTRA, { recursive: true });
    await page.screenshot({ path: path.join(EXTRA, `${name}.png`) });
  }
}

async function toastText(page: Page): Promise<string> {
  const t = tid(page, 'toast');
  await expect.poll(() => t.evaluate((el) => el.classList.contains('is-visible'))).toBe(true);
  return (await t.textContent()) ?? '';
}

const popup = (page: Page) => tid(page, 'upload-popup').filter({ visible: true });

describe('uploads, the file folder and report reading, end to end at 414×896', () => {
  it('shows each upload scene, uploads the text PDF report, files it, opens it from the folder and reads the report', async () => {
    const { context, page, errors } = await phonePage(browser);
    await signIn(page, server);

    // The popup's four scenes (chat-core §2).
    const scenes: Array<[string, string, string[]]> = [
      ['report', '查报告', ['upload-kind-report', 'upload-kind-checkup']],
      ['send', '发送资料', ['upload-kind-medical', 'upload-kind-skin', 'upload-kind-bodyPart']],
      ['upload', '上传资料', ['upload-kind-other']],
      ['medicine', '查用药', ['upload-kind-medicineBox']],
    ];
    for (const [scene, title, kinds] of scenes) {
      await page.goto(`${server.url}/#/demo/upload?scene=${scene}${scene === 'send' ? '&skin=1' : ''}`);
      await expect.poll(() => popup(page).getAttribute('data-scene')).toBe(scene);
      expect(await popup(page).getByTestId('upload-title').textContent()).toBe(title);
      for (const k of kinds) await popup(page).getByTestId(k).waitFor();
      expect(await popup(page).getByTestId('upload-footer').textContent()).toContain('加密');
      await page.waitForTimeout(400);
      await shot(page, `upload-${scene}`);
    }

    // 查报告: a wrong type is refused; the PDF uploads with progress to 2 success; 解读 hands it back.
    await page.goto(`${server.url}/#/demo/upload?scene=report`);
    await popup(page).waitFor();
    expect(await popup(page).getByTestId('upload-submit').isDisabled()).toBe(true);
    await popup(page).getByTestId('upload-input-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    expect(await toastText(page)).toBe('仅支持图片（JPG、PNG、WEBP、HEIC）和PDF文件');
    await popup(page).getByTestId('upload-input-file').setInputFiles(path.join(FIXTURES, 'report-text.pdf'));
    const item = popup(page).getByTestId('upload-item');
    await expect.poll(() => item.getAttribute('data-status'), { timeout: 30_000 }).toBe('2');
    await settle(page);
    await shot(page, 'upload-report-done');
    await popup(page).getByTestId('upload-submit').click();
    await expect.poll(() => tid(page, 'upload-demo-result').getAttribute('data-count')).toBe('1');
    expect(await tid(page, 'upload-demo-result').locator('li').first().getAttribute('data-folder-type')).toBe('report');

    // 查用药: a 2400×2400 noise PNG (far over 2 MB) is compressed to a JPEG of at most 2 MB before it goes up.
    await page.goto(`${server.url}/#/demo/upload?scene=medicine`);
    await popup(page).waitFor();
    const png = await page.evaluate(async () => {
      const c = document.createElement('canvas');
      c.width = 2400;
      c.height = 2400;
      const ctx = c.getContext('2d');
      if (!ctx) throw new Error('no canvas');
      const img = ctx.createImageData(c.width, c.height);
      for (let i = 0; i < img.data.length; i++) img.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
      ctx.putImageData(img, 0, 0);
      const blob = await new Promise<Blob | null>((r) => c.toBlob(r, 'image/png'));
      if (!blob) throw new Error('no blob');
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(bin);
    });
    const buffer = Buffer.from(png, 'base64');
    const picked = buffer.length;
    await popup(page).getByTestId('upload-input-album').setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer });
    expect(picked).toBeGreaterThan(2 * 1024 * 1024);
    await expect.poll(() => popup(page).getByTestId('upload-item').getAttribute('data-status'), { timeout: 60_000 }).toBe('2');
    await popup(page).getByTestId('upload-submit').click();
    const sent = tid(page, 'upload-demo-result').locator('li').first();
    await sent.waitFor();
    expect(await sent.getAttribute('data-type')).toBe('image');
    expect(Number(await sent.getAttribute('data-size'))).toBeLessThanOrEqual(2 * 1024 * 1024);

    // The folder: scan (上传资料) → list grouped by type → detail → interpretation.
    await page.goto(`${server.url}/#/user/folder/list`);
    await tid(page, 'folder-empty').waitFor();
    await tid(page, 'folder-empty-upload').click();
    await tid(page, 'folder-scan-page').waitFor();
    await tid(page, 'scan-pick').click();
    await popup(page).waitFor();
    expect(await popup(page).getAttribute('data-scene')).toBe('upload');
    await popup(page).getByTestId('upload-input-file').setInputFiles(path.join(FIXTURES, 'report-text.pdf'));
    await expect.poll(() => popup(page).getByTestId('upload-item').getAttribute('data-status'), { timeout: 30_000 }).toBe('2');
    await popup(page).getByTestId('upload-submit').click();
    expect(await toastText(page)).toBe('已保存到资料夹');
    await tid(page, 'folder-list').waitFor();
    const row = tid(page, 'folder-item').first();
    await row.waitFor();
    expect(await row.getAttribute('data-type')).toBe('report');
    expect(await tid(page, 'folder-group').first().getAttribute('data-type')).toBe('report');
    await settle(page);
    await shot(page, 'folder-list');

    await row.click();
    await tid(page, 'folder-detail').waitFor();
    await settle(page);
    await shot(page, 'folder-detail');

    // Back is the route-back hook: the member's list, never a stale page.
    await tid(page, 'nav-back').click();
    await tid(page, 'folder-list').waitFor();
    expect(page.url()).toContain('#/user/folder/list');
    await tid(page, 'folder-item').first().click();
    await tid(page, 'folder-interpret').click();
    await tid(page, 'report-page').waitFor();
    expect(page.url()).toMatch(/#\/healthreport\/r[\w-]+$/);
    await tid(page, 'report').waitFor({ timeout: 30_000 });

    // Abnormal items first, flags from the server: 血红蛋白 118 is low (↓, blue), never the printed arrow.
    const hgb = page.locator('[data-testid="report-item"][data-name="血红蛋白"]');
    expect(await hgb.first().getAttribute('data-flag')).toBe('low');
    expect(await hgb.first().getByTestId('report-flag').textContent()).toBe('↓');
    expect(await hgb.first().evaluate((el) => el.classList.contains('is-low'))).toBe(true);
    const flags = await tid(page, 'report-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-flag')));
    const firstNormal = flags.findIndex((f) => f === 'normal' || f === 'unknown');
    expect(firstNormal).toBeGreaterThan(0);
    expect(flags.slice(firstNormal).every((f) => f === 'normal' || f === 'unknown')).toBe(true);
    expect(Number(await tid(page, 'report-abnormal-count').getAttribute('data-count'))).toBe(firstNormal);
    await tid(page, 'report-header').waitFor();
    await settle(page);
    await shot(page, 'report');
    const explain = tid(page, 'report-explain');
    if (await explain.count()) {
      expect(await tid(page, 'report-explain-item').first().getAttribute('data-name')).toBeTruthy();
      await explain.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.evaluate(() => window.scrollBy(0, -60));
      await page.waitForTimeout(300);
      await shot(page, 'report-explain');
    }
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForTimeout(300);
    await shot(page, 'report-bottom');

    // Common questions, then the original file in the PDF viewer (chat-core §4).
    await tid(page, 'report-questions').click();
    await tid(page, 'question-page').waitFor();
    expect(await tid(page, 'question-item').count()).toBe(6);
    await page.waitForTimeout(400);
    await shot(page, 'report-questions');
    await tid(page, 'nav-back').click();
    await tid(page, 'report-view-file').click();
    await tid(page, 'pdf-page').waitFor();
    expect(await toastText(page)).toBe(MSG.downloading);
    await tid(page, 'pdf-view').waitFor();
    expect(await tid(page, 'pdf-view').getAttribute('data-cached')).toBe('false');
    // Inline where the page CSP allows blob: frames, else the file card with open and download.
    await tid(page, 'pdf-frame').or(tid(page, 'pdf-card')).waitFor();
    expect(await tid(page, 'pdf-download').getAttribute('download')).toBe('report-text.pdf');
    await settle(page);
    await shot(page, 'pdf');
    // Opened again while unchanged: the cached copy, no download.
    await tid(page, 'nav-back').click();
    await tid(page, 'report-view-file').click();
    await expect.poll(() => tid(page, 'pdf-view').getAttribute('data-cached')).toBe('true');

    // No name: 文件不存在.
    await page.goto(`${server.url}/#/pdf?id=mAAAAAAAAAAAAA`);
    expect(await toastText(page)).toBe(MSG.fileMissing);
    await tid(page, 'pdf-missing').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a report photo into the chat from the composer, shows its statuses and the interpretation, then opens it from the folder', async () => {
    const { context, page, errors } = await phonePage(browser);
    await signIn(page, server);
    await tid(page, 'upload-open').click();
    await popup(page).waitFor();
    expect(await popup(page).getAttribute('data-scene')).toBe('report');
    // A phone photo of the lab report (tilted, compressed): read by OCR on the server.
    await popup(page).getByTestId('upload-input-album').setInputFiles(path.join(FIXTURES, 'report-photo.jpg'));
    await expect.poll(() => popup(page).getByTestId('upload-item').getAttribute('data-status'), { timeout: 90_000 }).toBe('2');
    await popup(page).getByTestId('upload-submit').click();
    // The question carries the file; the answer is the report reading, abnormal items explained.
    await tid(page, 'chat-question-file').waitFor();
    // The statuses step to 4 first; the interpretation shows after them.
    await tid(page, 'chat-report-progress').waitFor({ timeout: 30_000 });
    await expect.poll(() => tid(page, 'chat-report-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('4');
    await tid(page, 'chat-answer').last().waitFor({ state: 'visible' });
    const answer = tid(page, 'answer-text').last();
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toMatch(/共解读\d+项，其中\d+项异常/u);
    await expect.poll(() => answer.textContent(), { timeout: 30_000 }).toContain('血红蛋白');
    await expect.poll(() => tid(page, 'chat-answer').last().getAttribute('data-status'), { timeout: 30_000 }).toBe('2');
    // The report message's stepped statuses reach 4 (complete) and open the structured report.
    await expect.poll(() => tid(page, 'chat-report-progress').getAttribute('data-status'), { timeout: 30_000 }).toBe('4');
    await shot(page, 'chat-report');
    await tid(page, 'chat-report-open').click();
    await tid(page, 'report').waitFor({ timeout: 30_000 });
    // The durable reading filed it for the member: open it from the folder.
    await page.goto(`${server.url}/#/user/folder/list`);
    await tid(page, 'folder-item').first().waitFor({ timeout: 30_000 });
    expect(await tid(page, 'folder-item').first().getAttribute('data-type')).toBe('report');
    await tid(page, 'folder-item').first().click();
    await tid(page, 'folder-detail').waitFor();
    await tid(page, 'folder-interpret').click();
    await tid(page, 'report').waitFor({ timeout: 30_000 });
    expect(await page.locator('[data-testid="report-item"][data-name="血红蛋白"]').first().getAttribute('data-flag')).toBe('low');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
