import { LIMITS } from '@chatdr/contract';

const KEY = 'chatdr.whiteScreenReloads';

/** Whether another reload is allowed after `done` reloads (account-health §2: up to 2). */
export const mayReloadWhiteScreen = (done: number) => done < LIMITS.whiteScreenReloads;

/**
 * The white-screen check: 5 s after start, an empty root (or one still holding index.html's
 * first-screen shell, which React's first render replaces) means the app never rendered; reload,
 * at most twice per browser session. A successful render resets the count.
 */
export function watchWhiteScreen(root: HTMLElement): void {
  const rendered = () => root.childElementCount > 0 && root.querySelector('[data-shell]') === null;
  window.setTimeout(() => {
    try {
      const done = Number(sessionStorage.getItem(KEY) ?? '0') || 0;
      if (rendered()) {
        sessionStorage.removeItem(KEY);
        return;
      }
      if (!mayReloadWhiteScreen(done)) return;
      sessionStorage.setItem(KEY, String(done + 1));
    } catch {
      if (rendered()) return;
    }
    window.location.reload();
  }, LIMITS.whiteScreenCheckMs);
}
