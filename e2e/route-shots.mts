// Screenshots of every route at 414×896 for before/after comparisons of a styling change.
// Logs a fresh test user in the way the e2e journeys do (SMS code from the dev outbox, onboarding
// skipped), then visits each route. Needs a build (`npm run build`).
// Run: node --import tsx e2e/route-shots.mts <label>   → e2e/screenshots/routes/<label>/<route>.png
import fs from 'node:fs';
import path from 'node:path';
import { SHOTS, launch, phonePage, randomPhone, startServer } from './harness.ts';

const label = process.argv[2] ?? 'now';
const only = process.argv[3] ? new RegExp(process.argv[3]) : null;
const ROUTES = [
  '/',
  '/user',
  '/user/account',
  '/user/setting',
  '/user/fontsize',
  '/user/about',
  '/user/off',
  '/user/role',
  '/user/profile',
  '/user/mine',
  '/user/bmi',
  '/user/illness',
  '/user/new-health-history',
  '/user/form',
  '/user/folder/list',
  '/user/folder/scan',
  '/user/notify',
  '/user/review',
  '/med-remind/list',
  '/chat/search',
  '/chat/collect',
  '/chat/shares',
  '/healthreport/question',
  '/user/blood-pressure',
  '/user/blood-pressure/info',
  '/indicator/list',
  '/indicator/init',
  '/user/eat',
  '/user/sport',
  '/user/guide',
  '/user/medicine',
  '/user/emr',
  '/user/emr/add',
  '/pkg/service/info',
  '/pkg/pay/users',
  '/user/order',
  '/file',
  '/user/folder/detail',
  '/indicator/edit',
  '/indicator/detail',
  '/indicator/history',
  '/pkg/pay/order',
  '/pkg/pay/confirm',
  '/pkg/pay/success',
  '/pkg/pay/certificate',
  '/healthreport/1',
  '/pdf',
  '/demo/upload',
  '/im/chat',
  '/user/plan',
];
/** Screens of the sign-in flow, taken logged out. */
const LOGGED_OUT = ['/phone', '/verify', '/setting', '/apply', '/file', '/clinic'];

const dir = path.join(SHOTS, 'routes', label);
fs.mkdirSync(dir, { recursive: true });
const server = await startServer();
const browser = await launch();
try {
  // Logged-out screens first.
  {
    const { page, context } = await phonePage(browser);
    await page.goto(`${server.url}/#/signin`);
    await page.getByTestId('login-phone').waitFor();
    await page.waitForTimeout(600);
    await page.screenshot({ path: path.join(dir, 'signin.png') });
    for (const route of LOGGED_OUT) {
      if (only && !only.test(route)) continue;
      await page.goto(`${server.url}/#${route}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.waitForTimeout(700);
      await page.screenshot({ path: path.join(dir, `out${route.replaceAll('/', '_')}.png`), fullPage: true });
    }
    await context.close();
  }
  const { page } = await phonePage(browser);
  const phone = randomPhone();
  await page.goto(`${server.url}/#/signin`);
  await page.getByTestId('login-phone').fill(phone);
  await page.getByTestId('login-send-code').click();
  await page.getByTestId('login-code').fill(await server.code(phone));
  await page.getByTestId('login-agreement').check();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('onboarding-page').waitFor({ timeout: 15_000 });
  await page.screenshot({ path: path.join(dir, 'onboarding.png') });
  await page.getByTestId('onboarding-skip').click();
  await page.getByTestId('greeting').waitFor({ timeout: 15_000 });
  await page.waitForTimeout(2600); // let the success toast fade
  for (const route of ROUTES) {
    if (only && !only.test(route)) continue;
    await page.goto(`${server.url}/#${route}`);
    await page.waitForLoadState('networkidle').catch(() => undefined);
    // A loaded machine can still show a screen's loading state here: wait for it to settle.
    await page.getByText('加载中…').first().waitFor({ state: 'hidden', timeout: 8000 }).catch(() => undefined);
    await page.waitForTimeout(900);
    const name = route === '/' ? 'home' : route.slice(1).replaceAll('/', '_');
    await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
  }
  console.log(`screenshots in ${dir}`);
} finally {
  await browser.close();
  await server.stop();
}
