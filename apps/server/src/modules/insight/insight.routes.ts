import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { clientIp } from '../../http/context.ts';
import { register } from '../../http/route.ts';
import type { InsightService } from './insight.service.ts';

const headerDevice = (v: unknown): string | null => (typeof v === 'string' && v ? v.slice(0, 20) : null);

/** Health profile in chat, chat extras, medical lookup, evaluation and home: wiring only. */
export function insightRoutes(app: FastifyInstance, svc: InsightService): void {
  const h = routes.chatHealth;
  register(app, h.getPersonalPortrayTag, ({ auth, query }) => svc.portrayTags(auth, query));
  register(app, h.savePersonalIndicator, ({ auth, body }) => svc.saveIndicators(auth, body));
  register(app, h.getRecommend, ({ auth, query }) => svc.recommend(auth, query));
  register(app, h.getRisk, ({ auth, query }) => svc.risk(auth, query.questionId));
  register(app, h.getSceneRecodesByBody, ({ body }) => svc.scenes(body?.question ?? ''));
  register(app, h.getUserInfoHealthRateAndUseTimes, ({ auth, body }) => svc.healthRate(auth, body.userInfoId));
  register(app, h.confirmRole, ({ auth, body }) => svc.confirmRole(auth, body));
  register(app, h.getRoleByKieQuestion, ({ auth, body }) => svc.roleByQuestion(auth, body));
  register(app, h.addHistoryByImage, ({ auth, body }) => svc.addHistoryByImage(auth, body));
  register(app, h.getSessionByMediaId, ({ auth, body }) => svc.sessionByMedia(auth, body.inputMediaId));

  const c = routes.chat;
  register(app, c.recommendQuestion, ({ auth, body }) => svc.recommendQuestions(auth, body));
  register(app, c.wsConnectLog, ({ auth, body, req }) => svc.wsConnectLog(auth, body, headerDevice(req.headers.devicetype)));
  register(app, c.activeSceneRecodes, ({ auth, body }) => svc.activeScenes(auth, body));
  register(app, c.activeInquiry, ({ auth, body }) => svc.activeInquiry(auth, body));
  register(app, c.welcomeMessage, ({ body }) => svc.welcome(body?.hour));

  const m = routes.medical;
  register(app, m.getHospitals, ({ body }) => svc.hospitals(body));
  register(app, m.queryHospital, ({ body }) => svc.queryHospital(body));
  register(app, m.query, ({ auth, body }) => svc.medicalQuery(auth, body));
  register(app, m.queryDoctor, ({ body }) => svc.queryDoctors(body));

  const e = routes.evaluation;
  register(app, e.evaluate, ({ auth, body }) => svc.evaluate(auth, body));
  register(app, e.userEvaluationState, ({ auth }) => svc.userEvaluationState(auth));
  register(app, e.userEvaluationCreateOrUpdate, ({ auth, body }) => svc.saveUserEvaluation(auth, body));
  register(app, e.getEvaCondition, ({ auth, query }) => svc.evaCondition(auth, query?.trigger));
  register(app, e.setEjectFlag, ({ auth }) => svc.setEjectFlag(auth));
  register(app, e.getAppEvaluateRecord, ({ auth }) => svc.appEvaluateRecord(auth));
  register(app, e.saveAppEvaluateRecord, ({ auth, body }) => svc.saveAppEvaluate(auth, body));

  const s = routes.system;
  register(app, s.taskList, ({ auth }) => svc.taskList(auth));
  register(app, s.clickTask, ({ auth, query, req }) => svc.clickTask(auth, query.id, clientIp(req)));
  register(app, s.clickTaskPublic, ({ auth, query, req }) => svc.clickTask(auth, query.id, clientIp(req)));
  register(app, s.getKnowledgeInfo, ({ auth, query }) => svc.knowledge(auth, query?.userInfoId, query?.limit ?? 6));
  register(app, s.getCommonKnowledgeInfo, ({ query }) => svc.commonKnowledge(query?.limit ?? 6));
  register(app, routes.family.diseaseHistoryInfo, ({ auth, query }) => svc.diseaseHistory(auth, query.dialInId));
}
