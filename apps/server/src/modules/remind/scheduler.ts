import { randomUUID } from 'node:crypto';
import { REMIND_LIMITS, REMIND_MSG, REMIND_STATUS, REMIND_TYPE, type Notice } from '@chatdr/contract/remind/schemas';
import { localParts, nextOccurrence, zonedTime } from './calendar.ts';
import { doseText, noticeOf } from './format.ts';
import type { DueRecord, JobRow, NewRecord, RecordRow, RemindStore, ReportPlanRow } from './remind.store.ts';

/**
 * A way a due reminder reaches the user. `persist` runs inside the delivery transaction, with the
 * jobs' move, for the whole batch: it commits exactly once or not at all, and returns the records
 * it delivered now (not those delivered before). `send` runs after the commit (live, best effort:
 * the persisted message stays in the list whatever happens to it).
 */
export interface RemindChannel {
  readonly name: string;
  persist?(store: RemindStore, records: readonly DueRecord[], at: Date): Promise<RecordRow[]>;
  send(userId: number, notice: Notice): Promise<void>;
  /** Once per pass, after the due jobs: picks up sends a stopped instance left (the SMS outbox). */
  recover?(): Promise<void>;
}

/** How far back doses missed during an outage are still recorded. */
const CATCH_UP_MS = 7 * 86_400_000;
/** How long a claim holds (REMIND_LEASE_MS is not a setting: a batch takes well under a second). */
export const REMIND_LEASE_MS = 15_000;
/** Live sends after a commit run this many at a time. */
const SEND_CONCURRENCY = 32;

/** Where live notices go: the socket fans them out to the user's open apps (set once it is up). */
export class NoticeHub {
  private emitter: ((userId: number, notice: Notice) => void) | null = null;
  bind(fn: (userId: number, notice: Notice) => void): void {
    this.emitter = fn;
  }
  emit(userId: number, notice: Notice): void {
    this.emitter?.(userId, notice);
  }
}

/** The message a delivered record becomes. */
export const messageOf = (record: Pick<RecordRow, 'type' | 'name' | 'detail'>): { title: string; content: string } =>
  record.type === REMIND_TYPE.review
    ? { title: REMIND_MSG.titleReview, content: `今天是${record.name}的复查日期：${record.detail}` }
    : { title: REMIND_MSG.titleMedicine, content: `该服用${record.name}了：${record.detail}` };

/** In-app: each record becomes a message (title, content, notifiedAt) and goes live over the socket as user_remind. */
export class InAppChannel implements RemindChannel {
  readonly name = 'in-app';
  constructor(private readonly hub: NoticeHub) {}
  persist(store: RemindStore, records: readonly DueRecord[], at: Date): Promise<RecordRow[]> {
    return store.markNotified(records.map((r) => ({ id: r.id, ...messageOf(r) })), at);
  }
  async send(userId: number, notice: Notice): Promise<void> {
    this.hub.emit(userId, notice);
  }
}

export interface SchedulerLog {
  warn(obj: object, msg: string): void;
}

export interface SchedulerDeps {
  store: RemindStore;
  channels: RemindChannel[];
  now: () => number;
  /** How often due jobs are looked for (REMIND_POLL_MS). */
  pollMs: number;
  /** A dose older than this is not announced, and a pending one becomes missed (REMIND_GRACE_MINUTES). */
  graceMs: number;
  /** Jobs per claim and per delivery transaction. */
  batch?: number;
  /** How long a claim holds before another instance may take the job again. */
  leaseMs?: number;
  log?: SchedulerLog;
}

type Delivery = { userId: number; notice: Notice };

/**
 * The durable reminder scheduler. Jobs live in `remind_jobs` (one per plan, `runAt` = its next
 * delivery). A pass works in batches, set-based:
 *  1. claim: one `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED LIMIT n) RETURNING` sets a
 *     lease (owner, until) on up to `batch` due jobs, committed at once — several instances never
 *     claim the same row, and a killed instance's claims are due again when the lease runs out;
 *  2. deliver, in one transaction: move every claimed job to its next run (one statement, only
 *     jobs this instance still holds), upsert their doses (one multi-row statement), mark the
 *     pending ones delivered (one statement, only those not delivered yet) — a dose is delivered
 *     once, whichever instance gets there, and a killed instance's batch rolls back whole;
 *  3. after the commit, the live part of every channel.
 */
