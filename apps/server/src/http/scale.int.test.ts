import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../test/harness.ts';

// Two instances on one PostgreSQL and one Redis, as when scaled out: sessions, caches and
// rate limits must agree across them. Runs when DATABASE_URL and REDIS_URL are set (CI).
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const A = routes.auth;

describe.runIf(shared)('two instances on PostgreSQL + Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a session made on one instance works on the other and a logout on one ends it on both at once', async () => {
    const { token } = await a.login();
    expect((await b.call(A.accountInfo, { token })).code).toBe(1);
    expect((await a.call(A.accountInfo, { token })).code).toBe(1);
    expect((await a.call(A.logout, { token, body: {} })).code).toBe(1);
    // b had the session cached: the change bus drops it.
    await new Promise((r) => setTimeout(r, 100));
    expect((await b.call(A.accountInfo, { token })).status).toBe(401);
  });

  it('a settings change on one instance is seen by the other', async () => {
    const { token } = await a.login();
    expect(((await b.call(A.personalSet, { token, body: {} })).data as { fontSize: string }).fontSize).toBe('M');
    await b.call(A.accountInfo, { token });
    await a.call(A.personalSet, { token, body: { fontSize: 'XXL' } });
    await new Promise((r) => setTimeout(r, 100));
    expect(((await b.call(A.personalSet, { token, body: {} })).data as { fontSize: string }).fontSize).toBe('XXL');
  });

  it('shares the per-IP rate limit across instances', async () => {
    const ip = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    let last = 0;
    for (let i = 0; i <= 30; i++) {
      const app = i % 2 ? a : b;
      last = (await app.call(A.passwordLogin, { body: { phone: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`, password: 'Nope12345' }, ip })).status;
    }
    expect(last).toBe(429);
  });
});
