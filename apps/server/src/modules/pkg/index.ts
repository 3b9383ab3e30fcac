import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { routes, urlOf, type PayNotify } from '@chatdr/contract';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../access/access.ts';
import type { FamilyService } from '../family/family.service.ts';
import { PkgService } from './pkg.service.ts';
import { PkgStore } from './pkg.store.ts';
import { pkgRoutes } from './pkg.routes.ts';
import { SandboxPayProvider, sandboxPayRoutes } from './sandbox-pay.ts';

export { PkgService } from './pkg.service.ts';
export { SandboxPayProvider } from './sandbox-pay.ts';

export interface Pkg {
  service: PkgService;
  sandbox: SandboxPayProvider;
  /** PAY_PROVIDER=sandbox: the sandbox's pages are served and payments open. */
  payEnabled: boolean;
}

/** Packages and orders with the embedded sandbox payment provider. */
export function createPkg(o: { db: Db; access: Access; secret: string; now: () => number; family: FamilyService; log: FastifyBaseLogger; payProvider: 'sandbox' | 'none' }): Pkg {
  const sandbox = new SandboxPayProvider(o.db, o.secret, o.now);
  const service = new PkgService({ store: new PkgStore(o.db), access: o.access, provider: sandbox, payEnabled: o.payProvider === 'sandbox', requireMember: (auth, id) => o.family.requireMember(auth, id), now: o.now, log: o.log });
  return { service, sandbox, payEnabled: o.payProvider === 'sandbox' };
}

/** Sweep of expired unpaid orders and ended services across accounts (reads also settle their own). */
const SWEEP_MS = 60_000;

/**
 * The calls, the sandbox's pay pages, and its notifications: posted through the app's HTTP stack
 * to our callback route (exactly what a real provider's POST would go through).
 */
export async function pkgAllRoutes(app: FastifyInstance, pkg: Pkg): Promise<void> {
  pkgRoutes(app, pkg.service);
  if (pkg.payEnabled) await sandboxPayRoutes(app, pkg.sandbox);
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
