import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, ORDER_STATUS as S, PKG_LIMITS, PKG_MSG, routes, urlOf, type Order, type PayNotify } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';

const R = routes.rehab;
let t: TestApp;
let pkgId = 0;
beforeAll(async () => {
  t = await startTestApp();
  const p = await t.rt.services.pkg.service.addPackage({ name: '膝关节术后康复包', priceFen: 99_900, durationDays: 30, team: '骨科康复团队', includes: ['图文问诊', '康复计划', '阶段评估'] });
  pkgId = p.id;
});
afterAll(async () => {
  await t.close();
});

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
const key = () => `k-${randomBytes(8).toString('hex')}`;
const sandbox = () => t.rt.services.pkg.sandbox;

async function withMom() {
  const { token, phone } = await t.login();
  const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 66.5 } }));
  return { token, phone, momId: mom.id };
}
async function order(token: string, momId: number, idempotencyKey = key()) {
  return data<Order>(await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: momId, idempotencyKey } }));
}
/** The user's action on the sandbox's own pay page (a form post, as the browser sends it). */
async function onPayPage(tradeNo: string, action: 'confirm' | 'fail' | 'timeout') {
  const res = await t.rt.app.inject({ method: 'POST', url: `/sandbox-pay/${tradeNo}/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
  return { status: res.statusCode, body: res.body };
}
async function paid(token: string, momId: number) {
  const o = await order(token, momId);
  const p = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
  await onPayPage(p.tradeNo, 'confirm');
  await sandbox().idle();
  return { ...o, tradeNo: p.tradeNo };
}
const query = async (token: string, orderNo: string) => data<Order>(await t.call(R.orderQuery, { token, body: { orderNo } }));
const trail = async (orderNo: string) => {
  const [row] = await t.rt.database.db.execute<{ id: number }>(`select id from rehab_orders where order_no = '${orderNo}'` as never).then((r) => (r as unknown as { rows: Array<{ id: number }> }).rows);
  return (await t.rt.services.pkg.service.auditTrail(row?.id ?? 0)).map((e) => [e.fromStatus, e.toStatus, e.actor]);
};
/** A notification signed with the sandbox's key (what the provider would send). */
function signed(v: Omit<PayNotify, 'signature' | 'notifyId' | 'timestamp'> & { notifyId?: string; timestamp?: number }): PayNotify {
  const body = { notifyId: v.notifyId ?? `N${randomBytes(8).toString('hex')}`, tradeNo: v.tradeNo, orderNo: v.orderNo, amountFen: v.amountFen, event: v.event, timestamp: v.timestamp ?? t.clock.now() };
  return { ...body, signature: sandbox().sign(body) };
}
const notify = (n: unknown) => t.call(R.payNotifySandbox, { body: n });

describe('packages', () => {
  it('lists the operator packages (integer fen) and no records; packageList and orderCnt start empty', async () => {
    const { token, momId } = await withMom();
    const r = data<{ packages: Array<{ id: number; priceFen: number; includes: string[] }>; records: Order[] }>(await t.call(R.packageRecords, { token, body: {} }));
    expect(r.packages.find((p) => p.id === pkgId)).toMatchObject({ priceFen: 99_900, includes: ['图文问诊', '康复计划', '阶段评估'] });
    expect(r.records).toEqual([]);
    expect(data<{ packageList: unknown[] }>(await t.call(routes.auth.accountInfo, { token })).packageList).toEqual([]);
    expect(data<{ orderCnt: number }>(await t.call(routes.family.userHealthPageState, { token, body: { userInfoId: momId } })).orderCnt).toBe(0);
  });

  it('refuses bad operator input', async () => {
    await expect(t.rt.services.pkg.service.addPackage({ name: 'x', priceFen: 9.5, durationDays: 30, team: 't', includes: ['a'] })).rejects.toThrow('--price-fen');
    await expect(t.rt.services.pkg.service.addPackage({ name: 'x', priceFen: 100, durationDays: 30, team: 't', includes: [' '] })).rejects.toThrow('--includes');
  });
});

describe('orders', () => {
  it('creates an order for 妈妈 once per idempotency key; the key cannot name another order', async () => {
    const { token, momId } = await withMom();
    const k = key();
    const a = await order(token, momId, k);
    expect(a).toMatchObject({ status: S.created, statusText: '待支付', amountFen: 99_900, memberName: '妈妈', payUrl: null });
    const b = await order(token, momId, k);
    expect(b.orderNo).toBe(a.orderNo);
    const again = await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: (await t.call(routes.auth.accountInfo, { token }) as { data: { id: number } }).data.id, idempotencyKey: k } });
    expect([again.code, again.msg]).toEqual([ERR.badRequest.code, PKG_MSG.keyReused]);
    expect(data<{ total: number }>(await t.call(R.orderList, { token, body: {} })).total).toBe(1);
    expect(data<{ orderCnt: number }>(await t.call(routes.family.userHealthPageState, { token, body: { userInfoId: momId } })).orderCnt).toBe(1);
    const bad = await t.call(R.orderCreate, { token, body: { packageId: 999_999, userInfoId: momId, idempotencyKey: key() } });
    expect([bad.code, bad.msg]).toEqual([ERR.notFound.code, PKG_MSG.packageGone]);
  });

  it('pays through the sandbox page: a retried pay reuses the open payment, one notification makes it paid, a second confirm charges nothing', async () => {
    const { token, momId } = await withMom();
    const o = await order(token, momId);
    const p1 = data<{ tradeNo: string; payUrl: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    const p2 = data<{ tradeNo: string; payUrl: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect(p2.tradeNo).toBe(p1.tradeNo);
    const page = await t.rt.app.inject({ method: 'GET', url: p1.payUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('¥999.00');
    expect(page.body).toContain('确认支付');
    expect((await onPayPage(p1.tradeNo, 'confirm')).body).toContain('支付成功');
    expect((await onPayPage(p1.tradeNo, 'confirm')).body).toContain('该交易已支付');
    await sandbox().idle();
    const q = await query(token, o.orderNo);
    expect(q).toMatchObject({ status: S.paid, statusText: '已支付' });
    expect(q.paidAt).not.toBeNull();
    const p3 = data<{ payUrl: string | null; order: Order }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect([p3.payUrl, p3.order.status]).toEqual([null, S.paid]);
    expect(await trail(o.orderNo)).toEqual([[null, S.created, 'user'], [S.created, S.created, 'user'], [S.created, S.paid, 'provider']]);
    const info = data<{ packageList: Array<{ id: number; name: string; status: number }> }>(await t.call(routes.auth.accountInfo, { token }));
    expect(info.packageList).toEqual([{ id: pkgId, name: '膝关节术后康复包', status: S.paid }]);
    const members = data<Array<{ id: number; activeOrders: number }>>(await t.call(R.members, { token, body: {} }));
    expect(members.find((m) => m.id === momId)?.activeOrders).toBe(1);
  });

  it('concurrent retries of create and of pay answer one order and one open payment', async () => {
    const { token, momId } = await withMom();
    const k = key();
    const made = await Promise.all([1, 2, 3, 4].map(() => order(token, momId, k)));
    expect(new Set(made.map((o) => o.orderNo)).size).toBe(1);
    const orderNo = made[0]?.orderNo ?? '';
    const pays = await Promise.all([1, 2, 3, 4].map(async () => data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo } }))));
    expect(new Set(pays.map((p) => p.tradeNo)).size).toBe(1);
    expect(data<{ total: number }>(await t.call(R.orderList, { token, body: {} })).total).toBe(1);
  });

  it('a failed payment leaves the order unpaid and the next pay opens a new payment', async () => {
    const { token, momId } = await withMom();
    const o = await order(token, momId);
    const p1 = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect((await onPayPage(p1.tradeNo, 'fail')).body).toContain('支付失败');
    await sandbox().idle();
    expect((await query(token, o.orderNo)).status).toBe(S.created);
    const p2 = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect(p2.tradeNo).not.toBe(p1.tradeNo);
  });

  it('a payment left to time out sends nothing; the unpaid order expires and can no longer be paid', async () => {
    const { token, momId } = await withMom();
    const o = await order(token, momId);
    const p = data<{ tradeNo: string; payUrl: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect((await onPayPage(p.tradeNo, 'timeout')).body).toContain('已模拟超时');
    await sandbox().idle();
    expect((await query(token, o.orderNo)).status).toBe(S.created);
    t.clock.advance(PKG_LIMITS.payTtlMs + 1000);
    expect((await query(token, o.orderNo)).status).toBe(S.cancelled);
    expect((await onPayPage(p.tradeNo, 'confirm')).body).toContain('交易已关闭');
    const again = await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } });
    expect(again.msg).toBe(PKG_MSG.expired);
    expect((await trail(o.orderNo)).at(-1)).toEqual([S.created, S.cancelled, 'system']);
  });

  it('cancels only unpaid orders; a cancelled order’s open payment is closed', async () => {
    const { token, momId } = await withMom();
    const o = await order(token, momId);
    const p = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    expect(data<Order>(await t.call(R.orderCancel, { token, body: { orderNo: o.orderNo } })).status).toBe(S.cancelled);
    expect((await onPayPage(p.tradeNo, 'confirm')).body).toContain('交易已关闭');
    const done = await paid(token, momId);
    const c = await t.call(R.orderCancel, { token, body: { orderNo: done.orderNo } });
    expect(c.msg).toBe(PKG_MSG.notCancellable);
  });

  it('submitted patient information starts the service; it completes after the package duration; waitingCount counts paid orders ahead', async () => {
    const a = await withMom();
    const b = await withMom();
    const first = await paid(a.token, a.momId);
    const second = await paid(b.token, b.momId);
    expect(data<{ count: number }>(await t.call(R.orderWaitingCount, { token: b.token, body: { orderNo: second.orderNo } })).count).toBeGreaterThanOrEqual(1);
    const s = data<Order>(await t.call(R.userSubmitInfo, { token: a.token, body: { orderNo: first.orderNo, contactPhone: '13800138000', description: '左膝置换术后两周' } }));
    expect(s).toMatchObject({ status: S.inService, statusText: '服务中', infoSubmitted: true });
    expect(data<{ count: number }>(await t.call(R.orderWaitingCount, { token: a.token, body: { orderNo: first.orderNo } })).count).toBe(0);
    const early = await t.call(R.userSubmitInfo, { token: a.token, body: { orderNo: (await order(a.token, a.momId)).orderNo, contactPhone: '13800138000', description: 'x' } });
    expect(early.msg).toBe(PKG_MSG.notSubmittable);
    t.clock.advance(31 * 86_400_000);
    const { token } = await t.login(a.phone);
    expect((await query(token, first.orderNo)).status).toBe(S.completed);
    expect(t.logs.join('')).not.toContain('左膝置换术后两周');
  });

  it('a refund request goes to the provider and its notification makes the order refunded', async () => {
    const { token, momId } = await withMom();
    const o = await paid(token, momId);
    expect(data<Order>(await t.call(R.orderRefund, { token, body: { orderNo: o.orderNo, reason: '行程变化' } })).status).toBe(S.refundRequested);
    await sandbox().idle();
    expect(await query(token, o.orderNo)).toMatchObject({ status: S.refunded, statusText: '已退款' });
    expect((await trail(o.orderNo)).slice(-2)).toEqual([[S.refundRequested, S.refundRequested, 'system'], [S.refundRequested, S.refunded, 'provider']]);
    expect(data<{ packageList: unknown[] }>(await t.call(routes.auth.accountInfo, { token })).packageList).toEqual([]);
    const unpaid = await order(token, momId);
    expect((await t.call(R.orderRefund, { token, body: { orderNo: unpaid.orderNo } })).msg).toBe(PKG_MSG.notRefundable);
  });
});

describe('payment notifications', () => {
  async function openOrder() {
    const { token, momId } = await withMom();
    const o = await order(token, momId);
    const p = data<{ tradeNo: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
    return { token, orderNo: o.orderNo, tradeNo: p.tradeNo };
  }
  const refusedLogs = () => t.logs.filter((l) => l.includes('pay notification refused'));

  it('refuses a bad signature, logs it and changes nothing', async () => {
    const { token, orderNo, tradeNo } = await openOrder();
    const n = signed({ tradeNo, orderNo, amountFen: 99_900, event: 'pay.succeeded' });
    const before = refusedLogs().length;
    const r = await notify({ ...n, signature: '0'.repeat(64) });
    expect([r.status, r.msg]).toEqual([400, PKG_MSG.notifyRefused]);
    expect((await query(token, orderNo)).status).toBe(S.created);
    expect(refusedLogs().slice(before).join('')).toContain('bad signature');
    // Signed by another key (forged fields) likewise.
    const forged = await notify({ ...n, amountFen: 1 });
    expect(forged.status).toBe(400);
  });

  it('refuses a wrong amount, logs it and changes nothing', async () => {
    const { token, orderNo, tradeNo } = await openOrder();
    const before = refusedLogs().length;
    const r = await notify(signed({ tradeNo, orderNo, amountFen: 1, event: 'pay.succeeded' }));
    expect(r.status).toBe(400);
    expect((await query(token, orderNo)).status).toBe(S.created);
    expect(refusedLogs().slice(before).join('')).toContain('amount mismatch');
  });

  it('refuses a replayed notification and a stale one; the order moves once', async () => {
    const { token, orderNo, tradeNo } = await openOrder();
    const n = signed({ tradeNo, orderNo, amountFen: 99_900, event: 'pay.succeeded' });
    expect((await notify(n)).code).toBe(1);
    expect((await query(token, orderNo)).status).toBe(S.paid);
    const before = refusedLogs().length;
    expect((await notify(n)).status).toBe(400);
    expect(refusedLogs().slice(before).join('')).toContain('replayed');
    expect(await trail(orderNo)).toHaveLength(3);
    const stale = await notify(signed({ tradeNo, orderNo, amountFen: 99_900, event: 'pay.succeeded', timestamp: t.clock.now() - PKG_LIMITS.notifySkewMs - 1 }));
    expect(stale.status).toBe(400);
    expect(refusedLogs().slice(before).join('')).toContain('stale timestamp');
    // A refund notification nobody asked for changes nothing either.
    expect((await notify(signed({ tradeNo, orderNo, amountFen: 99_900, event: 'refund.succeeded' }))).status).toBe(400);
    expect((await query(token, orderNo)).status).toBe(S.paid);
  });

  it('never logs a phone, the order number or health data for a refused notification', () => {
    const lines = refusedLogs().join('');
    expect(lines).not.toMatch(/RO\d{8}/);
    expect(lines).not.toMatch(/\b1[3-9]\d{9}\b/);
  });
});

describe('access', () => {
  it('a user sees and moves only their own orders and orders only for their own members', async () => {
    const a = await withMom();
    const b = await withMom();
    const o = await order(a.token, a.momId);
    for (const r of [R.orderQuery, R.orderPay, R.orderCancel, R.orderRefund, R.orderWaitingCount]) {
      const res = await t.call(r, { token: b.token, body: { orderNo: o.orderNo } });
      expect([r.path, res.code, res.msg]).toEqual([r.path, ERR.notFound.code, PKG_MSG.orderGone]);
    }
    const sub = await t.call(R.userSubmitInfo, { token: b.token, body: { orderNo: o.orderNo, contactPhone: '13800138000', description: 'x' } });
    expect(sub.code).toBe(ERR.notFound.code);
    const cross = await t.call(R.orderCreate, { token: b.token, body: { packageId: pkgId, userInfoId: a.momId, idempotencyKey: key() } });
    expect(cross.code).toBe(ERR.notFound.code);
    expect(data<{ total: number }>(await t.call(R.orderList, { token: b.token, body: {} })).total).toBe(0);
    expect((await query(a.token, o.orderNo)).status).toBe(S.created);
    expect(urlOf(R.payNotifySandbox)).toContain('/pb/');
  });
});

describe('PAY_PROVIDER=none', () => {
  it('opens no payment and serves no sandbox page; orders can still be created and cancelled', async () => {
    const off = await startTestApp({ PAY_PROVIDER: 'none' });
    try {
      const p = await off.rt.services.pkg.service.addPackage({ name: '随访包', priceFen: 19_900, durationDays: 7, team: '随访团队', includes: ['图文问诊'] });
      const { token } = await off.login();
      const selfId = (data<{ id: number }>(await off.call(routes.auth.accountInfo, { token }))).id;
      const o = data<Order>(await off.call(R.orderCreate, { token, body: { packageId: p.id, userInfoId: selfId, idempotencyKey: key() } }));
      const pay = await off.call(R.orderPay, { token, body: { orderNo: o.orderNo } });
      expect([pay.code, pay.msg]).toEqual([ERR.badRequest.code, PKG_MSG.payUnavailable]);
      const page = await off.rt.app.inject({ method: 'GET', url: '/sandbox-pay/SB00000000000000000000' });
      expect(page.statusCode).toBe(302);
      expect(data<Order>(await off.call(R.orderCancel, { token, body: { orderNo: o.orderNo } })).status).toBe(S.cancelled);
    } finally {
      await off.close();
    }
  });
});
