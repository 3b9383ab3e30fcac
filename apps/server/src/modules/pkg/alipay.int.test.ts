import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUS as S, routes, type Order } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { LocalAlipay } from '../../test/alipay-local.ts';
import { ALIPAY_NOTIFY_PATH, alipayTime, rawJsonValue } from './alipay.ts';
import { fenOf } from './pay-provider.ts';
import { addKneePackage, data, orderAndPay, orderStatus, payRefusals } from '../../test/pay-steps.ts';

/** The server with PAY_PROVIDER=alipay against a local gateway speaking Alipay's protocol; notifications over real HTTP. */
const R = routes.rehab;
const ali = new LocalAlipay();
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
  await ali.start();
  const port = await freePort();
  t = await startTestApp({ PAY_PROVIDER: 'alipay', PAY_PUBLIC_URL: `http://127.0.0.1:${port}`, ALIPAY_GATEWAY: ali.gateway, ALIPAY_APP_ID: ali.appId, ALIPAY_PRIVATE_KEY: ali.app.privateKey, ALIPAY_PUBLIC_KEY: ali.alipay.publicKey });
  await t.rt.app.listen({ port, host: '127.0.0.1' });
  notifyUrl = `http://127.0.0.1:${port}${ALIPAY_NOTIFY_PATH}`;
  pkgId = await addKneePackage(t);
});
afterAll(async () => {
  await t.close();
  await ali.stop();
});

async function opened() {
  const p = await orderAndPay(t, pkgId);
  // The user's browser opens the cashier page (the gateway checks our signature).
  const page = await (await fetch(p.payUrl)).text();
  return { ...p, page };
}
const status = (token: string, orderNo: string) => orderStatus(t, token, orderNo);
const refused = () => payRefusals(t);

describe('Alipay helpers', () => {
  it('reads yuan amounts as fen exactly, Alipay times as China time, a response object as sent', () => {
    expect([fenOf('999.00'), fenOf('12.3'), fenOf('12'), fenOf('0.01'), fenOf('1.234'), fenOf('-1'), fenOf('1e3')]).toEqual([99_900, 1230, 1200, 1, null, null, null]);
    expect(new Date(alipayTime('2026-11-29 08:00:00')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
    expect(Number.isNaN(alipayTime('2026-11-29T08:00:00'))).toBe(true);
    expect(rawJsonValue('{"a_response":{"code":"10000","x":"}{\\""},"sign":"s"}', 'a_response')).toBe('{"code":"10000","x":"}{\\""}');
  });
});

describe('Alipay provider', () => {
  it('signs the wap.pay page URL, the notification makes the order paid, the refund (signed answer) refunds it at once', async () => {
    const { token, orderNo, tradeNo, payUrl, page } = await opened();
    expect(payUrl.startsWith(`${ali.gateway}?`)).toBe(true);
    expect(page).toContain('收银台 999.00');
    const u = new URL(payUrl);
    expect(u.searchParams.get('return_url')).toContain(`/#/pkg/pay/success?orderNo=${orderNo}`);
    expect(JSON.parse(u.searchParams.get('biz_content') ?? '{}')).toMatchObject({ out_trade_no: tradeNo, total_amount: '999.00', product_code: 'QUICK_WAP_WAY' });
    const again = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo } }));
    expect(again.tradeNo).toBe(tradeNo);
    expect(await ali.pay(tradeNo)).toBe('success');
    expect(await status(token, orderNo)).toBe(S.paid);
    const r = data<Order>(await t.call(R.orderRefund, { token, body: { orderNo } }));
    expect(r.status).toBe(S.refunded);
    expect(ali.refunds.get(`R${orderNo}`)).toBe(tradeNo);
    expect(ali.badSign).toBe(0);
    expect(ali.goodSign).toBeGreaterThanOrEqual(3);
  });

  it('cancelling closes the trade at Alipay', async () => {
    const { token, orderNo, tradeNo } = await opened();
    data(await t.call(R.orderCancel, { token, body: { orderNo } }));
    expect(ali.trades.get(tradeNo)?.state).toBe('TRADE_CLOSED');
  });

  it('refuses and logs a notification signed with another key, tampered, replayed (same notify_id), old, for a wrong amount or another app: nothing changes', async () => {
    const { token, orderNo, tradeNo } = await opened();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
    const old = new Date(Date.now() + 8 * 3_600_000 - 10 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const cases: Array<[string, string]> = [
      ['bad signature', ali.notification(tradeNo, { key: other.privateKey })],
      ['bad signature', ali.notification(tradeNo).replace('total_amount=999.00', 'total_amount=0.01')],
      ['stale timestamp', ali.notification(tradeNo, { fields: { notify_time: old } })],
      ['amount mismatch', ali.notification(tradeNo, { fields: { total_amount: '0.01' } })],
      ['other app', ali.notification(tradeNo, { fields: { app_id: '2021000000009999' } })],
    ];
    for (const [reason, form] of cases) {
      const before = refused().length;
      expect(await ali.post(notifyUrl, form)).toBe('fail');
      expect(refused().slice(before).join('')).toContain(reason);
      expect(await status(token, orderNo)).toBe(S.created);
    }
    const good = ali.notification(tradeNo);
    expect(await ali.post(notifyUrl, good)).toBe('success');
    expect(await status(token, orderNo)).toBe(S.paid);
    const before = refused().length;
    expect(await ali.post(notifyUrl, good)).toBe('fail');
    expect(refused().slice(before).join('')).toContain('replayed');
    expect(await status(token, orderNo)).toBe(S.paid);
    const lines = refused().join('\n');
    expect(lines).not.toContain('妈妈');
    expect(lines).not.toContain(orderNo);
  });
});
