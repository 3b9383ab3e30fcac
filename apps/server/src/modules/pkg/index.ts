import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { routes, urlOf, type PayNotify } from '@chatdr/contract';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { FamilyService } from '../family/family.service.ts';
import { AppError } from '../../http/errors.ts';
import { PkgService } from './pkg.service.ts';
import { PkgStore } from './pkg.store.ts';
import { pkgRoutes } from './pkg.routes.ts';
import { SandboxPayProvider, sandboxPayRoutes } from './sandbox-pay.ts';
import { WECHAT_NOTIFY_PATH, WechatPayProvider } from './wechat-pay.ts';
import { ALIPAY_NOTIFY_PATH, AlipayProvider } from './alipay.ts';
import type { ParsedNotify, PayProvider } from './pay-provider.ts';

export { PkgService } from './pkg.service.ts';
export { SandboxPayProvider } from './sandbox-pay.ts';

export interface Pkg {
  service: PkgService;
  sandbox: SandboxPayProvider;
  /** The provider payments go through (PAY_PROVIDER; the sandbox when that is `sandbox` or `none`). */
  provider: PayProvider;
  /** PAY_PROVIDER is not `none`: payments open. */
  payEnabled: boolean;
}

/** Packages and orders with the configured payment provider (the embedded sandbox by default). */
export function createPkg(o: { db: Db; access: Access; secret: string; now: () => number; family: FamilyService; log: FastifyBaseLogger; payProvider: Config['payProvider']; pay: Config['pay'] }): Pkg {
  const sandbox = new SandboxPayProvider(o.db, o.secret, o.now);
  const provider: PayProvider = o.payProvider === 'wechat' && o.pay.wechat ? new WechatPayProvider(o.pay.wechat, o.now) : o.payProvider === 'alipay' && o.pay.alipay ? new AlipayProvider(o.pay.alipay, o.now) : sandbox;
  const payEnabled = o.payProvider !== 'none';
  const service = new PkgService({ store: new PkgStore(o.db), access: o.access, provider, payEnabled, requireMember: (auth, id) => o.family.requireMember(auth, id), now: o.now, log: o.log });
  return { service, sandbox, provider, payEnabled };
}

/** Sweep of expired unpaid orders and ended services across accounts (reads also settle their own). */
const SWEEP_MS = 60_000;

/** Applies a parsed provider notification; answers whether it was taken (applied or acknowledged). */
async function take(svc: PkgService, p: ParsedNotify): Promise<boolean> {
  try {
    if (p.kind === 'refuse') svc.refuse(p.reason, p.notifyId ?? '');
    if (p.kind === 'ignore') svc.ignored(p.what);
    if (p.kind === 'apply') await svc.accept(p.n);
    return true;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}

/**
 * The endpoints WeChat Pay and Alipay post notifications to. They speak the providers' protocols
 * (raw body for the signature; WeChat: 204 or 4xx with {code:"FAIL"}, Alipay: `success`/`fail`),
 * not our envelope, so they are outside the contract's route table.
 */
async function providerNotifyRoutes(root: FastifyInstance, pkg: Pkg): Promise<void> {
  const provider = pkg.provider;
  if (provider instanceof WechatPayProvider) {
    await root.register(async (app) => {
      app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      app.post(WECHAT_NOTIFY_PATH, async (req, reply) => {
        const ok = await take(pkg.service, provider.parseNotify(req.headers, typeof req.body === 'string' ? req.body : ''));
        return ok ? reply.code(204).send() : reply.code(400).type('application/json').send({ code: 'FAIL', message: '通知未通过校验' });
      });
    });
  }
  if (provider instanceof AlipayProvider) {
    await root.register(async (app) => {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      app.post(ALIPAY_NOTIFY_PATH, async (req, reply) => {
        const ok = await take(pkg.service, provider.parseNotify(typeof req.body === 'string' ? req.body : ''));
        return reply.code(200).type('text/plain; charset=utf-8').send(ok ? 'success' : 'fail');
      });
    });
  }
}

/**
 * The calls, the sandbox's pay pages and notifications (posted through the app's HTTP stack to our
 * callback route, exactly what a real provider's POST would go through), and the real providers' endpoints.
 */
export async function pkgAllRoutes(app: FastifyInstance, pkg: Pkg): Promise<void> {
  pkgRoutes(app, pkg.service);
  if (pkg.provider === pkg.sandbox && pkg.payEnabled) await sandboxPayRoutes(app, pkg.sandbox);
  await providerNotifyRoutes(app, pkg);
  const callback = urlOf(routes.rehab.payNotifySandbox);
  pkg.sandbox.deliver = async (n: PayNotify) => {
    const res = await app.inject({ method: 'POST', url: callback, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(n) });
    return res.statusCode === 200 && (JSON.parse(res.body) as { code?: number }).code === 1;
  };
  const sweep = setInterval(() => void pkg.service.settle().catch((err: unknown) => app.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'order sweep failed')), SWEEP_MS);
  sweep.unref();
  app.addHook('preClose', async () => {
    clearInterval(sweep);
    pkg.sandbox.stop();
    await pkg.sandbox.idle();
  });
}
