import type { FastifyInstance } from 'fastify';
import { isYes, routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { ChatService } from './chat.service.ts';

/** Chat sessions, history, dialogs, collections, shares and text audit: wiring only. */
export function chatRoutes(app: FastifyInstance, svc: ChatService): void {
  const r = routes.chat;
  register(app, r.getUuid, () => svc.uuid());
  register(app, r.generateNew, ({ auth, body, req }) => svc.generateNew(auth, body?.deviceType ?? (typeof req.headers.devicetype === 'string' ? req.headers.devicetype.slice(0, 40) : null)));
  register(app, r.breakChatDialSave, ({ auth, body }) => svc.breakSave(auth, body));
  register(app, r.getHistoryRecord, ({ auth, body }) => svc.history(auth, body?.page ?? 1, body?.size ?? 30));
  register(app, r.getHistoryRecordV2, ({ auth, body }) => svc.history(auth, body?.page ?? 1, body?.size ?? 30));
  register(app, r.getSessionDetail, ({ auth, body }) => svc.sessionDetail(auth, { sessionId: body.sessionId, size: body.size, desc: isYes(body.desc, true), lastId: body.lastId }));
  register(app, r.getSessionMediaCnt, ({ auth, body }) => svc.mediaCounts(auth, body.sessionIds));
  register(app, r.delHisBySessionId, ({ auth, body }) => svc.deleteSession(auth, body.sessionId, body.delMediaFlag ?? true));
  register(app, r.delAllHistoryRecord, ({ auth, body }) => svc.deleteAll(auth, body?.delMediaFlag ?? true));
  register(app, r.delHistoryRecord, ({ auth, body }) => svc.deleteDialogs(auth, body.dialIds, body.delMediaFlag));
  register(app, r.getItemChat, ({ auth, body }) => svc.item(auth, body.dialInId));
  register(app, r.personalSource, ({ auth, body }) => svc.personalSource(auth, body.dialInId));
  register(app, r.answerMoment, ({ auth, body }) => svc.moment(auth, body.questionId));
  register(app, r.saveShare, ({ auth, body }) => svc.saveShare(auth, body.dialInIds));
  register(app, r.shareView, ({ query }) => svc.shareView(query.shareId));
  register(app, r.shareList, ({ auth, body }) => svc.shares(auth, body?.page ?? 1, body?.size ?? 30));
  register(app, r.shareRevoke, ({ auth, body }) => svc.revokeShare(auth, body.shareId));
  register(app, r.getLastTextChatDial, ({ auth }) => svc.lastText(auth));
  register(app, r.collectSave, ({ auth, body }) => svc.collect(auth, body.dialInIds, true));
  register(app, r.collectCancel, ({ auth, body }) => svc.collect(auth, body.dialInIds, false));
  register(app, r.collectList, ({ auth, body }) => svc.collected(auth, body?.page ?? 1, body?.size ?? 30));
  register(app, r.recommendQuestionV2, ({ auth, body }) => svc.recommend(auth, body?.dialInId));
  register(app, r.historySearch, ({ auth, body }) => svc.search(auth, body.keyword, body.page, body.size));
  register(app, routes.media.auditTextByBody, ({ body }) => svc.auditText(body.content));
}
