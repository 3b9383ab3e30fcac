import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { MessageService } from './message.service.ts';

export function messageRoutes(app: FastifyInstance, svc: MessageService): void {
  const r = routes.system;
  register(app, r.messageList, ({ auth, body }) => svc.list(auth, body));
  register(app, r.messageRead, ({ auth, body }) => svc.read(auth, body));
  register(app, r.smsInfo, ({ auth }) => svc.settings(auth));
  register(app, r.smsSave, ({ auth, body }) => svc.saveSettings(auth, body.list));
}
