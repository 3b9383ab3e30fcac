import { traceIdOf } from '@chatdr/contract';
import type { ClientInfo } from '../platform/device';

/** Random lower-case hex of `bytes` bytes (span ids). */
export function randomHex(bytes = 8, fill: (a: Uint8Array<ArrayBuffer>) => void = (a) => void crypto.getRandomValues(a)): string {
  const buf = new Uint8Array(bytes);
  fill(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface HeaderInput {
  client: ClientInfo;
  now: Date;
  spanId: string;
  /** Session id for `Authorization`, or null for public (/pb/) calls. */
  token: string | null;
  json: boolean;
}

/**
 * The headers every call carries (account-health §7): traceId, spanId, channel, deviceType,
 * versionCode, version, ua, platChannel, and Authorization (the bare session id) when given.
 */
export function buildHeaders({ client, now, spanId, token, json }: HeaderInput): Record<string, string> {
  const h: Record<string, string> = {
    traceId: traceIdOf(now, client.version),
    spanId,
    channel: client.channel,
    deviceType: client.deviceType,
    versionCode: client.versionCode,
    version: client.version,
    // Header values must be Latin-1; a UA with other characters is dropped rather than failing the call.
    ua: /^[\x20-\x7e]*$/.test(client.ua) ? client.ua : '',
    platChannel: client.platChannel,
    Accept: 'application/json',
  };
  if (json) h['Content-Type'] = 'application/json';
  if (token) h.Authorization = token;
  return h;
}

/** `?a=1&b=x` from a flat query object; undefined and null values are left out. */
export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null) continue;
    p.append(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}
