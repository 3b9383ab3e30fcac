import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, SECURITY, routes, urlOf, type RouteDef } from '@chatdr/contract';
import { HOSTILE, jsonSchemaOf, leavesOf, reseed, sampleOf, setAt, setKnownValues } from '../test/fuzz.ts';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
});

const implemented = () => t.rt.app.implementedRoutes;
const url = (r: RouteDef) => urlOf(r).replace(/\{(\w+)\}/g, '1');

/** Malformed inputs every route must answer without HTTP 500. */
const BAD_BODIES: Array<{ payload: string; type: string }> = [
  { payload: '{', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '12345', type: 'application/json' },
  { payload: '{"phone":{"$ne":1},"code":[1,2],"sessionId":null,"password":12}', type: 'application/json' },
  { payload: '{"__proto__":{"x":1},"constructor":{"prototype":{}}}', type: 'application/json' },
  { payload: JSON.stringify({ phone: 'x'.repeat(10_000), fontSize: 'M'.repeat(1000), versionNumber: -1 }), type: 'application/json' },
  { payload: 'phone=13800138000', type: 'application/x-www-form-urlencoded' },
  { payload: '<xml/>', type: 'text/xml' },
  { payload: '', type: 'application/json' },
];

describe('access control', () => {
  it('answers 401 without a token on every non-public implemented route', async () => {
    const closed = implemented().filter((r) => !r.public);
    expect(closed.length).toBeGreaterThan(5);
    for (const r of closed) {
      const res = await t.rt.app.inject({ method: r.method, url: url(r), payload: r.method === 'POST' ? {} : undefined });
      expect({ url: url(r), status: res.statusCode, code: JSON.parse(res.body).code }).toEqual({ url: url(r), status: 401, code: 401 });
    }
  });

  it('public routes are exactly the /pb/ ones', () => {
    for (const r of implemented()) expect(r.public).toBe(r.path.includes('/pb/'));
  });
});

