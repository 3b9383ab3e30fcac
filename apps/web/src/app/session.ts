import type { LoginRes } from '@chatdr/contract';
import { bindSession } from '../api/hooks';
import { tokenStorage } from '../api/token';
import { clearAccountStorage } from '../platform/storage';
import { applyFontLevel } from './font';
import { dispatchLogin, initLogin, onLogin, setSessionToken, useLoginStore } from './login-store';
import { AUTH_FLOW_PATHS, NEW_USER_PATH, currentPath, loginPagePath, navigateTo } from './navigation';
import { queryClient } from './query-client';

/**
 * Opens login the way the web platform does it (chat-core §2): on the home screen the login
 * dialog (LOGIN_TYPE 0) pops up; anywhere else the full login page (LOGIN_TYPE 1) opens.
 */
export function startLogin(): void {
  const path = currentPath();
  if (path === '/') {
    useLoginStore.setState({ dialogOpen: true, dialogMounted: true });
    return;
  }
  if (AUTH_FLOW_PATHS.includes(path)) return;
  void navigateTo(loginPagePath());
}

export function closeLoginDialog(): void {
  useLoginStore.setState({ dialogOpen: false });
}

/** Where a successful login lands: '/' (account-health §2), or onboarding for a new user. */
export const afterLoginPath = (res: Partial<Pick<LoginRes, 'isNewUser'>>) => (res.isNewUser ? NEW_USER_PATH : '/');

let landing = '/';
/**
 * Where the login page sends a logged-in user: the landing of the last login. The page re-renders
 * as the status turns loginSuccess, so it must agree with completeLogin's navigation.
 */
export const loginLanding = () => landing;
/** The onboarding was reached: the login page no longer sends anyone there. */
export function landed(): void {
  landing = '/';
}

/**
 * A login call succeeded: store the session, move to loginSuccess, replace the route with '/' —
 * or, after a new user's first login, with the onboarding (/user/newUser, whose back goes to '/').
 */
export function completeLogin(res: Pick<LoginRes, 'sessionId'> & Partial<Pick<LoginRes, 'isNewUser'>>): void {
  landing = afterLoginPath(res);
  setSessionToken(res.sessionId);
  dispatchLogin({ type: 'loginOk' });
  closeLoginDialog();
  void navigateTo(landing, { replace: true });
}

/**
 * Forgets the session on this device: token, cached server data (account, members, settings),
 * the account's stored preferences and the font level. Idempotent (several 401s may race).
 */
export function endSession(): void {
  landing = '/';
  dispatchLogin({ type: 'logout' });
  tokenStorage.write(null);
  queryClient.clear();
  clearAccountStorage();
  applyFontLevel('M');
  closeLoginDialog();
}

/**
 * Ends the session and lands on `to` (logout, account cancelled). The route changes first, so a
 * page that needs login does not bounce to the login page as the session disappears under it.
 */
export async function leaveSession(to = '/'): Promise<void> {
  // flushSync: commit the new route now, not in a transition that the logout update would overtake.
  await navigateTo(to, { replace: true, flushSync: true });
  endSession();
}

let installed = false;
/** Wires the login store into the request layer and decides the start-up login status. */
export function installSession(): void {
  if (installed) return;
  installed = true;
  bindSession({
    startLogin,
    onUnauthorized: () => {
      endSession();
      startLogin();
    },
    onTokenCleared: () => dispatchLogin({ type: 'logout' }),
    onNeedApply: () => {
      if (currentPath() !== '/apply') void navigateTo('/apply');
    },
  });
  // After login: apply the account's font level and warm its feature flags (loaded on demand).
  onLogin('success', () => void import('./session-actions').then((m) => m.afterLogin()));
  initLogin();
}
