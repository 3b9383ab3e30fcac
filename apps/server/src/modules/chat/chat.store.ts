import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatDialogs, chatInstances, chatSessions, chatShares } from '../../db/schema.ts';

export type DialogRow = typeof chatDialogs.$inferSelect;
export type NewDialog = typeof chatDialogs.$inferInsert;
export type SessionRow = typeof chatSessions.$inferSelect;

/** What a streaming answer writes at each flush. */
export interface DialogProgress {
  answer: string;
  deepThink: string;
  extras: Record<string, unknown>;
}

/** A question to open: its dialog row (status 1 answering) and, when `newSession`, its session. */
export interface OpenDialog {
  questionId: string;
  userId: number;
  sessionId: string;
  /** Create the session with the dialog (else the session exists: its last question time is set). */
  newSession: boolean;
  deviceType: string | null;
  privacy: boolean;
  question: string;
  inType: number | null;
  instructCode: string | null;
  userInfoId: number | null;
  input: Record<string, unknown>;
  createdAt: Date;
  /** The instance answering it (its heartbeat row in chat_instances). */
  owner: string;
}

/** A batched write of a streaming answer: progress (only while answering) or its final state. */
export type DialogWrite = { id: number } & ((DialogProgress & { final: false }) | (DialogProgress & { final: true; status: number; code: number | null; msg: string | null; broken: boolean }));

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (r: unknown): Array<Record<string, unknown>> => {
  const rows = typeof r === 'object' && r !== null ? (r as { rows?: unknown }).rows : undefined;
  return Array.isArray(rows) ? (rows as Array<Record<string, unknown>>) : [];
};

