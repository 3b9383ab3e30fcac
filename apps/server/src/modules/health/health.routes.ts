import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { HealthService } from './health.service.ts';

/** Blood pressure and indicators: wiring only. */
export function healthRoutes(app: FastifyInstance, svc: HealthService): void {
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
}
