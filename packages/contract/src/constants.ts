/** Business constants and limits: chat-core §9 and account-health §9, plus the security limits of QUALITY.md. */

const HOUR = 3_600_000;

export const LIMITS = {
  // chat-core §9
  tokenRefreshAfterMs: 8 * HOUR,
  sessionTimeoutMs: 8 * HOUR,
  socketReconnectTries: 8,
  socketReconnectDelayMs: 2000,
  socketReconnectDelayMaxMs: 10_000,
  socketTimeoutMs: 3000,
  typewriterStartChars: 10,
  typewriterIntervalMs: 100,
  typewriterDisplaySpeed: 30,
  typewriterSpeedStep: 1,
  typewriterFastRemaining: 200,
  typewriterMediumRemaining: 80,
  watchdogMs: 7000,
  watchdogRetries: 9,
  portraitTagTimeoutMs: 3000,
  sceneRecordsTimeoutMs: 10_000,
  textAuditTimeoutMs: 1500,
  recommendQuestionsTimeoutMs: 600_000,
  recommendedQuestionsMax: 3,
  speechSegmentsConcurrent: 3,
  speechInputHz: 16_000,
  speechPlaybackHz: 22_050,
  speechDefaultSpeed: 50,
  speechDefaultVolume: 50,
  speechDefaultPitch: 50,
  selectionMax: 15,
  filesMax: 5,
  fileMaxBytes: 20_992_000,
  historyPageSize: 30,
  sessionBannerAfterQuestions: 10,
  conversationPollMs: 50,
  queueTimerMs: 100,
  multiTypeMessageMs: 2000,
  clipboardCopiedMs: 1500,
  debounceMs: 200,
  autoResetMs: 10_000,
  swipeThreshold: 50,
  vibrationMs: 200,
  offlinePackageAppId: 20230814,
  clientVersion: '0.0.1710',
  toastMs: 2000,
  pickerOptionHeight: 44,
  pickerVisibleOptions: 6,
  healthProfileMaxShowTimes: 3,
  // account-health §9
  requestTimeoutMs: 60_000,
  localChatHistoryItems: 20,
  noticeBannerMs: 3000,
  noticeMinAppVersion: '1.7.1',
  ratingReopenWindowMs: 180_000,
  ratingPopupDelayMs: 2000,
  doubleBackMs: 2000,
  offlinePollMs: 10_000,
  pushTabSwitchMs: 2000,
  defaultGrayAuthVersion: 1201,
  nicknameMax: 10,
  heightMinCm: 20,
  heightMaxCm: 275,
  heightDefaultCm: 170,
  weightMinKg: 0.2,
  weightMaxKg: 750,
  weightStepKg: 0.1,
  weightDefaultKg: 60,
  birthDateMin: '1900-01-01',
  birthDateDefault: '1990-01-01',
  oldUserAge: 50,
  packageActiveStatus: 2,
  questionPageSize: 1000,
  fontBaseSize: 17,
  designWidth: 414,
  whiteScreenReloads: 2,
  whiteScreenCheckMs: 5000,
  trackingThrottleMs: 300,
  exposureThreshold: 0.5,
} as const;

/**
 * Ranges of the database's column types (apps/server/src/db/schema.ts): ids are `serial`/`integer`
 * (int4), statuses, scores and flags `smallint` (int2). Input beyond them is refused as 400 by the
 * contract's primitives (schemas/common.ts) instead of failing in the database.
 */
export const DB_RANGE = {
  int2Max: 32_767,
  int4Max: 2_147_483_647,
  /** bigserial ids (chat dialogs) are handled as JS numbers: at most 2^53. */
  bigIdMax: 2 ** 53,
  /** `real` columns (weights, indicator values): far inside float4's range. */
  realAbsMax: 1e9,
} as const;

/** Security limits (QUALITY.md): SMS codes, passwords, sessions. */
export const SECURITY = {
  smsCodeLength: 6,
  smsCodeTtlMs: 5 * 60_000,
  smsCodeMaxTries: 5,
  smsSendIntervalMs: 60_000,
  smsSendPerHour: 5,
  smsSendPerDay: 10,
  smsSendPerIpPerHour: 30,
  /** Wrong passwords from one IP, across phones, per window before it gets 429. */
  loginFailuresPerIp: 30,
  loginIpWindowMs: 15 * 60_000,
  /**
   * Wrong passwords for one phone from one IP: the first few are free, then each further one
   * makes that (phone, IP) pair wait, doubling from the base up to the cap. Other addresses, the
   * owner's included, are not held up; a success forgets the pair's failures.
   */
  loginFreeFailures: 3,
  loginBackoffBaseMs: 5_000,
  loginBackoffMaxMs: 15 * 60_000,
  /** How long a (phone, IP) pair's failures are remembered. */
  loginFailureMemoryMs: 24 * HOUR,
  passwordMin: 8,
  passwordMax: 20,
  sessionTokenBytes: 32,
  sessionAbsoluteLifetimeMs: 30 * 24 * HOUR,
  /** A rotated-out token keeps working this long so that in-flight requests are not logged out. */
  sessionRotationGraceMs: 30_000,
  verifyTicketTtlMs: 10 * 60_000,
} as const;
