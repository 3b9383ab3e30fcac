import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { clientIp } from '../../http/context.ts';
import { register, registerActor } from '../../http/route.ts';
import type { ClinicService } from './clinic.service.ts';
import type { PlanService } from './plan.service.ts';

/** The clinician workspace's calls (doctor token) and the user's IM, verification and plan calls: wiring only. */
export function clinicRoutes(app: FastifyInstance, svc: ClinicService, plan: PlanService): void {
  const c = routes.clinic;
  const doctor = (token: string | undefined) => svc.resolve(token);
  register(app, c.login, ({ body, req }) => svc.login(body.phone, body.password, clientIp(req)));
  registerActor(app, c.logout, doctor, async ({ token }) => {
    await svc.logout(token);
    return null;
  });
  registerActor(app, c.me, doctor, ({ actor }) => svc.me(actor));
  registerActor(app, c.imToken, doctor, ({ actor, token }) => svc.doctorImToken(actor, token));
  registerActor(app, c.consults, doctor, ({ actor }) => svc.list({ doctorId: actor.id }));
  registerActor(app, c.memberFile, doctor, ({ actor, body }) => svc.memberFile(actor, body.consultId));
  registerActor(app, c.close, doctor, ({ actor, body }) => svc.close(actor, body.consultId));
  registerActor(app, c.history, doctor, ({ actor, body }) => svc.history({ side: 'doctor', id: actor.id }, body));
  registerActor(app, c.read, doctor, ({ actor, body }) => svc.read({ side: 'doctor', id: actor.id }, body.groupId, body.seq));
  registerActor(app, c.verifyList, doctor, ({ actor }) => svc.verifyQueue(actor));
  registerActor(app, c.verifySubmit, doctor, ({ actor, body }) => svc.verdict(actor, body));
  registerActor(app, c.planCreate, doctor, ({ actor, body }) => svc.createPlan(actor, body));

  const r = routes.rehab;
  const me = (userId: number) => ({ side: 'user' as const, id: userId });
  register(app, r.rongGetToken, ({ auth }) => svc.imToken(me(auth.userId)));
  register(app, r.consultStart, ({ auth, body }) => svc.start(auth, body.orderNo));
  register(app, r.consultList, ({ auth }) => svc.list({ userId: auth.userId }));
  register(app, r.imHistory, ({ auth, body }) => svc.history(me(auth.userId), body));
  register(app, r.imRead, ({ auth, body }) => svc.read(me(auth.userId), body.groupId, body.seq));
  register(app, r.remindDoctor, ({ auth, body }) => svc.remind(auth, body.groupId));
  register(app, r.chatVerifyApply, ({ auth, body }) => svc.applyVerify(auth, body.dialogId));
  register(app, r.chatVerifyDetail, ({ auth, body }) => svc.verifyDetail(auth, body.chatVerifyId));

  const p = routes.rehabPlan;
  register(app, p.currentStage, ({ auth, body }) => svc.currentStage(auth, body?.planId));
  register(app, p.foodAdvice, ({ auth, body }) => svc.foodAdvice(auth, body?.planId));
  register(app, p.dailyLife, ({ auth, body }) => svc.dailyLife(auth, body.planId, body.currentDate));
  register(app, p.checkIn, ({ auth, body }) => svc.checkIn(auth, body));
  register(app, p.calendarState, ({ auth, body }) => svc.calendar(auth, body.planId, body.month));
  register(app, p.stageList, ({ auth, body }) => plan.stageList(auth, body.planId));
  register(app, p.noticeByDate, ({ auth, body }) => plan.noticeByDate(auth, body.planId, body.currentDate));
  register(app, p.selfAssess, ({ auth, body }) => plan.selfAssess(auth, body));
  register(app, p.foodList, ({ auth, body }) => plan.foodList(auth, body.planId, false));
  register(app, p.foodListRefresh, ({ auth, body }) => plan.foodList(auth, body.planId, true));
  register(app, p.questions, ({ auth, body }) => plan.questions(auth, body));
  register(app, p.recommendRefresh, ({ auth, body }) => plan.recommend(auth, body.planId, { refresh: true }));
  register(app, p.recommendRead, ({ auth, body }) => plan.recommend(auth, body.planId, body.articleId === undefined ? {} : { read: body.articleId }));
  register(app, p.medicalTakeIn, ({ auth, body }) => plan.doTask(auth, body, 'medicine'));
  register(app, p.exerciseComplete, ({ auth, body }) => plan.doTask(auth, body, 'exercise'));
  register(app, p.exerciseFeedback, ({ auth, body }) => plan.exerciseFeedback(auth, body));
}
