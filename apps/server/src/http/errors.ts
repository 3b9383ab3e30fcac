import { ERR, type ErrorKey } from '@chatdr/contract';

// Rate limits and lockouts (1005–1007, 1011) are answered with HTTP 429 as QUALITY.md asks.
const HTTP_STATUS: Partial<Record<number, number>> = { 400: 400, 401: 401, 415: 415, 429: 429, 500: 500, 501: 501, 1005: 429, 1006: 429, 1007: 429, 1011: 429 };

/** A business error: answered as the spec's envelope `{ code, msg, data }`. */
export class AppError extends Error {
  readonly code: number;
  readonly httpStatus: number;
  constructor(code: number, msg: string, readonly data: unknown = null) {
    super(msg);
    this.name = 'AppError';
    this.code = code;
    // Business errors keep HTTP 200; auth, rate limit, overload and malformed input keep their HTTP status.
    this.httpStatus = HTTP_STATUS[code] ?? 200;
  }
}

/** Builds the error of a catalogue entry, optionally with data or a more precise message. */
export function fail(key: ErrorKey, opts: { data?: unknown; msg?: string } = {}): AppError {
  const def = ERR[key];
  return new AppError(def.code, opts.msg ?? def.msg, opts.data ?? null);
}

export const envelopeOk = <T>(data: T) => ({ code: ERR.ok.code, msg: ERR.ok.msg, data });
