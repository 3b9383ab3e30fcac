import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, SECURITY, routes } from '@chatdr/contract';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';

const A = routes.auth;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function setPassword(token: string, phone: string, password: string) {
  expect((await t.call(A.setPwdSendCode, { token, body: {} })).code).toBe(1);
  const check = await t.call(A.setPwdCheckCode, { token, body: { code: t.lastCode(phone) } });
  expect(check.code).toBe(1);
  const { verifyToken } = check.data as { verifyToken: string };
  return t.call(A.setPwdSubmit, { token, body: { verifyToken, password } });
}

describe('login by SMS code', () => {
  it('registers a new phone, creates 本人, and says isNewUser only the first time', async () => {
    const first = await t.login();
    expect(first.isNewUser).toBe(true);
    const info = await t.call(A.accountInfo, { token: first.token });
    expect(info.code).toBe(1);
    const data = info.data as { members: Array<{ roleName: string }>; phone: string; hasPassword: boolean };
    expect(data.members.map((m) => m.roleName)).toEqual(['本人']);
    expect(data.phone).toBe(`${first.phone.slice(0, 3)}****${first.phone.slice(-4)}`);
    t.clock.advance(SECURITY.smsSendIntervalMs + 1000);
    const again = await t.login(first.phone);
    expect(again.isNewUser).toBe(false);
    expect(again.userId).toBe(first.userId);
  });

  it('sends 6-digit codes and refuses a code used once already', async () => {
    const phone = randomPhone();
    await t.call(A.sendLoginCode, { body: { phone } });
    const code = t.lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    expect((await t.call(A.phoneLogin, { body: { phone, code } })).code).toBe(1);
    const reuse = await t.call(A.phoneLogin, { body: { phone, code } });
    expect(reuse.code).toBe(ERR.smsCodeExpired.code);
  });

  it('refuses an expired code (valid 5 minutes)', async () => {
    const phone = randomPhone();
    await t.call(A.sendLoginCode, { body: { phone } });
    t.clock.advance(SECURITY.smsCodeTtlMs + 1000);
    const res = await t.call(A.phoneLogin, { body: { phone, code: t.lastCode(phone) } });
    expect(res.code).toBe(ERR.smsCodeExpired.code);
    expect(res.msg).toBe(ERR.smsCodeExpired.msg);
  });

  it('voids the code after 5 wrong tries, even for the right code afterwards', async () => {
    const phone = randomPhone();
    await t.call(A.sendLoginCode, { body: { phone } });
    const right = t.lastCode(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await t.call(A.phoneLogin, { body: { phone, code: wrong } })).code).toBe(ERR.smsCodeWrong.code);
    expect((await t.call(A.phoneLogin, { body: { phone, code: wrong } })).code).toBe(ERR.smsCodeLocked.code);
    const after = await t.call(A.phoneLogin, { body: { phone, code: right } });
    expect(after.code).not.toBe(1);
  });

  it('binds a code to its purpose: a login code does not reset a password', async () => {
    const { phone } = await t.login();
    t.clock.advance(SECURITY.smsSendIntervalMs + 1000);
    await t.call(A.sendLoginCode, { body: { phone } });
    const res = await t.call(A.verifyCodeNotLogin, { body: { phone, code: t.lastCode(phone), scene: 'forgotPwd' } });
    expect(res.code).not.toBe(1);
  });

  it('answers the send rate limits with HTTP 429: 1 per 60 s, 5 per hour, 10 per day', async () => {
    const phone = randomPhone();
    expect((await t.call(A.sendLoginCode, { body: { phone } })).code).toBe(1);
    const tooFast = await t.call(A.sendLoginCode, { body: { phone } });
    expect(tooFast.status).toBe(429);
    expect(tooFast.code).toBe(ERR.smsTooFrequent.code);
    expect((tooFast.data as { resendAfter: number }).resendAfter).toBe(60);
    for (let i = 2; i <= 5; i++) {
      t.clock.advance(61_000);
      expect((await t.call(A.sendLoginCode, { body: { phone } })).code).toBe(1);
    }
    t.clock.advance(61_000);
    const hour = await t.call(A.sendLoginCode, { body: { phone } });
    expect([hour.status, hour.code]).toEqual([429, ERR.smsHourLimit.code]);
    t.clock.advance(3_600_000);
    for (let i = 6; i <= 10; i++) {
      t.clock.advance(61_000);
      expect((await t.call(A.sendLoginCode, { body: { phone } })).code).toBe(1);
    }
    t.clock.advance(3_600_000);
    const day = await t.call(A.sendLoginCode, { body: { phone } });
    expect([day.status, day.code]).toEqual([429, ERR.smsDayLimit.code]);
  });

  it('limits sends per IP across phones', async () => {
    const ip = randomIp();
    let last = 0;
    for (let i = 0; i <= SECURITY.smsSendPerIpPerHour; i++) last = (await t.call(A.sendLoginCode, { body: { phone: randomPhone() }, ip })).status;
    expect(last).toBe(429);
  });
});

