import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERR, SECURITY } from '@chatdr/contract';
import { useCountdown } from '../../ui/countdown';
import { showToast } from '../../ui/toast';

/** Fallback resend wait when the server does not say (QUALITY.md: one code per phone per minute). */
export const DEFAULT_RESEND_S = SECURITY.smsSendIntervalMs / 1000;

/** The wait a send answer gives: its `resendAfter`, else the default. */
export const resendWait = (r: { resendAfter: number }) => (r.resendAfter > 0 ? r.resendAfter : DEFAULT_RESEND_S);

/**
 * The wait a failed send implies: "too frequent" (1005) carries the seconds left, so the button
 * counts down instead of letting the user hit the limit again; any other failure, none.
 */
export function waitAfterError(err: unknown): number {
  const e = err as { code?: unknown; data?: unknown } | null;
  if (e?.code !== ERR.smsTooFrequent.code) return 0;
  const s = (e.data as { resendAfter?: unknown } | null)?.resendAfter;
  return typeof s === 'number' && s > 0 ? s : DEFAULT_RESEND_S;
}

/**
 * One code-sending button: its countdown, its busy flag, and `send(fn)` which runs the call,
 * starts the countdown from the server's answer (or from a 1005 refusal), and toasts success.
 * Failures are shown by the request layer. Resolves whether a code went out.
 */
export function useCodeSender(initialWait = 0) {
  const { t } = useTranslation();
  const countdown = useCountdown(initialWait);
  const [sending, setSending] = useState(false);
  async function send(fn: () => Promise<{ resendAfter: number }>): Promise<boolean> {
    setSending(true);
    try {
      countdown.start(resendWait(await fn()));
      showToast(t('common.codeSent'), 'success');
      return true;
    } catch (err) {
      const wait = waitAfterError(err);
      if (wait > 0) countdown.start(wait);
      return false;
    } finally {
      setSending(false);
    }
  }
  return { left: countdown.left, sent: countdown.started, sending, send };
}
