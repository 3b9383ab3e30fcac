import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { register } from '../../http/route.ts';
import type { GuideService } from './guide.service.ts';
import type { HealthService } from './health.service.ts';

/** Blood pressure, indicators, life guides and the privacy status: wiring only. */
export function healthRoutes(app: FastifyInstance, svc: HealthService, guide: GuideService, privacyMode: (auth: AuthContext) => Promise<boolean>): void {
  const bp = routes.bp;
  register(app, bp.baseInfo, ({ auth, body }) => svc.bpBaseInfo(auth, body.userInfoId));
  register(app, bp.save, ({ auth, body }) => svc.bpSave(auth, body));
  register(app, bp.detailList, ({ auth, body }) => svc.bpList(auth, body));
  register(app, bp.cancel, ({ auth, body }) => svc.bpCancel(auth, body.id));
  const i = routes.indicator;
  register(app, i.searchDetailAll, ({ auth, body }) => svc.searchDetailAll(auth, body.userInfoId));
  register(app, i.searchTypeDetailAllList, ({ auth, body }) => svc.searchTypeDetailAllList(auth, body.userInfoId));
  register(app, i.explainSearchDetail, ({ body }) => svc.explain(body));
  register(app, i.manageSave, ({ auth, body }) => svc.save(auth, body));
  register(app, i.listByType, ({ auth, body }) => svc.page(auth, body));
  register(app, i.detailList, ({ auth, body }) => svc.page(auth, body));
  register(app, i.manageDel, ({ auth, body }) => svc.del(auth, body.id));
  register(app, i.manageEdit, ({ auth, body }) => svc.edit(auth, body));
  register(app, i.detailListByTime, ({ auth, body }) => svc.byTime(auth, body));
  register(app, i.manageUpdateBmiById, ({ auth, body }) => svc.updateBmi(auth, body));
  register(app, i.attentionTypeList, ({ auth, body }) => svc.attentionTypes(auth, body.userInfoId));
  register(app, i.getPrivacyStatus, async ({ auth, body }) => svc.privacyStatus(auth, body?.userInfoId, await privacyMode(auth)));
  const g = routes.plan;
  register(app, g.foodGuide, ({ auth, body }) => guide.foodGuide(auth, body.userInfoId));
  register(app, g.foodGuideRefresh, ({ auth, body }) => guide.foodGuide(auth, body.userInfoId));
  register(app, g.exerciseGuide, ({ auth, body }) => guide.exerciseGuide(auth, body.userInfoId));
  register(app, g.foodEvaluation, ({ auth, body }) => guide.foodEvaluation(auth, body));
  register(app, g.exerciseEvaluation, ({ auth, body }) => guide.exerciseEvaluation(auth, body));
}
