import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatDialogs, chatSessions, chatShares } from '../../db/schema.ts';

export type DialogRow = typeof chatDialogs.$inferSelect;
export type NewDialog = typeof chatDialogs.$inferInsert;
export type SessionRow = typeof chatSessions.$inferSelect;

/** What a streaming answer writes at each flush. */
export interface DialogProgress {
  answer: string;
  deepThink: string;
  extras: Record<string, unknown>;
}

/** Escapes LIKE wildcards (the pattern is always a bound parameter). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Queries of chat sessions, dialogs and shares. Every query is scoped by the owning account. */
export class ChatStore {
  constructor(private readonly db: Db) {}

  // --- sessions -------------------------------------------------------------------------------
  async insertSession(v: { id: string; userId: number; deviceType: string | null; privacy: boolean }): Promise<void> {
    await this.db.insert(chatSessions).values(v).onConflictDoNothing();
  }
  session(userId: number, id: string): Promise<SessionRow | undefined> {
    return this.db.select().from(chatSessions).where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, id))).limit(1).then((r) => r[0]);
  }
  /** The user's latest visible session that has a question. */
  lastSession(userId: number): Promise<SessionRow | undefined> {
    return this.db.select().from(chatSessions)
      .where(and(eq(chatSessions.userId, userId), eq(chatSessions.privacy, false), isNotNull(chatSessions.lastAt)))
      .orderBy(desc(chatSessions.lastAt), desc(chatSessions.createdAt)).limit(1).then((r) => r[0]);
  }
  async touchSession(id: string, at: Date): Promise<void> {
    await this.db.update(chatSessions).set({ lastAt: at }).where(eq(chatSessions.id, id));
  }
  /** Visible sessions with at least one dialog, newest first, with their first and last question. */
  async sessionPage(userId: number, page: number, size: number): Promise<{ rows: Array<SessionRow & { first: string; last: string; n: number; lastCode: number | null; lastStatus: number }>; total: number }> {
    const where = and(eq(chatSessions.userId, userId), eq(chatSessions.privacy, false), isNotNull(chatSessions.lastAt));
    const [tot] = await this.db.select({ n: count() }).from(chatSessions).where(where);
    const rows = await this.db.select().from(chatSessions).where(where).orderBy(desc(chatSessions.lastAt), desc(chatSessions.createdAt)).limit(size).offset((page - 1) * size);
    if (rows.length === 0) return { rows: [], total: tot?.n ?? 0 };
    const ids = rows.map((r) => r.id);
    // One query for every session's first and last dialog and count (no N+1).
    const stats = await this.db.select({
      sessionId: chatDialogs.sessionId,
      n: count(),
      minId: sql<number>`min(${chatDialogs.id})`.mapWith(Number),
      maxId: sql<number>`max(${chatDialogs.id})`.mapWith(Number),
    }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.sessionId, ids))).groupBy(chatDialogs.sessionId);
    const edgeIds = stats.flatMap((s) => [s.minId, s.maxId]);
    const edges = edgeIds.length ? await this.db.select({ id: chatDialogs.id, question: chatDialogs.question, code: chatDialogs.code, status: chatDialogs.status }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, edgeIds))) : [];
    const byId = new Map(edges.map((e) => [e.id, e]));
    const bySession = new Map(stats.map((s) => [s.sessionId, s]));
    return {
      total: tot?.n ?? 0,
      rows: rows.flatMap((r) => {
        const s = bySession.get(r.id);
        if (!s) return [];
        const last = byId.get(s.maxId);
        return [{ ...r, first: byId.get(s.minId)?.question ?? '', last: last?.question ?? '', n: s.n, lastCode: last?.code ?? null, lastStatus: last?.status ?? -1 }];
      }),
    };
  }
  async deleteSession(userId: number, id: string): Promise<boolean> {
    const r = await this.db.delete(chatSessions).where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, id))).returning({ id: chatSessions.id });
    await this.db.delete(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.sessionId, id)));
    return r.length === 1;
  }
  async deleteAll(userId: number): Promise<void> {
    await this.db.delete(chatDialogs).where(eq(chatDialogs.userId, userId));
    await this.db.delete(chatSessions).where(eq(chatSessions.userId, userId));
  }

  // --- dialogs --------------------------------------------------------------------------------
  dialogByQuestion(questionId: string): Promise<DialogRow | undefined> {
    return this.db.select().from(chatDialogs).where(eq(chatDialogs.questionId, questionId)).limit(1).then((r) => r[0]);
  }
  dialog(userId: number, id: number): Promise<DialogRow | undefined> {
    return this.db.select().from(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.id, id))).limit(1).then((r) => r[0]);
  }
  dialogs(userId: number, ids: number[]): Promise<DialogRow[]> {
    return this.db.select().from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids))).orderBy(asc(chatDialogs.id));
  }
  dialogsByIds(ids: number[]): Promise<DialogRow[]> {
    return this.db.select().from(chatDialogs).where(inArray(chatDialogs.id, ids)).orderBy(asc(chatDialogs.id));
  }
  async insertDialog(v: NewDialog): Promise<DialogRow> {
    const [d] = await this.db.insert(chatDialogs).values(v).returning();
    if (!d) throw new Error('insert chat_dialogs returned nothing');
    return d;
  }
  /** Restarts a failed dialog (resend): same row, fresh answer. */
  async restartDialog(id: number, v: Partial<NewDialog>): Promise<DialogRow | undefined> {
    const [d] = await this.db.update(chatDialogs).set({ ...v, answer: '', deepThink: '', extras: {}, status: 1, code: null, msg: null, broken: false, updatedAt: new Date() }).where(eq(chatDialogs.id, id)).returning();
    return d;
  }
  /** A flush of a streaming answer; only while it is still answering. */
  async saveProgress(id: number, p: DialogProgress): Promise<void> {
    await this.db.update(chatDialogs).set({ answer: p.answer, deepThink: p.deepThink, extras: p.extras, updatedAt: new Date() }).where(and(eq(chatDialogs.id, id), eq(chatDialogs.status, 1)));
  }
  async finish(id: number, p: DialogProgress & { status: number; code: number | null; msg: string | null; broken: boolean }): Promise<void> {
    await this.db.update(chatDialogs).set({ ...p, updatedAt: new Date() }).where(eq(chatDialogs.id, id));
  }
  /** Questions left "answering" by a stopped server become failed and resendable. */
  async failStale(olderThan: Date | null, code: number, msg: string): Promise<number> {
    const conds: SQL[] = [eq(chatDialogs.status, 1)];
    if (olderThan) conds.push(lt(chatDialogs.updatedAt, olderThan));
    const r = await this.db.update(chatDialogs).set({ status: -1, code, msg, broken: true, updatedAt: new Date() }).where(and(...conds)).returning({ id: chatDialogs.id });
    return r.length;
  }
  /** Dialogs of one session, by id, newest first when `desc`; `lastId` is the paging cursor. */
  sessionDialogs(userId: number, sessionId: string, size: number, isDesc: boolean, lastId: number | undefined): Promise<DialogRow[]> {
    const conds: SQL[] = [eq(chatDialogs.userId, userId), eq(chatDialogs.sessionId, sessionId)];
    if (lastId !== undefined) conds.push(isDesc ? lt(chatDialogs.id, lastId) : gt(chatDialogs.id, lastId));
    return this.db.select().from(chatDialogs).where(and(...conds)).orderBy(isDesc ? desc(chatDialogs.id) : asc(chatDialogs.id)).limit(size + 1);
  }
  /** The last `n` finished dialogs of a session before `beforeId` (the engine's history), oldest first. */
  async recentTurns(userId: number, sessionId: string, beforeId: number, n: number): Promise<Array<Pick<DialogRow, 'question' | 'answer' | 'instructCode' | 'extras'>>> {
    const rows = await this.db.select({ question: chatDialogs.question, answer: chatDialogs.answer, instructCode: chatDialogs.instructCode, extras: chatDialogs.extras }).from(chatDialogs)
      .where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.sessionId, sessionId), lt(chatDialogs.id, beforeId), eq(chatDialogs.status, 2)))
      .orderBy(desc(chatDialogs.id)).limit(n);
    return rows.reverse();
  }
  async mediaCounts(userId: number, sessionIds: string[]): Promise<Map<string, number>> {
    const rows = await this.db.select({ sessionId: chatDialogs.sessionId, n: count() }).from(chatDialogs)
      .where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.sessionId, sessionIds), sql`coalesce(${chatDialogs.input}->>'inputMediaId', '') <> ''`))
      .groupBy(chatDialogs.sessionId);
    return new Map(rows.map((r) => [r.sessionId, r.n]));
  }
  /** Deletes the given dialogs if every one is the caller's (all or nothing). */
  async deleteDialogs(userId: number, ids: number[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [own] = await tx.select({ n: count() }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids)));
      if ((own?.n ?? 0) !== new Set(ids).size) return false;
      await tx.delete(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids)));
      return true;
    });
  }
  async lastTextDialog(userId: number): Promise<DialogRow | undefined> {
    return this.db.select().from(chatDialogs)
      .where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.privacy, false), sql`coalesce(${chatDialogs.input}->>'inputMediaId', '') = ''`, sql`${chatDialogs.question} <> ''`))
      .orderBy(desc(chatDialogs.id)).limit(1).then((r) => r[0]);
  }
  lastDialog(userId: number): Promise<DialogRow | undefined> {
    return this.db.select().from(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.privacy, false), eq(chatDialogs.status, 2))).orderBy(desc(chatDialogs.id)).limit(1).then((r) => r[0]);
  }

  // --- collections ----------------------------------------------------------------------------
  /** Sets or clears the collected mark of the caller's dialogs; false if any id is not theirs. */
  async setCollected(userId: number, ids: number[], on: boolean): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const [own] = await tx.select({ n: count() }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids)));
      if ((own?.n ?? 0) !== new Set(ids).size) return false;
      await tx.update(chatDialogs).set({ collectedAt: on ? new Date() : null }).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids)));
      return true;
    });
  }
  async collected(userId: number, page: number, size: number): Promise<{ rows: DialogRow[]; total: number }> {
    const where = and(eq(chatDialogs.userId, userId), isNotNull(chatDialogs.collectedAt));
    const [tot] = await this.db.select({ n: count() }).from(chatDialogs).where(where);
    const rows = await this.db.select().from(chatDialogs).where(where).orderBy(desc(chatDialogs.collectedAt), desc(chatDialogs.id)).limit(size).offset((page - 1) * size);
    return { rows, total: tot?.n ?? 0 };
  }

  // --- search ---------------------------------------------------------------------------------
  /**
   * Full text over the caller's visible questions and answers: every term must occur (ILIKE, bound
   * parameters, wildcards escaped); the same SQL on PGlite and PostgreSQL.
   */
  async search(userId: number, terms: string[], page: number, size: number): Promise<{ rows: DialogRow[]; total: number }> {
    const termConds = terms.map((t) => {
      const p = `%${likeEscape(t)}%`;
      return or(sql`${chatDialogs.question} ILIKE ${p}`, sql`${chatDialogs.answer} ILIKE ${p}`) as SQL;
    });
    const where = and(eq(chatDialogs.userId, userId), eq(chatDialogs.privacy, false), ...termConds);
    const [tot] = await this.db.select({ n: count() }).from(chatDialogs).where(where);
    const rows = await this.db.select().from(chatDialogs).where(where).orderBy(desc(chatDialogs.id)).limit(size).offset((page - 1) * size);
    return { rows, total: tot?.n ?? 0 };
  }

  // --- shares ---------------------------------------------------------------------------------
  async insertShare(id: string, userId: number, dialogIds: number[]): Promise<void> {
    await this.db.insert(chatShares).values({ id, userId, dialogIds });
  }
  share(id: string): Promise<typeof chatShares.$inferSelect | undefined> {
    return this.db.select().from(chatShares).where(eq(chatShares.id, id)).limit(1).then((r) => r[0]);
  }
}

