import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes, urlOf } from '@chatdr/contract';
import { launch, phonePage, shot, startServer, type Server } from './harness.ts';
import { signInWithMother } from './health-steps.ts';

let server: Server;
let browser: Browser;
let dataDir: string;
const DOCTOR_PHONE = '13900001111';
const DOCTOR_PASSWORD = 'Rehab2026doc';
const cli = (args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], { cwd: path.resolve(import.meta.dirname, '../apps/server'), env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' }, stdio: 'pipe' });

beforeAll(async () => {
  // The operator defines the package and the team's doctor with a workspace login (the CLI).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-e2e-clinic-'));
  cli(['package', 'add', '--name', '膝关节术后康复包', '--price-fen', '99900', '--days', '30', '--team', '骨科康复团队', '--includes', '图文问诊,康复计划,阶段评估', '--intro', '术后30天康复随访与计划']);
  cli(['doctor', 'add', '--name', '李康复', '--title', '主治医师', '--department', '康复医学科', '--hospital', '市第一人民医院', '--phone', DOCTOR_PHONE, '--password', DOCTOR_PASSWORD, '--team', '骨科康复团队', '--licence', '110101200912345']);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launch();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const tid = (page: Page, id: string) => page.locator(`[data-testid="${id}"]`).first();
/** A 96×96 PNG (a teal square), encoded here: a real image for the media store to re-encode. */
function png(w = 96, h = 96): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.concat(Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: w }, () => [10, 124, 112]).flat())])));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = png();

