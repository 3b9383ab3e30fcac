import { describe, expect, it } from 'vitest';
import { ERR } from '@chatdr/contract';
import { DEFAULT_RESEND_S, resendWait, waitAfterError } from './code-sender';

describe('code sender waits', () => {
  it('uses the server’s resendAfter, else the 60 s interval', () => {
    expect(resendWait({ resendAfter: 42 })).toBe(42);
    expect(resendWait({ resendAfter: 0 })).toBe(60);
    expect(DEFAULT_RESEND_S).toBe(60);
  });
  it('counts down from a 1005 refusal and from nothing else', () => {
    expect(waitAfterError({ code: ERR.smsTooFrequent.code, data: { resendAfter: 37 } })).toBe(37);
    expect(waitAfterError({ code: ERR.smsTooFrequent.code, data: null })).toBe(60);
    expect(waitAfterError({ code: ERR.smsHourLimit.code, data: null })).toBe(0);
    expect(waitAfterError(new Error('network'))).toBe(0);
    expect(waitAfterError(null)).toBe(0);
  });
});
