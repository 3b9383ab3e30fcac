// The imaging module's user-facing messages, with no zod schemas (errors.ts imports these).

export const IMAGING_MSG = {
  notConfigured: '医院影像服务未配置',
  hospitalDown: '医院影像服务暂时无法连接，请稍后再试',
  studyMissing: '影像不存在',
  patientMissing: '就诊人不存在',
  grantMissing: '授权不存在',
  grantExpired: '授权已过期，请重新验证',
  grantOff: '授权已关闭',
  noPatients: '未查询到该手机号在医院的影像记录',
  badDicom: '请上传DICOM格式的影像文件（.dcm）',
  shareMissing: '分享不存在或已过期',
  linkExpired: '链接已过期，请重新打开',
} as const;

/** Limits of the imaging calls. */
export const IMAGING_LIMITS = {
  /** An SMS authorisation lasts this long; reGrantWithCode renews it. */
  grantDays: 365,
  shareDays: 30,
  /** Signed instance links live this long (the viewer asks again after). */
  instanceLinkMs: 30 * 60_000,
  pageSizeMax: 50,
  relationIdsMax: 20,
  patientIdsMax: 20,
  /** Instances of one study the viewer loads at most. */
  instancesMax: 2000,
} as const;
