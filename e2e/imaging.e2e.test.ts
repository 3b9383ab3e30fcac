import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { startTestPacs, testPacsAvailable, type TestPacs } from '../apps/server/src/modules/imaging/testing/test-pacs.ts';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

// Hospital imaging end to end: Orthanc (Debian, DICOMweb plugin) holds CT and MR studies made by
// DCMTK; the user authorises the patient's phone with its SMS code, links the hospital patient to
// 本人, lists the studies and opens the CT in the dwv viewer (scripts/ensure-orthanc.sh).
const available = await testPacsAvailable();
if (!available && process.env.ORTHANC_REQUIRED === '1') throw new Error('Orthanc/DCMTK missing: run scripts/ensure-orthanc.sh');

let server: Server | undefined;
let browser: Browser;
let pacs: TestPacs | undefined;
beforeAll(async () => {
  if (!available) return;
  pacs = await startTestPacs();
  [server, browser] = await Promise.all([startServer({ IMAGING_DICOMWEB_URL: pacs.url }), launch()]);
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pacs?.stop();
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();

describe.skipIf(!available)('hospital imaging at 414×896: authorise, list, open a study from Orthanc', () => {
  it('authorises the patient’s phone with its SMS code, links the patient to 本人, lists the studies and opens the CT in the viewer', async () => {
    const s = server as Server;
    const p = pacs as TestPacs;
    const { page, errors } = await phonePage(browser);
    const phone = randomPhone();
    const post = async (r: RouteDef, body: unknown) => (await (await fetch(s.url + urlOf(r), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as { code: number; data: { sessionId: string } };
    await post(routes.auth.sendLoginCode, { phone });
    const token = (await post(routes.auth.phoneLogin, { phone, code: await s.code(phone) })).data.sessionId;
    await page.goto(`${s.url}/#/`);
    await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);

    // A full page load with the token stored: a hash-only goto would be handled by the logged-out app
    // still running (RequireLogin sends it to '/'), and a reload after that reloads '/'.
    await page.goto('about:blank');
    await page.goto(`${s.url}/#/user/image/list`);
    await tid(page, 'image-list-page').waitFor().catch(async (e: unknown) => {
      await shot(page, 'imaging-debug');
      throw new Error(`${String(e)} url=${page.url()} errors=${errors.join(' | ')} body=${(await page.locator('body').innerText()).slice(0, 300)}`);
    });
    await tid(page, 'imaging-empty').waitFor();
    await shot(page, 'imaging-list-empty');
    await tid(page, 'imaging-auth-entry').click();

    await tid(page, 'image-auth-page').waitFor();
    await tid(page, 'imaging-other-phone').click();
    const patientPhone = p.studies[0]!.phone;
    await tid(page, 'imaging-phone').fill(patientPhone);
    await tid(page, 'imaging-send-code').click();
    await tid(page, 'imaging-code-sent').waitFor();
    await tid(page, 'imaging-code').fill(await s.code(patientPhone));
    await shot(page, 'imaging-auth');
    await tid(page, 'imaging-submit').click();
    await expect.poll(() => page.locator('[data-testid="imaging-patient"]').count(), { timeout: 30_000 }).toBe(2);
    // Link Zhang Wei (the CT and MR) to 本人: the first member chip of his card.
    const wei = page.locator('[data-testid="imaging-patient"]', { hasText: 'Zhang Wei' });
    await wei.locator('[data-testid="imaging-bind-member"]').first().click();
    await expect.poll(() => wei.textContent()).toContain('已关联');
    await shot(page, 'imaging-auth-patients');
    await tid(page, 'imaging-auth-done').click();

    await tid(page, 'image-list-page').waitFor();
    await expect.poll(() => page.locator('[data-testid="imaging-study"]').count(), { timeout: 30_000 }).toBe(2);
    const texts = await page.locator('[data-testid="imaging-study"]').allTextContents();
    expect(texts[0]).toContain('胸部CT平扫');
    expect(texts[1]).toContain('头颅MR平扫');
    await shot(page, 'imaging-list');

    await page.locator('[data-testid="imaging-study"]').first().click();
    await tid(page, 'image-detail-page').waitFor();
    await page.locator('[data-testid="dicom-stage"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => tid(page, 'dicom-slice').textContent()).toMatch(/第 \d\/6 张/);
    // The image is drawn: dwv's canvas has non-black pixels.
    const drawn = await page.locator('[data-testid="dicom-stage"] canvas').first().evaluate((c: HTMLCanvasElement) => {
      const ctx = c.getContext('2d');
      if (!ctx) return 0;
      const d = ctx.getImageData(0, 0, c.width, c.height).data;
      let lit = 0;
      for (let i = 0; i < d.length; i += 4) if ((d[i] ?? 0) > 30) lit++;
      return lit;
    });
    expect(drawn).toBeGreaterThan(1000);
    expect(await tid(page, 'dicom-wl').textContent()).toContain('窗位 40 窗宽 400');
    // Series scrolling: the slider moves to the 4th slice.
    await tid(page, 'dicom-slider').fill('4');
    await expect.poll(() => tid(page, 'dicom-slice').textContent()).toBe('第 4/6 张');
    await shot(page, 'imaging-viewer');
    // The second series.
    await page.locator('[data-testid="imaging-series-tab"]').nth(1).click();
    await page.locator('[data-testid="dicom-stage"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await expect.poll(() => tid(page, 'dicom-slice').textContent()).toMatch(/\/4 张/);
    expect(errors).toEqual([]);
  }, 240_000);
});
