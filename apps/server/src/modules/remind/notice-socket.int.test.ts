/** Live reminder notices over the chat socket reach only sockets whose session still holds. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { CHAT_SOCKET_PATH, FRAME_CODE, routes, type AnswerFrame } from '@chatdr/contract';
import { NOTICE_EVENT, type Notice } from '@chatdr/contract/remind/schemas';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { zonedTime } from './calendar.ts';

const TZ = 'Asia/Shanghai';
let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await startTestApp({ REMIND_SCHEDULER: 'off' });
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  port = typeof a === 'object' && a !== null ? a.port : 0;
});
afterAll(async () => {
  await t.close();
});

interface Client {
  socket: Socket;
  notices: Notice[];
  frames: AnswerFrame[];
}
async function connect(token: string): Promise<Client> {
  const socket = connectSocket(`http://127.0.0.1:${port}`, { path: CHAT_SOCKET_PATH, transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
  const c: Client = { socket, notices: [], frames: [] };
  socket.on(NOTICE_EVENT, (n: Notice) => c.notices.push(n));
  socket.on('answer', (f: AnswerFrame) => c.frames.push(f));
  await new Promise<void>((r) => socket.once('connect', () => r()));
  // The room is joined once the session is looked up.
  await new Promise((r) => setTimeout(r, 150));
  return c;
}
const until = async (ok: () => boolean, ms = 3_000) => {
  const end = Date.now() + ms;
  while (!ok() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
};

describe('reminder notices and ended sessions', () => {
  it('a socket whose session was ended (forced logout) gets no notice and is closed with 3000; the live session still gets it', async () => {
    // The test's clock is where the dose falls due (sessions age on it); a minute between logins
    // of one phone (the code's send interval).
    const due = zonedTime('2031-05-06', '08:00', TZ);
    t.clock.t = due.getTime() - 3_600_000;
    const first = await t.login();
    t.clock.advance(61_000);
    const second = await t.login(first.phone);
    t.clock.advance(61_000);
    const third = await t.login(first.phone);
    const info = (await t.call(routes.auth.accountInfo, { token: first.token })).data as { members: Array<{ id: number }> };
    const memberId = info.members[0]?.id ?? 0;
    const [a, b, c] = [await connect(first.token), await connect(second.token), await connect(third.token)];

    // The first session ends every other one (设备管理 → 下线其他设备): the second and the third.
    const ended = await t.call(routes.auth.forceLogout, { token: first.token, body: {} });
    expect(ended.data).toEqual({ ended: 2 });
    await until(() => !b.socket.connected && !c.socket.connected);
    expect(b.frames.some((f) => f.header.code === FRAME_CODE.login)).toBe(true);
    expect(b.socket.connected).toBe(false);
    expect(c.socket.connected).toBe(false);

    // A dose falls due: only the first (still logged in) socket hears of it.
    const saved = await t.call(routes.plan.remindPlanSave, { token: first.token, body: { userInfoId: memberId, medicineName: '氨氯地平片', dose: 5, doseUnit: 'mg', times: ['08:00'], startDate: '2031-05-06', timeZone: TZ } });
    expect(saved.code).toBe(1);
    t.clock.t = due.getTime() + 1_000;
    await t.rt.services.remindScheduler.runOnce();
    await until(() => a.notices.length > 0);
    expect(a.notices.map((n) => n.content)).toEqual(['该服用氨氯地平片了：5mg']);
    expect(b.notices).toEqual([]);
    expect(c.notices).toEqual([]);
    a.socket.close();
  });

  it('checks the session again at delivery: a socket still in the room after its session ended (no change-bus message) gets nothing', async () => {
    const due = zonedTime('2031-06-07', '08:00', TZ);
    t.clock.t = due.getTime() - 3_600_000;
    const me = await t.login();
    const info = (await t.call(routes.auth.accountInfo, { token: me.token })).data as { members: Array<{ id: number }> };
    const memberId = info.members[0]?.id ?? 0;
    expect((await t.call(routes.plan.remindPlanSave, { token: me.token, body: { userInfoId: memberId, medicineName: '二甲双胍片', dose: 0.5, doseUnit: 'g', times: ['08:00'], startDate: '2031-06-07', timeZone: TZ } })).code).toBe(1);
    const s = await connect(me.token);
    // The session ends behind the socket's back, as if the change-bus message that closes it were
    // lost: the socket is still in the account's room, and the lookup now finds no session.
    const auth = t.rt.services.auth;
    const original = auth.resolve.bind(auth);
    auth.resolve = async () => null;
    try {
      t.clock.t = due.getTime() + 1_000;
      await t.rt.services.remindScheduler.runOnce();
      await until(() => !s.socket.connected);
      expect(s.notices).toEqual([]);
      expect(s.frames.some((f) => f.header.code === FRAME_CODE.login)).toBe(true);
    } finally {
      auth.resolve = original;
    }
    // The message itself is in the list for the next login.
    const list = (await t.call(routes.system.getNotifyInApp, { token: me.token, query: { userInfoId: String(memberId) } })).data as { list: Notice[] };
    expect(list.list.map((n) => n.content)).toContain('该服用二甲双胍片了：0.5g');
  });
});
