/**
 * The scheduler's kill drill, shared by its test (scheduler-kill.int.test.ts, on CI's PostgreSQL)
 * and `npm run bench` (bench/remind.bench.ts): `n` doses of one account all due at the same
 * instant, two scheduler instances as separate processes (instance.ts) on one PostgreSQL database,
 * instance A killed with SIGKILL (no graceful stop) `killAfterMs` after the doses fell due. Waits
 * until every dose is delivered or `timeoutMs` passes and reports what happened, from the database
 * (delivered once, when) and from what each instance sent live.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { and, count, eq, inArray, isNotNull, max, sql } from 'drizzle-orm';
import { openDatabase } from '../../../db/client.ts';
import { members, remindJobs, remindPlans, remindRecords, users } from '../../../db/schema.ts';

export interface DrillResult {
  n: number;
  /** Dose records of the drill's plans, and how many of them were delivered (notifiedAt set). */
  records: number;
  delivered: number;
  /** From the instant the doses fell due until the last one was delivered (database time). */
  lastDeliveredMs: number;
  /** When A was killed, after the doses fell due; what it had sent live by then; its claims left behind. */
  killedAtMs: number;
  sentByA: number;
  /** Doses delivered (by either instance) when A was killed. */
  deliveredAtKill: number;
  orphanedClaims: number;
  sentByB: number;
  /** Notices sent live more than once (by one instance or both). */
  duplicates: number;
  /** Distinct notices sent live (a kill between a commit and its live send loses the send, not the message). */
  distinctSent: number;
}

interface Instance {
  child: ChildProcess;
  owner: string;
  sent: number[];
}

const instanceScript = path.join(import.meta.dirname, 'instance.ts');

function startInstance(databaseUrl: string): Promise<Instance> {
  const child = fork(instanceScript, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const sent: number[] = [];
  return new Promise((resolve, reject) => {
    child.on('message', (m: { t: string; owner?: string; id?: number }) => {
      if (m.t === 'ready') resolve({ child, owner: m.owner ?? '', sent });
      else if (m.t === 'sent' && typeof m.id === 'number') sent.push(m.id);
    });
    child.once('exit', (code) => reject(new Error(`scheduler instance exited (${code}) before it was ready`)));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function killDrill(o: { databaseUrl: string; n: number; killAfterMs: number; timeoutMs: number; log?: (line: string) => void }): Promise<DrillResult> {
  const log = o.log ?? (() => undefined);
  const database = await openDatabase({ databaseUrl: o.databaseUrl, poolSize: 4 });
  const { db } = database;
  const [user] = await db.insert(users).values({ phone: `1990${String(randomInt(0, 1e7)).padStart(7, '0')}` }).returning();
  if (!user) throw new Error('no user');
  const [member] = await db.insert(members).values({ userId: user.id, name: '本人', roleCode: 'self', roleName: '本人', isSelf: true, isDefault: 1 }).returning();
  if (!member) throw new Error('no member');
  const instances: Instance[] = [];
  try {
    // Plans and their jobs first, parked far ahead (past any test clock of the other files sharing
    // the database on CI); then one statement makes them all due at once.
    const parked = new Date('2100-01-01T00:00:00Z');
    const ids: number[] = [];
    for (let i = 0; i < o.n; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, o.n - i) }, (_, k) => ({ userId: user.id, memberId: member.id, medicineName: `药${i + k}`, dose: 1, doseUnit: 'tablet', times: ['08:00'], cycleType: 'daily', weekdays: null, intervalDays: null, startDate: '2020-01-01', endDate: null, meal: 'none', timeZone: 'Asia/Shanghai' }));
      const got = await db.insert(remindPlans).values(rows).returning({ id: remindPlans.id });
      ids.push(...got.map((g) => g.id));
      await db.insert(remindJobs).values(got.map((g) => ({ kind: 'medicine', refId: g.id, dueAt: parked, runAt: parked })));
    }
    const [a, b] = await Promise.all([startInstance(o.databaseUrl), startInstance(o.databaseUrl)]);
    if (!a || !b) throw new Error('instances did not start');
    instances.push(a, b);
    const due = new Date(Math.ceil((Date.now() + 1_000) / 1000) * 1000);
    await db.update(remindJobs).set({ dueAt: due, runAt: due }).where(and(eq(remindJobs.kind, 'medicine'), inArray(remindJobs.refId, ids)));
    log(`${o.n} doses due at ${due.toISOString()}; instance A ${a.child.pid}, B ${b.child.pid}`);
    const mine = and(inArray(remindRecords.planId, ids), isNotNull(remindRecords.notifiedAt));
    await sleep(Math.max(0, due.getTime() + o.killAfterMs - Date.now()));
    a.child.kill('SIGKILL');
    const killedAtMs = Date.now() - due.getTime();
    const sentByA = a.sent.length;
    await new Promise((r) => (a.child.exitCode !== null || a.child.signalCode !== null ? r(null) : a.child.once('exit', r)));
    const [orphans] = await db.select({ n: count() }).from(remindJobs).where(eq(remindJobs.leaseOwner, a.owner));
    const [atKill] = await db.select({ n: count() }).from(remindRecords).where(mine);
    log(`A killed (SIGKILL) ${killedAtMs} ms after due, having sent ${sentByA}; ${atKill?.n ?? 0} delivered by then; ${orphans?.n ?? 0} claims left under its lease`);
    let delivered = 0;
    while (Date.now() - due.getTime() < o.timeoutMs) {
      const [r] = await db.select({ n: count() }).from(remindRecords).where(mine);
      delivered = r?.n ?? 0;
      if (delivered >= o.n) break;
      await sleep(250);
    }
    const [stats] = await db
      .select({ records: count(), delivered: sql<number>`count(${remindRecords.notifiedAt})::int`, last: max(remindRecords.notifiedAt) })
      .from(remindRecords)
      .where(inArray(remindRecords.planId, ids));
    // The last live sends of B after its last commit.
    await sleep(500);
    const all = [...a.sent, ...b.sent];
    const distinct = new Set(all).size;
    const result: DrillResult = {
      n: o.n,
      records: stats?.records ?? 0,
      delivered: Number(stats?.delivered ?? 0),
      lastDeliveredMs: stats?.last ? stats.last.getTime() - due.getTime() : Number.NaN,
      killedAtMs,
      sentByA,
      deliveredAtKill: atKill?.n ?? 0,
      orphanedClaims: orphans?.n ?? 0,
      sentByB: b.sent.length,
      duplicates: all.length - distinct,
      distinctSent: distinct,
    };
    await db.delete(remindPlans).where(inArray(remindPlans.id, ids));
    return result;
  } finally {
    for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGTERM');
    await Promise.all(instances.map((i) => (i.child.exitCode !== null || i.child.signalCode !== null ? null : new Promise((r) => i.child.once('exit', r)))));
    await db.delete(users).where(eq(users.id, user.id));
    await database.close();
  }
}
