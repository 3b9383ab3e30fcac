import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@chatdr/contract';
import type { Notice } from '@chatdr/contract/remind/schemas';
import { openDatabase, type Database } from '../../db/client.ts';
import { remindJobs, remindPlans, remindRecords } from '../../db/schema.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { zonedTime } from './calendar.ts';
import { RemindStore, type DueRecord, type RecordRow } from './remind.store.ts';
import { InAppChannel, NoticeHub, RemindScheduler, type RemindChannel } from './scheduler.ts';

const TZ = 'Asia/Shanghai';
// On PostgreSQL the test files share one database and each moves its own clock: this file's dates
// are the latest of the reminder tests, so no other file's scheduler reaches its jobs (it may take
// theirs: only this file's deliveries are counted).
const PLANS = 400;

let t: TestApp;
let second: Database;
beforeAll(async () => {
  t = await startTestApp({ REMIND_SCHEDULER: 'off' });
  // The second instance: its own connection pool on PostgreSQL (row locks between sessions);
  // PGlite is one process with one connection, so both share it.
  second = t.config.databaseUrl ? await openDatabase({ databaseUrl: t.config.databaseUrl, poolSize: 4 }) : t.rt.database;
});
afterAll(async () => {
  if (second !== t.rt.database) await second.close();
  await t.close();
});

/** A channel that counts what each instance sends (and can fail the first persist it sees). */
class Counting implements RemindChannel {
  readonly name = 'count';
  readonly sent: Notice[] = [];
  constructor(private failOnce = false) {}
  async persist(_s: RemindStore, _r: readonly DueRecord[]): Promise<RecordRow[]> {
    if (this.failOnce) {
      this.failOnce = false;
      throw new Error('channel down');
    }
    return [];
  }
  async send(_userId: number, n: Notice): Promise<void> {
    this.sent.push(n);
  }
}

describe('reminder scheduler', () => {
  it('two instances on one database deliver each due dose exactly once, and a restarted one goes on from the job table', async () => {
    const owners: Array<{ userId: number; memberId: number }> = [];
    for (let i = 0; i < 4; i++) {
      const { token, userId } = await t.login();
      const info = (await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> };
      owners.push({ userId, memberId: info.members[0]?.id ?? 0 });
    }
    const due = zonedTime('2045-06-03', '08:00', TZ);
    const store = new RemindStore(t.rt.database.db);
    const planIds: number[] = [];
    for (let i = 0; i < PLANS; i++) {
      const o = owners[i % owners.length] ?? owners[0];
      if (!o) throw new Error('no owner');
      const p = await store.insertPlan({ userId: o.userId, memberId: o.memberId, medicineName: `药${i}`, dose: 1, doseUnit: 'tablet', times: ['08:00', '20:00'], cycleType: 'daily', weekdays: null, intervalDays: null, startDate: '2045-06-01', endDate: null, meal: 'after', timeZone: TZ });
      await store.setJob('medicine', p.id, due);
      planIds.push(p.id);
    }
    t.clock.t = due.getTime() + 2_000;
    const make = (db: Database, c: Counting) => {
      const s = new RemindStore(db.db);
      return new RemindScheduler({ store: s, channels: [new InAppChannel(new NoticeHub()), c], now: t.clock.now, pollMs: 50, graceMs: 3_600_000, batch: 25 });
    };
    const ca = new Counting(true);
    const cb = new Counting();
    const a = make(t.rt.database, ca);
    const b = make(second, cb);
    const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
    // A's first batch failed and rolled back: retried job by job at once (a job that fails again
    // would be retried a minute later, by whichever instance).
    t.clock.advance(61_000);
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    const mine = new Set(owners.map((o) => o.memberId));
    const own = (c: Counting) => c.sent.filter((x) => mine.has(x.extra.userId));
    const sent = [...own(ca), ...own(cb)];
    expect(na + nb + ra + rb).toBeGreaterThanOrEqual(PLANS);
    expect(sent).toHaveLength(PLANS);
    expect(new Set(sent.map((n) => n.id)).size).toBe(PLANS);
    const rows = await t.rt.database.db.select().from(remindRecords).where(and(inArray(remindRecords.planId, planIds), isNotNull(remindRecords.notifiedAt)));
    expect(rows).toHaveLength(PLANS);
    expect(rows.every((r) => r.dueAt.getTime() === due.getTime() && r.localTime === '08:00')).toBe(true);
    // Both instances took part (on PostgreSQL they ran side by side; on PGlite one after the other).
    if (t.config.databaseUrl) expect(own(ca).length > 0 && own(cb).length > 0).toBe(true);

    // Every job moved on to 20:00 the same day.
    const jobs = await t.rt.database.db.select().from(remindJobs).where(and(eq(remindJobs.kind, 'medicine'), inArray(remindJobs.refId, planIds)));
    expect(jobs.every((j) => j.runAt.getTime() === zonedTime('2045-06-03', '20:00', TZ).getTime())).toBe(true);

    // A "restart": new scheduler objects, nothing in memory; the evening doses go out once.
    await Promise.all([a.stop(), b.stop()]);
    const cc = new Counting();
    const cd = new Counting();
    t.clock.t = zonedTime('2045-06-03', '20:00', TZ).getTime() + 500;
    const c = make(t.rt.database, cc);
    const d = make(second, cd);
    await Promise.all([c.runOnce(), d.runOnce(), c.runOnce()]);
    expect(own(cc).length + own(cd).length).toBe(PLANS);
    expect(new Set([...own(cc), ...own(cd)].map((x) => x.id)).size).toBe(PLANS);
    await t.rt.database.db.delete(remindPlans).where(inArray(remindPlans.id, planIds));
  }, 120_000);

  it('records a dose long past without announcing it (the service was down), then it is missed', async () => {
    const { token, userId } = await t.login();
    const memberId = ((await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> }).members[0]?.id ?? 0;
    const store = new RemindStore(t.rt.database.db);
    const p = await store.insertPlan({ userId, memberId, medicineName: '二甲双胍', dose: 0.5, doseUnit: 'g', times: ['07:30'], cycleType: 'daily', weekdays: null, intervalDays: null, startDate: '2045-07-01', endDate: null, meal: 'with', timeZone: TZ });
    await store.setJob('medicine', p.id, zonedTime('2045-07-01', '07:30', TZ));
    t.clock.t = zonedTime('2045-07-03', '12:00', TZ).getTime();
    const c = new Counting();
    const s = new RemindScheduler({ store, channels: [new InAppChannel(new NoticeHub()), c], now: t.clock.now, pollMs: 50, graceMs: 3_600_000 });
    for (let i = 0; i < 5; i++) await s.runOnce();
    expect(c.sent).toHaveLength(0);
    const rows = await t.rt.database.db.select().from(remindRecords).where(eq(remindRecords.planId, p.id));
    expect(rows.map((r) => [r.localDate, r.status, r.notifiedAt])).toEqual([['2045-07-01', 3, null], ['2045-07-02', 3, null], ['2045-07-03', 3, null]]);
    const [job] = await t.rt.database.db.select().from(remindJobs).where(and(eq(remindJobs.kind, 'medicine'), eq(remindJobs.refId, p.id)));
    expect(job?.runAt.toISOString()).toBe(zonedTime('2045-07-04', '07:30', TZ).toISOString());
  });
});
