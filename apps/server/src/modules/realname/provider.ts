/**
 * Who confirms that a name and an identity number belong together. The embedded default checks
 * the number's form only (GB 11643: checksum, birth date, region) and says so (`level: 'format'`);
 * `http` asks an identity-verification gateway (the operator's contract with a licensed provider).
 */
export interface RealNameProvider {
  readonly id: string;
  /** What a pass means: `format` (the number is well-formed) or `identity` (matched against identity records). */
  readonly level: 'format' | 'identity';
  /** `match` / `mismatch`; throws when the provider cannot answer. */
  verify(name: string, idNumber: string): Promise<'match' | 'mismatch'>;
}

/** The embedded default: the number's form was checked before the provider is asked; nothing more is known. */
export const formatOnlyProvider: RealNameProvider = {
  id: 'format',
  level: 'format',
  verify: () => Promise.resolve('match'),
};

/**
 * REALNAME_PROVIDER=http: POST `{ name, idNumber }` as JSON to REALNAME_HTTP_URL with
 * `Authorization: Bearer REALNAME_HTTP_TOKEN`; a 2xx answer `{ "match": true | false }`. Anything
 * else (other status, other body, no answer in 10 s) is "unavailable", never a pass.
 */
export function httpRealNameProvider(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): RealNameProvider {
  return {
    id: 'http',
    level: 'identity',
    async verify(name, idNumber) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ name, idNumber }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`real-name provider answered HTTP ${res.status}`);
      const body = (await res.json()) as { match?: unknown };
      if (typeof body.match !== 'boolean') throw new Error('real-name provider answered without match');
      return body.match ? 'match' : 'mismatch';
    },
  };
}