describe('malformed input', () => {
  it('never answers HTTP 500 to a malformed body, query or token on any route', async () => {
    let checked = 0;
    for (const r of implemented()) {
      for (const b of BAD_BODIES) {
        for (const auth of [token, 'garbage-token', undefined]) {
          const res = await t.rt.app.inject({ method: r.method, url: `${url(r)}?versionNumber=abc&phone[]=1&x=%ZZ`, headers: { 'content-type': b.type, ...(auth ? { authorization: auth } : {}) }, payload: r.method === 'GET' ? undefined : b.payload });
          expect(res.statusCode, `${r.method} ${url(r)} ${b.payload.slice(0, 40)}`).toBeLessThan(500);
          const env = JSON.parse(res.body) as { code: number; msg: string };
          expect(typeof env.msg).toBe('string');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('never answers HTTP 500 to NUL bytes, lone surrogates, out-of-range integers or impossible dates in any field of any route', async () => {
    const fails: string[] = [];
    let checked = 0;
    let auth = (await t.login()).token;
    // Samples name the caller's own member, so the ownership checks pass and the queries run.
    const self = await t.call(routes.family.findUserInfo, { token: auth });
    const selfId = (Array.isArray(self.data) ? (self.data as Array<{ id: number }>)[0]?.id : (self.data as { id: number } | null)?.id) ?? 1;
    setKnownValues({ userInfoId: selfId });
    const send = async (r: RouteDef, body: unknown, query: unknown, pathValue: string) => {
      let path = urlOf(r).replace(/\{(\w+)\}/g, encodeURIComponent(pathValue));
      if (query && typeof query === 'object') {
        const qs = new URLSearchParams();
        for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
        path += `?${qs.toString()}`;
      }
      const inject = () => t.rt.app.inject({ method: r.method, url: path, headers: { 'content-type': 'application/json', authorization: auth }, payload: r.method === 'GET' || body === undefined ? undefined : JSON.stringify(body) });
      let res = await inject();
      // A call that ended the session (logout, cancellation …): log in again and retry once.
      if (res.statusCode === 401 && !r.public) {
        auth = (await t.login()).token;
        res = await inject();
      }
      checked++;
      return res;
    };
    for (const r of implemented()) {
      if (r.multipart) continue;
      const bodyJs = r.body ? jsonSchemaOf(r.body) : null;
      const queryJs = r.query ? jsonSchemaOf(r.query) : null;
      // A fresh sample per case: its free strings are new (no "name taken" before the insert).
      const body = () => (reseed(), bodyJs ? sampleOf(bodyJs) : undefined);
      const query = () => (queryJs ? sampleOf(queryJs) : undefined);
      const cases: Array<{ what: string; body: unknown; query: unknown; path: string }> = [];
      for (const leaf of bodyJs ? leavesOf(bodyJs) : []) for (const v of HOSTILE[leaf.kind]) cases.push({ what: `body.${leaf.path.join('.')}=${JSON.stringify(v)}`, body: setAt(body(), leaf.path, v), query: query(), path: '1' });
      for (const leaf of queryJs ? leavesOf(queryJs) : []) for (const v of HOSTILE[leaf.kind]) cases.push({ what: `query.${leaf.path.join('.')}=${JSON.stringify(v)}`, body: body(), query: setAt(query(), leaf.path, v), path: '1' });
      if (r.path.includes('{')) for (const v of ['2147483648', '32768', 'a\u0000b', '1990-02-31']) cases.push({ what: `path=${JSON.stringify(v)}`, body: body(), query: query(), path: v });
      for (const c of cases) {
        const res = await send(r, c.body, c.query, c.path);
        if (res.statusCode >= 500) fails.push(`${r.method} ${r.path} ${c.what} → ${res.statusCode}`);
      }
    }
    expect(fails).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('refuses the values of issue 15 with 400 and a message: member id 2147483648, report status 32768, 1990-02-31, NUL in a name', async () => {
    const { token: tk } = await t.login();
    const id = await t.call(routes.family.getPersonalRecord, { token: tk, query: { userInfoId: '2147483648' } });
    expect([id.status, id.code]).toEqual([400, 400]);
    const status = await t.call(routes.report.page, { token: tk, body: { userInfoId: 1, status: 32768 } });
    expect([status.status, status.code, status.msg]).toEqual([400, 400, '数值超出范围']);
    const member = { roleCode: 'ROLE_2100', name: '小红', sex: 'F', birthDate: '1990-02-31', height: 160, weight: 50 };
    const date = await t.call(routes.family.saveUserInfo, { token: tk, body: member });
    expect([date.status, date.code]).toEqual([400, 400]);
    const nul = await t.call(routes.family.saveUserInfo, { token: tk, body: { ...member, birthDate: '1990-02-28', name: '小\u0000红' } });
    expect([nul.status, nul.code, nul.msg]).toEqual([400, 400, '内容含有无法识别的字符']);
    const ok = await t.call(routes.family.saveUserInfo, { token: tk, body: { ...member, birthDate: '1990-02-28' } });
    expect(ok.code).toBe(1);
  });

  it('explains which field is wrong', async () => {
    const res = await t.call(routes.auth.sendLoginCode, { body: { phone: '123' } });
    expect([res.status, res.code, res.msg]).toEqual([400, ERR.badRequest.code, '请输入正确的手机号']);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.rt.app.inject({ method: 'POST', url: '/api/chatDr-service/v1/toc/nope' });
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body).code).toBe(404);
  });
});

describe('logs', () => {
  it('carry the trace and span ids and never a phone, code or token', async () => {
    const before = t.logs.length;
    const phone = '13912345678';
    await t.rt.app.inject({ method: 'POST', url: urlOf(routes.auth.sendLoginCode), headers: { 'content-type': 'application/json', traceid: 'm-1122093000-0.0.1710', spanid: 'abc123' }, payload: { phone } });
    const code = t.lastCode(phone);
    const login = await t.call(routes.auth.phoneLogin, { body: { phone, code } });
    const sessionId = (login.data as { sessionId: string }).sessionId;
    await t.call(routes.auth.accountInfo, { token: sessionId });
    await t.rt.app.inject({ method: 'GET', url: `/api/dev/sms?phone=${phone}` });
    const written = t.logs.slice(before).join('\n');
    expect(written).toContain('"traceId":"m-1122093000-0.0.1710"');
    expect(written).toContain('"spanId":"abc123"');
    for (const secret of [phone, code, sessionId]) expect(written).not.toContain(secret);
  });
});

describe('headers', () => {
  it('sends nosniff everywhere, no-store on API answers, and a CSP without object or base sources on pages', async () => {
    // A fresh login: the fuzz test above may have logged the shared session out.
    const fresh = (await t.login()).token;
    const raw = await t.rt.app.inject({ method: 'GET', url: '/api/chatDr-service/v1/toc/user/accountInfo', headers: { authorization: fresh } });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['x-content-type-options']).toBe('nosniff');
    expect(raw.headers['cache-control']).toBe('no-store');
    const page = await t.rt.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['content-security-policy']).toContain("object-src 'none'");
    expect(page.headers['content-security-policy']).toContain("base-uri 'none'");
  });
});

describe('local mode dev outbox', () => {
  it('answers only requests whose socket peer is loopback, never trusting a forwarded address', async () => {
    const phone = randomPhone();
    expect((await t.call(routes.auth.sendLoginCode, { body: { phone } })).code).toBe(1);
    const url = `/api/dev/sms?phone=${phone}`;
    const local = await t.rt.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' });
    expect([local.statusCode, JSON.parse(local.body).data?.code]).toEqual([200, t.lastCode(phone)]);
    expect((await t.rt.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
    for (const remoteAddress of ['192.168.1.7', '10.0.0.2', '::ffff:192.168.1.7', '2001:db8::1']) {
      const res = await t.rt.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect([res.statusCode, res.body.includes(t.lastCode(phone))]).toEqual([404, false]);
    }
    // Relayed by a proxy on this machine: the client is elsewhere.
    for (const headers of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }]) {
      const res = await t.rt.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers });
      expect([res.statusCode, res.body.includes(t.lastCode(phone))]).toEqual([404, false]);
    }
  });
});

describe('TRUST_PROXY', () => {
  let p: TestApp;
  beforeAll(async () => {
    p = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await p.close();
  });
  const send = (ip: string, forwarded: string) => p.call(routes.auth.sendLoginCode, { body: { phone: randomPhone() }, ip, raw: { headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded } } });

  it('true trusts loopback only: a rotating X-Forwarded-For from elsewhere does not escape the per-IP limit', async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i <= SECURITY.smsSendPerIpPerHour + 9; i++) statuses.push((await send(ip, `198.51.100.${i + 1}`)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(SECURITY.smsSendPerIpPerHour);
    expect(statuses.slice(SECURITY.smsSendPerIpPerHour).every((s) => s === 429)).toBe(true);
  });

  it('takes the client address from a trusted proxy: each forwarded client has its own limit', async () => {
    // Random client addresses: with REDIS_URL the per-IP counters outlive the run (an hour).
    const client = randomIp();
    for (let i = 0; i < SECURITY.smsSendPerIpPerHour; i++) expect((await send('127.0.0.1', client)).status).toBe(200);
    expect((await send('127.0.0.1', client)).status).toBe(429);
    expect((await send('127.0.0.1', randomIp())).status).toBe(200);
  });
});
