import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { FeedbackService } from './feedback.service.ts';

export function feedbackRoutes(app: FastifyInstance, svc: FeedbackService): void {
  const r = routes.feedback;
  register(app, r.suggestionAdd, ({ auth, body }) => svc.add(auth, 'suggestion', body));
  register(app, r.suggestionAddPublic, ({ auth, body }) => svc.add(auth, 'suggestion', body));
  register(app, r.suggestionNotReadCount, ({ auth }) => svc.notReadCount(auth, 'suggestion'));
  register(app, r.suggestionListByUser, ({ auth }) => svc.list(auth, 'suggestion'));
  register(app, r.saveComplaint, ({ auth, body }) => svc.add(auth, 'complaint', body));
  register(app, r.complaintNotReadCount, ({ auth }) => svc.notReadCount(auth, 'complaint'));
  register(app, r.complaintListByUser, ({ auth }) => svc.list(auth, 'complaint'));
}
