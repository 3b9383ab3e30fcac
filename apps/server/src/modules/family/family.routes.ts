import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { FamilyService } from './family.service.ts';

/** Members, health records and text audit: wiring only. */
export function familyRoutes(app: FastifyInstance, svc: FamilyService, audit: AuditService): void {
  const r = routes.family;
  register(app, r.saveUserInfo, ({ auth, body }) => svc.save(auth, body));
  register(app, r.editUserInfo, ({ auth, body }) => svc.edit(auth, body));
  register(app, r.deleteUserInfo, ({ auth, query }) => svc.remove(auth, query.id));
  register(app, r.findUserInfo, ({ auth, query }) => svc.find(auth, query.id));
  register(app, r.checkNameState, ({ auth, body }) => svc.checkName(auth, body));
  register(app, r.userInfoIsShow, ({ auth }) => svc.isShow(auth));
  register(app, r.updUserInfoIsShow, ({ auth, body }) => svc.setIsShow(auth, body.isShow));
  register(app, r.getImgUploadInfo, ({ auth }) => svc.avatars(auth));
  register(app, r.userHealthPageState, ({ auth, body }) => svc.summary(auth, body?.userInfoId));
  register(app, r.getPersonalizedCare, ({ auth, body }) => svc.care(auth, body?.userInfoId));
  register(app, r.currentConsultAdd, ({ auth, body }) => svc.currentConsult(auth, body.userInfoId, body.isDefault));
  register(app, r.getPersonalRecord, ({ auth, query }) => svc.personalRecord(auth, query.userInfoId));
  register(app, r.hasNewRecordState, ({ auth, query }) => svc.hasNew(auth, query.userInfoId));
  register(app, r.userHealthRecordState, ({ auth, query }) => svc.recordState(auth, query.userInfoId));
  register(app, r.recordDetail, ({ auth, query }) => svc.recordDetail(auth, query.id));
  register(app, r.moveRecord, ({ auth, body }) => svc.moveRecords(auth, body.ids, body.userInfoId));
  register(app, r.editRecord, ({ auth, body }) => svc.editRecord(auth, body));
  register(app, r.checkRecords, ({ auth, body }) => svc.checkRecords(auth, body.userInfoId, body.records));
  register(app, r.batchSaveRecords, ({ auth, body }) => svc.batchSave(auth, body.userInfoId, body.records));
  register(app, r.keywordGetTemplate, ({ body }) => svc.keywordTemplates(body.type, body.limit));
  register(app, r.keywordTemplateSuggestion, ({ body }) => svc.keywordSuggestions(body.type, body.keyword, body.limit));
  register(app, r.deleteRecord, ({ auth, params }) => svc.deleteRecord(auth, params.id));
  register(app, r.deleteMaternityHistory, ({ auth, params }) => svc.deleteMaternity(auth, params.a, params.b));
  register(app, r.auditText, ({ query }) => audit.auditText(query.content));
}
