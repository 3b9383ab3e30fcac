import { generateKeyPairSync, randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, ORDER_STATUS as S, PKG_MSG, routes } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { LocalWechatPay } from '../../test/wechatpay-local.ts';
import { WECHAT_NOTIFY_PATH } from './wechat-pay.ts';
import { addKneePackage, data, orderAndPay, orderStatus, payRefusals } from '../../test/pay-steps.ts';

/** The server with PAY_PROVIDER=wechat against a local server speaking WeChat Pay API v3; notifications over real HTTP. */
const R = routes.rehab;
const wx = new LocalWechatPay();
let t: TestApp;
let pkgId = 0;
let notifyUrl = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  await wx.start();
  const port = await freePort();
  t = await startTestApp({
    PAY_PROVIDER: 'wechat',
    PAY_PUBLIC_URL: `http://127.0.0.1:${port}`,
    WECHATPAY_BASE_URL: wx.base,
    WECHATPAY_MCHID: wx.mchid,
    WECHATPAY_APPID: wx.appid,
    WECHATPAY_MCH_SERIAL: wx.mchSerial,
    WECHATPAY_MCH_PRIVATE_KEY: wx.merchant.privateKey,
    WECHATPAY_APIV3_KEY: wx.apiV3Key,
    WECHATPAY_PLATFORM_SERIAL: wx.platformSerial,
    WECHATPAY_PLATFORM_PUBLIC_KEY: wx.platform.publicKey,
  });
  await t.rt.app.listen({ port, host: '127.0.0.1' });
  notifyUrl = `http://127.0.0.1:${port}${WECHAT_NOTIFY_PATH}`;
  pkgId = await addKneePackage(t);
});
afterAll(async () => {
  await t.close();
  await wx.stop();
});

const opened = () => orderAndPay(t, pkgId);
const status = (token: string, orderNo: string) => orderStatus(t, token, orderNo);
const refused = () => payRefusals(t);
async function until(f: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await f()); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('WeChat Pay API v3 provider', () => {
  it('opens an H5 payment with a signed request, a retry answers the same one, the signed notification makes it paid, the refund notification refunds it', async () => {
    const before = wx.goodAuth;
    const { token, orderNo, tradeNo, payUrl } = await opened();
    expect(tradeNo.startsWith(`${orderNo}_`)).toBe(true);
    expect(payUrl).toMatch(/^https:\/\/wx\.tenpay\.com\/.+&redirect_url=/);
    expect(decodeURIComponent(payUrl.split('redirect_url=')[1] ?? '')).toContain(`/#/pkg/pay/success?orderNo=${orderNo}`);
    const again = data<{ tradeNo: string; payUrl: string }>(await t.call(R.orderPay, { token, body: { orderNo } }));
    expect([again.tradeNo, again.payUrl]).toEqual([tradeNo, payUrl]);
    expect(wx.goodAuth - before).toBeGreaterThanOrEqual(3);
    expect(wx.badAuth).toBe(0);
    expect(await wx.pay(tradeNo)).toBe(204);
    expect(await status(token, orderNo)).toBe(S.paid);
    data(await t.call(R.orderRefund, { token, body: { orderNo, reason: '计划有变' } }));
    expect(wx.refunds.get(`R${orderNo}`)).toEqual({ outTradeNo: tradeNo, refund: 99_900 });
    await until(async () => (await status(token, orderNo)) === S.refunded);
    expect(await status(token, orderNo)).toBe(S.refunded);
    expect(wx.badAuth).toBe(0);
  });

  it('cancelling closes the payment at WeChat Pay', async () => {
    const { token, orderNo, tradeNo } = await opened();
    data(await t.call(R.orderCancel, { token, body: { orderNo } }));
    expect(wx.trades.get(tradeNo)?.state).toBe('CLOSED');
  });

  it('refuses and logs a notification signed with another key, a replay (same id; same nonce), an old timestamp, a wrong amount, one for another merchant: nothing changes', async () => {
    const { token, orderNo, tradeNo } = await opened();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const cases: Array<[string, { headers: Record<string, string>; body: string }]> = [
      ['bad signature', wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo), { key: other.privateKey })],
      ['stale timestamp', wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo), { ts: Math.floor(Date.now() / 1000) - 600 })],
      ['amount mismatch', wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo, 1))],
      ['undecryptable', wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo), { apiV3Key: randomBytes(16).toString('hex') })],
      ['other merchant', wx.notification('TRANSACTION.SUCCESS', { ...wx.transaction(tradeNo), mchid: '1900000999' })],
    ];
    for (const [reason, n] of cases) {
      const before = refused().length;
      expect(await wx.post(notifyUrl, n)).toBe(400);
      expect(refused().slice(before).join('')).toContain(reason);
      expect(await status(token, orderNo)).toBe(S.created);
    }
    // Tampered body under a good signature.
    const good = wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo));
    expect(await wx.post(notifyUrl, { headers: good.headers, body: good.body.replace('支付成功', '支付成功 ') })).toBe(400);
    expect(await status(token, orderNo)).toBe(S.created);
    // A good one is taken once; the same again (same id) and a new id with the same nonce are replays.
    const nonce = randomBytes(16).toString('hex');
    const first = wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo), { nonce });
    expect(await wx.post(notifyUrl, first)).toBe(204);
    expect(await status(token, orderNo)).toBe(S.paid);
    let before = refused().length;
    expect(await wx.post(notifyUrl, first)).toBe(400);
    expect(refused().slice(before).join('')).toContain('replayed');
    before = refused().length;
    expect(await wx.post(notifyUrl, wx.notification('TRANSACTION.SUCCESS', wx.transaction(tradeNo), { nonce }))).toBe(400);
    expect(refused().slice(before).join('')).toContain('replayed nonce');
    expect(await status(token, orderNo)).toBe(S.paid);
    // The refusal log lines carry no member name, phone or order contents.
    const lines = refused().join('\n');
    expect(lines).not.toContain('妈妈');
    expect(lines).not.toContain(orderNo);
  });

  it('does not trust an answer the platform did not sign', async () => {
    const { token, orderNo } = await opened();
    expect(orderNo).toBeTruthy();
    const saved = wx.platformSerial;
    Object.defineProperty(wx, 'platformSerial', { value: 'PUB_KEY_ID_OTHER', configurable: true });
    try {
      const p = await t.call(R.orderPay, { token, body: { orderNo } });
      expect([p.code, p.msg]).toEqual([ERR.overloaded.code, PKG_MSG.providerDown]);
      expect(p.status).not.toBe(500);
      expect(t.logs.filter((l) => l.includes('payment provider call failed')).join('')).toContain('not signed by the platform');
    } finally {
      Object.defineProperty(wx, 'platformSerial', { value: saved, configurable: true });
    }
  });
});
