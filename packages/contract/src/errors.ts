import { MSG } from './messages.ts';
import { MEDIA_MSG } from './media/messages.ts';
import { REMIND_MSG } from './remind/messages.ts';
import { PKG_MSG } from './pkg/messages.ts';
import { REPORT_MSG } from './report/messages.ts';
import { CLINIC_MSG } from './clinic/messages.ts';
import { IMAGING_MSG } from './imaging/messages.ts';

/**
 * The error catalogue: every non-1 `code` the server answers with, and its user-facing message.
 * Codes named by the spec keep the spec's numbers (401, 501, 1099, 10002, socket codes); the
 * others are ours, numbered by area (1xxx auth and account, 2xxx family and records).
 */
export const ERR = {
  /** Success. */
  ok: { code: 1, msg: 'success' },
  /** Unknown failure: answered without internals, logged with the trace id. */
  internal: { code: 500, msg: MSG.genericError },
  /** A request whose body, query or params do not match the call's schema. */
  badRequest: { code: 400, msg: '请求参数不正确' },
  /** Missing, expired or ended session (also HTTP 401). */
  notLoggedIn: { code: 401, msg: MSG.notLoggedIn },
  /** The record does not exist or does not belong to the caller's account. */
  notFound: { code: 404, msg: '内容不存在或已被删除' },
  /** Unsupported content type or body that is not JSON. */
  unsupportedMedia: { code: 415, msg: '请求格式不正确' },
  /** Rate limit (also HTTP 429). */
  tooManyRequests: { code: 429, msg: '操作过于频繁，请稍后再试' },
  /** Overload (HTTP 501). */
  overloaded: { code: 501, msg: MSG.serverCrowded },
  /** Login result: phone not registered / needs an application (account-health §2). */
  needApply: { code: 1099, msg: '该手机号尚未开通，请先提交使用申请' },
  /** Token refresh: not logged in (account-health §8). */
  refreshNotLoggedIn: { code: 10002, msg: MSG.notLoggedIn },

  loginFailed: { code: 1001, msg: MSG.loginFailed },
  smsCodeWrong: { code: 1002, msg: '验证码错误，请重新输入' },
  smsCodeExpired: { code: 1003, msg: '验证码已失效，请重新获取' },
  smsCodeLocked: { code: 1004, msg: '验证码错误次数过多，请重新获取' },
  smsTooFrequent: { code: 1005, msg: '验证码发送过于频繁，请60秒后再试' },
  smsHourLimit: { code: 1006, msg: '验证码发送次数过多，请1小时后再试' },
  smsDayLimit: { code: 1007, msg: '今日验证码发送次数已达上限，请明天再试' },
  /**
   * Every failed password login — unknown phone, account without a password, wrong password — gets
   * this one answer, so that it does not tell whether a phone is registered or has a password.
   */
  passwordWrong: { code: 1008, msg: '手机号或密码错误，未设置密码请使用验证码登录' },
  passwordWeak: { code: 1010, msg: '密码需为8-20位，且同时包含字母和数字' },
  /** Too many wrong passwords for this phone from this address: wait `data.retryAfter` seconds (HTTP 429). */
  loginThrottled: { code: 1011, msg: '登录失败次数过多，请稍后再试' },
  phoneInvalid: { code: 1012, msg: '请输入正确的手机号' },
  verifyTicketInvalid: { code: 1013, msg: '验证已失效，请重新获取验证码' },
  accountNotFound: { code: 1014, msg: '该手机号尚未注册' },
  applyPending: { code: 1015, msg: '您的申请正在审核中，请耐心等待' },
  applyExists: { code: 1016, msg: '您已提交过申请，请勿重复提交' },
  samePassword: { code: 1017, msg: '新密码不能与原密码相同' },
  /** Changing the phone (updatePhone): the new number is the current one, or another account's. */
  samePhone: { code: 1018, msg: '新手机号不能与当前手机号相同' },
  phoneTaken: { code: 1019, msg: '该手机号已注册，请更换其他手机号' },
  /** Biometric (passkey) registration or unlock: the challenge is unknown, used or past its 5 minutes. */
  passkeyChallengeInvalid: { code: 1020, msg: '验证已超时，请重新验证' },
  /** The authenticator's answer did not verify (wrong origin, signature, counter, unknown credential). */
  passkeyFailed: { code: 1021, msg: '生物识别验证失败，请使用验证码登录' },
  /** The same authenticator is registered already. */
  passkeyExists: { code: 1022, msg: '该设备已开启生物识别解锁' },
  /** realNameAuth: the identity number fails GB 11643 (message says which part). */
  idNumberInvalid: { code: 1023, msg: '身份证号码不正确，请核对' },
  /** The identity provider says name and number do not match. */
  realNameMismatch: { code: 1024, msg: '姓名与身份证号码不一致，请核对' },
  /** The identity provider could not be reached or refused the request. */
  realNameUnavailable: { code: 1025, msg: '实名认证服务暂不可用，请稍后重试' },
  /** A member verified already: the verification is not changed. */
  realNameDone: { code: 1026, msg: '该成员已完成实名认证' },

  nicknameBlocked: { code: 2001, msg: MSG.nicknameBlocked },
  nicknameTaken: { code: 2002, msg: MSG.nicknameTaken },

  // 41xx chat: favourites and shares
  /** An incognito (无痕) dialog is never kept: not collected. */
  incognitoNoCollect: { code: 4101, msg: '无痕模式下的对话不能收藏' },
  /** An incognito dialog is never published. */
  incognitoNoShare: { code: 4102, msg: '无痕模式下的对话不能分享' },
  /** A record the client saved after an interruption (breakChatDialSave) is not an AI answer: not shared. */
  interruptedNoShare: { code: 4103, msg: '中断的回答不能分享' },
  /** A share link past its expiry or revoked by its owner. */
  shareGone: { code: 4104, msg: '分享链接已失效' },

  // 42xx hospital imaging
  /** No hospital PACS configured (IMAGING_DICOMWEB_URL unset): only uploaded studies. */
  imagingNotConfigured: { code: 4201, msg: IMAGING_MSG.notConfigured },
  /** The hospital PACS did not answer (network, HTTP error, bad JSON). */
  imagingHospitalDown: { code: 4202, msg: IMAGING_MSG.hospitalDown },
  /** An upload that is not a readable DICOM Part-10 file, or files of several studies. */
  imagingBadFile: { code: 4203, msg: IMAGING_MSG.badDicom },
} as const;

