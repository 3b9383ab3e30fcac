import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { SystemService } from './system.service.ts';
import { ProtocolService } from './protocol.service.ts';

export function systemRoutes(app: FastifyInstance, svc: SystemService): void {
  register(app, routes.auth.checkUpdate, ({ query }) => svc.checkUpdate(query.versionNumber, query.deviceType));
  const protocols = new ProtocolService();
  register(app, routes.system.protocolFindByCode, ({ params }) => protocols.find(params.a, params.b));
}