describe('passwords', () => {
  it('sets a password by code, logs in with it, and refuses a weak one', async () => {
    const { token, phone } = await t.login();
    t.clock.advance(61_000);
    const weak = await setPassword(token, phone, 'abc');
    expect(weak.code).toBe(ERR.badRequest.code);
    t.clock.advance(61_000);
    expect((await setPassword(token, phone, 'Health2026')).code).toBe(1);
    const ok = await t.call(A.passwordLogin, { body: { phone, password: 'Health2026' } });
    expect(ok.code).toBe(1);
    const bad = await t.call(A.passwordLogin, { body: { phone, password: 'Wrong2026' } });
    expect(bad.code).toBe(ERR.passwordWrong.code);
  });

  it('answers an unknown phone, an account without a password and a wrong password alike', async () => {
    const noPassword = await t.login();
    const withPassword = await t.login();
    t.clock.advance(61_000);
    expect((await setPassword(withPassword.token, withPassword.phone, 'Correct2026')).code).toBe(1);
    const answers = [];
    for (const phone of [randomPhone(), noPassword.phone, withPassword.phone]) {
      const res = await t.call(A.passwordLogin, { body: { phone, password: 'Whatever1' } });
      answers.push({ status: res.status, code: res.code, msg: res.msg, data: res.data });
    }
    expect(answers).toEqual(Array(3).fill({ status: 200, code: ERR.passwordWrong.code, msg: ERR.passwordWrong.msg, data: null }));
  });

  it('wrong passwords from one address do not lock the owner out from another', async () => {
    const { token, phone } = await t.login();
    t.clock.advance(61_000);
    await setPassword(token, phone, 'Correct2026');
    const attacker = randomIp();
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push((await t.call(A.passwordLogin, { body: { phone, password: 'Nope12345' }, ip: attacker })).code);
    expect(answers.at(-1)).toBe(ERR.loginThrottled.code);
    expect((await t.call(A.passwordLogin, { body: { phone, password: 'Correct2026' }, ip: randomIp() })).code).toBe(1);
  });

  it('backs off exponentially per (phone, address) after the free tries, and a success forgets the failures', async () => {
    const { token, phone } = await t.login();
    t.clock.advance(61_000);
    await setPassword(token, phone, 'Correct2026');
    const ip = randomIp();
    const wrong = () => t.call(A.passwordLogin, { body: { phone, password: 'Nope12345' }, ip });
    for (let i = 1; i <= SECURITY.loginFreeFailures; i++) expect((await wrong()).code).toBe(ERR.passwordWrong.code);
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      expect((await wrong()).code).toBe(ERR.passwordWrong.code);
      const held = await wrong();
      expect([held.status, held.code]).toEqual([429, ERR.loginThrottled.code]);
      const { retryAfter } = held.data as { retryAfter: number };
      waits.push(retryAfter);
      // Even the right password waits: the pair is held, whatever it sends.
      expect((await t.call(A.passwordLogin, { body: { phone, password: 'Correct2026' }, ip })).code).toBe(ERR.loginThrottled.code);
      t.clock.advance(retryAfter * 1000);
    }
    const base = SECURITY.loginBackoffBaseMs / 1000;
    const cap = SECURITY.loginBackoffMaxMs / 1000;
    expect(waits).toEqual(waits.map((_, i) => Math.min(base * 2 ** i, cap)));
    expect(waits.at(-1)).toBe(cap);
    // An unknown phone is held the same way (nothing tells it apart).
    const unknown = randomPhone();
    for (let i = 0; i <= SECURITY.loginFreeFailures; i++) await t.call(A.passwordLogin, { body: { phone: unknown, password: 'Nope12345' }, ip });
    expect((await t.call(A.passwordLogin, { body: { phone: unknown, password: 'Nope12345' }, ip })).code).toBe(ERR.loginThrottled.code);
    // Right password once the wait is over: in, and the failures are forgotten.
    expect((await t.call(A.passwordLogin, { body: { phone, password: 'Correct2026' }, ip })).code).toBe(1);
    for (let i = 1; i <= SECURITY.loginFreeFailures + 1; i++) expect((await wrong()).code).toBe(ERR.passwordWrong.code);
  });

  it('rate-limits password attempts per IP across accounts', async () => {
    const ip = randomIp();
    let res = { status: 0, code: 0 };
    for (let i = 0; i <= SECURITY.loginFailuresPerIp; i++) res = await t.call(A.passwordLogin, { body: { phone: randomPhone(), password: 'Nope12345' }, ip });
    expect([res.status, res.code]).toEqual([429, ERR.tooManyRequests.code]);
  });

  it('forgot password: code → ticket → new password; every session ends; the ticket is single use', async () => {
    const { token, phone } = await t.login();
    t.clock.advance(61_000);
    expect((await t.call(A.sendLoginCode, { body: { phone, scene: 'forgotPwd' } })).code).toBe(1);
    const v = await t.call(A.verifyCodeNotLogin, { body: { phone, code: t.lastCode(phone), scene: 'forgotPwd' } });
    expect(v.code).toBe(1);
    const { verifyToken } = v.data as { verifyToken: string };
    expect((await t.call(A.forgotPwd, { body: { phone, verifyToken, password: 'NewPass2026' } })).code).toBe(1);
    expect((await t.call(A.accountInfo, { token })).status).toBe(401);
    expect((await t.call(A.forgotPwd, { body: { phone, verifyToken, password: 'Other2026x' } })).code).toBe(ERR.verifyTicketInvalid.code);
    expect((await t.call(A.passwordLogin, { body: { phone, password: 'NewPass2026' } })).code).toBe(1);
  });

  it('forgot-password and cancellation codes: an unknown phone gets no SMS and the same answers as a registered one', async () => {
    const known = (await t.login()).phone;
    t.clock.advance(61_000);
    const unknown = randomPhone();
    const ask = (phone: string, which: 'forgotPwd' | 'cancel') =>
      which === 'forgotPwd' ? t.call(A.sendLoginCode, { body: { phone, scene: 'forgotPwd' }, ip: randomIp() }) : t.call(A.cancelSendCode, { body: { phone }, ip: randomIp() });
    const shape = (r: { status: number; code: number; msg: string; data: unknown }) => [r.status, r.code, r.msg, r.data];
    for (const which of ['forgotPwd', 'cancel'] as const) {
      const [a, b] = [await ask(known, which), await ask(unknown, which)];
      expect(a.code).toBe(1);
      expect(shape(b)).toEqual(shape(a));
      // Within the resend interval both are told to wait, the same way.
      const [a2, b2] = [await ask(known, which), await ask(unknown, which)];
      expect(a2.code).toBe(ERR.smsTooFrequent.code);
      expect(shape(b2)).toEqual(shape(a2));
      t.clock.advance(61_000);
    }
    expect(() => t.lastCode(unknown)).toThrow(/no code sent/);
    // No code reaches the unknown phone, so none checks: the same refusal as a wrong code.
    const [wk, wu] = [await t.call(A.verifyCodeNotLogin, { body: { phone: known, code: '000000', scene: 'forgotPwd' } }), await t.call(A.verifyCodeNotLogin, { body: { phone: unknown, code: '000000', scene: 'forgotPwd' } })];
    expect(wu.code).toBe(wk.code);
  });

  it('changing the password ends the other sessions but keeps this one', async () => {
    const a = await t.login();
    t.clock.advance(61_000);
    const b = await t.login(a.phone);
    t.clock.advance(61_000);
    expect((await setPassword(a.token, a.phone, 'Changed2026')).code).toBe(1);
    expect((await t.call(A.accountInfo, { token: a.token })).code).toBe(1);
    expect((await t.call(A.accountInfo, { token: b.token })).status).toBe(401);
  });
});

