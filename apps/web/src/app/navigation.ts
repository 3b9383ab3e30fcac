import type { NavigateOptions, To, createHashRouter } from 'react-router';
import { isDevOrigin } from '../platform/device';

export type AppRouter = ReturnType<typeof createHashRouter>;

/** The router instance, for code outside React (login flow, 401 handling). */
let router: AppRouter | null = null;

export function bindRouter(r: AppRouter): void {
  router = r;
}

export function currentPath(): string {
  return router?.state.location.pathname ?? '/';
}

export function navigateTo(to: To, opts?: NavigateOptions): Promise<void> {
  return router ? router.navigate(to, opts) : Promise.resolve();
}

/**
 * The full-screen login page (LOGIN_TYPE page). The spec's /login exists only on development
 * origins; every build also has /signin, the same page, so that production reaches login too.
 */
export const LOGIN_PAGE_PATH = '/signin';
export const DEV_LOGIN_PATH = '/login';
export const loginPagePath = () => (isDevOrigin() ? DEV_LOGIN_PATH : LOGIN_PAGE_PATH);

/** Pages that are part of logging in: opening login from them would be a loop. */
export const AUTH_FLOW_PATHS: readonly string[] = [LOGIN_PAGE_PATH, DEV_LOGIN_PATH, '/phone', '/verify', '/setting', '/apply', '/file'];

/** Onboarding after a new user's first login (account-health §2; it has a route-back hook). */
export const NEW_USER_PATH = '/user/newUser';
