import { LIMITS } from '../constants.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** Trace id of the form `m-MMDDHHmmss-version` (chat-core §9), in local time. */
export function traceIdOf(now: Date, version: string = LIMITS.clientVersion): string {
  const stamp = `${pad(now.getMonth() + 1)}${pad(now.getDate())}${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `m-${stamp}-${version}`;
}

/** Pattern a trace id must match to be logged as given (anything else is replaced). */
export const TRACE_ID_PATTERN = /^[\w.:-]{1,64}$/;
