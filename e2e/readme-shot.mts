// Takes the README screenshot: the logged-in home at 414×896. Run: node --import tsx e2e/readme-shot.mts
import path from 'node:path';
import { launch, phonePage, randomPhone, startServer } from './harness.ts';

const server = await startServer();
const browser = await launch();
try {
  const { page } = await phonePage(browser);
  const phone = randomPhone();
  await page.goto(`${server.url}/#/signin`);
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  await page.getByTestId('login-code').fill(await server.code(phone));
  await page.getByTestId('login-agreement').check();
  await page.getByTestId('login-submit').click();
  // A new user lands on the onboarding page first.
  await page.getByTestId('onboarding-page').waitFor({ timeout: 15_000 });
  await page.getByTestId('onboarding-skip').click();
  await page.getByTestId('greeting').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(2600); // let the success toast fade
  await page.screenshot({ path: path.resolve(import.meta.dirname, '../docs/screenshots/home.png') });
} finally {
  await browser.close();
  await server.stop();
}