export class RemindScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private readonly batch: number;
  private readonly leaseMs: number;
  /** This instance's name on its claims. */
  readonly owner = `remind-${randomUUID()}`;

  constructor(private readonly deps: SchedulerDeps) {
    this.batch = deps.batch ?? 500;
    this.leaseMs = deps.leaseMs ?? REMIND_LEASE_MS;
  }

  start(): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .catch((err: unknown) => this.deps.log?.warn({ err }, 'reminder scheduler pass failed'))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(loop, this.deps.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: every due job until none is left; then overdue doses become missed. Returns deliveries. */
  async runOnce(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const { taken, sent } = await this.tick();
      delivered += sent;
      if (taken < this.batch || this.stopped) break;
    }
    await this.deps.store.markMissed(new Date(this.deps.now() - this.deps.graceMs));
    for (const c of this.deps.channels) {
      if (c.recover) await c.recover().catch((err: unknown) => this.deps.log?.warn({ err, channel: c.name }, 'reminder channel recovery failed'));
    }
    return delivered;
  }

  private async tick(): Promise<{ taken: number; sent: number }> {
    const { store } = this.deps;
    const now = new Date(this.deps.now());
    const jobs = await store.claimDue(this.owner, now, new Date(now.getTime() + this.leaseMs), this.batch);
    if (!jobs.length) return { taken: 0, sent: 0 };
    let out: Delivery[];
    try {
      out = await store.transaction((s) => this.runBatch(s, jobs, now));
    } catch (err) {
      // The batch rolled back: again job by job, so that a failing one is retried a minute later
      // without holding up the others (the claims still hold: no other instance takes them).
      this.deps.log?.warn({ err }, 'reminder batch failed; retried job by job');
      out = [];
      for (const job of jobs) {
        try {
          out.push(...(await store.transaction((s) => this.runBatch(s, [job], now))));
        } catch (jobErr) {
          this.deps.log?.warn({ err: jobErr, jobId: job.id }, 'reminder job failed; retried in a minute');
          await store.retryJob(job.id, this.owner, new Date(now.getTime() + 60_000));
        }
      }
    }
    // Committed: now the live part of every channel.
    for (let i = 0; i < out.length; i += SEND_CONCURRENCY) {
      await Promise.all(
        out.slice(i, i + SEND_CONCURRENCY).flatMap(({ userId, notice }) =>
          this.deps.channels.map((c) => c.send(userId, notice).catch((err: unknown) => this.deps.log?.warn({ err, channel: c.name }, 'reminder channel send failed'))),
        ),
      );
    }
    return { taken: jobs.length, sent: out.length };
  }

  /** Delivers a batch of claimed jobs in the transaction `s` (see the class comment). */
  private async runBatch(s: RemindStore, jobs: readonly JobRow[], now: Date): Promise<Delivery[]> {
    const plans = await s.plansByIds(jobs.filter((j) => j.kind === 'medicine').map((j) => j.refId));
    const ends: Array<{ id: number; runAt: Date | null }> = [];
    const due = new Map<number, NewRecord>();
    const past = new Map<number, NewRecord[]>();
    const reviews: Array<{ jobId: number; plan: ReportPlanRow; dueAt: Date }> = [];
    const horizon = now.getTime() - this.deps.graceMs;
    for (const job of jobs) {
      if (job.kind === 'review') {
        const plan = await s.reportPlanById(job.refId);
        ends.push({ id: job.id, runAt: null });
        if (plan && plan.status === 0) reviews.push({ jobId: job.id, plan, dueAt: job.dueAt });
        continue;
      }
      const plan = plans.get(job.refId);
      if (!plan) {
        ends.push({ id: job.id, runAt: null });
        continue;
      }
      const record = (at: Date): NewRecord => {
        const local = localParts(at, plan.timeZone);
        return { userId: plan.userId, memberId: plan.memberId, type: REMIND_TYPE.medicine, planId: plan.id, name: plan.medicineName, detail: doseText(plan), localDate: local.date, localTime: local.time, dueAt: at };
      };
      if (job.dueAt.getTime() < horizon) {
        // Doses long past (the service was down): recorded in one go (the last week of them) and
        // missed, not announced; the job moves to the first dose still worth announcing.
        const rows: NewRecord[] = [];
        let cur: Date | null = job.dueAt;
        for (let i = 0; cur && cur.getTime() < horizon && i < 10_000; i++) {
          if (cur.getTime() >= now.getTime() - CATCH_UP_MS) rows.push(record(cur));
          cur = nextOccurrence(plan, cur)?.at ?? null;
        }
        past.set(job.id, rows);
        ends.push({ id: job.id, runAt: cur });
        continue;
      }
      due.set(job.id, record(job.dueAt));
      ends.push({ id: job.id, runAt: nextOccurrence(plan, job.dueAt)?.at ?? null });
    }
    // Only the jobs this instance still holds go on (their rows are now locked until the commit).
    const held = await s.finishJobs(this.owner, ends);
    const mine = <T>(m: Map<number, T>) => [...m].filter(([id]) => held.has(id)).map(([, v]) => v);
    await s.ensureDoses(mine(past).flat());
    const records = await s.upsertDoses(mine(due));
    for (const r of reviews) {
      if (!held.has(r.jobId)) continue;
      const { plan } = r;
      await s.ensureReview({ userId: plan.userId, memberId: plan.memberId, type: REMIND_TYPE.review, reportPlanId: plan.id, name: plan.item, detail: plan.reason, localDate: plan.checkDate, localTime: REMIND_LIMITS.reviewTime, dueAt: r.dueAt });
      const rec = await s.reviewAt(plan.id, r.dueAt);
      if (rec) records.push(rec);
    }
    const pending = records.filter((r) => r.status === REMIND_STATUS.pending && !r.notifiedAt);
    if (!pending.length) return [];
    const delivered = new Map<number, RecordRow>();
    for (const c of this.deps.channels) {
      if (!c.persist) continue;
      for (const r of await c.persist(s, pending, now)) delivered.set(r.id, r);
    }
    return [...delivered.values()].map((r) => ({ userId: r.userId, notice: noticeOf(r) }));
  }
}

/** The instant a review reminder is delivered: its check date at REMIND_LIMITS.reviewTime, local. */
export const reviewDueAt = (checkDate: string, tz: string): Date => zonedTime(checkDate, REMIND_LIMITS.reviewTime, tz);
