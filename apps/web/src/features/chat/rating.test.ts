import { describe, expect, it } from 'vitest';
import { ejectFlags, ratingThreshold, shouldShowRating, type EvaluationInfo } from './rating';

const info = (o: Partial<EvaluationInfo> = {}): EvaluationInfo => ({ isNewUser: false, ejectFlag15Day: false, ejectFlagToday: false, dialInCount: 0, ...o });

describe('rating dialog rule', () => {
  it('picks 2 to 7 dial-ins at random for a new user, 17 otherwise', () => {
    expect(ratingThreshold(true, () => 0)).toBe(2);
    expect(ratingThreshold(true, () => 0.999999)).toBe(7);
    expect(ratingThreshold(true, () => 1)).toBe(7);
    expect(ratingThreshold(false, () => 0)).toBe(17);
    for (let i = 0; i < 200; i++) {
      const n = ratingThreshold(true);
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(7);
    }
  });

  it('appears once the dial-ins reach the threshold', () => {
    expect(shouldShowRating(info({ dialInCount: 16 }), 'dialIn', 17)).toBe(false);
    expect(shouldShowRating(info({ dialInCount: 17 }), 'dialIn', 17)).toBe(true);
    expect(shouldShowRating(info({ isNewUser: true, dialInCount: 3 }), 'dialIn', 3)).toBe(true);
  });

  it('never appears when shown in the last 15 days or today', () => {
    expect(shouldShowRating(info({ dialInCount: 50, ejectFlag15Day: true }), 'dialIn', 17)).toBe(false);
    expect(shouldShowRating(info({ dialInCount: 50, ejectFlagToday: true }), 'dialIn', 17)).toBe(false);
    expect(shouldShowRating(info({ ejectFlagToday: true }), 'consultationEnd', 17)).toBe(false);
  });

  it('appears at the end of a symptom consultation or report reading whatever the count', () => {
    expect(shouldShowRating(info(), 'consultationEnd', 17)).toBe(true);
    expect(shouldShowRating(info(), 'reportEnd', 17)).toBe(true);
  });

  it('derives the flags from the last time it was shown', () => {
    const now = new Date(2026, 5, 20, 15).getTime();
    expect(ejectFlags(null, now)).toEqual({ ejectFlag15Day: false, ejectFlagToday: false });
    expect(ejectFlags(now - 3_600_000, now)).toEqual({ ejectFlag15Day: true, ejectFlagToday: true });
    expect(ejectFlags(now - 3 * 86_400_000, now)).toEqual({ ejectFlag15Day: true, ejectFlagToday: false });
    expect(ejectFlags(now - 16 * 86_400_000, now)).toEqual({ ejectFlag15Day: false, ejectFlagToday: false });
  });
});
