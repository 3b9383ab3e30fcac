import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { toast } from '../api/show-error';
import { i18n } from '../i18n';

/** Dynamic-import failures of the browsers we support (a chunk gone after a deploy, a network drop). */
const CHUNK_ERROR = /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

export function isChunkLoadError(err: unknown): boolean {
  return err instanceof Error && CHUNK_ERROR.test(err.message);
}

/** The same page with a fresh `t` timestamp in the query, so caches are bypassed (hash route kept). */
export function withTimestamp(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('t', String(now));
  return url.toString();
}

const GUARD_KEY = 'chatdr.chunkReloadAt';
/** A second failure within this window is shown as an error instead of reloading in a loop. */
export const CHUNK_RELOAD_WINDOW_MS = 10_000;

export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt > CHUNK_RELOAD_WINDOW_MS;
}

/** Shows 刷新页面... and reloads with a timestamp; false when we just did and should stop. */
export function reloadForChunkError(): boolean {
  const now = Date.now();
  try {
    const raw = sessionStorage.getItem(GUARD_KEY);
    if (!shouldReload(raw ? Number(raw) : null, now)) return false;
    sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {
    // No sessionStorage: reload once anyway.
  }
  toast(i18n.t('errors.reloading'));
  window.setTimeout(() => window.location.replace(withTimestamp(window.location.href, now)), 300);
  return true;
}

/** React.lazy with the spec's chunk-failure behaviour (pages, and lazily loaded parts that take props). */
export function lazyPage<P extends object>(factory: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    factory().catch((err: unknown) => {
      if (isChunkLoadError(err) && reloadForChunkError()) return new Promise<never>(() => {});
      throw err;
    }),
  );
}
