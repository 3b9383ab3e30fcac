import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, phonePage, shot, startServer, type Server } from './harness.ts';
import { signInWithMother } from './health-steps.ts';

let server: Server;
let browser: Browser;
let dataDir: string;
beforeAll(async () => {
  // An operator defines the package first (the CLI, on the data directory the server then opens).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-e2e-pkg-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'package', 'add', '--name', '膝关节术后康复包', '--price-fen', '99900', '--days', '30', '--team', '骨科康复团队', '--includes', '图文问诊,康复计划,阶段评估', '--intro', '术后30天康复随访与计划'], { cwd: path.resolve(import.meta.dirname, '../apps/server'), env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, stdio: 'pipe' });
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launch();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();

describe('buying a rehab package for 妈妈 in the sandbox, end to end at 414×896', () => {
  it('chooses the package and 妈妈, places the order, pays on the sandbox page, sees 支付成功, then refunds from 我的订单', async () => {
    const { context, page, errors } = await phonePage(browser);
    await signInWithMother(page, server);
    await page.goto(`${server.url}/#/pkg/service/info?packageId=1`);
    await tid(page, 'pkg-card').waitFor();
    expect(await tid(page, 'pkg-card').textContent()).toContain('¥999.00');
    await shot(page, 'pkg-service-info');

    await tid(page, 'pkg-buy').click();
    await tid(page, 'pkg-users-page').waitFor();
    await page.locator('[data-testid="pkg-member"]', { hasText: '妈妈' }).waitFor();
    await shot(page, 'pkg-pay-users');
    await page.locator('[data-testid="pkg-member"]', { hasText: '妈妈' }).click();

    await tid(page, 'pkg-order-page').waitFor();
    await page.getByText('¥999.00').first().waitFor();
    await shot(page, 'pkg-pay-order');
    await tid(page, 'pkg-submit').click();

    await tid(page, 'pkg-confirm-page').waitFor();
    await page.getByText('待支付').first().waitFor();
    await shot(page, 'pkg-pay-confirm');
    await tid(page, 'pkg-pay').click();

    // The sandbox provider's own page.
    await page.waitForURL(/\/sandbox-pay\/SB/);
    await page.getByText('确认支付').waitFor();
    await shot(page, 'sandbox-pay');
    await page.getByText('确认支付').click();
    await page.getByText('支付成功').waitFor();
    await page.getByText('返回商户').click();

    await tid(page, 'pkg-success-page').waitFor();
    await expect.poll(() => tid(page, 'pkg-result').textContent(), { timeout: 10_000 }).toContain('支付成功');
    await shot(page, 'pkg-pay-success');

    await tid(page, 'pkg-orders').click();
    await tid(page, 'user-order-page').waitFor();
    await tid(page, 'order-item').waitFor();
    expect(await tid(page, 'order-item').textContent()).toContain('已支付');
    await shot(page, 'user-order');
    await tid(page, 'order-refund').click();
    await page.locator('.adm-dialog-button').filter({ hasText: '申请退款' }).click();
    await expect.poll(async () => { await page.reload(); await tid(page, 'order-item').waitFor(); return tid(page, 'order-item').textContent(); }, { timeout: 15_000 }).toContain('已退款');
    await shot(page, 'user-order-refunded');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
