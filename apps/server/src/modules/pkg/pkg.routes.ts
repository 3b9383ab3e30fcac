import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import { clientIp } from '../../http/context.ts';
import type { PkgService } from './pkg.service.ts';

/** Packages, orders and the payment callback: wiring only. */
export function pkgRoutes(app: FastifyInstance, svc: PkgService): void {
  const r = routes.rehab;
  register(app, r.packageRecords, ({ auth, body }) => svc.records(auth, body?.packageId));
  register(app, r.members, ({ auth }) => svc.members(auth));
  register(app, r.userSubmitInfo, ({ auth, body }) => svc.submitInfo(auth, body));
  register(app, r.orderCreate, ({ auth, body }) => svc.create(auth, body));
  register(app, r.orderPay, ({ auth, body, req }) => svc.pay(auth, body.orderNo, clientIp(req)));
  register(app, r.orderQuery, ({ auth, body }) => svc.query(auth, body.orderNo));
  register(app, r.orderCancel, ({ auth, body }) => svc.cancel(auth, body.orderNo));
  register(app, r.orderRefund, ({ auth, body }) => svc.refund(auth, body.orderNo, body.reason));
  register(app, r.orderList, ({ auth, body }) => svc.list(auth, body));
  register(app, r.orderWaitingCount, ({ auth, body }) => svc.waitingCount(auth, body.orderNo));
  register(app, r.payNotifySandbox, async ({ body }) => {
    await svc.notify(body);
    return { received: true as const };
  });
}
