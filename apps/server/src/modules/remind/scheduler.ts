import { REMIND_LIMITS, REMIND_MSG, REMIND_STATUS, REMIND_TYPE, type Notice } from '@chatdr/contract/remind/schemas';
import { localParts, nextOccurrence, zonedTime } from './calendar.ts';
import { doseText, noticeOf } from './format.ts';
import type { JobRow, PlanRow, RecordRow, RemindStore } from './remind.store.ts';

/**
 * A way a due reminder reaches the user. `persist` runs inside the delivery transaction, with the
 * job's move: it commits exactly once or not at all. `send` runs after the commit (live, best
 * effort: the persisted message stays in the list whatever happens to it).
 */
export interface RemindChannel {
  readonly name: string;
  persist?(store: RemindStore, record: RecordRow, at: Date): Promise<RecordRow | null>;
  send(userId: number, notice: Notice): Promise<void>;
}

/** How far back doses missed during an outage are still recorded. */
const CATCH_UP_MS = 7 * 86_400_000;

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

/** In-app: the record becomes a message (title, content, notifiedAt) and goes live over the socket as user_remind. */
export class InAppChannel implements RemindChannel {
  readonly name = 'in-app';
  constructor(private readonly hub: NoticeHub) {}
  async persist(store: RemindStore, record: RecordRow, at: Date): Promise<RecordRow | null> {
    const title = record.type === REMIND_TYPE.review ? REMIND_MSG.titleReview : REMIND_MSG.titleMedicine;
    const content = record.type === REMIND_TYPE.review ? `今天是${record.name}的复查日期：${record.detail}` : `该服用${record.name}了：${record.detail}`;
    return (await store.markNotified(record.id, { title, content, at })) ?? null;
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
  /** Jobs per transaction. */
  batch?: number;
  log?: SchedulerLog;
}

/**
 * The durable reminder scheduler. Jobs live in `remind_jobs` (one per plan, `runAt` = its next
 * delivery). Each pass takes due rows with FOR UPDATE SKIP LOCKED — several instances never take
 * the same row, and a crashed one's rows are free again when its transaction dies — creates the
 * dose record, persists the delivery and moves `runAt` to the next dose, all in one transaction.
 * A record is delivered only while `notifiedAt` is null, so a delivery commits once.
 */
export class RemindScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;
  private readonly batch: number;

  constructor(private readonly deps: SchedulerDeps) {
    this.batch = deps.batch ?? 100;
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
    return delivered;
  }

  private async tick(): Promise<{ taken: number; sent: number }> {
    let out: Array<{ userId: number; notice: Notice }> = [];
    let taken: number;
    try {
      // Fast path: the whole batch in one transaction, plans loaded at once.
      taken = await this.deps.store.transaction(async (s) => {
        out = [];
        const now = new Date(this.deps.now());
        const jobs = await s.takeDue(now, this.batch);
        const plans = await s.plansByIds(jobs.filter((j) => j.kind === 'medicine').map((j) => j.refId));
        for (const job of jobs) out.push(...(await this.run(s, job, now, plans)));
        return jobs.length;
      });
    } catch (err) {
      // A job failed and the batch rolled back: again with a savepoint per job, so that the
      // failing one is retried a minute later without holding up the others.
      this.deps.log?.warn({ err }, 'reminder batch failed; retried job by job');
      out = [];
      taken = await this.deps.store.transaction(async (s) => {
        const now = new Date(this.deps.now());
        const jobs = await s.takeDue(now, this.batch);
        for (const job of jobs) {
          try {
            out.push(...(await s.transaction((sp) => this.run(sp, job, now, new Map()))));
          } catch (jobErr) {
            this.deps.log?.warn({ err: jobErr, jobId: job.id }, 'reminder job failed; retried in a minute');
            await s.retryJob(job.id, new Date(now.getTime() + 60_000));
          }
        }
        return jobs.length;
      });
    }
    // Committed: now the live part of every channel.
    for (const { userId, notice } of out) {
      for (const c of this.deps.channels) {
        await c.send(userId, notice).catch((err: unknown) => this.deps.log?.warn({ err, channel: c.name }, 'reminder channel send failed'));
      }
    }
    return { taken, sent: out.length };
  }

  private async deliver(s: RemindStore, record: RecordRow | undefined, now: Date): Promise<Array<{ userId: number; notice: Notice }>> {
    if (!record || record.status !== REMIND_STATUS.pending || record.notifiedAt) return [];
    let done: RecordRow | null = null;
    for (const c of this.deps.channels) {
      if (!c.persist) continue;
      done = (await c.persist(s, record, now)) ?? done;
    }
    return done ? [{ userId: done.userId, notice: noticeOf(done) }] : [];
  }

  private async run(s: RemindStore, job: JobRow, now: Date, plans: ReadonlyMap<number, PlanRow>): Promise<Array<{ userId: number; notice: Notice }>> {
    if (job.kind === 'review') {
      const plan = await s.reportPlanById(job.refId);
      await s.deleteJob(job.id);
      if (!plan || plan.status !== 0) return [];
      await s.ensureReview({ userId: plan.userId, memberId: plan.memberId, type: REMIND_TYPE.review, reportPlanId: plan.id, name: plan.item, detail: plan.reason, localDate: plan.checkDate, localTime: REMIND_LIMITS.reviewTime, dueAt: job.dueAt });
      return this.deliver(s, await s.reviewAt(plan.id, job.dueAt), now);
    }
    const plan = plans.get(job.refId) ?? (await s.planById(job.refId));
    if (!plan) {
      await s.deleteJob(job.id);
      return [];
    }
    const due = job.dueAt;
    const record = (at: Date) => {
      const local = localParts(at, plan.timeZone);
      return { userId: plan.userId, memberId: plan.memberId, type: REMIND_TYPE.medicine, planId: plan.id, name: plan.medicineName, detail: doseText(plan), localDate: local.date, localTime: local.time, dueAt: at };
    };
    const horizon = now.getTime() - this.deps.graceMs;
    if (due.getTime() < horizon) {
      // Doses long past (the service was down): recorded in one go (the last week of them) and
      // missed, not announced; the job moves to the first dose still worth announcing.
      const rows = [];
      let cur: Date | null = due;
      for (let i = 0; cur && cur.getTime() < horizon && i < 10_000; i++) {
        if (cur.getTime() >= now.getTime() - CATCH_UP_MS) rows.push(record(cur));
        cur = nextOccurrence(plan, cur)?.at ?? null;
      }
      await s.ensureDoses(rows);
      if (cur) await s.moveJob(job.id, cur);
      else await s.deleteJob(job.id);
      return [];
    }
    const sent = await this.deliver(s, await s.upsertDose(record(due)), now);
    const next = nextOccurrence(plan, due);
    if (next) await s.moveJob(job.id, next.at);
    else await s.deleteJob(job.id);
    return sent;
  }
}

/** The instant a review reminder is delivered: its check date at REMIND_LIMITS.reviewTime, local. */
export const reviewDueAt = (checkDate: string, tz: string): Date => zonedTime(checkDate, REMIND_LIMITS.reviewTime, tz);
