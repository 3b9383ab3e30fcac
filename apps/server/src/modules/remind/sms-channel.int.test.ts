import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@chatdr/contract';
import { openDatabase, type Database } from '../../db/client.ts';
import { remindPlans, remindRecords, remindSms } from '../../db/schema.ts';
import type { SmsProvider } from '../../providers/sms.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { zonedTime } from './calendar.ts';
import { RemindStore } from './remind.store.ts';
import { InAppChannel, NoticeHub, RemindScheduler } from './scheduler.ts';
import { SMS_LEASE_MS, SmsChannel } from './sms-channel.ts';

const TZ = 'Asia/Shanghai';
// Int test files run one after another; on PostgreSQL they share one database. This file's dates
// (2042) sit between the other reminder files' (2040, 2045); its plans are deleted at the end.
const GRACE = 3_600_000;

/** An SMS gateway that records what it is asked to send and can refuse. */
class Gateway implements SmsProvider {
  readonly name = 'test-gateway';
  readonly sent: Array<{ phone: string; text: string; key: string | undefined }> = [];
  failures = 0;
  async send(): Promise<void> {}
  async notify(phone: string, text: string, key?: string): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('SMS gateway answered HTTP 503');
    }
    this.sent.push({ phone, text, key });
  }
}

let t: TestApp;
let second: Database;
const planIds: number[] = [];
beforeAll(async () => {
  t = await startTestApp({ REMIND_SCHEDULER: 'off' });
  second = t.config.databaseUrl ? await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 4 }) : t.rt.database;
});
afterAll(async () => {
  if (planIds.length) await t.rt.database.db.delete(remindPlans).where(inArray(remindPlans.id, planIds));
  if (second !== t.rt.database) await second.close();
  await t.close();
});

async function account(smsOn: boolean | null) {
  const { token, userId, phone } = await t.login();
  const memberId = ((await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> }).members[0]?.id ?? 0;
  if (smsOn !== null) {
    const res = await t.call(routes.system.smsSave, { token, body: { list: [{ kind: 'remind', inApp: true, sms: smsOn }] } });
    expect(res.code).toBe(1);
  }
  return { token, userId, phone, memberId };
}

async function plan(o: { userId: number; memberId: number }, name: string, startDate: string, time: string) {
  const store = new RemindStore(t.rt.database.db);
  const p = await store.insertPlan({ userId: o.userId, memberId: o.memberId, medicineName: name, dose: 1, doseUnit: 'tablet', times: [time], cycleType: 'daily', weekdays: null, intervalDays: null, startDate, endDate: null, meal: 'after', timeZone: TZ });
  await store.setJob('medicine', p.id, zonedTime(startDate, time, TZ));
  planIds.push(p.id);
  return p;
}

const scheduler = (db: Database, gw: Gateway) => {
  const store = new RemindStore(db.db);
  const sms = new SmsChannel(store, gw, t.clock.now, GRACE);
  return { sms, s: new RemindScheduler({ store, channels: [new InAppChannel(new NoticeHub()), sms], now: t.clock.now, pollMs: 50, graceMs: GRACE, batch: 20 }) };
};