describe('sessions', () => {
  it('rejects a missing or unknown token with 401', async () => {
    const none = await t.call(A.accountInfo);
    expect([none.status, none.code, none.msg]).toEqual([401, 401, '未登录']);
    expect((await t.call(A.accountInfo, { token: 'x'.repeat(43) })).status).toBe(401);
  });

  it('refresh rotates the token: the new one works, the old one stops after its grace', async () => {
    const { token } = await t.login();
    const r = await t.call(A.refreshSession, { body: { sessionId: token } });
    expect(r.code).toBe(1);
    const next = (r.data as { sessionId: string }).sessionId;
    expect(next).not.toBe(token);
    expect(next.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    expect((await t.call(A.accountInfo, { token: next })).code).toBe(1);
    expect((await t.call(A.accountInfo, { token })).code).toBe(1);
    t.clock.advance(SECURITY.sessionRotationGraceMs + 1000);
    expect((await t.call(A.accountInfo, { token })).status).toBe(401);
    expect((await t.call(A.accountInfo, { token: next })).code).toBe(1);
    expect((await t.call(A.refreshSession, { body: { sessionId: token } })).code).toBe(ERR.refreshNotLoggedIn.code);
  });

  it('a token refreshes once: a second or concurrent refresh answers the same successor, never another live session', async () => {
    const { token } = await t.login();
    const all = await Promise.all([1, 2, 3, 4].map(() => t.call(A.refreshSession, { body: { sessionId: token } })));
    const answered = new Set(all.map((r) => (r.data as { sessionId: string }).sessionId));
    expect(all.map((r) => r.code)).toEqual([1, 1, 1, 1]);
    expect(answered.size).toBe(1);
    const [next = ''] = [...answered];
    t.clock.advance(10_000);
    const again = await t.call(A.refreshSession, { body: { sessionId: token } });
    expect([again.code, (again.data as { sessionId: string }).sessionId]).toEqual([1, next]);
    // The old token still works for its grace but is not a device of its own: one session listed.
    expect(((await t.call(A.sessionList, { token: next })).data as unknown[]).length).toBe(1);
    t.clock.advance(SECURITY.sessionRotationGraceMs);
    expect(((await t.call(A.sessionList, { token: next })).data as unknown[]).length).toBe(1);
    expect((await t.call(A.refreshSession, { body: { sessionId: token } })).code).toBe(ERR.refreshNotLoggedIn.code);
  });

  it('a second refresh of a token whose successor was logged out is refused', async () => {
    const { token } = await t.login();
    const next = ((await t.call(A.refreshSession, { body: { sessionId: token } })).data as { sessionId: string }).sessionId;
    expect((await t.call(A.logout, { token: next, body: {} })).code).toBe(1);
    const again = await t.call(A.refreshSession, { body: { sessionId: token } });
    expect(again.code).toBe(ERR.refreshNotLoggedIn.code);
  });

  it('lists one session however often the app restarts (each start refreshes the token; issue 18)', async () => {
    let { token } = await t.login();
    for (let i = 0; i < 6; i++) {
      t.clock.advance(2_000);
      token = ((await t.call(A.refreshSession, { body: { sessionId: token } })).data as { sessionId: string }).sessionId;
    }
    const list = (await t.call(A.sessionList, { token })).data as Array<{ current: boolean }>;
    expect(list.map((s) => s.current)).toEqual([true]);
  });

    it('stops listing a rotated-out session once its grace is over', async () => {
    const { token } = await t.login();
    const next = ((await t.call(A.refreshSession, { body: { sessionId: token } })).data as { sessionId: string }).sessionId;
    t.clock.advance(SECURITY.sessionRotationGraceMs + 1000);
    const list = (await t.call(A.sessionList, { token: next })).data as Array<{ current: boolean }>;
    expect(list).toHaveLength(1);
    expect(list[0]?.current).toBe(true);
  });

  it('ends every session 30 days after login, refreshes included', async () => {
    const { token } = await t.login();
    t.clock.advance(SECURITY.sessionAbsoluteLifetimeMs - 60_000);
    const r = await t.call(A.refreshSession, { body: { sessionId: token } });
    const next = (r.data as { sessionId: string }).sessionId;
    t.clock.advance(120_000);
    expect((await t.call(A.accountInfo, { token: next })).status).toBe(401);
  });

  it('logout ends the session server-side', async () => {
    const { token } = await t.login();
    expect((await t.call(A.logout, { token, body: {} })).code).toBe(1);
    expect((await t.call(A.accountInfo, { token })).status).toBe(401);
  });

  it('lists the sessions and force-logs-out the others', async () => {
    const a = await t.login();
    t.clock.advance(61_000);
    const b = await t.login(a.phone);
    const list = await t.call(A.sessionList, { token: a.token });
    const sessions = list.data as Array<{ id: string; current: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const ended = await t.call(A.forceLogout, { token: a.token, body: {} });
    expect(ended.data).toEqual({ ended: 1 });
    expect((await t.call(A.accountInfo, { token: b.token })).status).toBe(401);
    expect((await t.call(A.accountInfo, { token: a.token })).code).toBe(1);
  });

  it('cannot end another account’s session by its id', async () => {
    const a = await t.login();
    const b = await t.login();
    const bId = ((await t.call(A.sessionList, { token: b.token })).data as Array<{ id: string }>)[0]?.id ?? '';
    await t.call(A.forceLogout, { token: a.token, body: { sessionIds: [bId] } });
    expect((await t.call(A.accountInfo, { token: b.token })).code).toBe(1);
  });
});

describe('account cancellation', () => {
  it('deletes the account and all its data and ends its sessions', async () => {
    const { token, phone, userId } = await t.login();
    await t.call(A.personalSet, { token, body: { fontSize: 'XL' } });
    t.clock.advance(61_000);
    expect((await t.call(A.cancelSendCode, { body: { phone } })).code).toBe(1);
    expect((await t.call(A.cancelCheckCode, { body: { phone, code: t.lastCode(phone) } })).code).toBe(1);
    expect((await t.call(A.accountInfo, { token })).status).toBe(401);
    const { sql } = await import('drizzle-orm');
    const rows = await t.rt.database.db.execute(sql`select (select count(*) from users where id = ${userId}) as u, (select count(*) from members where user_id = ${userId}) as m, (select count(*) from sessions where user_id = ${userId}) as s, (select count(*) from sms_codes where phone = ${phone}) as c`);
    const row = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows[0] ?? {};
    expect(Object.values(row).map(Number)).toEqual([0, 0, 0, 0]);
    t.clock.advance(61_000);
    const again = await t.login(phone);
    expect(again.isNewUser).toBe(true);
    expect(again.userId).not.toBe(userId);
  });

  it('needs the code sent to that phone', async () => {
    const { phone, token } = await t.login();
    const res = await t.call(A.cancelCheckCode, { body: { phone, code: '123456' } });
    expect(res.code).not.toBe(1);
    expect((await t.call(A.accountInfo, { token })).code).toBe(1);
  });
});

describe('settings and flags', () => {
  it('keeps personal settings per account', async () => {
    const { token } = await t.login();
    const def = await t.call(A.personalSet, { token, body: {} });
    expect((def.data as { fontSize: string }).fontSize).toBe('M');
    const set = await t.call(A.personalSet, { token, body: { fontSize: 'XXL', openTTs: true } });
    expect(set.data).toMatchObject({ fontSize: 'XXL', openTTs: true });
    const bad = await t.call(A.personalSet, { token, body: { fontSize: 'HUGE' } });
    expect(bad.code).toBe(ERR.badRequest.code);
    const other = await t.login();
    expect(((await t.call(A.personalSet, { token: other.token, body: {} })).data as { fontSize: string }).fontSize).toBe('M');
  });

  it('answers gray-auth flags from the default version 1201', async () => {
    const { token } = await t.login();
    const res = await t.call(A.grayAuth, { token, body: {} });
    expect(res.data).toEqual(expect.arrayContaining(['show_role', 'rehab']));
    const old = await t.call(A.grayAuth, { token, body: { versionNumber: 1100 } });
    expect(old.data).toEqual([]);
  });
});

describe('version check', () => {
  it('answers null when up to date and forces the update when a skipped release is forced', async () => {
    expect((await t.call(A.checkUpdate, { query: { versionNumber: '100', checkType: '2', deviceType: 'android' } })).data).toBeNull();
    await t.rt.services.system.publish({ deviceType: 'android', versionNumber: 110, versionName: '1.1.0', downloadUrl: 'https://example.invalid/1.1.0.apk', policyLevel: 3, upTip: '安全更新' });
    await t.rt.services.system.publish({ deviceType: 'android', versionNumber: 120, versionName: '1.2.0', downloadUrl: 'https://example.invalid/1.2.0.apk', policyLevel: 1, upTip: '体验优化' });
    const old = await t.call(A.checkUpdate, { query: { versionNumber: '100', checkType: '2', deviceType: 'android' } });
    expect(old.data).toMatchObject({ versionNumber: 120, versionName: '1.2.0', policyLevel: 3 });
    const recent = await t.call(A.checkUpdate, { query: { versionNumber: '110', checkType: '2', deviceType: 'android' } });
    expect(recent.data).toMatchObject({ versionNumber: 120, policyLevel: 1 });
    expect((await t.call(A.checkUpdate, { query: { versionNumber: '120', deviceType: 'android' } })).data).toBeNull();
  });
});
