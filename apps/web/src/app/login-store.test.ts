import { beforeEach, describe, expect, it, vi } from 'vitest';

const refreshToken = vi.fn<(v: string) => Promise<string>>();
vi.mock('../api', () => ({ refreshToken: (v: string) => refreshToken(v) }));

/** Fresh modules per test: the store and the token storage are module singletons. */
async function load() {
  vi.resetModules();
  const { tokenStorage } = await import('../api/token');
  const { ApiError } = await import('../api/errors');
  const store = await import('./login-store');
  return { tokenStorage, ApiError, ...store };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('login store (chat-core §4)', () => {
  beforeEach(() => {
    refreshToken.mockReset();
  });

  it('goes to notLogin at start-up without a token', async () => {
    const { initLogin, useLoginStore, tokenStorage } = await load();
    tokenStorage.write(null);
    initLogin();
    expect(useLoginStore.getState().status).toBe('notLogin');
    expect(refreshToken).not.toHaveBeenCalled();
  });

  it('refreshes a stored token at start-up, stores the rotated one and runs the success listeners', async () => {
    const { initLogin, useLoginStore, tokenStorage, onLogin } = await load();
    tokenStorage.write({ value: 'old', stampedAt: 1 });
    refreshToken.mockResolvedValue('new');
    const success = vi.fn();
    onLogin('success', success);
    initLogin();
    expect(useLoginStore.getState().status).toBe('prepare');
    await settle();
    expect(refreshToken).toHaveBeenCalledWith('old');
    expect(useLoginStore.getState().status).toBe('loginSuccess');
    expect(tokenStorage.read()?.value).toBe('new');
    expect(tokenStorage.read()?.stampedAt).toBeGreaterThan(1);
    expect(success).toHaveBeenCalledTimes(1);
  });

  it('clears the token when the refresh says not logged in (10002)', async () => {
    const { initLogin, useLoginStore, tokenStorage, ApiError } = await load();
    tokenStorage.write({ value: 'old', stampedAt: 1 });
    refreshToken.mockRejectedValue(new ApiError(10002, '未登录', 200));
    initLogin();
    await settle();
    expect(useLoginStore.getState().status).toBe('notLogin');
    expect(tokenStorage.read()).toBeNull();
  });

  it('keeps the session when the refresh fails for another reason', async () => {
    const { initLogin, useLoginStore, tokenStorage, ApiError } = await load();
    tokenStorage.write({ value: 'old', stampedAt: 1 });
    refreshToken.mockRejectedValue(new ApiError(501, '当前人数过多，请稍后重试', 501));
    initLogin();
    await settle();
    expect(useLoginStore.getState().status).toBe('loginSuccess');
    expect(tokenStorage.read()?.value).toBe('old');
  });

  it('a new token moves to loggingIn; login success then logout fire their listeners once', async () => {
    const { initLogin, useLoginStore, tokenStorage, setSessionToken, dispatchLogin, onLogin } = await load();
    tokenStorage.write(null);
    initLogin();
    const calls: string[] = [];
    onLogin('success', () => calls.push('success'));
    onLogin('failure', () => calls.push('failure'));
    const off = onLogin('logout', () => calls.push('logout'));
    setSessionToken('s1');
    expect(useLoginStore.getState().status).toBe('loggingIn');
    expect(tokenStorage.read()?.value).toBe('s1');
    dispatchLogin({ type: 'loginOk' });
    dispatchLogin({ type: 'logout' });
    expect(useLoginStore.getState().status).toBe('notLogin');
    expect(tokenStorage.read()).toBeNull();
    dispatchLogin({ type: 'loginFailed' });
    off();
    dispatchLogin({ type: 'loginOk' });
    dispatchLogin({ type: 'logout' });
    expect(calls).toEqual(['success', 'logout', 'failure', 'success']);
  });
});
