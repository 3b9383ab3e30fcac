import { LIMITS } from '@chatdr/contract';
import styles from './toast.module.css';

export type ToastIcon = 'success' | 'fail';

let el: HTMLDivElement | null = null;
let timer = 0;

/**
 * A toast: one polite live region reused for every message, shown for the spec's 2000 ms.
 * Our own (not antd-mobile's Toast) so the first screen does not carry an animation library.
 */
export function showToast(content: string, icon?: ToastIcon, durationMs: number = LIMITS.toastMs): void {
  if (typeof document === 'undefined') return;
  if (!el) {
    el = document.createElement('div');
    el.className = styles.toast ?? '';
    el.setAttribute('role', 'status');
    el.setAttribute('aria-live', 'polite');
    el.dataset.testid = 'toast';
    document.body.appendChild(el);
  }
  el.textContent = content;
  if (icon) el.dataset.icon = icon;
  else delete el.dataset.icon;
  el.classList.remove('is-visible');
  // Restart the entry animation when a new message replaces a visible one.
  void el.offsetWidth;
  el.classList.add('is-visible');
  window.clearTimeout(timer);
  timer = window.setTimeout(() => el?.classList.remove('is-visible'), durationMs);
}
