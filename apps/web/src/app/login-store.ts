import { create } from 'zustand';
import { listenersFor, nextLoginState, type LoginEvent, type LoginStatus } from '@chatdr/contract';
import { isNotLoggedInError } from '../api/errors';
import { tokenStorage } from '../api/token';

type ListenerKind = 'success' | 'failure' | 'logout';

interface LoginState {
  status: LoginStatus;
  /** The login dialog (LOGIN_TYPE 0) is open over the home screen. */
  dialogOpen: boolean;
  /** The dialog has been opened once (its chunk is loaded; keep it mounted so it can animate out). */
  dialogMounted: boolean;
}

/**
 * The login status of chat-core §4. Transitions come from contract's nextLoginState; this store
 * only applies them (token clearing and stamping) and runs the listeners listenersFor names.
 */
export const useLoginStore = create<LoginState>(() => ({ status: 'prepare', dialogOpen: false, dialogMounted: false }));

const listeners: Record<ListenerKind, Set<() => void>> = { success: new Set(), failure: new Set(), logout: new Set() };

/** Registers a login-success, login-failure or logout listener; returns its remover. */
export function onLogin(kind: ListenerKind, fn: () => void): () => void {
  listeners[kind].add(fn);
  return () => listeners[kind].delete(fn);
}

export function dispatchLogin(ev: LoginEvent): void {
  const from = useLoginStore.getState().status;
  const t = nextLoginState(from, ev);
  if (t.clearToken) tokenStorage.write(null);
  if (t.stampToken) {
    const cur = tokenStorage.read();
    if (cur) tokenStorage.write({ value: cur.value, stampedAt: Date.now() });
  }
  useLoginStore.setState({ status: t.status });
  for (const kind of listenersFor(from, t.status)) {
    for (const fn of [...listeners[kind]]) {
      try {
        fn();
      } catch (err) {
        console.error(`login ${kind} listener failed`, err);
      }
    }
  }
  if (t.refresh) void refreshAtStartup();
}

/** Token present while preparing: refresh it, then decide (chat-core §4). */
async function refreshAtStartup(): Promise<void> {
  const t = tokenStorage.read();
  if (!t) return dispatchLogin({ type: 'init', hasToken: false });
  try {
    // The request layer is loaded on demand: it is not needed to paint the first screen.
    const { refreshToken } = await import('../api');
    const value = await refreshToken(t.value);
    tokenStorage.write({ value, stampedAt: Date.now() });
    dispatchLogin({ type: 'refreshOk' });
  } catch (err) {
    dispatchLogin({ type: 'refreshFailed', notLoggedIn: isNotLoggedInError(err) });
  }
}

let started = false;
/** Runs once at start-up: a stored token is refreshed, none means notLogin. */
export function initLogin(): void {
  if (started) return;
  started = true;
  dispatchLogin({ type: 'init', hasToken: tokenStorage.read() !== null });
}

/** Stores a session id from a login; a new, different token stamps it and moves to loggingIn. */
export function setSessionToken(value: string): void {
  const prev = tokenStorage.read();
  const changed = prev?.value !== value;
  if (changed) tokenStorage.write({ value, stampedAt: Date.now() });
  dispatchLogin({ type: 'tokenSet', changed });
}

export const isLoggedIn = (s: LoginStatus) => s === 'loginSuccess';
/** The status is still being decided (a stored token is being refreshed at start-up). */
export const isPending = (s: LoginStatus) => s === 'prepare';

export function useLoginStatus(): LoginStatus {
  return useLoginStore((s) => s.status);
}
