import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { remindJobs, remindPlans, remindRecords, remindSms, reportPlans, reports, users } from '../../db/schema.ts';

export type PlanRow = typeof remindPlans.$inferSelect;
export type NewPlan = typeof remindPlans.$inferInsert;
export type RecordRow = typeof remindRecords.$inferSelect;
export type NewRecord = typeof remindRecords.$inferInsert;
export type ReportPlanRow = typeof reportPlans.$inferSelect;
export type NewReportPlan = typeof reportPlans.$inferInsert;
export type JobRow = typeof remindJobs.$inferSelect;
export type JobKind = 'medicine' | 'review';
/** A claimed SMS of the reminder channel, with what it needs to go out. */
export interface SmsJob {
  id: number;
  recordId: number;
  phone: string;
  title: string;
  content: string;
  /** The dose or check is still pending (a dose already taken or skipped is not texted late). */
  pending: boolean;
}
/** What the scheduler needs of a record to deliver it. */
export type DueRecord = Pick<RecordRow, 'id' | 'userId' | 'type' | 'name' | 'detail' | 'status' | 'notifiedAt'>;

/** The rows of a raw statement, on node-postgres and on PGlite alike. */
const rowsOf = (r: unknown): Array<Record<string, unknown>> => {
  const rows = (r as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Array<Record<string, unknown>>) : [];
};

