import { ERR, MSG, NotLoggedInError } from '@chatdr/contract';

/** A response envelope with a code other than 1, or an HTTP failure status (401, 429, 501…). */
export class ApiError extends Error {
  constructor(
    /** The envelope code (or the HTTP status when there is no envelope). */
    readonly code: number,
    msg: string,
    /** HTTP status of the response. */
    readonly status: number,
    /** The envelope's data (e.g. the applicant session of code 1099). */
    readonly data: unknown = null,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** The request took longer than LIMITS.requestTimeoutMs. */
export class TimeoutError extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

/** The server answered with an empty body (account-health §8: 'request fail：无数据'). */
export class EmptyResponseError extends Error {
  constructor() {
    super(MSG.emptyResponse);
    this.name = 'EmptyResponseError';
  }
}

/** The browser could not reach the server at all. */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super('network', { cause });
    this.name = 'NetworkError';
  }
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

/** The refresh or a call says "not logged in": code 10002, code 401 or HTTP 401. */
export function isNotLoggedInError(err: unknown): boolean {
  if (err instanceof NotLoggedInError) return true;
  return err instanceof ApiError && (err.code === ERR.refreshNotLoggedIn.code || err.code === ERR.notLoggedIn.code || err.status === 401);
}

/**
 * What to tell the user about a failure, as an i18n key (with the server's own message as the
 * fallback text), or null when nothing should be shown (cancelled, or login is being opened).
 */
export interface ErrorNotice {
  key: string;
  /** Text to show when the locale has no entry for the key (the server's verbatim message). */
  fallback: string;
  /** The server's message, shown as-is in the Chinese locale. */
  serverMsg?: string;
}

export function noticeOf(err: unknown): ErrorNotice | null {
  if (isAbort(err) || err instanceof NotLoggedInError) return null;
  if (err instanceof ApiError) {
    if (err.status === 501 || err.code === ERR.overloaded.code) return { key: 'errors.serverCrowded', fallback: MSG.serverCrowded };
    if (err.code === ERR.notLoggedIn.code || err.status === 401) return null;
    const msg = err.message.trim();
    return { key: `err.${err.code}`, fallback: msg || MSG.genericError, ...(msg ? { serverMsg: msg } : {}) };
  }
  if (err instanceof EmptyResponseError) return { key: 'errors.emptyResponse', fallback: MSG.emptyResponse };
  if (err instanceof TimeoutError) return { key: 'errors.timeout', fallback: '请求超时，请稍后重试' };
  if (err instanceof NetworkError) return { key: 'errors.network', fallback: '网络连接失败，请检查网络后重试' };
  return { key: 'errors.generic', fallback: MSG.genericError };
}
