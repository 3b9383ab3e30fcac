import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, routes, type RouteDef } from '@chatdr/contract';
import { phoneChanges } from '../../db/schema.ts';
import { randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';

const A = routes.account;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REMIND_SCHEDULER: 'off' });
});
afterAll(async () => {
  await t.close();
});

const data = <T>(r: { code: number; msg: string; data: unknown }): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
/** Each send to a phone waits out the 60 s interval on the test clock. */
const later = () => t.clock.advance(61_000);

async function oldTicket(token: string, phone: string): Promise<string> {
  later();
  data(await t.call(A.customSendCode, { token, body: { scene: 'changePhone' } }));
  return data<{ verifyToken: string }>(await t.call(A.customCheckCode, { token, body: { scene: 'changePhone', code: t.lastCode(phone) } })).verifyToken;
}

describe('changing the phone: old number verified, new number verified, other sessions ended, history kept', () => {
  it('moves the account to the new phone with its data; the other device is logged out; the change is recorded', async () => {
    const a = await t.login();
    later();
    const other = await t.login(a.phone);
    expect(other.userId).toBe(a.userId);
    const mom = data<{ id: number }>(await t.call(routes.family.saveUserInfo, { token: a.token, body: { roleCode: 'ROLE_1100', name: '妈妈', birthDate: '1960-01-01', height: 160, weight: 55 } })).id;

    const ticket = await oldTicket(a.token, a.phone);
    const fresh = randomPhone();
    later();
    data(await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: fresh, verifyToken: ticket } }));
    const wrong = await t.call(A.updatePhone, { token: a.token, body: { phone: fresh, code: t.lastCode(fresh) === '000000' ? '111111' : '000000', verifyToken: ticket } });
    expect(wrong.code).toBe(ERR.smsCodeWrong.code);
    const res = data<{ phone: string; endedSessions: number }>(await t.call(A.updatePhone, { token: a.token, body: { phone: fresh, code: t.lastCode(fresh), verifyToken: ticket } }));
    expect(res).toEqual({ phone: `${fresh.slice(0, 3)}****${fresh.slice(-4)}`, endedSessions: 1 });

    // This device stays in, on the new number, with the same account and members; the other is out.
    const info = data<{ userId: number; members: Array<{ id: number }> }>(await t.call(routes.auth.accountInfo, { token: a.token }));
    expect(info.userId).toBe(a.userId);
    expect(info.members.map((m) => m.id)).toContain(mom);
    expect((await t.call(routes.auth.accountInfo, { token: other.token })).status).toBe(401);
    // The new number logs in to this account; the old number is free (a new account).
    later();
    expect((await t.login(fresh)).userId).toBe(a.userId);
    later();
    const again = await t.login(a.phone);
    expect(again.userId).not.toBe(a.userId);
    expect(again.isNewUser).toBe(true);
    const history = await t.rt.database.db.select().from(phoneChanges).where(eq(phoneChanges.userId, a.userId));
    expect(history.map((h) => [h.oldPhone, h.newPhone, h.endedSessions])).toEqual([[a.phone, fresh, 1]]);
    // The ticket was used.
    later();
    expect((await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: randomPhone(), verifyToken: ticket } })).code).toBe(ERR.verifyTicketInvalid.code);
  });

  it('refuses without the old number, to the same number, to a number in use, and with another account\'s ticket', async () => {
    const a = await t.login();
    const b = await t.login();
    later();
    expect((await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: randomPhone(), verifyToken: 'not-a-real-ticket-123' } })).code).toBe(ERR.verifyTicketInvalid.code);
    const ticket = await oldTicket(a.token, a.phone);
    expect((await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: a.phone, verifyToken: ticket } })).code).toBe(ERR.samePhone.code);
    expect((await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: b.phone, verifyToken: ticket } })).code).toBe(ERR.phoneTaken.code);
    // B cannot use A's ticket (it is bound to A's phone), nor change A's phone.
    later();
    expect((await t.call(A.updatePhoneSendCode, { token: b.token, body: { phone: randomPhone(), verifyToken: ticket } })).code).toBe(ERR.verifyTicketInvalid.code);
    expect((await t.call(A.updatePhone, { token: b.token, body: { phone: randomPhone(), code: '123456', verifyToken: ticket } })).code).not.toBe(1);
    // A number taken between the code and the change is refused at the change.
    const target = randomPhone();
    later();
    data(await t.call(A.updatePhoneSendCode, { token: a.token, body: { phone: target, verifyToken: ticket } }));
    const code = t.lastCode(target);
    later();
    await t.login(target);
    expect((await t.call(A.updatePhone, { token: a.token, body: { phone: target, code, verifyToken: ticket } })).code).toBe(ERR.phoneTaken.code);
    expect(data<{ userId: number }>(await t.call(routes.auth.accountInfo, { token: a.token })).userId).toBe(a.userId);
  });

  it('answers malformed input with a clear message, never a 500; no session is 401', async () => {
    const a = await t.login();
    const bad: Array<[RouteDef, unknown]> = [
      [A.customSendCode, { scene: 'login' }],
      [A.customCheckCode, { scene: 'changePhone', code: 'abc' }],
      [A.updatePhoneSendCode, { phone: '123', verifyToken: 'x'.repeat(20) }],
      [A.updatePhone, { phone: randomPhone(), code: '12', verifyToken: 'x'.repeat(20) }],
      [A.updatePhone, { phone: randomPhone(), code: '123456', verifyToken: 'x'.repeat(500) }],
      [A.updatePhone, 'nope'],
    ];
    for (const [r, body] of bad) {
      const res = await t.call(r, { token: a.token, body });
      expect(res.status, r.path).toBeLessThan(500);
      expect(res.code, `${r.path} ${JSON.stringify(body)}`).not.toBe(1);
    }
    expect((await t.call(A.updatePhone, { body: { phone: randomPhone(), code: '123456', verifyToken: 'x'.repeat(20) } })).status).toBe(401);
  });
});