/** Escapes LIKE wildcards (the pattern is always a bound parameter). */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The media ids (inputMediaId, relInputMediaId; comma-separated lists allowed) deleted dialogs named. */
function mediaIdsOf(rows: Array<{ input: Record<string, unknown> }>): string[] {
  const out = new Set<string>();
  for (const r of rows) {
    for (const k of ['inputMediaId', 'relInputMediaId']) {
      const v = r.input[k];
      if (typeof v === 'string') for (const id of v.split(',')) if (id.trim()) out.add(id.trim());
    }
  }
  return [...out];
}

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
  /**
   * Takes a session id the client made (getUUID) if nobody has it; true when it is the caller's
   * now (made here, or already theirs).
   */
  async claimSession(v: { id: string; userId: number; deviceType: string | null; privacy: boolean }): Promise<boolean> {
    const made = await this.db.insert(chatSessions).values(v).onConflictDoNothing().returning({ id: chatSessions.id });
    return made.length === 1 || (await this.session(v.userId, v.id)) !== undefined;
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
  /** Deletes a session and its dialogs; null if it is not the caller's, else the media ids its questions named. */
  async deleteSession(userId: number, id: string): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const r = await tx.delete(chatSessions).where(and(eq(chatSessions.userId, userId), eq(chatSessions.id, id))).returning({ id: chatSessions.id });
      const gone = await tx.delete(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.sessionId, id))).returning({ input: chatDialogs.input });
      return r.length === 1 ? mediaIdsOf(gone) : null;
    });
  }
  /** Deletes all of the caller's history; returns the media ids its questions named. */
  async deleteAll(userId: number): Promise<string[]> {
    return this.db.transaction(async (tx) => {
      const gone = await tx.delete(chatDialogs).where(eq(chatDialogs.userId, userId)).returning({ input: chatDialogs.input });
      await tx.delete(chatSessions).where(eq(chatSessions.userId, userId));
      return mediaIdsOf(gone);
    });
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
  /**
   * Opens a batch of questions in one statement: inserts their dialog rows (status 1), creates
   * the new sessions and sets the continued sessions' last question time, only for the dialogs
   * inserted. A question whose id already has a dialog is left out of the answer (map key absent).
   */
  async openDialogs(batch: readonly OpenDialog[]): Promise<Map<string, number>> {
    if (batch.length === 0) return new Map();
    const json = JSON.stringify(batch.map((b) => ({
      question_id: b.questionId, user_id: b.userId, session_id: b.sessionId, new_session: b.newSession, device_type: b.deviceType, privacy: b.privacy,
      question: b.question, in_type: b.inType, instruct_code: b.instructCode, user_info_id: b.userInfoId, input: b.input, created_at: b.createdAt.toISOString(), owner: b.owner,
    })));
    const r = await this.db.execute(sql`
      WITH v AS (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS x(question_id text, user_id integer, session_id text, new_session boolean, device_type text, privacy boolean,
          question text, in_type integer, instruct_code text, user_info_id integer, input jsonb, created_at timestamptz, owner text)
      ), d AS (
        INSERT INTO chat_dialogs (question_id, user_id, session_id, privacy, question, status, in_type, instruct_code, user_info_id, input, created_at, owner)
        SELECT question_id, user_id, session_id, privacy, question, 1, in_type, instruct_code, user_info_id, coalesce(input, '{}'::jsonb), created_at, owner FROM v
        ON CONFLICT (question_id) DO NOTHING
        RETURNING id, question_id
      ), s AS (
        INSERT INTO chat_sessions (id, user_id, device_type, privacy, last_at)
        SELECT DISTINCT ON (v.session_id) v.session_id, v.user_id, v.device_type, v.privacy, v.created_at FROM v JOIN d ON d.question_id = v.question_id WHERE v.new_session
        ORDER BY v.session_id, v.created_at DESC
        ON CONFLICT (id) DO NOTHING
      ), t AS (
        UPDATE chat_sessions SET last_at = u.at
        FROM (SELECT v.session_id, v.user_id, max(v.created_at) AS at FROM v JOIN d ON d.question_id = v.question_id WHERE NOT v.new_session GROUP BY v.session_id, v.user_id) u
        WHERE chat_sessions.id = u.session_id AND chat_sessions.user_id = u.user_id
      )
      SELECT id, question_id FROM d`);
    return new Map(rowsOf(r).map((row) => [String(row.question_id), Number(row.id)]));
  }
  /**
   * Writes a batch of streaming answers in one statement: progress only to rows still answering
   * (status 1), final states unconditionally. At most one write per dialog per batch.
   */
  async writeDialogs(batch: readonly DialogWrite[], owner: string | null = null): Promise<void> {
    if (batch.length === 0) return;
    const json = JSON.stringify(batch.map((w) => ({
      id: w.id, final: w.final, answer: w.answer, deep_think: w.deepThink, extras: w.extras,
      ...(w.final ? { status: w.status, code: w.code, msg: w.msg, broken: w.broken } : {}),
    })));
    await this.db.execute(sql`
      UPDATE chat_dialogs AS c SET
        answer = v.answer, deep_think = v.deep_think, extras = coalesce(v.extras, '{}'::jsonb), updated_at = ${new Date().toISOString()}::timestamptz,
        status = CASE WHEN v.final THEN v.status ELSE c.status END,
        code = CASE WHEN v.final THEN v.code ELSE c.code END,
        msg = CASE WHEN v.final THEN v.msg ELSE c.msg END,
        broken = CASE WHEN v.final THEN v.broken ELSE c.broken END
      FROM jsonb_to_recordset(${json}::jsonb) AS v(id bigint, final boolean, answer text, deep_think text, extras jsonb, status smallint, code integer, msg text, broken boolean)
      WHERE c.id = v.id AND (v.final OR c.status = 1)${owner === null ? sql`` : sql` AND (c.owner IS NULL OR c.owner = ${owner})`}`);
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
  /**
   * A resend of a question still "answering" on an instance whose heartbeat is older than
   * `staleMs` (database time): the row becomes this instance's, fresh. One statement, guarded by
   * the dead owner, so two instances taking it over at once cannot both win. Undefined when the
   * owner is alive (or another instance took it first).
   */
  async takeOverDialog(id: number, deadOwner: string, staleMs: number, v: Partial<NewDialog> & { owner: string }): Promise<DialogRow | undefined> {
    const [d] = await this.db.update(chatDialogs)
      .set({ ...v, answer: '', deepThink: '', extras: {}, status: 1, code: null, msg: null, broken: false, updatedAt: new Date() })
      .where(and(eq(chatDialogs.id, id), eq(chatDialogs.status, 1), eq(chatDialogs.owner, deadOwner), this.ownerStale(staleMs)))
      .returning();
    return d;
  }
  /** A dialog's owner has no heartbeat newer than `staleMs` (database time). */
  private ownerStale(staleMs: number): SQL {
    return sql`NOT EXISTS (SELECT 1 FROM ${chatInstances} WHERE ${chatInstances.id} = ${chatDialogs.owner} AND ${chatInstances.heartbeatAt} > now() - make_interval(secs => ${staleMs / 1000}))`;
  }

  // --- instances ------------------------------------------------------------------------------
  /** This instance is alive: its heartbeat row, at database time. */
  async beat(instanceId: string): Promise<void> {
    await this.db.insert(chatInstances).values({ id: instanceId, heartbeatAt: sql`now()` }).onConflictDoUpdate({ target: chatInstances.id, set: { heartbeatAt: sql`now()` } });
  }
  /** A stopped instance's row goes (and rows of instances dead for an hour, whoever stops). */
  async forgetInstance(instanceId: string): Promise<void> {
    await this.db.delete(chatInstances).where(or(eq(chatInstances.id, instanceId), lt(chatInstances.heartbeatAt, sql`now() - interval '1 hour'`)));
  }

  /**
   * Questions left "answering" by a stopped server become failed and resendable: those not
   * written since `olderThan` (null: all), and those whose owner (not `self`) stopped heartbeating.
   */
  async failStale(olderThan: Date | null, code: number, msg: string, owners?: { self: string; staleMs: number }): Promise<number> {
    const conds: SQL[] = [eq(chatDialogs.status, 1)];
    if (olderThan) {
      const stale = lt(chatDialogs.updatedAt, olderThan);
      const orphaned = owners ? and(isNotNull(chatDialogs.owner), sql`${chatDialogs.owner} <> ${owners.self}`, this.ownerStale(owners.staleMs)) : undefined;
      conds.push(orphaned ? (or(stale, orphaned) ?? stale) : stale);
    }
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
  /** Deletes the caller's dialogs (all or none); null if any is not theirs, else the media ids they named. */
  async deleteDialogs(userId: number, ids: number[]): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      const [own] = await tx.select({ n: count() }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids)));
      if ((own?.n ?? 0) !== new Set(ids).size) return null;
      const gone = await tx.delete(chatDialogs).where(and(eq(chatDialogs.userId, userId), inArray(chatDialogs.id, ids))).returning({ input: chatDialogs.input });
      return mediaIdsOf(gone);
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

  /** Read-only, for the insight module: the caller's dialogs, optionally about one member, since a time, complete only. */
  async countDialogs(userId: number, opts: { memberId?: number; since?: Date | null; completeOnly?: boolean } = {}): Promise<number> {
    const conds: SQL[] = [eq(chatDialogs.userId, userId)];
    if (opts.memberId !== undefined) conds.push(eq(chatDialogs.userInfoId, opts.memberId));
    if (opts.since) conds.push(gt(chatDialogs.createdAt, opts.since));
    if (opts.completeOnly) conds.push(eq(chatDialogs.status, 2));
    const [r] = await this.db.select({ n: count() }).from(chatDialogs).where(and(...conds));
    return r?.n ?? 0;
  }
  /** Read-only, for the report module: which of these media ids a question of the caller still names (lists allowed). */
  async mediaNamed(userId: number, ids: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < ids.length; i += 100) {
      const chunk = ids.slice(i, i + 100);
      const named = chunk.map((id) => sql`strpos(coalesce(${chatDialogs.input}->>'inputMediaId', '') || ',' || coalesce(${chatDialogs.input}->>'relInputMediaId', ''), ${id}) > 0`);
      const rows = await this.db.select({ input: chatDialogs.input }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), or(...named)));
      for (const id of mediaIdsOf(rows)) if (chunk.includes(id)) out.add(id);
    }
    return out;
  }
  /** Read-only, for the insight module: the caller's latest dialog whose question carried this media id. */
  dialogByMedia(userId: number, mediaId: string): Promise<DialogRow | undefined> {
    return this.db.select().from(chatDialogs)
      .where(and(eq(chatDialogs.userId, userId), or(sql`${chatDialogs.input}->>'inputMediaId' = ${mediaId}`, sql`${chatDialogs.input}->>'relInputMediaId' = ${mediaId}`)))
      .orderBy(desc(chatDialogs.id)).limit(1).then((r) => r[0]);
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
  async insertShare(id: string, userId: number, dialogIds: number[], expiresAt: Date): Promise<void> {
    await this.db.insert(chatShares).values({ id, userId, dialogIds, expiresAt });
  }
  /** The caller's share links not revoked, newest first. */
  async sharePage(userId: number, page: number, size: number): Promise<{ rows: Array<typeof chatShares.$inferSelect>; total: number }> {
    const where = and(eq(chatShares.userId, userId), isNull(chatShares.revokedAt));
    const [tot] = await this.db.select({ n: count() }).from(chatShares).where(where);
    const rows = await this.db.select().from(chatShares).where(where).orderBy(desc(chatShares.createdAt), desc(chatShares.id)).limit(size).offset((page - 1) * size);
    return { rows, total: tot?.n ?? 0 };
  }
  /** Revokes one of the caller's links; false if it is not theirs (or already revoked). */
  async revokeShare(userId: number, id: string, at: Date): Promise<boolean> {
    const r = await this.db.update(chatShares).set({ revokedAt: at }).where(and(eq(chatShares.id, id), eq(chatShares.userId, userId), isNull(chatShares.revokedAt))).returning({ id: chatShares.id });
    return r.length > 0;
  }
  share(id: string): Promise<typeof chatShares.$inferSelect | undefined> {
    return this.db.select().from(chatShares).where(eq(chatShares.id, id)).limit(1).then((r) => r[0]);
  }
}

