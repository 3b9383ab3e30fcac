/** What the app wires into the request layer at start-up (the login store and login flow live above it). */
export interface SessionHooks {
  /** Opens the login dialog or page (LOGIN_TYPE 0/1). */
  startLogin(): void;
  /** Code 401 / HTTP 401: clear sockets, user, token and cached data, then go to login. */
  onUnauthorized(): void;
  /** The token keeper dropped the token (refresh said not logged in). */
  onTokenCleared(): void;
  /** A call answered 1099: this is an applicant's session (application-only registration). */
  onNeedApply(): void;
}

export const sessionHooks: SessionHooks = { startLogin() {}, onUnauthorized() {}, onTokenCleared() {}, onNeedApply() {} };

export function bindSession(h: SessionHooks): void {
  Object.assign(sessionHooks, h);
}
