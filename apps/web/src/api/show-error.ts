import { i18n } from '../i18n';
import { showToast, type ToastIcon } from '../ui/toast';
import { noticeOf, type ErrorNotice } from './errors';

/**
 * Text of a notice in a language: the Chinese UI shows the server's message verbatim (it is the
 * spec's string); other locales show their translation of the code, else the server's text.
 */
export function noticeText(n: ErrorNotice, lang: string, t: (key: string, opts: { defaultValue: string }) => string): string {
  if (lang.startsWith('zh') && n.serverMsg) return n.serverMsg;
  return t(n.key, { defaultValue: n.fallback });
}

/** The one place that turns envelopes and errors into toasts. */
export function showError(err: unknown): void {
  const n = noticeOf(err);
  if (!n) return;
  showToast(noticeText(n, i18n.language, (k, o) => i18n.t(k, o)));
}

/** Shows a message of our own (validation, hints, confirmations). */
export function toast(content: string, icon?: ToastIcon): void {
  showToast(content, icon);
}
