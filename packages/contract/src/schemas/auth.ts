import { z } from 'zod';
import { FEATURE_FLAGS, FONT_LEVELS, SMS_SCENES } from '../enums.ts';
import { LIMITS, SECURITY } from '../constants.ts';
import { deviceType, int4, password, phone, smsCode } from './common.ts';

/** A new password: 8–20 characters with at least one letter and one digit. */
export const newPassword = z
  .string()
  .min(SECURITY.passwordMin)
  .max(SECURITY.passwordMax)
  .refine((s) => /[A-Za-z]/.test(s) && /\d/.test(s));
export const isStrongPassword = (s: string) => newPassword.safeParse(s).success;

export const SendLoginCodeReq = z.object({ phone, scene: z.enum(SMS_SCENES).optional(), deviceType });
export type SendLoginCodeReq = z.infer<typeof SendLoginCodeReq>;
/** Seconds until another code may be sent. */
export const SendCodeRes = z.object({ resendAfter: z.number().int() });
export type SendCodeRes = z.infer<typeof SendCodeRes>;

export const PhoneLoginReq = z.object({ phone, code: smsCode, deviceType });
export type PhoneLoginReq = z.infer<typeof PhoneLoginReq>;
export const PwdLoginReq = z.object({ phone, password, deviceType });
export type PwdLoginReq = z.infer<typeof PwdLoginReq>;
/** Login session (chat-core §3). */
export const LoginRes = z.object({ sessionId: z.string(), userId: z.number().int(), isNewUser: z.boolean() });
export type LoginRes = z.infer<typeof LoginRes>;

export const VerifyCodeNotLoginReq = z.object({ phone, code: smsCode, scene: z.enum(['forgotPwd']).default('forgotPwd') });
/** A single-use ticket proving the phone's code was checked. */
export const VerifyTicketRes = z.object({ verifyToken: z.string() });
export type VerifyTicketRes = z.infer<typeof VerifyTicketRes>;
export const ForgotPwdReq = z.object({ phone, verifyToken: z.string().min(1), password: newPassword });
export type ForgotPwdReq = z.infer<typeof ForgotPwdReq>;

export const SetPwdCheckCodeReq = z.object({ code: smsCode });
export const SetPwdSubmitReq = z.object({ verifyToken: z.string().min(1), password: newPassword });
export type SetPwdSubmitReq = z.infer<typeof SetPwdSubmitReq>;

export const RefreshReq = z.object({ sessionId: z.string().min(1).max(200) });
export const RefreshRes = z.object({ sessionId: z.string() });

export const ForceLogoutReq = z.object({ sessionIds: z.array(z.string().max(64)).max(100).optional() });
export const SessionInfo = z.object({
  id: z.string(),
  deviceType: z.string().nullable(),
  ua: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionListRes = z.array(SessionInfo);

export const Member = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  roleName: z.string(),
  roleCode: z.string(),
  roleTag: z.string().nullable(),
  isDefault: z.number().int(),
  birthDate: z.string().nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
});
export type Member = z.infer<typeof Member>;

/** Account info (account-health §3). The self member 本人 is created at first login. */
export const AccountInfo = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  sex: z.enum(['M', 'F']).nullable(),
  age: z.number().int().nullable(),
  headImage: z.string().nullable(),
  roleName: z.string(),
  roleCode: z.string(),
  roleTag: z.string().nullable(),
  isDefault: z.number().int(),
  members: z.array(Member),
  packageList: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.number().int() })),
  /** Masked phone, e.g. 138****0000. */
  phone: z.string(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountInfo = z.infer<typeof AccountInfo>;

export const PersonalSettings = z.object({
  fontSize: z.enum(FONT_LEVELS),
  openTTs: z.boolean(),
  privacyMode: z.boolean(),
  recommendQuestions: z.boolean(),
  notifyReminders: z.boolean(),
});
export type PersonalSettings = z.infer<typeof PersonalSettings>;
export const PersonalSetReq = PersonalSettings.partial();

export const GrayAuthReq = z.object({ deviceType, versionNumber: int4().nonnegative().default(LIMITS.defaultGrayAuthVersion) });
export const GrayAuthRes = z.array(z.enum(FEATURE_FLAGS));

export const CheckUpdateQuery = z.object({
  versionNumber: int4().nonnegative(),
  checkType: int4().default(2),
  deviceType: z.string().max(16).optional(),
});
/** App version info (chat-core §3); `null` when the client is up to date. */
export const AppVersionInfo = z.object({
  versionNumber: z.number().int(),
  versionName: z.string(),
  downloadUrl: z.string(),
  upTip: z.string(),
  policyLevel: z.number().int(),
  md5: z.string(),
  androidStoreFlag: z.number().int(),
});
export type AppVersionInfo = z.infer<typeof AppVersionInfo>;

export const CancelSendCodeReq = z.object({ phone });
export const CancelCheckCodeReq = z.object({ phone, code: smsCode });

export const ApplyReq = z.object({ name: z.string().trim().min(1).max(20), reason: z.string().trim().min(1).max(200), code: smsCode });
export const ApplyCheckRes = z.object({ state: z.number().int(), phone: z.string(), createdAt: z.string().nullable() });
export const SendApplyCodeReq = z.object({}).passthrough().optional();

// --- Changing the phone (/user/account/changephone → identityverify → bindnewphone → inputverify) ---
/** custom/sendMsgCode and msgCheck: a logged-in account's own check, by the code sent to its current phone. */
export const CustomSendCodeReq = z.object({ scene: z.literal('changePhone') });
export const CustomCheckCodeReq = z.object({ scene: z.literal('changePhone'), code: smsCode });
/** userInfo/update/sendMsgCode: the code to the new phone, with the ticket of the old phone's check. */
export const UpdatePhoneSendCodeReq = z.object({ phone, verifyToken: z.string().min(8).max(128) });
export const UpdatePhoneReq = z.object({ phone, code: smsCode, verifyToken: z.string().min(8).max(128) });
/** The new (masked) phone and how many other sessions ended. */
export const UpdatePhoneRes = z.object({ phone: z.string(), endedSessions: z.number().int() });
