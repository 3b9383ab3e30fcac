import { createHmac } from 'node:crypto';

/**
 * iFlytek's WebSocket API signing (the same scheme for TTS /v2/tts and dictation /v2/iat): an
 * RFC 1123 `date`; the string `host: {host}\ndate: {date}\nGET {path} HTTP/1.1`;
 * signature = base64(HMAC-SHA256(apiSecret, string)); `authorization` = base64 of
 * `api_key="…", algorithm="hmac-sha256", headers="host date request-line", signature="…"`,
 * sent as the query fields authorization, date and host.
 */
export interface XfyunCredentials {
  appId: string;
  apiKey: string;
  apiSecret: string;
}

export function xfyunSignature(apiSecret: string, host: string, date: string, path: string): string {
  const origin = `host: ${host}\ndate: ${date}\nGET ${path} HTTP/1.1`;
  return createHmac('sha256', apiSecret).update(origin).digest('base64');
}

export function xfyunAuthorization(apiKey: string, signature: string): string {
  return Buffer.from(`api_key="${apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`).toString('base64');
}

/** The signed URL of `baseUrl` (wss://host/path) at `now`. */
export function xfyunSignedUrl(baseUrl: string, creds: Pick<XfyunCredentials, 'apiKey' | 'apiSecret'>, now: Date = new Date()): string {
  const url = new URL(baseUrl);
  const date = now.toUTCString();
  const signature = xfyunSignature(creds.apiSecret, url.host, date, url.pathname);
  url.searchParams.set('authorization', xfyunAuthorization(creds.apiKey, signature));
  url.searchParams.set('date', date);
  url.searchParams.set('host', url.host);
  return url.toString();
}

/**
 * The server side of the check (what iFlytek does, and what the local test servers do): the
 * signature recomputed from the query's host and date and the request line; a date more than
 * `skewMs` away refused. Returns the api key that signed, or null.
 */
export function xfyunVerify(requestUrl: string, secrets: ReadonlyMap<string, string>, now: number, skewMs = 300_000): string | null {
  const url = new URL(requestUrl, 'ws://local');
  const auth = url.searchParams.get('authorization');
  const date = url.searchParams.get('date');
  const host = url.searchParams.get('host');
  if (!auth || !date || !host) return null;
  const when = Date.parse(date);
  if (!Number.isFinite(when) || Math.abs(now - when) > skewMs) return null;
  const fields = new Map<string, string>();
  for (const m of Buffer.from(auth, 'base64').toString('utf8').matchAll(/(\w+)="([^"]*)"/gu)) fields.set(m[1] ?? '', m[2] ?? '');
  const key = fields.get('api_key');
  const secret = key ? secrets.get(key) : undefined;
  if (!key || !secret || fields.get('algorithm') !== 'hmac-sha256' || fields.get('headers') !== 'host date request-line') return null;
  return fields.get('signature') === xfyunSignature(secret, host, date, url.pathname) ? key : null;
}