describe('the SMS reminder channel', () => {
  it('texts a reminder only to accounts that turned SMS on for 提醒, exactly once with two instances', async () => {
    t.clock.t = zonedTime('2042-03-01', '07:00', TZ).getTime(); // sessions start on the test's clock
    const on = await account(true);
    const off = await account(false);
    const never = await account(null); // never saved a setting: the default, off
    const PER = 30;
    const mine: number[] = [];
    for (let i = 0; i < PER; i++) for (const o of [on, off, never]) mine.push((await plan(o, `药${i}`, '2042-03-01', '08:00')).id);
    t.clock.t = zonedTime('2042-03-01', '08:00', TZ).getTime() + 1_000;
    const gw = new Gateway();
    const a = scheduler(t.rt.database, gw);
    const b = scheduler(second, gw);
    await Promise.all([a.s.runOnce(), b.s.runOnce(), a.s.runOnce()]);
    await Promise.all([a.s.runOnce(), b.s.runOnce()]);

    const toOn = gw.sent.filter((m) => m.phone === on.phone);
    expect(toOn).toHaveLength(PER);
    expect(new Set(toOn.map((m) => m.key)).size).toBe(PER);
    expect(gw.sent.filter((m) => m.phone === off.phone || m.phone === never.phone)).toHaveLength(0);
    expect(toOn[0]?.text).toMatch(/^【晓医】用药提醒：该服用药\d+了：1片 · 饭后$/);
    // Every dose of all three is in the message list (in-app is not affected by the SMS setting).
    const recs = await t.rt.database.db.select().from(remindRecords).where(inArray(remindRecords.planId, mine));
    expect(recs.filter((r) => r.notifiedAt)).toHaveLength(PER * 3);
    const rows = await t.rt.database.db.select().from(remindSms).where(inArray(remindSms.recordId, recs.map((r) => r.id)));
    expect(rows).toHaveLength(PER);
    expect(rows.every((r) => r.sentAt && r.userId === on.userId && r.attempts === 1)).toBe(true);
    expect(new Set(toOn.map((m) => m.key))).toEqual(new Set(rows.map((r) => `remind-${r.recordId}`)));

    // Turned off: the next morning's doses are not texted; on again: they are.
    expect((await t.call(routes.system.smsSave, { token: on.token, body: { list: [{ kind: 'remind', inApp: true, sms: false }] } })).code).toBe(1);
    t.clock.t = zonedTime('2042-03-02', '08:00', TZ).getTime() + 1_000;
    await Promise.all([a.s.runOnce(), b.s.runOnce()]);
    expect(gw.sent.filter((m) => m.phone === on.phone)).toHaveLength(PER);
    expect((await t.call(routes.system.smsSave, { token: on.token, body: { list: [{ kind: 'remind', inApp: true, sms: true }] } })).code).toBe(1);
    t.clock.t = zonedTime('2042-03-03', '08:00', TZ).getTime() + 1_000;
    await Promise.all([a.s.runOnce(), b.s.runOnce()]);
    expect(gw.sent.filter((m) => m.phone === on.phone)).toHaveLength(PER * 2);
    await t.rt.database.db.delete(remindPlans).where(inArray(remindPlans.id, mine));
  }, 120_000);

  it('an SMS claimed by an instance that died goes out once, from another, when the lease ends; a refused one is retried; a taken dose is not texted', async () => {
    t.clock.t = zonedTime('2042-04-01', '06:00', TZ).getTime();
    const on = await account(true);
    const p1 = await plan(on, '氨氯地平', '2042-04-01', '07:00');
    const p2 = await plan(on, '阿托伐他汀', '2042-04-01', '21:00');
    const gw = new Gateway();
    // Instance A delivers (the commit writes the outbox row) and dies before its send: its claim
    // of the SMS is left behind under its lease.
    t.clock.t = zonedTime('2042-04-01', '07:00', TZ).getTime() + 1_000;
    const store = new RemindStore(t.rt.database.db);
    const dead = new RemindScheduler({ store, channels: [new InAppChannel(new NoticeHub()), new SmsChannel(store, { name: 'dead', send: async () => {}, notify: () => new Promise(() => {}) }, t.clock.now, GRACE)], now: t.clock.now, pollMs: 50, graceMs: GRACE });
    void dead.runOnce(); // hangs in the gateway forever: the instance "died" holding the claim
    await new Promise((r) => setTimeout(r, 500));
    const [rec1] = await t.rt.database.db.select().from(remindRecords).where(eq(remindRecords.planId, p1.id));
    expect(rec1?.notifiedAt).toBeTruthy();
    const [row1] = await t.rt.database.db.select().from(remindSms).where(eq(remindSms.recordId, rec1?.id ?? 0));
    expect(row1?.leaseOwner).toBeTruthy();
    expect(row1?.sentAt).toBeNull();

    const b = scheduler(second, gw);
    await b.s.runOnce();
    expect(gw.sent).toHaveLength(0); // A's lease still holds
    t.clock.advance(SMS_LEASE_MS + 1_000);
    await Promise.all([b.s.runOnce(), b.s.runOnce()]);
    expect(gw.sent.map((m) => m.key)).toEqual([`remind-${rec1?.id}`]);

    // The gateway refuses the 21:00 one once: it goes out on a later pass, once.
    gw.failures = 1;
    t.clock.t = zonedTime('2042-04-01', '21:00', TZ).getTime() + 1_000;
    await b.s.runOnce();
    expect(gw.sent).toHaveLength(1);
    const [rec2] = await t.rt.database.db.select().from(remindRecords).where(eq(remindRecords.planId, p2.id));
    const [row2] = await t.rt.database.db.select().from(remindSms).where(eq(remindSms.recordId, rec2?.id ?? 0));
    expect(row2?.error).toBe('SMS gateway answered HTTP 503');
    t.clock.advance(SMS_LEASE_MS + 1_000);
    await b.s.runOnce();
    await b.s.runOnce();
    expect(gw.sent.map((m) => m.key)).toEqual([`remind-${rec1?.id}`, `remind-${rec2?.id}`]);

    // The next morning: A claims and dies again, but the dose is taken before the lease ends —
    // no SMS for a dose already taken.
    t.clock.t = zonedTime('2042-04-02', '07:00', TZ).getTime() + 1_000;
    const dead2 = new RemindScheduler({ store, channels: [new InAppChannel(new NoticeHub()), new SmsChannel(store, { name: 'dead', send: async () => {}, notify: () => new Promise(() => {}) }, t.clock.now, GRACE)], now: t.clock.now, pollMs: 50, graceMs: GRACE });
    void dead2.runOnce();
    await new Promise((r) => setTimeout(r, 500));
    const [rec3] = await t.rt.database.db.select().from(remindRecords).where(eq(remindRecords.dueAt, zonedTime('2042-04-02', '07:00', TZ)));
    const took = await t.call(routes.plan.remindTake, { token: on.token, body: { ids: [rec3?.id] } });
    expect(took.code).toBe(1);
    t.clock.advance(SMS_LEASE_MS + 1_000);
    await b.s.runOnce();
    expect(gw.sent).toHaveLength(2);
    const [row3] = await t.rt.database.db.select().from(remindSms).where(eq(remindSms.recordId, rec3?.id ?? 0));
    expect(row3?.sentAt).toBeNull();
    expect(row3?.error).toMatch(/acted on/);
  }, 60_000);
});
