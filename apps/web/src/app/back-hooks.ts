import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Routes with a route-back hook flag (account-health §2). */
export const BACK_HOOK_ROUTES: readonly string[] = ['/user/newUser', '/pkg/pay/success', '/user/folder/detail', '/user/image/detail'];

/** A small registry: a page on a flagged route declares what "back" does; the shell asks it first. */
export function createBackRegistry(flagged: readonly string[]) {
  const hooks = new Map<string, () => void>();
  return {
    register(path: string, fn: () => void): () => void {
      if (!flagged.includes(path)) return () => {};
      hooks.set(path, fn);
      return () => {
        if (hooks.get(path) === fn) hooks.delete(path);
      };
    },
    /** Runs the hook of `path`; true when one handled the back action. */
    run(path: string): boolean {
      const fn = flagged.includes(path) ? hooks.get(path) : undefined;
      if (!fn) return false;
      fn();
      return true;
    },
  };
}

export const backRegistry = createBackRegistry(BACK_HOOK_ROUTES);

/** Declares the back behaviour of the current (flagged) route while the page is mounted. */
export function useBackHook(fn: () => void): void {
  const { pathname } = useLocation();
  useEffect(() => backRegistry.register(pathname, fn), [pathname, fn]);
}

/**
 * The shell's back action: the route's back hook if it declares one, else one step back in
 * history, else (opened directly) `fallback`.
 */
export function useGoBack(): (fallback?: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (fallback = '/') => {
      if (backRegistry.run(pathname)) return;
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      if (idx > 0) void navigate(-1);
      else void navigate(fallback, { replace: true });
    },
    [navigate, pathname],
  );
}
