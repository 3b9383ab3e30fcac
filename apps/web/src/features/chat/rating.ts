/**
 * The rating dialog of chat-core §4: it appears after a random 2 to 7 dial-ins for a new user,
 * otherwise after 17, unless it was shown in the last 15 days or today. The end of a symptom
 * consultation or of a report reading also triggers it (same 15-day / today limits).
 */
export const RATING_NEW_USER_MIN = 2;
export const RATING_NEW_USER_MAX = 7;
export const RATING_DIAL_INS = 17;
export const RATING_QUIET_DAYS = 15;
const DAY = 86_400_000;

/** Evaluation info (chat-core §3): what userEvaluation/state returns. */
export interface EvaluationInfo {
  isNewUser: boolean;
  /** Shown in the last 15 days. */
  ejectFlag15Day: boolean;
  /** Shown today. */
  ejectFlagToday: boolean;
  dialInCount: number;
}

/** The number of dial-ins after which the dialog appears: 2–7 at random for a new user, else 17. */
export function ratingThreshold(isNewUser: boolean, random: () => number = Math.random): number {
  if (!isNewUser) return RATING_DIAL_INS;
  const span = RATING_NEW_USER_MAX - RATING_NEW_USER_MIN + 1;
  return RATING_NEW_USER_MIN + Math.min(span - 1, Math.floor(random() * span));
}

export type RatingTrigger = 'dialIn' | 'consultationEnd' | 'reportEnd';

/** Whether the rating dialog should appear now. */
export function shouldShowRating(info: EvaluationInfo, trigger: RatingTrigger, threshold: number): boolean {
  if (info.ejectFlag15Day || info.ejectFlagToday) return false;
  if (trigger !== 'dialIn') return true;
  return info.dialInCount >= threshold;
}

/** The 15-day and today flags from the time the dialog was last shown (when the server has no state). */
export function ejectFlags(lastShownAt: number | null, now: number): Pick<EvaluationInfo, 'ejectFlag15Day' | 'ejectFlagToday'> {
  if (lastShownAt === null || !Number.isFinite(lastShownAt)) return { ejectFlag15Day: false, ejectFlagToday: false };
  const today = new Date(now).toDateString() === new Date(lastShownAt).toDateString();
  return { ejectFlag15Day: now - lastShownAt < RATING_QUIET_DAYS * DAY, ejectFlagToday: today };
}