describe('real doctors behind the AI: a user (414×896) and a clinician (1440×900) in two browsers', () => {
  it('buys for 妈妈, pays, sees the certificate; the doctor sees the order and file, they chat (both ways, an image, receipts, a reconnect); a plan is checked in; an AI answer is verified; the order is refunded', async () => {
    const { context: userCtx, page: user, errors } = await phonePage(browser);
    const docCtx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const doc = await docCtx.newPage();
    const docErrors: string[] = [];
    doc.on('pageerror', (e) => docErrors.push(e.message));
    doc.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) docErrors.push(m.text());
    });

    // ---- the user buys the package for 妈妈 in the sandbox ----
    await signInWithMother(user, server);
    await user.goto(`${server.url}/#/pkg/service/info?packageId=1`);
    await tid(user, 'pkg-buy').click();
    await user.locator('[data-testid="pkg-member"]', { hasText: '妈妈' }).click();
    await tid(user, 'pkg-submit').click();
    await tid(user, 'pkg-pay').click();
    await user.waitForURL(/\/sandbox-pay\/SB/);
    await user.getByText('确认支付').click();
    await user.getByText('返回商户').click();
    await expect.poll(() => tid(user, 'pkg-result').textContent(), { timeout: 10_000 }).toContain('支付成功');
    await tid(user, 'pkg-certificate').click();
    await tid(user, 'certificate').waitFor();
    expect(await tid(user, 'certificate').textContent()).toContain('妈妈');
    await shot(user, 'j-user-certificate');

    await tid(user, 'cert-consult').click();
    await tid(user, 'im-chat-page').waitFor();
    await expect.poll(() => tid(user, 'im-status').getAttribute('data-status'), { timeout: 10_000 }).toBe('online');
    await shot(user, 'j-user-im-empty');

    // ---- the doctor logs in and sees the order and 妈妈's file ----
    await doc.goto(`${server.url}/#/clinic`);
    await tid(doc, 'clinic-login').waitFor();
    await shot(doc, 'j-clinic-login');
    await tid(doc, 'clinic-phone').fill(DOCTOR_PHONE);
    await tid(doc, 'clinic-password').fill(DOCTOR_PASSWORD);
    await tid(doc, 'clinic-submit').click();
    await doc.locator('[data-testid="clinic-consult"]', { hasText: '妈妈' }).click();
    await expect.poll(() => tid(doc, 'clinic-profile').textContent(), { timeout: 10_000 }).toContain('妈妈');
    await expect.poll(() => tid(doc, 'clinic-conn').getAttribute('data-status'), { timeout: 10_000 }).toBe('online');

    // ---- messages both ways, with read receipts ----
    const fail = async (what: string, err: unknown) => {
      await shot(user, `j-failed-user-${what}`);
      await shot(doc, `j-failed-doc-${what}`);
      throw new Error(`${what}: user ${errors.join(' | ')} doctor ${docErrors.join(' | ')}`, { cause: err });
    };
    await tid(user, 'im-input').fill('医生您好，我妈妈膝关节术后第5天，还有点肿');
    await tid(user, 'im-send').click();
    await doc.locator('[data-testid="im-msg"][data-sender="user"]', { hasText: '还有点肿' }).waitFor().catch((e: unknown) => fail('doctor-receives', e));
    // The doctor's workspace read it: the user's bubble turns 已读.
    await expect.poll(() => user.locator('[data-testid="im-msg"][data-sender="user"] [data-testid="im-read"]').last().textContent({ timeout: 1000 }), { timeout: 10_000 }).toBe('已读').catch((e: unknown) => fail('read', e));
    await tid(doc, 'clinic-input').fill('您好，术后早期肿胀常见，请每次冰敷15分钟，每天3到4次。');
    await tid(doc, 'clinic-send').click();
    await user.locator('[data-testid="im-msg"][data-sender="doctor"]', { hasText: '冰敷' }).waitFor();
    await expect.poll(() => doc.locator('[data-testid="im-msg"][data-sender="doctor"] [data-testid="im-read"]').last().textContent(), { timeout: 10_000 }).toBe('已读');

    // ---- an image through the encrypted media store ----
    await tid(user, 'im-file').setInputFiles({ name: 'knee.png', mimeType: 'image/png', buffer: PNG });
    await doc.locator('[data-testid="im-image"]').first().waitFor();
    await expect.poll(() => doc.locator('[data-testid="im-image"]').first().evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);

    // ---- a reconnect: the user goes offline, the doctor writes, the user comes back and gets it once ----
    await userCtx.setOffline(true);
    await expect.poll(() => tid(user, 'im-status').getAttribute('data-status'), { timeout: 15_000 }).toBe('offline');
    await shot(user, 'j-user-im-offline');
    await tid(doc, 'clinic-input').fill('断线期间的消息：明天开始做直腿抬高练习。');
    await tid(doc, 'clinic-send').click();
    await doc.locator('[data-testid="im-msg"][data-sender="doctor"]', { hasText: '断线期间' }).waitFor();
    await userCtx.setOffline(false);
    await expect.poll(() => tid(user, 'im-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('online');
    await user.locator('[data-testid="im-msg"]', { hasText: '断线期间' }).waitFor({ timeout: 10_000 });
    expect(await user.locator('[data-testid="im-msg"]', { hasText: '断线期间' }).count()).toBe(1);
    const seqs = await user.locator('[data-testid="im-msg"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs.length).toBe(4);
    await shot(user, 'j-user-im-chat');
    await shot(doc, 'j-clinic-workspace');

    // ---- the doctor makes a plan; the user checks in ----
    await tid(doc, 'plan-save').click();
    await expect.poll(() => tid(doc, 'plan-save').textContent(), { timeout: 10_000 }).toContain('已发送');
    await user.goto(`${server.url}/#/user/plan`);
    await tid(user, 'plan-stage').waitFor();
    expect(await tid(user, 'plan-stage').textContent()).toContain('消肿期');
    await tid(user, 'plan-checkin').click();
    await tid(user, 'plan-done').waitFor();
    await shot(user, 'j-user-plan');
    // The plan's pain self-assessment (NRS with body map), food list and questions.
    await tid(user, 'to-pain-assess').click();
    await tid(user, 'pain-assess-page').waitFor();
    await tid(user, 'nrs-6').click();
    expect(await tid(user, 'nrs-level').textContent()).toContain('中度疼痛');
    await user.locator('[data-testid="body-region"]', { hasText: '左膝' }).click();
    await tid(user, 'assess-submit').click();
    await tid(user, 'assess-row').waitFor();
    expect(await tid(user, 'assess-row').textContent()).toContain('6 分 · 中度疼痛');
    await shot(user, 'j-user-pain-assess');
    await user.goBack();
    await tid(user, 'to-food').click();
    await tid(user, 'food-item').waitFor();
    const firstFood = await tid(user, 'food-item').textContent();
    await shot(user, 'j-user-plan-food');
    await tid(user, 'food-refresh').click();
    await expect.poll(() => tid(user, 'food-item').textContent()).not.toBe(firstFood);
    await user.goBack();
    await tid(user, 'to-qa').click();
    await tid(user, 'qa-item').waitFor();
    expect(await user.locator('[data-testid="qa-item"]').count()).toBeGreaterThan(2);
    await shot(user, 'j-user-plan-qa');

    // ---- an AI answer verified by the doctor ----
    await user.goto(`${server.url}/#/`);
    await tid(user, 'chat-input').fill('膝关节置换术后饮食要注意什么？');
    await tid(user, 'chat-send').click();
    const turn = tid(user, 'chat-turn').last();
    await expect.poll(() => turn.getAttribute('data-status'), { timeout: 90_000 }).toBe('2');
    await turn.getByTestId('answer-verify').click();
    await tid(user, 'chat-verify-page').waitFor();
    await expect.poll(() => tid(user, 'verify-status').textContent()).toBe('待医生审核');
    await shot(user, 'j-user-verify-pending');
    await tid(doc, 'tab-verifies').click();
    await tid(doc, 'clinic-verify-item').click();
    await tid(doc, 'clinic-verify').waitFor();
    await tid(doc, 'verify-remark').fill('回答准确，另外术后需控制体重。');
    await shot(doc, 'j-clinic-verify');
    await tid(doc, 'verify-agree').click();
    await expect.poll(() => tid(doc, 'clinic-verify-status').textContent(), { timeout: 10_000 }).toBe('已审核');
    await expect.poll(() => tid(user, 'verified-mark').count(), { timeout: 15_000 }).toBe(1);
    expect(await tid(user, 'verified-mark').textContent()).toBe('医生已审核');
    await shot(user, 'j-user-verified');
    // The answer in the conversation carries the mark too.
    const live = await user.evaluate(() => (JSON.parse(localStorage.getItem('chatdr.token') ?? '{}') as { value?: string }).value ?? '');
    const sessions = (await (await fetch(server.url + urlOf(routes.chat.getHistoryRecordV2), { method: 'POST', headers: { 'content-type': 'application/json', authorization: live }, body: JSON.stringify({ page: 1, size: 10 }) })).json()) as { code: number; msg: string; data: { list: Array<{ sessionId: string }> } | null };
    expect([sessions.code, sessions.msg]).toEqual([1, expect.any(String)]);
    await user.goto(`${server.url}/#/chat/history/${sessions.data?.list[0]?.sessionId ?? ''}`);
    await tid(user, 'answer-verified').waitFor();
    expect(await tid(user, 'answer-verified').textContent()).toContain('医生已审核');
    await shot(user, 'j-user-chat-verified');

    // ---- the refund ----
    await user.goto(`${server.url}/#/user/order`);
    await tid(user, 'order-refund').click();
    await user.locator('.adm-dialog-button').filter({ hasText: '申请退款' }).click();
    await expect.poll(async () => { await user.reload(); await tid(user, 'order-item').waitFor(); return tid(user, 'order-item').textContent(); }, { timeout: 15_000 }).toContain('已退款');
    await shot(user, 'j-user-refunded');

    expect(errors).toEqual([]);
    expect(docErrors).toEqual([]);
    await userCtx.close();
    await docCtx.close();
  }, 240_000);
});
