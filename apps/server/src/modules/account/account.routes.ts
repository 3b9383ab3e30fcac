import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { AccountService } from './account.service.ts';

export function accountRoutes(app: FastifyInstance, svc: AccountService): void {
  const r = routes.auth;
  register(app, r.accountInfo, ({ auth }) => svc.accountInfo(auth));
  register(app, r.personalSet, ({ auth, body }) => svc.settings(auth, body));
  register(app, r.grayAuth, ({ body }) => svc.grayAuth(body.versionNumber));
}