export type ErrorKey = keyof typeof ERR;
export type ErrorDef = (typeof ERR)[ErrorKey];

/**
 * The not-found answer of each resource type of the server's access policy
 * (apps/server/src/access/policy.ts, docs/ARCHITECTURE.md "Access policy"): code `ERR.notFound`
 * with this message, whether the id does not exist or belongs to another account — nothing tells
 * the two apart. A resource type added here needs its rule in the policy (the server does not
 * compile otherwise) and its case in the access-matrix test.
 */
export const NOT_FOUND = {
  member: ERR.notFound.msg,
  healthRecord: ERR.notFound.msg,
  indicator: ERR.notFound.msg,
  report: '报告不存在',
  folderFile: '资料不存在',
  /** A medicine-box entry named by a reminder plan. */
  medicine: '药品不存在',
  media: MEDIA_MSG.fileMissing,
  chatSession: ERR.notFound.msg,
  chatDialog: ERR.notFound.msg,
  chatShare: ERR.notFound.msg,
  remindPlan: REMIND_MSG.planMissing,
  remindRecord: REMIND_MSG.recordMissing,
  reviewPlan: REMIND_MSG.planMissingReview,
  order: PKG_MSG.orderGone,
  /** An upload code not the caller's, or past its time (report/getUpRes). */
  uploadCode: REPORT_MSG.upCodeExpired,
  /** A consultation of the account (clinic). */
  consultation: CLINIC_MSG.consultGone,
  /** A consultation as a doctor sees it: their own, and only while it is open. */
  patient: CLINIC_MSG.notYourPatient,
  /** An AI answer a verification is asked for. */
  answer: CLINIC_MSG.dialogGone,
  verification: CLINIC_MSG.verifyGone,
  rehabPlan: CLINIC_MSG.planGone,
  /** A passkey (biometric unlock credential) of the account. */
  passkey: ERR.notFound.msg,
  /** A hospital or uploaded imaging study (relationId). */
  imagingStudy: IMAGING_MSG.studyMissing,
  /** A hospital patient found through a grant. */
  imagingPatient: IMAGING_MSG.patientMissing,
  imagingGrant: IMAGING_MSG.grantMissing,
} as const;
export type AccessResource = keyof typeof NOT_FOUND;

/** Success code of the envelope. */
export const CODE_OK = 1;

/** Socket answer-frame header codes (chat-core §8). */
export const SOCKET_CODE = {
  login: 3000,
  busy: [3001, 3004, 3005, 3097, 3098, 3099],
  badFormat: 3030,
  refused: 3031,
  cannotAnswer: 3034,
  voiceNotRecognised: 5002,
  photoNotRecognised: 5003,
  answer: [1, 3011, 3032, 3033, 3095, 3096],
  sources: 3010,
  statusAnswering: [3002, 3003],
  /** Failures that do not save a break record. */
  noBreakRecord: [3001, 3002, 3003, 3008],
} as const;
