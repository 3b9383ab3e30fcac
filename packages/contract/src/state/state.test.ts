import { describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../constants.ts';
import { dayPartOf } from './greeting.ts';
import { compareVersions } from './version.ts';
import { traceIdOf } from './trace.ts';
import { listenersFor, nextLoginState } from './login.ts';
import { createTokenKeeper, NotLoggedInError, needsRefresh, type StoredToken } from './token.ts';
import { fontSizeOf } from './font.ts';

describe('greeting by hour', () => {
  it.each([
    [0, 'evening'], [5, 'evening'], [6, 'morning'], [11, 'morning'], [12, 'noon'], [13, 'noon'],
    [14, 'afternoon'], [17, 'afternoon'], [18, 'evening'], [23, 'evening'],
  ] as const)('hour %i is %s', (h, part) => expect(dayPartOf(h)).toBe(part));
});

describe('dotted version comparison', () => {
  it.each([
    ['1.7.1', '1.7.1', 0], ['1.7', '1.7.0', 0], ['1.7.2', '1.7.1', 1], ['1.10', '1.9.9', 1],
    ['1.6', '1.6.0.1', -1], ['2', '1.99.99', 1], ['', '0', 0], ['1.x', '1.0', 0],
  ] as const)('%s vs %s → %i', (a, b, r) => expect(compareVersions(a, b)).toBe(r));
});

describe('trace id', () => {
  it('has the form m-MMDDHHmmss-version', () => {
    expect(traceIdOf(new Date(2026, 0, 5, 7, 8, 9))).toBe(`m-0105070809-${LIMITS.clientVersion}`);
    expect(traceIdOf(new Date(2026, 11, 31, 23, 59, 58), '1.2.3')).toBe('m-1231235958-1.2.3');
  });
});

describe('login-status transitions (chat-core §4)', () => {
  it('refreshes a token present while preparing', () => {
    expect(nextLoginState('prepare', { type: 'init', hasToken: true })).toMatchObject({ status: 'prepare', refresh: true });
  });
  it('refresh ok → loginSuccess and stamps the token', () => {
    expect(nextLoginState('prepare', { type: 'refreshOk' })).toMatchObject({ status: 'loginSuccess', stampToken: true });
  });
  it('refresh error meaning not logged in clears the token; any other keeps loginSuccess', () => {
    expect(nextLoginState('prepare', { type: 'refreshFailed', notLoggedIn: true })).toMatchObject({ status: 'notLogin', clearToken: true });
    expect(nextLoginState('prepare', { type: 'refreshFailed', notLoggedIn: false })).toMatchObject({ status: 'loginSuccess', clearToken: false });
  });
  it('token outside prepare → loginSuccess; no token → notLogin', () => {
    expect(nextLoginState('notLogin', { type: 'init', hasToken: true }).status).toBe('loginSuccess');
    expect(nextLoginState('prepare', { type: 'init', hasToken: false }).status).toBe('notLogin');
  });
  it('a new, different token stamps and moves to loggingIn; the same token changes nothing', () => {
    expect(nextLoginState('notLogin', { type: 'tokenSet', changed: true })).toMatchObject({ status: 'loggingIn', stampToken: true });
    expect(nextLoginState('loginSuccess', { type: 'tokenSet', changed: false })).toMatchObject({ status: 'loginSuccess', stampToken: false });
  });
  it('fires success, failure and logout listeners on the right moves only', () => {
    expect(listenersFor('loggingIn', 'loginSuccess')).toEqual(['success']);
    expect(listenersFor('loginSuccess', 'loginSuccess')).toEqual([]);
    expect(listenersFor('loggingIn', 'loginFailed')).toEqual(['failure']);
    expect(listenersFor('loginSuccess', 'notLogin')).toEqual(['logout']);
    expect(listenersFor('prepare', 'notLogin')).toEqual([]);
  });
});

describe('token keeper', () => {
  const setup = (token: StoredToken | null, refresh: (v: string) => Promise<string>) => {
    let stored = token;
    let now = 1_000_000_000;
    const startLogin = vi.fn();
    const refreshSpy = vi.fn(refresh);
    const keeper = createTokenKeeper({
      read: () => stored,
      write: (t) => (stored = t),
      refresh: refreshSpy,
      isNotLoggedIn: (e) => e instanceof Error && e.message === '10002',
      startLogin,
      now: () => now,
    });
    return { keeper, startLogin, refreshSpy, get stored() { return stored; }, tick: (ms: number) => (now += ms), at: () => now };
  };

  it('rejects with 未登录 and starts login when there is no token', async () => {
    const s = setup(null, async () => 'x');
    await expect(s.keeper.getToken()).rejects.toThrow(NotLoggedInError);
    await expect(s.keeper.getToken()).rejects.toThrow('未登录');
    expect(s.startLogin).toHaveBeenCalled();
  });

  it('gives a young token as it is and refreshes one older than 8 h, once for concurrent callers', async () => {
    const s = setup({ value: 'old', stampedAt: 1_000_000_000 }, async () => 'new');
    expect(await s.keeper.getToken()).toBe('old');
    expect(s.refreshSpy).not.toHaveBeenCalled();
    s.tick(LIMITS.tokenRefreshAfterMs);
    expect(needsRefresh({ value: 'old', stampedAt: 1_000_000_000 }, s.at())).toBe(true);
    const got = await Promise.all([s.keeper.getToken(), s.keeper.getToken(), s.keeper.getToken()]);
    expect(got).toEqual(['new', 'new', 'new']);
    expect(s.refreshSpy).toHaveBeenCalledTimes(1);
    expect(s.stored).toEqual({ value: 'new', stampedAt: s.at() });
  });

  it('clears the token and starts login when the refresh says not logged in', async () => {
    const s = setup({ value: 'old', stampedAt: 0 }, async () => {
      throw new Error('10002');
    });
    await expect(s.keeper.getToken()).rejects.toThrow('未登录');
    expect(s.stored).toBeNull();
    expect(s.startLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps the old token on any other refresh error', async () => {
    const s = setup({ value: 'old', stampedAt: 0 }, async () => {
      throw new Error('network');
    });
    expect(await s.keeper.getToken()).toBe('old');
    expect(s.stored?.value).toBe('old');
  });
});

describe('font levels', () => {
  it('M is the base 17 px and each level moves 2 px', () => {
    expect(fontSizeOf('M')).toBe(17);
    expect(fontSizeOf('S')).toBe(15);
    expect(fontSizeOf('XXXL')).toBe(25);
  });
});
