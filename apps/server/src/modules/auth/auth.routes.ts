import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@chatdr/contract';
import { clientIp } from '../../http/context.ts';
import { register } from '../../http/route.ts';
import type { AuthService, ClientMeta } from './auth.service.ts';

const header = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v.slice(0, 300) : null;
};
const metaOf = (req: FastifyRequest, deviceType?: string): ClientMeta => ({ ip: clientIp(req), deviceType: deviceType ?? header(req, 'devicetype'), ua: header(req, 'ua') ?? header(req, 'user-agent') });

/** Auth calls: wiring only. */
export function authRoutes(app: FastifyInstance, svc: AuthService): void {
  const r = routes.auth;
  register(app, r.sendLoginCode, ({ body, req }) => svc.sendCode(body.phone, body.scene ?? 'login', metaOf(req)));
  register(app, r.phoneLogin, ({ body, req }) => svc.loginByCode(body.phone, body.code, metaOf(req, body.deviceType)));
  register(app, r.passwordLogin, ({ body, req }) => svc.loginByPassword(body.phone, body.password, metaOf(req, body.deviceType)));
  register(app, r.verifyCodeNotLogin, ({ body }) => svc.verifyNotLogin(body.phone, body.code));
  register(app, r.forgotPwd, ({ body }) => svc.forgotPassword(body.phone, body.verifyToken, body.password));
  const a = routes.account;
  register(app, a.customSendCode, ({ auth, req }) => svc.changePhoneSendOld(auth, metaOf(req)));
  register(app, a.customCheckCode, ({ auth, body }) => svc.changePhoneCheckOld(auth, body.code));
  register(app, a.updatePhoneSendCode, ({ auth, body, req }) => svc.changePhoneSendNew(auth, body.phone, body.verifyToken, metaOf(req)));
  register(app, a.updatePhone, ({ auth, body }) => svc.changePhone(auth, body.phone, body.code, body.verifyToken));
  register(app, r.setPwdSendCode, ({ auth, req }) => svc.setPwdSendCode(auth, metaOf(req)));
  register(app, r.setPwdCheckCode, ({ auth, body }) => svc.setPwdCheckCode(auth, body.code));
  register(app, r.setPwdSubmit, ({ auth, body }) => svc.setPwdSubmit(auth, body.verifyToken, body.password));
  register(app, r.refreshSession, ({ body, req }) => svc.refresh(body.sessionId, metaOf(req)));
  register(app, r.logout, ({ auth }) => svc.logout(auth));
  register(app, r.forceLogout, ({ auth, body }) => svc.forceLogout(auth, body.sessionIds));
  register(app, r.sessionList, ({ auth }) => svc.listSessions(auth));
  register(app, r.cancelSendCode, ({ body, req }) => svc.cancelSendCode(body.phone, metaOf(req)));
  register(app, r.cancelCheckCode, ({ body }) => svc.cancelAccount(body.phone, body.code));
  register(app, r.sendApplyCode, ({ auth, req }) => svc.sendApplyCode(auth, metaOf(req)), { allowApplicant: true });
  register(app, r.apply, ({ auth, body }) => svc.apply(auth, body), { allowApplicant: true });
  register(app, r.applyCheck, ({ auth }) => svc.applicationState(auth), { allowApplicant: true });
}
