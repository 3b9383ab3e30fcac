// Steps the payment-provider integration tests share: the package they sell, an order for 妈妈 taken
// to its pay call, the order's status, and the refusal log lines.
import { randomBytes } from 'node:crypto';
import { routes, type Order } from '@chatdr/contract';
import type { TestApp } from './harness.ts';

const R = routes.rehab;

export const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};

export async function addKneePackage(t: TestApp): Promise<number> {
  return (await t.rt.services.pkg.service.addPackage({ name: '膝关节术后康复包', priceFen: 99_900, durationDays: 30, team: '骨科康复团队', includes: ['图文问诊'] })).id;
}

/** A new account orders the package for 妈妈 and asks to pay: the provider's trade number and pay URL. */
export async function orderAndPay(t: TestApp, pkgId: number): Promise<{ token: string; orderNo: string; tradeNo: string; payUrl: string }> {
  const { token } = await t.login();
  const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1962-03-01', height: 158, weight: 66.5 } }));
  const o = data<Order>(await t.call(R.orderCreate, { token, body: { packageId: pkgId, userInfoId: mom.id, idempotencyKey: `k-${randomBytes(6).toString('hex')}` } }));
  const p = data<{ tradeNo: string; payUrl: string }>(await t.call(R.orderPay, { token, body: { orderNo: o.orderNo } }));
  return { token, orderNo: o.orderNo, ...p };
}

export const orderStatus = async (t: TestApp, token: string, orderNo: string) => data<Order>(await t.call(R.orderQuery, { token, body: { orderNo } })).status;
export const payRefusals = (t: TestApp) => t.logs.filter((l) => l.includes('pay notification refused'));