/** Queries of reminder plans, dose records, review plans and the scheduler's jobs. Scoped by account. */
export class RemindStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (store: RemindStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new RemindStore(tx as unknown as Db)));
  }

  // --- plans -------------------------------------------------------------------------------------

  async insertPlan(v: NewPlan): Promise<PlanRow> {
    const [r] = await this.db.insert(remindPlans).values(v).returning();
    if (!r) throw new Error('insert remind_plans returned nothing');
    return r;
  }
  async updatePlan(userId: number, id: number, v: Partial<NewPlan>): Promise<PlanRow | undefined> {
    const [r] = await this.db.update(remindPlans).set(v).where(and(eq(remindPlans.userId, userId), eq(remindPlans.id, id))).returning();
    return r;
  }
  plan(userId: number, id: number): Promise<PlanRow | undefined> {
    return this.db.select().from(remindPlans).where(and(eq(remindPlans.userId, userId), eq(remindPlans.id, id))).limit(1).then((r) => r[0]);
  }
  planById(id: number): Promise<PlanRow | undefined> {
    return this.db.select().from(remindPlans).where(eq(remindPlans.id, id)).limit(1).then((r) => r[0]);
  }
  async plansByIds(ids: number[]): Promise<Map<number, PlanRow>> {
    if (!ids.length) return new Map();
    const rows = await this.db.select().from(remindPlans).where(inArray(remindPlans.id, ids));
    return new Map(rows.map((p) => [p.id, p]));
  }
  plansOf(userId: number, memberId: number): Promise<PlanRow[]> {
    return this.db.select().from(remindPlans).where(and(eq(remindPlans.userId, userId), eq(remindPlans.memberId, memberId))).orderBy(asc(remindPlans.id));
  }
  async countPlans(userId: number, memberId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(remindPlans).where(and(eq(remindPlans.userId, userId), eq(remindPlans.memberId, memberId)));
    return r?.n ?? 0;
  }
  async deletePlans(userId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db.delete(remindPlans).where(and(eq(remindPlans.userId, userId), inArray(remindPlans.id, ids))).returning({ id: remindPlans.id });
    return rows.map((r) => r.id);
  }


  /** Doses of plans not yet delivered nor acted on, from `after` on (a plan changed or went away). */
  async dropFutureDoses(planIds: number[], after: Date): Promise<void> {
    if (planIds.length) await this.db.delete(remindRecords).where(and(inArray(remindRecords.planId, planIds), eq(remindRecords.status, 0), isNull(remindRecords.notifiedAt), gte(remindRecords.dueAt, after)));
  }

  // --- jobs --------------------------------------------------------------------------------------

  async setJob(kind: JobKind, refId: number, runAt: Date): Promise<void> {
    // A changed plan also ends any claim on its job: the claimer's finish no longer matches, so it
    // does not deliver the old occurrence.
    await this.db.insert(remindJobs).values({ kind, refId, dueAt: runAt, runAt }).onConflictDoUpdate({ target: [remindJobs.kind, remindJobs.refId], set: { dueAt: runAt, runAt, attempts: 0, leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` } });
  }
  async dropJobs(kind: JobKind, refIds: number[]): Promise<void> {
    if (refIds.length) await this.db.delete(remindJobs).where(and(eq(remindJobs.kind, kind), inArray(remindJobs.refId, refIds)));
  }
  /**
   * Claims up to `limit` due jobs for `owner` until `leaseUntil`, in one statement: rows another
   * worker is claiming at this moment are skipped (SKIP LOCKED), never waited for, and rows under a
   * live lease are not due. A claim is committed at once; when its worker dies, it expires.
   */
  claimDue(owner: string, now: Date, leaseUntil: Date, limit: number): Promise<JobRow[]> {
    const due = this.db
      .select({ id: remindJobs.id })
      .from(remindJobs)
      .where(and(lte(remindJobs.runAt, now), or(isNull(remindJobs.leaseUntil), lte(remindJobs.leaseUntil, now))))
      .orderBy(asc(remindJobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db.update(remindJobs).set({ leaseOwner: owner, leaseUntil }).where(inArray(remindJobs.id, due)).returning();
  }
  // --- the SMS channel's outbox (remind_sms) -------------------------------------------------------

  /**
   * Queues one SMS per record whose account has SMS on for reminders (the `notify` setting of kind
   * `remind`; `defaultOn` when the account never saved one), in the caller's transaction. A record
   * queued before is left alone (unique record_id). Returns the record ids queued now.
   */
  async queueSms(recordIds: readonly number[], defaultOn: boolean, at: Date): Promise<number[]> {
    if (!recordIds.length) return [];
    const r = await this.db.execute(sql`
      INSERT INTO remind_sms (record_id, user_id, created_at)
      SELECT r.id, r.user_id, ${at.toISOString()}::timestamptz
      FROM ${remindRecords} r JOIN ${users} u ON u.id = r.user_id
      WHERE r.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(recordIds)}::jsonb)::integer)
        AND coalesce((
          SELECT e -> 'sms' = 'true'::jsonb
          FROM jsonb_array_elements(CASE WHEN jsonb_typeof(u.settings -> 'notify') = 'array' THEN u.settings -> 'notify' ELSE '[]'::jsonb END) AS e
          WHERE e ->> 'kind' = 'remind' LIMIT 1), ${defaultOn})
      ON CONFLICT (record_id) DO NOTHING
      RETURNING record_id`);
    return rowsOf(r).map((row) => Number(row.record_id));
  }
  /**
   * Claims unsent SMS (of these records, or any) whose lease is free or expired, queued since
   * `since`, with fewer than `maxAttempts` tries: one UPDATE over a SKIP LOCKED select, so two
   * instances never claim the same row. Returns them with the phone and the message text.
   */
  async claimSms(owner: string, now: Date, leaseUntil: Date, o: { recordIds?: readonly number[]; since: Date; maxAttempts: number; limit: number }): Promise<SmsJob[]> {
    if (o.recordIds && !o.recordIds.length) return [];
    const free = this.db
      .select({ id: remindSms.id })
      .from(remindSms)
      .where(and(isNull(remindSms.sentAt), or(isNull(remindSms.leaseUntil), lte(remindSms.leaseUntil, now)), lt(remindSms.attempts, o.maxAttempts), gte(remindSms.createdAt, o.since), o.recordIds ? inArray(remindSms.recordId, [...o.recordIds]) : undefined))
      .orderBy(asc(remindSms.id))
      .limit(o.limit)
      .for('update', { skipLocked: true });
    const claimed = await this.db.update(remindSms).set({ leaseOwner: owner, leaseUntil, attempts: sql`${remindSms.attempts} + 1` }).where(inArray(remindSms.id, free)).returning({ id: remindSms.id });
    if (!claimed.length) return [];
    const rows = await this.db
      .select({ id: remindSms.id, recordId: remindSms.recordId, phone: users.phone, title: remindRecords.title, content: remindRecords.content, status: remindRecords.status })
      .from(remindSms)
      .innerJoin(remindRecords, eq(remindRecords.id, remindSms.recordId))
      .innerJoin(users, eq(users.id, remindSms.userId))
      .where(inArray(remindSms.id, claimed.map((c) => c.id)));
    return rows.map((r) => ({ id: r.id, recordId: r.recordId, phone: r.phone, title: r.title ?? '', content: r.content ?? '', pending: r.status === 0 }));
  }
  /** Ends `owner`'s claim of an SMS: sent (`sentAt`), or not, with why (it may be claimed again when its lease ends). */
  async finishSms(id: number, owner: string, v: { sentAt: Date | null; error: string | null; giveUp?: boolean }): Promise<boolean> {
    const rows = await this.db
      .update(remindSms)
      .set({ sentAt: v.sentAt, error: v.error, ...(v.sentAt || v.giveUp ? { leaseOwner: null, leaseUntil: null } : {}), ...(v.giveUp ? { attempts: 1_000 } : {}) })
      .where(and(eq(remindSms.id, id), eq(remindSms.leaseOwner, owner), isNull(remindSms.sentAt)))
      .returning({ id: remindSms.id });
    return rows.length > 0;
  }

  /**
   * Ends `owner`'s claims in one statement per kind of end: each job moves to its next run (`runAt`)
   * or, with null, is deleted. Only jobs `owner` still holds change (a claim that expired and was
   * taken by another worker, or a job whose plan changed meanwhile, is left alone); their ids return.
   */
  async finishJobs(owner: string, ends: ReadonlyArray<{ id: number; runAt: Date | null }>): Promise<Set<number>> {
    const moves = ends.filter((e) => e.runAt !== null).map((e) => ({ id: e.id, run_at: e.runAt?.toISOString() }));
    const drops = ends.filter((e) => e.runAt === null).map((e) => e.id);
    const held = new Set<number>();
    if (moves.length) {
      const r = await this.db.execute(sql`
        UPDATE remind_jobs AS j SET due_at = v.run_at, run_at = v.run_at, attempts = 0, lease_owner = NULL, lease_until = NULL, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(moves)}::jsonb) AS v(id integer, run_at timestamptz)
        WHERE j.id = v.id AND j.lease_owner = ${owner}
        RETURNING j.id`);
      for (const row of rowsOf(r)) held.add(Number(row.id));
    }
    if (drops.length) {
      const rows = await this.db.delete(remindJobs).where(and(inArray(remindJobs.id, drops), eq(remindJobs.leaseOwner, owner))).returning({ id: remindJobs.id });
      for (const row of rows) held.add(row.id);
    }
    return held;
  }
  /** A job that failed: tried again at `runAt` by any worker (its claim ends). */
  async retryJob(id: number, owner: string, runAt: Date): Promise<void> {
    await this.db.update(remindJobs).set({ runAt, attempts: sql`${remindJobs.attempts} + 1`, leaseOwner: null, leaseUntil: null, updatedAt: sql`now()` }).where(and(eq(remindJobs.id, id), eq(remindJobs.leaseOwner, owner)));
  }
  job(kind: JobKind, refId: number): Promise<JobRow | undefined> {
    return this.db.select().from(remindJobs).where(and(eq(remindJobs.kind, kind), eq(remindJobs.refId, refId))).limit(1).then((r) => r[0]);
  }

  // --- records -----------------------------------------------------------------------------------

  /** Creates the medication doses that do not exist yet (unique per plan and time). */
  async ensureDoses(rows: NewRecord[]): Promise<void> {
    if (rows.length) await this.db.insert(remindRecords).values(rows).onConflictDoNothing({ target: [remindRecords.planId, remindRecords.dueAt] });
  }
  async ensureReview(row: NewRecord): Promise<void> {
    await this.db.insert(remindRecords).values(row).onConflictDoNothing({ target: [remindRecords.reportPlanId, remindRecords.dueAt] });
  }
  /**
   * The doses of plans at their times, created where missing, in one statement (the rows travel as
   * one JSON parameter): each comes back with its id and whether it is still to be delivered.
   */
  async upsertDoses(rows: readonly NewRecord[]): Promise<DueRecord[]> {
    if (!rows.length) return [];
    const json = JSON.stringify(rows.map((r) => ({ user_id: r.userId, member_id: r.memberId, type: r.type, plan_id: r.planId, name: r.name, detail: r.detail, local_date: r.localDate, local_time: r.localTime, due_at: r.dueAt.toISOString() })));
    const r = await this.db.execute(sql`
      INSERT INTO remind_records (user_id, member_id, type, plan_id, name, detail, local_date, local_time, due_at)
      SELECT user_id, member_id, type, plan_id, name, detail, local_date, local_time, due_at
      FROM jsonb_to_recordset(${json}::jsonb) AS v(user_id integer, member_id integer, type smallint, plan_id integer, name text, detail text, local_date date, local_time text, due_at timestamptz)
      ON CONFLICT (plan_id, due_at) DO UPDATE SET plan_id = excluded.plan_id
      RETURNING id, user_id, type, name, detail, status, notified_at`);
    return rowsOf(r).map((x) => ({ id: Number(x.id), userId: Number(x.user_id), type: Number(x.type), name: String(x.name), detail: String(x.detail), status: Number(x.status), notifiedAt: x.notified_at === null || x.notified_at === undefined ? null : new Date(String(x.notified_at)) }));
  }
  doseAt(planId: number, dueAt: Date): Promise<RecordRow | undefined> {
    return this.db.select().from(remindRecords).where(and(eq(remindRecords.planId, planId), eq(remindRecords.dueAt, dueAt))).limit(1).then((r) => r[0]);
  }
  reviewAt(reportPlanId: number, dueAt: Date): Promise<RecordRow | undefined> {
    return this.db.select().from(remindRecords).where(and(eq(remindRecords.reportPlanId, reportPlanId), eq(remindRecords.dueAt, dueAt))).limit(1).then((r) => r[0]);
  }
  /**
   * Marks records delivered (each becomes a message with its title and content), in one statement
   * and once: a record already delivered is left alone and not returned.
   */
  markNotified(messages: ReadonlyArray<{ id: number; title: string; content: string }>, at: Date): Promise<RecordRow[]> {
    if (!messages.length) return Promise.resolve([]);
    const byId = JSON.stringify(Object.fromEntries(messages.map((m) => [String(m.id), { t: m.title, c: m.content }])));
    const field = (k: 't' | 'c') => sql`((${byId}::jsonb -> (${remindRecords.id})::text) ->> ${k})`;
    return this.db
      .update(remindRecords)
      .set({ notifiedAt: at, title: field('t'), content: field('c') })
      .where(and(inArray(remindRecords.id, messages.map((m) => m.id)), isNull(remindRecords.notifiedAt)))
      .returning();
  }
  dosesOfDay(userId: number, memberId: number, date: string): Promise<RecordRow[]> {
    return this.db.select().from(remindRecords).where(and(eq(remindRecords.userId, userId), eq(remindRecords.memberId, memberId), eq(remindRecords.type, 1), eq(remindRecords.localDate, date))).orderBy(asc(remindRecords.dueAt), asc(remindRecords.id));
  }
  recordsByIds(userId: number, ids: number[]): Promise<RecordRow[]> {
    return this.db.select().from(remindRecords).where(and(eq(remindRecords.userId, userId), inArray(remindRecords.id, ids))).orderBy(asc(remindRecords.dueAt));
  }
  /** Sets the state of own medication doses that are in one of `from`; returns those changed. */
  act(userId: number, ids: number[], from: number[], status: number, at: Date): Promise<RecordRow[]> {
    return this.db.update(remindRecords).set({ status, actedAt: at, readFlag: true }).where(and(eq(remindRecords.userId, userId), eq(remindRecords.type, 1), inArray(remindRecords.id, ids), inArray(remindRecords.status, from))).returning();
  }
  /** Doses still pending past the grace period become missed. */
  async markMissed(before: Date, userId?: number): Promise<number> {
    const conds = [eq(remindRecords.type, 1), eq(remindRecords.status, 0), lt(remindRecords.dueAt, before)];
    if (userId !== undefined) conds.push(eq(remindRecords.userId, userId));
    const rows = await this.db.update(remindRecords).set({ status: 3 }).where(and(...conds)).returning({ id: remindRecords.id });
    return rows.length;
  }
  async historyPage(userId: number, memberId: number, before: Date, offset: number, limit: number): Promise<{ rows: RecordRow[]; total: number }> {
    const where = and(eq(remindRecords.userId, userId), eq(remindRecords.memberId, memberId), eq(remindRecords.type, 1), lt(remindRecords.dueAt, before));
    const [rows, [t]] = await Promise.all([
      this.db.select().from(remindRecords).where(where).orderBy(desc(remindRecords.dueAt), desc(remindRecords.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(remindRecords).where(where),
    ]);
    return { rows, total: t?.n ?? 0 };
  }
  /** Doses of a member between two local dates (adherence). */
  dosesBetween(userId: number, memberId: number, from: string, to: string, before: Date): Promise<Array<Pick<RecordRow, 'localDate' | 'status'>>> {
    return this.db.select({ localDate: remindRecords.localDate, status: remindRecords.status }).from(remindRecords).where(and(eq(remindRecords.userId, userId), eq(remindRecords.memberId, memberId), eq(remindRecords.type, 1), gte(remindRecords.localDate, from), lte(remindRecords.localDate, to), lt(remindRecords.dueAt, before)));
  }
  /** Delivered reminders (the message list), newest first. */
  notices(userId: number, memberId: number | undefined, limit: number): Promise<RecordRow[]> {
    const conds = [eq(remindRecords.userId, userId), isNotNull(remindRecords.notifiedAt)];
    if (memberId) conds.push(eq(remindRecords.memberId, memberId));
    return this.db.select().from(remindRecords).where(and(...conds)).orderBy(desc(remindRecords.notifiedAt), desc(remindRecords.id)).limit(limit);
  }
  async unread(userId: number, memberId: number | undefined): Promise<number> {
    const conds = [eq(remindRecords.userId, userId), isNotNull(remindRecords.notifiedAt), eq(remindRecords.readFlag, false)];
    if (memberId) conds.push(eq(remindRecords.memberId, memberId));
    const [r] = await this.db.select({ n: count() }).from(remindRecords).where(and(...conds));
    return r?.n ?? 0;
  }
  async setRead(userId: number, id: number): Promise<boolean> {
    const rows = await this.db.update(remindRecords).set({ readFlag: true }).where(and(eq(remindRecords.userId, userId), eq(remindRecords.id, id))).returning({ id: remindRecords.id });
    return rows.length > 0;
  }

  // --- review plans ------------------------------------------------------------------------------

  report(userId: number, id: string): Promise<typeof reports.$inferSelect | undefined> {
    return this.db.select().from(reports).where(and(eq(reports.userId, userId), eq(reports.id, id))).limit(1).then((r) => r[0]);
  }
  /** Inserts proposals not made before for the report (one per rule); returns every plan of the report. */
  async insertReportPlans(userId: number, reportId: string, rows: NewReportPlan[]): Promise<{ created: ReportPlanRow[]; all: ReportPlanRow[] }> {
    const created = rows.length ? await this.db.insert(reportPlans).values(rows).onConflictDoNothing({ target: [reportPlans.reportId, reportPlans.ruleKey] }).returning() : [];
    const all = await this.db.select().from(reportPlans).where(and(eq(reportPlans.userId, userId), eq(reportPlans.reportId, reportId))).orderBy(asc(reportPlans.checkDate), asc(reportPlans.id));
    return { created, all };
  }
  reportPlan(userId: number, id: number): Promise<ReportPlanRow | undefined> {
    return this.db.select().from(reportPlans).where(and(eq(reportPlans.userId, userId), eq(reportPlans.id, id))).limit(1).then((r) => r[0]);
  }
  reportPlanById(id: number): Promise<ReportPlanRow | undefined> {
    return this.db.select().from(reportPlans).where(eq(reportPlans.id, id)).limit(1).then((r) => r[0]);
  }
  async updateReportPlan(userId: number, id: number, v: Partial<NewReportPlan>): Promise<ReportPlanRow | undefined> {
    const [r] = await this.db.update(reportPlans).set(v).where(and(eq(reportPlans.userId, userId), eq(reportPlans.id, id))).returning();
    return r;
  }
  async deleteReportPlans(userId: number, ids: number[]): Promise<number[]> {
    const rows = await this.db.delete(reportPlans).where(and(eq(reportPlans.userId, userId), inArray(reportPlans.id, ids))).returning({ id: reportPlans.id });
    return rows.map((r) => r.id);
  }
  async reportPlanPage(userId: number, memberId: number, status: number | undefined, offset: number, limit: number): Promise<{ rows: ReportPlanRow[]; total: number }> {
    const conds = [eq(reportPlans.userId, userId), eq(reportPlans.memberId, memberId)];
    if (status !== undefined) conds.push(eq(reportPlans.status, status));
    const where = and(...conds);
    const [rows, [t]] = await Promise.all([
      this.db.select().from(reportPlans).where(where).orderBy(asc(reportPlans.status), asc(reportPlans.checkDate), asc(reportPlans.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(reportPlans).where(where),
    ]);
    return { rows, total: t?.n ?? 0 };
  }
  /** Planned checks from `today` on (the review reminders to come). */
  upcomingReviews(userId: number, memberId: number, today: string): Promise<ReportPlanRow[]> {
    return this.db.select().from(reportPlans).where(and(eq(reportPlans.userId, userId), eq(reportPlans.memberId, memberId), eq(reportPlans.status, 0), gte(reportPlans.checkDate, today))).orderBy(asc(reportPlans.checkDate), asc(reportPlans.id));
  }
  /** Done checks and planned ones whose date has passed, latest first. */
  async pastReviews(userId: number, memberId: number, today: string, offset: number, limit: number): Promise<{ rows: ReportPlanRow[]; total: number }> {
    const where = and(eq(reportPlans.userId, userId), eq(reportPlans.memberId, memberId), sql`(${reportPlans.status} = 1 or ${reportPlans.checkDate} < ${today})`);
    const [rows, [t]] = await Promise.all([
      this.db.select().from(reportPlans).where(where).orderBy(desc(reportPlans.checkDate), desc(reportPlans.id)).offset(offset).limit(limit),
      this.db.select({ n: count() }).from(reportPlans).where(where),
    ]);
    return { rows, total: t?.n ?? 0 };
  }
}
