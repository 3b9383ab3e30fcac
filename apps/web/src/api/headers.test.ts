import { describe, expect, it } from 'vitest';
import { TRACE_ID_PATTERN } from '@chatdr/contract';
import { buildHeaders, queryString, randomHex } from './headers';

const client = { deviceType: 'h5' as const, channel: 'h5', platChannel: 'web', version: '0.0.1710', versionCode: '1201', ua: 'UA' };

describe('headers', () => {
  it('carries a trace id of the form m-MMDDHHmmss-version that the server accepts', () => {
    const h = buildHeaders({ client, now: new Date(2025, 0, 2, 3, 4, 5), spanId: 's', token: null, json: false });
    expect(h.traceId).toBe('m-0102030405-0.0.1710');
    expect(TRACE_ID_PATTERN.test(h.traceId ?? '')).toBe(true);
    expect(h['Content-Type']).toBeUndefined();
    expect(h.Authorization).toBeUndefined();
  });

  it('adds Authorization with the bare session id', () => {
    expect(buildHeaders({ client, now: new Date(), spanId: 's', token: 'abc', json: true }).Authorization).toBe('abc');
  });

  it('drops a user agent that is not Latin-1 instead of failing the request', () => {
    expect(buildHeaders({ client: { ...client, ua: 'App 晓医' }, now: new Date(), spanId: 's', token: null, json: true }).ua).toBe('');
  });

  it('makes random hex span ids', () => {
    expect(randomHex(8, (a) => a.fill(171))).toBe('abababababababab');
    expect(randomHex()).toMatch(/^[0-9a-f]{16}$/);
  });

  it('encodes queries and skips empty values', () => {
    expect(queryString({ a: 1, b: 'x y', c: undefined, d: null })).toBe('?a=1&b=x+y');
    expect(queryString({})).toBe('');
    expect(queryString(undefined)).toBe('');
  });
});
