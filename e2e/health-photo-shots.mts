// Screenshots (414×896) of two health screens' less common states, for looking at them:
// an indicator of a member whose sex is not filled in (both sexes' ranges), and the blood-pressure
// sheet filled from a photo of the meter (drawn by apps/server's bp-display fixture).
// Needs a build (`npm run build`). Run: node --import tsx e2e/health-photo-shots.mts
import { bpMeterPhoto } from '../apps/server/src/modules/media/testing/bp-display.ts';
import { launch, phonePage, shot, startServer } from './harness.ts';
import { signIn, tid } from './health-steps.ts';
import type { Page } from 'playwright-core';

/** No toast over the screen (health-steps' settle needs vitest). */
const settle = (page: Page) => page.waitForTimeout(3200);

const server = await startServer();
const browser = await launch();
try {
  const { page, errors } = await phonePage(browser);
  await signIn(page, server);

  // Uric acid 400 μmol/L for a member whose sex is unknown: 男正常 · 女偏高.
  await page.goto(`${server.url}/#/indicator/edit?type=lab.uric-acid`);
  await tid(page, 'indicator-value').fill('400');
  await tid(page, 'indicator-save').click();
  await tid(page, 'indicator-latest').waitFor();
  await tid(page, 'indicator-sex-note').waitFor({ timeout: 5000 }).catch(() => console.log('no sex note'));
  await settle(page);
  await shot(page, 'indicator-sex-unknown');
  console.log('flag:', await tid(page, 'indicator-flag').first().textContent());

  // The blood-pressure sheet, filled from a photo of the meter showing 138/86, pulse 75.
  await page.goto(`${server.url}/#/user/blood-pressure`);
  await tid(page, 'bp-add').click();
  await tid(page, 'bp-form').waitFor();
  await settle(page);
  await shot(page, 'bp-photo-idle');
  await tid(page, 'bp-photo-input').setInputFiles({ name: 'meter.jpg', mimeType: 'image/jpeg', buffer: await bpMeterPhoto({ systolic: 138, diastolic: 86, pulse: 75 }) });
  await page.waitForFunction(() => ['read', 'unread', 'failed'].includes(document.querySelector('[data-testid="bp-photo"]')?.getAttribute('data-state') ?? ''), undefined, { timeout: 120_000 });
  console.log('photo state:', await tid(page, 'bp-photo').getAttribute('data-state'), await tid(page, 'bp-systolic').locator('input').inputValue().catch(() => '?'));
  await settle(page);
  await shot(page, 'bp-photo-read');
  await tid(page, 'bp-save').click();
  await tid(page, 'bp-form').waitFor({ state: 'hidden' });
  await tid(page, 'bp-latest').waitFor();
  await settle(page);
  await shot(page, 'bp-photo-saved');
  console.log('errors:', errors);
} finally {
  await browser.close();
  await server.stop();
}
