import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { answerEvaluations, appEvaluateRecords, chatRoleConfirms, doctors, memberIndicators, taskClickCounts, taskClicks, userEvaluations, wsConnectLogs } from '../../db/schema.ts';

export type IndicatorRow = typeof memberIndicators.$inferSelect;
export type NewIndicator = typeof memberIndicators.$inferInsert;
export type DoctorRow = typeof doctors.$inferSelect;
export type NewDoctor = typeof doctors.$inferInsert;
export type AnswerEvaluationRow = typeof answerEvaluations.$inferSelect;
export type UserEvaluationRow = typeof userEvaluations.$inferSelect;
export type AppEvaluateRow = typeof appEvaluateRecords.$inferSelect;
export type RoleConfirmRow = typeof chatRoleConfirms.$inferSelect;

/** Escapes LIKE wildcards (the pattern is always a bound parameter). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries of the insight tables. Every per-user query is scoped by the owning account. */
export class InsightStore {
  constructor(private readonly db: Db) {}

  // --- indicators -------------------------------------------------------------------------------
  async insertIndicators(rows: NewIndicator[]): Promise<IndicatorRow[]> {
    return rows.length ? this.db.insert(memberIndicators).values(rows).returning() : [];
  }
  async countIndicators(userId: number, memberId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(memberIndicators).where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId)));
    return r?.n ?? 0;
  }

  async countIndicatorsOfUser(userId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(memberIndicators).where(eq(memberIndicators.userId, userId));
    return r?.n ?? 0;
  }

  // --- role confirmations -----------------------------------------------------------------------
  /** The member last confirmed for a chat session (any question of it). */
  confirmedMember(userId: number, sessionId: string): Promise<number | undefined> {
    return this.db.select({ memberId: chatRoleConfirms.memberId }).from(chatRoleConfirms)
      .where(and(eq(chatRoleConfirms.userId, userId), eq(chatRoleConfirms.sessionId, sessionId)))
      .orderBy(desc(chatRoleConfirms.confirmedAt), desc(chatRoleConfirms.id)).limit(1).then((r) => r[0]?.memberId);
  }
  async confirmRole(v: { userId: number; memberId: number; sessionId: string; questionId: string; at: Date }): Promise<RoleConfirmRow> {
    const [r] = await this.db.insert(chatRoleConfirms).values({ ...v, confirmedAt: v.at })
      .onConflictDoUpdate({ target: [chatRoleConfirms.userId, chatRoleConfirms.sessionId, chatRoleConfirms.questionId], set: { memberId: v.memberId, confirmedAt: v.at } })
      .returning();
    if (!r) throw new Error('upsert chat_role_confirms returned nothing');
    return r;
  }

  // --- socket connection log --------------------------------------------------------------------
  async insertWsLog(v: typeof wsConnectLogs.$inferInsert): Promise<number> {
    const [r] = await this.db.insert(wsConnectLogs).values(v).returning({ id: wsConnectLogs.id });
    if (!r) throw new Error('insert ws_connect_logs returned nothing');
    return r.id;
  }

  // --- evaluations ------------------------------------------------------------------------------
  async upsertAnswerEvaluation(v: { userId: number; dialogId: number; score: number; comment: string; tags: string[]; at: Date }): Promise<AnswerEvaluationRow> {
    const [r] = await this.db.insert(answerEvaluations).values({ userId: v.userId, dialogId: v.dialogId, score: v.score, comment: v.comment, tags: v.tags, updatedAt: v.at })
      .onConflictDoUpdate({ target: answerEvaluations.dialogId, set: { score: v.score, comment: v.comment, tags: v.tags, updatedAt: v.at } })
      .returning();
    if (!r) throw new Error('upsert answer_evaluations returned nothing');
    return r;
  }
  async answerEvaluationCount(userId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(answerEvaluations).where(eq(answerEvaluations.userId, userId));
    return r?.n ?? 0;
  }
  userEvaluation(userId: number): Promise<UserEvaluationRow | undefined> {
    return this.db.select().from(userEvaluations).where(eq(userEvaluations.userId, userId)).limit(1).then((r) => r[0]);
  }
  /** The row of the user, created with `threshold` when missing (concurrent first calls keep one). */
  async ensureUserEvaluation(userId: number, threshold: number): Promise<UserEvaluationRow> {
    await this.db.insert(userEvaluations).values({ userId, threshold }).onConflictDoNothing();
    const row = await this.userEvaluation(userId);
    if (!row) throw new Error('user_evaluations row missing');
    return row;
  }
  async updateUserEvaluation(userId: number, patch: Partial<typeof userEvaluations.$inferInsert>): Promise<UserEvaluationRow | undefined> {
    const [r] = await this.db.update(userEvaluations).set(patch).where(eq(userEvaluations.userId, userId)).returning();
    return r;
  }
  async insertAppEvaluate(v: { userId: number; actionType: string; score: number | null; at: Date }): Promise<void> {
    await this.db.insert(appEvaluateRecords).values(v);
  }
  lastAppEvaluate(userId: number): Promise<AppEvaluateRow | undefined> {
    return this.db.select().from(appEvaluateRecords).where(eq(appEvaluateRecords.userId, userId)).orderBy(desc(appEvaluateRecords.at), desc(appEvaluateRecords.id)).limit(1).then((r) => r[0]);
  }
  async hasAppScore(userId: number): Promise<boolean> {
    const [r] = await this.db.select({ n: count() }).from(appEvaluateRecords).where(and(eq(appEvaluateRecords.userId, userId), eq(appEvaluateRecords.actionType, 'score')));
    return (r?.n ?? 0) > 0;
  }

  // --- home tasks -------------------------------------------------------------------------------
  /** Records a user's first click on a task (later clicks add nothing). */
  async insertTaskClickOnce(userId: number, taskId: string, at: Date): Promise<void> {
    await this.db.execute(
      sql`insert into ${taskClicks} ("user_id", "task_id", "at") select ${userId}, ${taskId}, ${at.toISOString()}::timestamptz where not exists (select 1 from ${taskClicks} where ${taskClicks.userId} = ${userId} and ${taskClicks.taskId} = ${taskId})`,
    );
  }
  /** Adds logged-out clicks to the per-task totals. */
  async addAnonymousClicks(counts: ReadonlyArray<readonly [taskId: string, clicks: number]>, at: Date): Promise<void> {
    if (counts.length === 0) return;
    await this.db
      .insert(taskClickCounts)
      .values(counts.map(([taskId, clicks]) => ({ taskId, clicks, updatedAt: at })))
      .onConflictDoUpdate({ target: taskClickCounts.taskId, set: { clicks: sql`${taskClickCounts.clicks} + excluded.clicks`, updatedAt: at } });
  }
  async clickedTasks(userId: number, taskIds: string[]): Promise<Set<string>> {
    if (taskIds.length === 0) return new Set();
    const rows = await this.db.selectDistinct({ taskId: taskClicks.taskId }).from(taskClicks).where(and(eq(taskClicks.userId, userId), inArray(taskClicks.taskId, taskIds)));
    return new Set(rows.map((r) => r.taskId));
  }
  /** Logged-out clicks on a task recorded so far (flushed totals). */
  async anonymousClicks(taskId: string): Promise<number> {
    const [r] = await this.db.select({ n: taskClickCounts.clicks }).from(taskClickCounts).where(eq(taskClickCounts.taskId, taskId));
    return r?.n ?? 0;
  }

  // --- doctors (operator data, not per user) ----------------------------------------------------
  async insertDoctor(v: NewDoctor): Promise<DoctorRow> {
    const [r] = await this.db.insert(doctors).values(v).returning();
    if (!r) throw new Error('insert doctors returned nothing');
    return r;
  }
  async deleteDoctor(id: number): Promise<boolean> {
    const r = await this.db.delete(doctors).where(eq(doctors.id, id)).returning({ id: doctors.id });
    return r.length === 1;
  }
  /** Doctors of any of `departments` (when given) whose name, department, hospital or intro contains the keyword. */
  async doctors(q: { departments?: string[]; keyword?: string; hospital?: string; page: number; size: number }): Promise<{ rows: DoctorRow[]; total: number }> {
    const conds: SQL[] = [];
    if (q.departments?.length) conds.push(inArray(doctors.department, q.departments));
    if (q.hospital) conds.push(ilike(doctors.hospital, `%${likeEscape(q.hospital)}%`));
    if (q.keyword) {
      const p = `%${likeEscape(q.keyword)}%`;
      const any = or(ilike(doctors.name, p), ilike(doctors.department, p), ilike(doctors.hospital, p), ilike(doctors.intro, p), ilike(doctors.title, p));
      if (any) conds.push(any);
    }
    const where = conds.length ? and(...conds) : undefined;
    const [tot] = await this.db.select({ n: count() }).from(doctors).where(where);
    const rows = await this.db.select().from(doctors).where(where).orderBy(asc(doctors.id)).limit(q.size).offset((q.page - 1) * q.size);
    return { rows, total: tot?.n ?? 0 };
  }
}
