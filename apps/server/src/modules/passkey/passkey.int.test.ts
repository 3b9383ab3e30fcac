import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';

const A = routes.account;
const ORIGIN = 'http://localhost';
const headers = { origin: ORIGIN, host: 'localhost' };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off' });
});
afterAll(async () => {
  await t.close();
});

type Res = { status: number; code: number; msg: string; data: unknown };
const data = <T>(r: Res): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
const call = (r: Parameters<TestApp['call']>[0], token: string | undefined, body: unknown, h: Record<string, string> = headers) => t.call(r, { ...(token ? { token } : {}), body, raw: { headers: { ...h, 'content-type': 'application/json', ...(token ? { authorization: token } : {}) } } });

/** SMS code → registration options → the authenticator's credential stored. */
async function enable(token: string, phone: string, auth: SoftAuthenticator) {
  t.clock.advance(61_000);
  data(await call(A.fingerprintCodeSend, token, {}));
  const { options } = data<{ options: Record<string, unknown> }>(await call(A.fingerprintCodeCheck, token, { code: t.lastCode(phone) }));
  const cred = auth.create(options, ORIGIN);
  return { options, cred, res: await call(A.passkeyRegister, token, { response: cred, deviceName: 'Pixel' }) };
}
async function unlock(auth: SoftAuthenticator, token?: string, o: Parameters<SoftAuthenticator['get']>[2] = {}) {
  const { options } = data<{ options: Record<string, unknown> }>(await call(A.passkeyUnlockOptions, undefined, {}));
  return call(A.passkeyUnlock, token, { response: auth.get(options, ORIGIN, o) });
}

describe('biometric unlock with passkeys', () => {
  it('enables after the SMS code, lists the device, unlocks into a fresh session and ends the locked one', async () => {
    const a = await t.login();
    const dev = new SoftAuthenticator();
    const { options, res } = await enable(a.token, a.phone, dev);
    expect(options).toMatchObject({ rp: { id: 'localhost' }, authenticatorSelection: { authenticatorAttachment: 'platform', userVerification: 'required' } });
    expect(JSON.stringify(options)).not.toContain(a.phone);
    expect(data<{ deviceName: string }>(res).deviceName).toBe('Pixel');
    const list = data<{ list: Array<{ id: number; lastUsedAt: string | null }> }>(await t.call(A.passkeyList, { token: a.token }));
    expect(list.list).toHaveLength(1);

    const u = data<{ sessionId: string; userId: number }>(await unlock(dev, a.token));
    expect(u.userId).toBe(a.userId);
    expect(u.sessionId).not.toBe(a.token);
    expect((await t.call(routes.auth.accountInfo, { token: u.sessionId })).code).toBe(1);
    // The locked session ended.
    expect((await t.call(routes.auth.accountInfo, { token: a.token })).code).toBe(ERR.notLoggedIn.code);
    const after = data<{ list: Array<{ lastUsedAt: string | null }> }>(await t.call(A.passkeyList, { token: u.sessionId }));
    expect(after.list[0]?.lastUsedAt).not.toBeNull();
  });

  it('refuses a wrong SMS code, a reused or foreign challenge, a bad signature, a replayed counter and a removed passkey', async () => {
    const a = await t.login();
    const dev = new SoftAuthenticator();
    t.clock.advance(61_000);
    data(await call(A.fingerprintCodeSend, a.token, {}));
    const wrong = await call(A.fingerprintCodeCheck, a.token, { code: t.lastCode(a.phone) === '000000' ? '111111' : '000000' });
    expect(wrong.code).toBe(ERR.smsCodeWrong.code);

    const first = await enable(a.token, a.phone, dev);
    data(first.res);
    // The same registration again: its challenge is used.
    expect((await call(A.passkeyRegister, a.token, { response: first.cred })).code).toBe(ERR.passkeyChallengeInvalid.code);
    // Another account cannot use this account's registration challenge.
    const b = await t.login();
    const stolen = new SoftAuthenticator().create(first.options, ORIGIN);
    expect((await call(A.passkeyRegister, b.token, { response: stolen })).code).toBe(ERR.passkeyChallengeInvalid.code);

    // Expired challenge (5 minutes).
    const { options } = data<{ options: Record<string, unknown> }>(await call(A.passkeyUnlockOptions, undefined, {}));
    t.clock.advance(5 * 60_000 + 1);
    expect((await call(A.passkeyUnlock, undefined, { response: dev.get(options, ORIGIN) })).code).toBe(ERR.passkeyChallengeInvalid.code);

    expect((await unlock(dev, undefined, { tamper: true })).code).toBe(ERR.passkeyFailed.code);
    data(await unlock(dev, undefined, { counter: 10 }));
    expect((await unlock(dev, undefined, { counter: 5 })).code).toBe(ERR.passkeyFailed.code);

    // A page of another origin.
    const evil = await call(A.passkeyUnlockOptions, undefined, {}, { origin: 'https://evil.example', host: 'localhost' });
    expect(evil.code).toBe(ERR.badRequest.code);

    const id = data<{ list: Array<{ id: number }> }>(await t.call(A.passkeyList, { token: a.token })).list[0]?.id ?? 0;
    expect((await t.call(A.passkeyDelete, { token: b.token, body: { id } })).code).toBe(ERR.notFound.code);
    data(await t.call(A.passkeyDelete, { token: a.token, body: { id } }));
    expect((await unlock(dev)).code).toBe(ERR.passkeyFailed.code);
  });
});
