import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_STATE, ERR, routes } from '@chatdr/contract';
import { randomPhone, startTestApp, type TestApp } from '../../test/harness.ts';

const A = routes.auth;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ REGISTRATION: 'apply' });
});
afterAll(async () => {
  await t.close();
});

describe('application-only registration', () => {
  it('answers 1099 with an applicant session that can only apply, and lets the phone in once approved', async () => {
    const phone = randomPhone();
    await t.call(A.sendLoginCode, { body: { phone } });
    const login = await t.call(A.phoneLogin, { body: { phone, code: t.lastCode(phone) } });
    expect(login.code).toBe(ERR.needApply.code);
    const { sessionId } = login.data as { sessionId: string };
    expect(sessionId).toBeTruthy();

    const info = await t.call(A.accountInfo, { token: sessionId });
    expect(info.code).toBe(ERR.needApply.code);
    expect(((await t.call(A.applyCheck, { token: sessionId, body: {} })).data as { state: number }).state).toBe(APPLY_STATE.none);

    t.clock.advance(61_000);
    expect((await t.call(A.sendApplyCode, { token: sessionId, body: {} })).code).toBe(1);
    const wrong = await t.call(A.apply, { token: sessionId, body: { name: '张三', reason: '家人慢病管理', code: '000000' === t.lastCode(phone) ? '111111' : '000000' } });
    expect(wrong.code).toBe(ERR.smsCodeWrong.code);
    const applied = await t.call(A.apply, { token: sessionId, body: { name: '张三', reason: '家人慢病管理', code: t.lastCode(phone) } });
    expect(applied.code).toBe(1);
    expect((applied.data as { state: number }).state).toBe(APPLY_STATE.pending);
    expect((await t.call(A.apply, { token: sessionId, body: { name: '张三', reason: '再次', code: '123456' } })).code).toBe(ERR.applyExists.code);

    await t.rt.services.auth.decideApplication(phone, true);
    const after = await t.call(A.accountInfo, { token: sessionId });
    expect(after.code).toBe(1);
    expect((after.data as { members: Array<{ roleName: string }> }).members.map((m) => m.roleName)).toEqual(['本人']);
    t.clock.advance(61_000);
    expect((await t.login(phone)).isNewUser).toBe(false);
  });

  it('a rejected application can apply again', async () => {
    const phone = randomPhone();
    await t.call(A.sendLoginCode, { body: { phone } });
    const { sessionId } = (await t.call(A.phoneLogin, { body: { phone, code: t.lastCode(phone) } })).data as { sessionId: string };
    t.clock.advance(61_000);
    await t.call(A.sendApplyCode, { token: sessionId, body: {} });
    await t.call(A.apply, { token: sessionId, body: { name: '李四', reason: '体检报告解读', code: t.lastCode(phone) } });
    await t.rt.services.auth.decideApplication(phone, false);
    expect(((await t.call(A.applyCheck, { token: sessionId, body: {} })).data as { state: number }).state).toBe(APPLY_STATE.rejected);
    t.clock.advance(61_000);
    await t.call(A.sendApplyCode, { token: sessionId, body: {} });
    const again = await t.call(A.apply, { token: sessionId, body: { name: '李四', reason: '补充说明', code: t.lastCode(phone) } });
    expect((again.data as { state: number }).state).toBe(APPLY_STATE.pending);
  });
});
