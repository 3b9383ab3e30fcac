/** The spec's enumerations (chat-core §3/§4, account-health §3). */

export const LOGIN_STATUS = ['prepare', 'loggingIn', 'notLogin', 'loginSuccess', 'loginFailed'] as const;
export type LoginStatus = (typeof LOGIN_STATUS)[number];

/** Login types: dialog 0, page 1, SMS 2, password 3. */
export const LOGIN_TYPE = { dialog: 0, page: 1, sms: 2, password: 3 } as const;
export type LoginType = (typeof LOGIN_TYPE)[keyof typeof LOGIN_TYPE];

/** Question status: -2 waiting to send, 0 sent, 1 answering, 2 complete, -1 failed or cancelled. */
export const QUESTION_STATUS = { waiting: -2, sent: 0, answering: 1, complete: 2, failed: -1 } as const;
export type QuestionStatus = (typeof QUESTION_STATUS)[keyof typeof QUESTION_STATUS];

/** PDF message status. */
export const PDF_STATUS = { uploading: 0, step1: 1, step2: 2, step3: 3, complete: 4, error: 98 } as const;

/** Uploaded file status: 0 prepare, 1 uploading, 2 success, 3 fail, 4 forbidden. */
export const FILE_STATUS = { prepare: 0, uploading: 1, success: 2, fail: 3, forbidden: 4 } as const;
export type FileStatus = (typeof FILE_STATUS)[keyof typeof FILE_STATUS];

/** Report types: 0 unknown, 1 medical info, 2 skin, 3 body part, 4 health report. */
export const REPORT_TYPE = { unknown: 0, medicalInfo: 1, skin: 2, bodyPart: 3, healthReport: 4 } as const;
export type ReportType = (typeof REPORT_TYPE)[keyof typeof REPORT_TYPE];

export const UPLOAD_STATE = ['running', 'failed', 'completed'] as const;
export type UploadState = (typeof UPLOAD_STATE)[number];

export const DEEP_THINK_STATUS = { starting: 0, reasoning: 1, finished: 2 } as const;
export const TYPING_STATE = ['prepare', 'typing', 'complete'] as const;
export const TTS_STATE = ['init', 'ttsing', 'play', 'endPlay', 'errorTTS'] as const;

export type Sex = 'M' | 'F';

/** Family role codes with their fixed sex ('' = chosen by the user: USER_ROLE_OTHER). */
export const ROLES = [
  { roleCode: 'ROLE_1000', roleName: '爸爸', sex: 'M' },
  { roleCode: 'ROLE_1100', roleName: '妈妈', sex: 'F' },
  { roleCode: 'ROLE_2000', roleName: '丈夫', sex: 'M' },
  { roleCode: 'ROLE_2100', roleName: '妻子', sex: 'F' },
  { roleCode: 'ROLE_3000', roleName: '儿子', sex: 'M' },
  { roleCode: 'ROLE_3100', roleName: '女儿', sex: 'F' },
  { roleCode: 'boy', roleName: '男孩', sex: 'M' },
  { roleCode: 'girl', roleName: '女孩', sex: 'F' },
  { roleCode: 'ROLE_4000', roleName: '其他', sex: '' },
] as const;
export type FamilyRoleCode = (typeof ROLES)[number]['roleCode'];
/** The account holder's own role, labelled 本人. */
export const SELF_ROLE = { roleCode: 'ROLE_0000', roleName: '本人', roleTag: 'USER_ROLE_SELF' } as const;
export const ROLE_TAG_OTHER = 'USER_ROLE_OTHER';
export type RoleCode = FamilyRoleCode | typeof SELF_ROLE.roleCode;

export const FONT_LEVELS = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export type FontLevel = (typeof FONT_LEVELS)[number];

/** Feature flags of the gray-auth list. */
export const FEATURE_FLAGS = ['rehab', 'pf', 'indicator_manage', 'show_role', 'imgunion_async'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const DOSE_UNITS = [
  'tablet', 'capsule', 'bag', 'stick', 'g', 'mg', 'ml', 'u', 'μg', 'μL', 'bottle', 'drop', '付',
  'spray', 'cap', 'apply', 'inhale', 'needle', 'patch', 'spoon', 'none',
] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];

export const DEVICE_TYPES = ['h5', 'android', 'ios', 'mini'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** Purposes an SMS code is bound to. */
export const SMS_SCENES = ['login', 'forgotPwd', 'setPwd', 'cancel', 'apply'] as const;
export type SmsScene = (typeof SMS_SCENES)[number];
/** Codes of a logged-in account's own checks (never sent through the public send call): the old phone before changing it, the new phone. */
export const ACCOUNT_SMS_SCENES = ['changePhoneOld', 'changePhoneNew', 'fingerprint', 'imagingGrant'] as const;
export type AccountSmsScene = (typeof ACCOUNT_SMS_SCENES)[number];

/** Application state of an unregistered phone (application-only registration). */
export const APPLY_STATE = { none: 0, pending: 1, approved: 2, rejected: 3 } as const;

/**
 * Chat skills (instructCode). zzzc, yyjy and bgjd are the spec's codes (chat-core §1); the other
 * five are ours, named the same way (pinyin initials).
 */
export const SKILLS = [
  { code: 'zzzc', name: '症状自查' },
  { code: 'yyjy', name: '用药建议' },
  { code: 'bgjd', name: '报告解读' },
  { code: 'zybz', name: '中医辨证' },
  { code: 'ypcx', name: '药品查询' },
  { code: 'zyy', name: '找医院' },
  { code: 'zks', name: '找科室' },
  { code: 'ysjy', name: '饮食建议' },
] as const;
export type SkillCode = (typeof SKILLS)[number]['code'];
export const SKILL_CODES: readonly SkillCode[] = SKILLS.map((s) => s.code);
export function isSkillCode(s: unknown): s is SkillCode {
  return typeof s === 'string' && (SKILL_CODES as readonly string[]).includes(s);
}
