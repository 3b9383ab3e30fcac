import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { RealNameService } from './realname.service.ts';

/** Real-name authentication: wiring only. */
export function realNameRoutes(app: FastifyInstance, svc: RealNameService): void {
  const a = routes.account;
  register(app, a.realNameAuth, ({ auth, body }) => svc.verify(auth, body.userInfoId, body.name, body.idNumber));
  register(app, a.realNameInfo, ({ auth, query }) => svc.get(auth, query.userInfoId));
}
