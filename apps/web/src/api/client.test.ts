import { describe, expect, it, vi } from 'vitest';
import { ERR, MSG, NotLoggedInError, routes } from '@chatdr/contract';
import type { ClientInfo } from '../platform/device';
import { createApiClient, type ApiDeps } from './client';
import { ApiError, EmptyResponseError, NetworkError, TimeoutError, noticeOf } from './errors';

const client: ClientInfo = { deviceType: 'h5', channel: 'h5', platChannel: 'web', version: '0.0.1710', versionCode: '1201', ua: 'Mozilla/5.0 Test' };

interface Sent {
  url: string;
  init: RequestInit;
}

function setup(respond: (req: Sent) => Response | Promise<Response>, over: Partial<ApiDeps> = {}) {
  const sent: Sent[] = [];
  const deps = {
    fetch: vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const req = { url: String(url), init: init ?? {} };
      sent.push(req);
      return respond(req);
    }),
    client: () => client,
    getToken: vi.fn(async () => 'tok-1'),
    peekToken: vi.fn(() => 'tok-peek'),
    onUnauthorized: vi.fn(),
    notify: vi.fn(),
    now: () => new Date(2025, 5, 14, 9, 5, 7),
    spanId: () => 'abcdef0123456789',
    ...over,
  } satisfies ApiDeps;
  return { api: createApiClient(deps), deps, sent };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const headersOf = (s: Sent | undefined) => (s?.init.headers ?? {}) as Record<string, string>;

