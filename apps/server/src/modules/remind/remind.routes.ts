import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { RemindService } from './remind.service.ts';

/** Medication reminders, review plans and reminder messages: wiring only. */
export function remindRoutes(app: FastifyInstance, svc: RemindService): void {
  const p = routes.plan;
  register(app, p.remindPlanSave, ({ auth, body }) => svc.savePlan(auth, body));
  register(app, p.remindPlanList, ({ auth, body }) => svc.planList(auth, body.userInfoId));
  register(app, p.remindPlanDelete, ({ auth, body }) => svc.deletePlans(auth, body.ids));
  register(app, p.remindQueryRecord, ({ auth, body }) => svc.queryRecord(auth, body));
  register(app, p.remindQueryHisRecord, ({ auth, body }) => svc.queryHisRecord(auth, body));
  register(app, p.remindTake, ({ auth, body }) => svc.act(auth, body.ids, 'take'));
  register(app, p.remindSkip, ({ auth, body }) => svc.act(auth, body.ids, 'skip'));
  register(app, p.remindQueryReviewRecord, ({ auth, body }) => svc.reviewRecord(auth, body));
  register(app, p.remindQueryReviewHisRecord, ({ auth, body }) => svc.reviewHisRecord(auth, body));
  register(app, p.remindRecordUpdateReadFlag, ({ auth, query }) => svc.updateReadFlag(auth, query.id));
  register(app, p.reportPlanGenerate, ({ auth, body }) => svc.generate(auth, body));
  register(app, p.reportPlanUpdate, ({ auth, body }) => svc.updateReview(auth, body));
  register(app, p.reportPlanCheckDate, ({ auth, body }) => svc.checkDate(auth, body));
  register(app, p.reportPlanDelete, ({ auth, body }) => svc.deleteReviews(auth, body.ids));
  register(app, p.reportPlanPage, ({ auth, body }) => svc.reviewPage(auth, body));
  register(app, p.pushVapidKey, () => svc.vapidKey());
  register(app, p.pushSubscribe, ({ auth, body }) => svc.subscribe(auth, body));
  register(app, p.pushUnsubscribe, ({ auth, body }) => svc.unsubscribe(auth, body.endpoint));
  register(app, routes.system.getNotifyInApp, ({ auth, query }) => svc.notices(auth, query.userInfoId));
}
