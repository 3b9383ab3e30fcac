import { createTokenKeeper, routes } from '@chatdr/contract';
import { webClientInfo } from '../platform/device';
import { createApiClient } from './client';
import { isNotLoggedInError } from './errors';
import { sessionHooks } from './hooks';
import { showError } from './show-error';
import { tokenStorage } from './token';

export { ApiError, isNotLoggedInError } from './errors';
export { showError, toast } from './show-error';
export { tokenStorage } from './token';
export type { CallOptions, DataOf, BodyOf } from './client';

/** Rotates a session token (10002 / HTTP 401 = not logged in). */
export async function refreshToken(value: string): Promise<string> {
  const r = await api.call(routes.auth.refreshSession, { body: { sessionId: value } }, { hideMsg: true, auth: 'none', raw401: true });
  return r.sessionId;
}

/** Gives out the token: 未登录 when none, refreshed after 8 h, one shared refresh for concurrent callers. */
export const tokenKeeper = createTokenKeeper({
  read: () => tokenStorage.read(),
  write: (t) => {
    tokenStorage.write(t);
    if (!t) sessionHooks.onTokenCleared();
  },
  refresh: refreshToken,
  isNotLoggedIn: isNotLoggedInError,
  startLogin: () => sessionHooks.startLogin(),
  now: () => Date.now(),
});

/**
 * The request layer instance. It pulls in the whole route table (and zod), so first-screen code
 * reaches it only through a dynamic import; pages import it directly.
 */
export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  client: webClientInfo,
  getToken: () => tokenKeeper.getToken(),
  peekToken: () => tokenStorage.read()?.value ?? null,
  onUnauthorized: () => sessionHooks.onUnauthorized(),
  onNeedApply: () => sessionHooks.onNeedApply(),
  notify: showError,
});
