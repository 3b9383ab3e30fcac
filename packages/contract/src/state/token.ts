import { LIMITS } from '../constants.ts';
import { MSG } from '../messages.ts';

export interface StoredToken {
  value: string;
  /** When the token was obtained or last refreshed (ms since epoch). */
  stampedAt: number;
}

/** A token older than 8 hours is refreshed before use (chat-core §4, §9). */
export function needsRefresh(token: StoredToken, now: number): boolean {
  return now - token.stampedAt >= LIMITS.tokenRefreshAfterMs;
}

/** Error thrown when a token is asked for and none exists (the spec's 未登录 rejection). */
export class NotLoggedInError extends Error {
  constructor() {
    super(MSG.notLoggedIn);
    this.name = 'NotLoggedInError';
  }
}

export interface TokenKeeperDeps {
  read(): StoredToken | null;
  write(token: StoredToken | null): void;
  /** Calls the refresh endpoint; resolves with the new token value, or rejects. */
  refresh(value: string): Promise<string>;
  /** Whether a refresh error means "not logged in" (clear the token). */
  isNotLoggedIn(err: unknown): boolean;
  /** Starts the login flow (opens the login page or dialog). */
  startLogin(): void;
  now(): number;
}

/**
 * Gives out the session token: rejects with 未登录 (and starts login) when there is none,
 * refreshes a token older than 8 h first, and lets concurrent callers share one refresh.
 */
export function createTokenKeeper(deps: TokenKeeperDeps) {
  let inflight: Promise<string> | null = null;
  return {
    async getToken(): Promise<string> {
      const t = deps.read();
      if (!t) {
        deps.startLogin();
        throw new NotLoggedInError();
      }
      if (!needsRefresh(t, deps.now())) return t.value;
      inflight ??= deps
        .refresh(t.value)
        .then((value) => {
          deps.write({ value, stampedAt: deps.now() });
          return value;
        })
        .catch((err: unknown) => {
          if (deps.isNotLoggedIn(err)) {
            deps.write(null);
            deps.startLogin();
            throw new NotLoggedInError();
          }
          // Any other refresh error keeps the session (chat-core §4): use the old token.
          return t.value;
        })
        .finally(() => {
          inflight = null;
        });
      return inflight;
    },
  };
}
