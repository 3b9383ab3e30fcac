import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as s from '../schemas/auth.ts';
import { emptyBody, ok } from '../schemas/common.ts';

const v1 = PREFIX.serviceV1;
const ah = 'account-health' as const;

/** Auth and account calls (account-health §7 "Auth and account"). */
export const authRoutes = {
  checkUpdate: route({ prefix: PREFIX.service, path: '/v1/pb/version/checkUpdate', method: 'GET', area: 'system', spec: ah, summary: 'Latest app version for a version code and device type', query: s.CheckUpdateQuery, response: s.AppVersionInfo.nullable() }),
  sendLoginCode: route({ prefix: v1, path: '/pb/login/phone/sendMsgCode', area: 'auth', spec: ah, summary: 'Send an SMS code for login (or for a not-logged-in scene such as forgotPwd)', body: s.SendLoginCodeReq, response: s.SendCodeRes }),
  phoneLogin: route({ prefix: v1, path: '/pb/login/phone/login', area: 'auth', spec: ah, summary: 'Log in (or register) by phone and SMS code', body: s.PhoneLoginReq, response: s.LoginRes }),
  passwordLogin: route({ prefix: v1, path: '/pb/login/account/byPwdtest', area: 'auth', spec: ah, summary: 'Log in by phone and password', body: s.PwdLoginReq, response: s.LoginRes }),
  verifyCodeNotLogin: route({ prefix: v1, path: '/pb/sms/verifyCodeNotLogin', area: 'auth', spec: ah, summary: 'Check a not-logged-in SMS code; returns a single-use verify ticket', body: s.VerifyCodeNotLoginReq, response: s.VerifyTicketRes }),
  forgotPwd: route({ prefix: v1, path: '/pb/user/forgotPwd', area: 'auth', spec: ah, summary: 'Set a new password with a verify ticket; ends every session', body: s.ForgotPwdReq, response: ok }),
  setPwdSendCode: route({ prefix: v1, path: '/toc/userinfo/setPwd/sendMsgCode', area: 'auth', spec: ah, summary: "Send an SMS code to the account's phone to set its password", body: emptyBody, response: s.SendCodeRes }),
  setPwdCheckCode: route({ prefix: v1, path: '/toc/userinfo/setPwd/checkCode', area: 'auth', spec: ah, summary: 'Check the set-password code; returns a verify ticket', body: s.SetPwdCheckCodeReq, response: s.VerifyTicketRes }),
  setPwdSubmit: route({ prefix: v1, path: '/toc/userinfo/setPwd/submit', area: 'auth', spec: ah, summary: 'Set the password; ends the other sessions', body: s.SetPwdSubmitReq, response: ok }),
  refreshSession: route({ prefix: v1, path: '/pb/session/refresh', area: 'auth', spec: ah, summary: 'Rotate the session token (10002 when not logged in)', body: s.RefreshReq, response: s.RefreshRes }),
  logout: route({ prefix: v1, path: '/pb/TcAccount/logout', area: 'auth', spec: ah, summary: 'End the calling session', body: emptyBody, response: ok }),
  forceLogout: route({ prefix: v1, path: '/toc/forceLogout', area: 'auth', spec: ah, summary: 'End the listed sessions of the account, or all but the calling one', body: s.ForceLogoutReq, response: z.object({ ended: z.number().int() }) }),
  sessionList: route({ prefix: v1, path: '/toc/user/sessionList', method: 'GET', area: 'auth', spec: 'extension', summary: "The account's live sessions (QUALITY.md: users can see and end their sessions)", response: s.SessionListRes }),
  accountInfo: route({ prefix: v1, path: '/toc/user/accountInfo', method: 'GET', area: 'account', spec: ah, summary: 'Account info with the family members list', response: s.AccountInfo }),
  personalSet: route({ prefix: v1, path: '/toc/user/personalSet', area: 'account', spec: ah, summary: 'Read (empty body) or update personal settings', body: s.PersonalSetReq.optional(), response: s.PersonalSettings }),
  grayAuth: route({ prefix: v1, path: '/toc/user/grayAuth', area: 'account', spec: ah, summary: 'Feature flags enabled for this account and client version', body: s.GrayAuthReq, response: s.GrayAuthRes }),
  cancelSendCode: route({ prefix: v1, path: '/pb/delete/phone/sendMsgCode', area: 'auth', spec: ah, summary: 'Send the account-cancellation SMS code', body: s.CancelSendCodeReq, response: s.SendCodeRes }),
  cancelCheckCode: route({ prefix: v1, path: '/pb/delete/phone/checkCode', area: 'auth', spec: ah, summary: 'Check the code and cancel the account: deletes all its data and ends its sessions', body: s.CancelCheckCodeReq, response: ok }),
  apply: route({ prefix: v1, path: '/toc/userInfo/apply', area: 'auth', spec: ah, summary: 'Apply for access for an unregistered phone (application-only registration)', body: s.ApplyReq, response: s.ApplyCheckRes }),
  applyCheck: route({ prefix: v1, path: '/toc/userInfo/applyCheck', area: 'auth', spec: ah, summary: 'State of the caller’s application', body: emptyBody, response: s.ApplyCheckRes }),
  sendApplyCode: route({ prefix: v1, path: '/toc/sms/sendUserInfoApplyCode', area: 'auth', spec: ah, summary: 'Send the SMS code that confirms an application', body: s.SendApplyCodeReq, response: s.SendCodeRes }),
} as const;