describe('request layer', () => {
  it('posts JSON to the route URL with the spec headers and no Authorization on /pb/ paths', async () => {
    const { api, sent, deps } = setup(() => json({ code: 1, msg: 'success', data: { resendAfter: 60 } }));
    const data = await api.call(routes.auth.sendLoginCode, { body: { phone: '13800000000', scene: 'login' } });
    expect(data).toEqual({ resendAfter: 60 });
    expect(sent[0]?.url).toBe('/api/chatDr-service/v1/pb/login/phone/sendMsgCode');
    expect(sent[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({ phone: '13800000000', scene: 'login' });
    const h = headersOf(sent[0]);
    expect(h).toMatchObject({
      traceId: 'm-0614090507-0.0.1710',
      spanId: 'abcdef0123456789',
      channel: 'h5',
      deviceType: 'h5',
      versionCode: '1201',
      version: '0.0.1710',
      ua: 'Mozilla/5.0 Test',
      platChannel: 'web',
      'Content-Type': 'application/json',
    });
    expect(h.Authorization).toBeUndefined();
    expect(deps.getToken).not.toHaveBeenCalled();
  });

  it('sends the bare session id as Authorization on logged-in calls', async () => {
    const { api, sent } = setup(() => json({ code: 1, msg: 'success', data: [] }));
    await api.call(routes.auth.sessionList);
    expect(sent[0]?.init.method).toBe('GET');
    expect(sent[0]?.init.body).toBeUndefined();
    expect(headersOf(sent[0]).Authorization).toBe('tok-1');
  });

  it('sends the current token on a public call that asks for it (logout)', async () => {
    const { api, sent, deps } = setup(() => json({ code: 1, msg: 'success', data: null }));
    await expect(api.call(routes.auth.logout, { body: {} }, { auth: 'optional' })).resolves.toBeNull();
    expect(headersOf(sent[0]).Authorization).toBe('tok-peek');
    expect(deps.getToken).not.toHaveBeenCalled();
  });

  it('builds the query string of GET calls', async () => {
    const { api, sent } = setup(() => json({ code: 1, msg: 'success', data: null }));
    await api.call(routes.auth.checkUpdate, { query: { versionNumber: 1201, checkType: 2, deviceType: 'h5' } });
    expect(sent[0]?.url).toBe('/api/chatDr-service/v1/pb/version/checkUpdate?versionNumber=1201&checkType=2&deviceType=h5');
  });

  it('rejects with 未登录 and sends nothing when there is no token', async () => {
    const { api, sent, deps } = setup(() => json({ code: 1, msg: '', data: null }), { getToken: vi.fn(async () => Promise.reject(new NotLoggedInError())) });
    await expect(api.call(routes.auth.accountInfo)).rejects.toThrow(MSG.notLoggedIn);
    expect(sent).toHaveLength(0);
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('toasts the msg of a non-1 code and rejects with its code and data', async () => {
    const { api, deps } = setup(() => json({ code: ERR.smsCodeWrong.code, msg: ERR.smsCodeWrong.msg, data: null }));
    const err = await api.call(routes.auth.phoneLogin, { body: { phone: '13800000000', code: '123456' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(1002);
    expect((err as ApiError).message).toBe('验证码错误，请重新输入');
    expect(deps.notify).toHaveBeenCalledWith(err);
  });

  it('stays quiet with hideMsg and hands the envelope data to the caller (1099 applicant session)', async () => {
    const { api, deps } = setup(() => json({ code: 1099, msg: ERR.needApply.msg, data: { sessionId: 'applicant' } }));
    const err = (await api.call(routes.auth.phoneLogin, { body: { phone: '13800000000', code: '123456' } }, { hideMsg: true }).catch((e: unknown) => e)) as ApiError;
    expect(err.code).toBe(1099);
    expect(err.data).toEqual({ sessionId: 'applicant' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('sends an applicant session to the application page on 1099 from any other call', async () => {
    const { api, deps } = setup(() => json({ code: 1099, msg: ERR.needApply.msg, data: null }));
    const onNeedApply = vi.fn();
    const withHook = createApiClient({ ...deps, onNeedApply });
    await expect(withHook.call(routes.auth.accountInfo)).rejects.toMatchObject({ code: 1099 });
    expect(onNeedApply).toHaveBeenCalledTimes(1);
    await expect(api.call(routes.auth.accountInfo)).rejects.toMatchObject({ code: 1099 });
  });

  it('ends the session on code 401 and on HTTP 401, without a toast', async () => {
    for (const res of [() => json({ code: 401, msg: '未登录', data: null }), () => json({ code: 401, msg: '未登录', data: null }, 401), () => new Response('', { status: 401 })]) {
      const { api, deps } = setup(res);
      await expect(api.call(routes.auth.accountInfo)).rejects.toBeInstanceOf(ApiError);
      expect(deps.onUnauthorized).toHaveBeenCalledTimes(1);
      expect(deps.notify).not.toHaveBeenCalled();
    }
  });

  it('leaves a 401 to the caller with raw401 (the token refresh)', async () => {
    const { api, deps } = setup(() => new Response('', { status: 401 }));
    await expect(api.call(routes.auth.refreshSession, { body: { sessionId: 'x' } }, { raw401: true, hideMsg: true })).rejects.toMatchObject({ status: 401 });
    expect(deps.onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps HTTP 501 to 当前人数过多，请稍后重试', async () => {
    const { api, deps } = setup(() => new Response('Service Unavailable', { status: 501 }));
    const err = await api.call(routes.auth.accountInfo).catch((e: unknown) => e);
    expect(deps.notify).toHaveBeenCalledTimes(1);
    expect(noticeOf(err)?.fallback).toBe(MSG.serverCrowded);
  });

  it('shows the Chinese msg of a rate-limited call (HTTP 429, code 429)', async () => {
    const { api, deps } = setup(() => json({ code: 429, msg: ERR.tooManyRequests.msg, data: null }, 429));
    const err = await api.call(routes.auth.sendLoginCode, { body: { phone: '13800000000' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 429, status: 429 });
    expect(noticeOf(err)?.serverMsg).toBe('操作过于频繁，请稍后再试');
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });

  it("rejects an empty response with 'request fail：无数据'", async () => {
    const { api, deps } = setup(() => new Response('', { status: 200 }));
    const err = await api.call(routes.auth.accountInfo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EmptyResponseError);
    expect((err as Error).message).toBe('request fail：无数据');
    expect(deps.notify).toHaveBeenCalledWith(err);
  });

  it('times out after the configured time and says so', async () => {
    const hang = (req: Sent) =>
      new Promise<Response>((_, reject) => {
        req.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { api, deps } = setup(hang, { timeoutMs: 20 });
    const err = await api.call(routes.auth.accountInfo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TimeoutError);
    expect(deps.notify).toHaveBeenCalledWith(err);
  });

  it('passes a caller abort through without a toast', async () => {
    const hang = (req: Sent) =>
      new Promise<Response>((_, reject) => {
        req.init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const { api, deps } = setup(hang);
    const ctl = new AbortController();
    const p = api.call(routes.auth.accountInfo, {}, { signal: ctl.signal });
    ctl.abort();
    await expect(p).rejects.toMatchObject({ name: 'AbortError' });
    expect(deps.notify).not.toHaveBeenCalled();
  });

  it('reports a network failure', async () => {
    const { api, deps } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const err = await api.call(routes.auth.accountInfo).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(deps.notify).toHaveBeenCalledTimes(1);
  });

  it('fills path parameters', async () => {
    const { api, sent } = setup(() => json({ code: 1, msg: '', data: {} }));
    const r = { prefix: '/api/chatDr-service/v1', path: '/pb/protocol/findByCode/{a}/{b}', method: 'GET', public: true, area: 'system', summary: '', spec: 'account-health' } as const;
    await api.call(r, { params: { a: 'userAgreement', b: 'latest' } });
    expect(sent[0]?.url).toBe('/api/chatDr-service/v1/pb/protocol/findByCode/userAgreement/latest');
    expect(headersOf(sent[0]).Authorization).toBeUndefined();
  });
});
