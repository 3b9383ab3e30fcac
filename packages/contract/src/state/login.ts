import type { LoginStatus } from '../enums.ts';

/** Events that move the login state (chat-core §4). */
export type LoginEvent =
  | { type: 'init'; hasToken: boolean }
  | { type: 'refreshOk' }
  | { type: 'refreshFailed'; notLoggedIn: boolean }
  | { type: 'tokenSet'; changed: boolean }
  | { type: 'loginOk' }
  | { type: 'loginFailed' }
  | { type: 'logout' };

export interface LoginTransition {
  status: LoginStatus;
  /** The stored token must be cleared. */
  clearToken: boolean;
  /** The token timestamp must be set to now. */
  stampToken: boolean;
  /** Token present while preparing: refresh it before deciding. */
  refresh: boolean;
}

/**
 * The login-status transition function of chat-core §4.
 * - token present while prepare → refresh; refresh ok → loginSuccess (stamp); refresh error
 *   meaning not logged in → clear token, notLogin; any other refresh error → loginSuccess.
 * - token present outside prepare → loginSuccess; no token → notLogin.
 * - a new, different token → stamp and loggingIn.
 */
export function nextLoginState(current: LoginStatus, ev: LoginEvent): LoginTransition {
  const stay = { clearToken: false, stampToken: false, refresh: false };
  switch (ev.type) {
    case 'init':
      if (!ev.hasToken) return { ...stay, status: 'notLogin' };
      return current === 'prepare' ? { ...stay, status: 'prepare', refresh: true } : { ...stay, status: 'loginSuccess' };
    case 'refreshOk':
      return { ...stay, status: 'loginSuccess', stampToken: true };
    case 'refreshFailed':
      return ev.notLoggedIn ? { ...stay, status: 'notLogin', clearToken: true } : { ...stay, status: 'loginSuccess' };
    case 'tokenSet':
      return ev.changed ? { ...stay, status: 'loggingIn', stampToken: true } : { ...stay, status: current };
    case 'loginOk':
      return { ...stay, status: 'loginSuccess' };
    case 'loginFailed':
      return { ...stay, status: 'loginFailed' };
    case 'logout':
      return { ...stay, status: 'notLogin', clearToken: true };
  }
}

/** Which listeners fire on a move (chat-core §4). */
export function listenersFor(from: LoginStatus, to: LoginStatus): Array<'success' | 'failure' | 'logout'> {
  const out: Array<'success' | 'failure' | 'logout'> = [];
  if (to === 'loginSuccess' && from !== 'loginSuccess') out.push('success');
  if (to === 'loginFailed' && from !== 'loginFailed') out.push('failure');
  if (from === 'loginSuccess' && to === 'notLogin') out.push('logout');
  return out;
}
