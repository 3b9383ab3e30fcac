import { and, asc, count, desc, eq, ilike, inArray, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folderFiles, media, memberIndicators, members, reports, uploadCodes } from '../../db/schema.ts';

export type ReportRow = typeof reports.$inferSelect;
export type NewReport = typeof reports.$inferInsert;
export type FolderRow = typeof folderFiles.$inferSelect;
export type NewFolderRow = typeof folderFiles.$inferInsert;
export type FolderFileRow = FolderRow & { fileType: string };
export type NewIndicatorRow = typeof memberIndicators.$inferInsert;
export type MediaRow = typeof media.$inferSelect;

/** Rows deleted, and the media ids they named (each once). */
export interface Deleted {
  count: number;
  mediaIds: string[];
}
const deleted = (rows: Array<{ m: string }>): Deleted => ({ count: rows.length, mediaIds: [...new Set(rows.map((r) => r.m))] });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Inserts the values a member does not have yet (reading one report twice saves its values once). */
async function insertNewIndicators(tx: Tx, rows: NewIndicatorRow[]): Promise<number> {
  const first = rows[0];
  if (!first) return 0;
  const existing = await tx.select({ type: memberIndicators.type, value: memberIndicators.value, at: memberIndicators.measuredAt }).from(memberIndicators)
    .where(and(eq(memberIndicators.userId, first.userId), eq(memberIndicators.memberId, first.memberId), inArray(memberIndicators.type, [...new Set(rows.map((r) => r.type))])));
  const key = (type: string, value: number, at: Date) => `${type}|${Math.fround(value)}|${at.getTime()}`;
  const have = new Set(existing.map((e) => key(e.type, e.value, e.at)));
  const fresh = rows.filter((r) => !have.has(key(r.type, r.value, r.measuredAt)));
  if (fresh.length) await tx.insert(memberIndicators).values(fresh);
  return fresh.length;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const UNFINISHED = [0, 1, 2, 3];

/** Queries of reports, folder files and upload codes. Every per-user query is scoped by the account. */
export class ReportStore {
  constructor(private readonly db: Db) {}

  // --- reports ----------------------------------------------------------------------------------
  async insertReport(v: NewReport): Promise<ReportRow> {
    const [r] = await this.db.insert(reports).values(v).returning();
    if (!r) throw new Error('insert reports returned nothing');
    return r;
  }
  report(userId: number, id: string): Promise<ReportRow | undefined> {
    return this.db.select().from(reports).where(and(eq(reports.userId, userId), eq(reports.id, id))).limit(1).then((r) => r[0]);
  }
  /** Any account's report, for the job runner only. */
  reportById(id: string): Promise<ReportRow | undefined> {
    return this.db.select().from(reports).where(eq(reports.id, id)).limit(1).then((r) => r[0]);
  }
  unfinished(): Promise<Array<Pick<ReportRow, 'id' | 'nextAt'>>> {
    return this.db.select({ id: reports.id, nextAt: reports.nextAt }).from(reports).where(inArray(reports.status, UNFINISHED)).orderBy(asc(reports.createdAt));
  }
  /**
   * Moves a report from `from` to the next status, only if it is still at `from` (two runners
   * never both move one step). With `indicators`, they are saved in the same transaction.
   */
  async advance(id: string, from: number, patch: Partial<NewReport>, indicators: NewIndicatorRow[] = []): Promise<ReportRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [r] = await tx.update(reports).set(patch).where(and(eq(reports.id, id), eq(reports.status, from))).returning();
      if (r) await insertNewIndicators(tx, indicators);
      return r;
    });
  }
  async reportPage(userId: number, memberId: number, status: number | undefined, pageNum: number, size: number): Promise<{ rows: ReportRow[]; total: number }> {
    const where = and(eq(reports.userId, userId), eq(reports.memberId, memberId), status === undefined ? undefined : eq(reports.status, status));
    const [tot] = await this.db.select({ n: count() }).from(reports).where(where);
    const rows = await this.db.select().from(reports).where(where).orderBy(desc(reports.createdAt), desc(reports.id)).limit(size).offset((pageNum - 1) * size);
    return { rows, total: tot?.n ?? 0 };
  }
  async updateReport(userId: number, id: string, patch: Partial<NewReport>): Promise<ReportRow | undefined> {
    const [r] = await this.db.update(reports).set(patch).where(and(eq(reports.userId, userId), eq(reports.id, id))).returning();
    return r;
  }
  /** Deletes the account's reports among `ids`: the media they read, to delete once nothing else names them. */
  async deleteReports(userId: number, ids: string[]): Promise<Deleted> {
    const r = await this.db.delete(reports).where(and(eq(reports.userId, userId), inArray(reports.id, ids))).returning({ m: reports.inputMediaId });
    return deleted(r);
  }

  async moveReports(userId: number, ids: string[], memberId: number): Promise<number> {
    const r = await this.db.update(reports).set({ memberId }).where(and(eq(reports.userId, userId), inArray(reports.id, ids))).returning({ id: reports.id });
    return r.length;
  }
  latestReportOfMedia(userId: number, mediaId: string): Promise<ReportRow | undefined> {
    return this.db.select().from(reports).where(and(eq(reports.userId, userId), eq(reports.inputMediaId, mediaId))).orderBy(desc(reports.createdAt)).limit(1).then((r) => r[0]);
  }

  // --- folder files -----------------------------------------------------------------------------
  private fileCols = { ...this.cols(), fileType: media.fileType };
  private cols() {
    const c = folderFiles;
    return { id: c.id, userId: c.userId, memberId: c.memberId, mediaId: c.mediaId, batchId: c.batchId, folderType: c.folderType, reportType: c.reportType, name: c.name, ocr: c.ocr, dialInId: c.dialInId, source: c.source, createdAt: c.createdAt, updatedAt: c.updatedAt };
  }

  /** Files the media into the member's folder (one folder entry per media item: refiling moves it). */
  async upsertFiles(rows: NewFolderRow[]): Promise<FolderFileRow[]> {
    if (rows.length === 0) return [];
    for (const v of rows) {
      await this.db.insert(folderFiles).values(v).onConflictDoUpdate({
        target: [folderFiles.userId, folderFiles.mediaId],
        set: { memberId: v.memberId, batchId: v.batchId, folderType: v.folderType, reportType: v.reportType ?? 0, ocr: v.ocr ?? null, dialInId: v.dialInId ?? null, source: v.source, updatedAt: new Date() },
      });
    }
    const userId = rows[0]?.userId ?? 0;
    return this.filesWhere(and(eq(folderFiles.userId, userId), inArray(folderFiles.mediaId, rows.map((r) => r.mediaId))));
  }
  private filesWhere(where: SQL | undefined, limit?: number, offset?: number): Promise<FolderFileRow[]> {
    const q = this.db.select(this.fileCols).from(folderFiles).innerJoin(media, eq(media.id, folderFiles.mediaId)).where(where).orderBy(desc(folderFiles.createdAt), desc(folderFiles.id));
    return limit === undefined ? q : q.limit(limit).offset(offset ?? 0);
  }
  file(userId: number, id: number): Promise<FolderFileRow | undefined> {
    return this.filesWhere(and(eq(folderFiles.userId, userId), eq(folderFiles.id, id))).then((r) => r[0]);
  }
  fileByMedia(userId: number, mediaId: string): Promise<FolderFileRow | undefined> {
    return this.filesWhere(and(eq(folderFiles.userId, userId), eq(folderFiles.mediaId, mediaId))).then((r) => r[0]);
  }
  /** Saves indicator values, leaving out those the member already has (same type, value and time). */
  async insertIndicators(rows: NewIndicatorRow[]): Promise<number> {
    return this.db.transaction((tx) => insertNewIndicators(tx, rows));
  }
  batchFiles(userId: number, batchId: string): Promise<FolderFileRow[]> {
    return this.filesWhere(and(eq(folderFiles.userId, userId), eq(folderFiles.batchId, batchId)));
  }
  async filePage(q: { userId: number; memberId?: number | undefined; folderTypes?: string[] | undefined; notFolderTypes?: string[] | undefined; keyword?: string | undefined; pageNum: number; size: number }): Promise<{ rows: FolderFileRow[]; total: number }> {
    const conds: SQL[] = [eq(folderFiles.userId, q.userId)];
    if (q.memberId !== undefined) conds.push(eq(folderFiles.memberId, q.memberId));
    if (q.folderTypes?.length) conds.push(inArray(folderFiles.folderType, q.folderTypes));
    for (const t of q.notFolderTypes ?? []) conds.push(ne(folderFiles.folderType, t));
    if (q.keyword) {
      const p = `%${likeEscape(q.keyword)}%`;
      const any = or(ilike(folderFiles.name, p), ilike(media.fileName, p));
      if (any) conds.push(any);
    }
    const where = and(...conds);
    const [tot] = await this.db.select({ n: count() }).from(folderFiles).innerJoin(media, eq(media.id, folderFiles.mediaId)).where(where);
    const rows = await this.filesWhere(where, q.size, (q.pageNum - 1) * q.size);
    return { rows, total: tot?.n ?? 0 };
  }
  async typeCounts(userId: number, memberId: number | undefined): Promise<Map<string, number>> {
    const rows = await this.db.select({ t: folderFiles.folderType, n: count() }).from(folderFiles)
      .where(and(eq(folderFiles.userId, userId), memberId === undefined ? undefined : eq(folderFiles.memberId, memberId))).groupBy(folderFiles.folderType);
    return new Map(rows.map((r) => [r.t, r.n]));
  }
  async updateFile(userId: number, id: number, patch: Partial<NewFolderRow>): Promise<boolean> {
    const r = await this.db.update(folderFiles).set({ ...patch, updatedAt: new Date() }).where(and(eq(folderFiles.userId, userId), eq(folderFiles.id, id))).returning({ id: folderFiles.id });
    return r.length === 1;
  }
  async deleteBatch(userId: number, batchId: string): Promise<Deleted> {
    const r = await this.db.delete(folderFiles).where(and(eq(folderFiles.userId, userId), eq(folderFiles.batchId, batchId))).returning({ m: folderFiles.mediaId });
    return deleted(r);
  }
  /** Deletes the account's files among `ids` whose folder type is (or is not) in `types`. */
  async deleteFiles(userId: number, ids: number[], types: { in?: string[]; notIn?: string[] }): Promise<Deleted> {
    const conds: SQL[] = [eq(folderFiles.userId, userId), inArray(folderFiles.id, ids)];
    if (types.in) conds.push(inArray(folderFiles.folderType, types.in));
    for (const t of types.notIn ?? []) conds.push(ne(folderFiles.folderType, t));
    const r = await this.db.delete(folderFiles).where(and(...conds)).returning({ m: folderFiles.mediaId });
    return deleted(r);
  }
  async deleteMemberFiles(userId: number, memberId: number, notIn: string[]): Promise<Deleted> {
    const conds: SQL[] = [eq(folderFiles.userId, userId), eq(folderFiles.memberId, memberId)];
    for (const t of notIn) conds.push(ne(folderFiles.folderType, t));
    const r = await this.db.delete(folderFiles).where(and(...conds)).returning({ m: folderFiles.mediaId });
    return deleted(r);
  }
  /** Which of these media ids a report or a folder entry of the account still names. */
  async mediaStillFiled(userId: number, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const [a, b] = await Promise.all([
      this.db.selectDistinct({ m: reports.inputMediaId }).from(reports).where(and(eq(reports.userId, userId), inArray(reports.inputMediaId, ids))),
      this.db.selectDistinct({ m: folderFiles.mediaId }).from(folderFiles).where(and(eq(folderFiles.userId, userId), inArray(folderFiles.mediaId, ids))),
    ]);
    return new Set([...a, ...b].map((r) => r.m));
  }
  async moveBatches(userId: number, batchIds: string[], memberId: number): Promise<number> {
    const r = await this.db.update(folderFiles).set({ memberId, updatedAt: new Date() }).where(and(eq(folderFiles.userId, userId), inArray(folderFiles.batchId, batchIds))).returning({ id: folderFiles.id });
    return r.length;
  }
  async moveFiles(userId: number, ids: number[], memberId: number, types: string[]): Promise<number> {
    const r = await this.db.update(folderFiles).set({ memberId, updatedAt: new Date() }).where(and(eq(folderFiles.userId, userId), inArray(folderFiles.id, ids), inArray(folderFiles.folderType, types))).returning({ id: folderFiles.id });
    return r.length;
  }



  // --- media and members (reads, scoped) --------------------------------------------------------
  ownedMedia(userId: number, ids: string[]): Promise<Array<typeof media.$inferSelect>> {
    return ids.length ? this.db.select().from(media).where(and(eq(media.userId, userId), inArray(media.id, ids))) : Promise.resolve([]);
  }
  batchMedia(userId: number, batchId: string): Promise<Array<typeof media.$inferSelect>> {
    return this.db.select().from(media).where(and(eq(media.userId, userId), eq(media.batchId, batchId), inArray(media.kind, ['pf', 'ocr', 'upload']))).orderBy(asc(media.createdAt));
  }
  async memberExists(userId: number, memberId: number): Promise<boolean> {
    const [r] = await this.db.select({ id: members.id }).from(members).where(and(eq(members.userId, userId), eq(members.id, memberId))).limit(1);
    return r !== undefined;
  }

  // --- upload codes -----------------------------------------------------------------------------
  async insertUpCode(code: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.delete(uploadCodes).where(and(eq(uploadCodes.userId, userId), lt(uploadCodes.expiresAt, new Date(expiresAt.getTime() - 86_400_000))));
    await this.db.insert(uploadCodes).values({ code, userId, expiresAt });
  }
  upCode(userId: number, code: string): Promise<typeof uploadCodes.$inferSelect | undefined> {
    return this.db.select().from(uploadCodes).where(and(eq(uploadCodes.userId, userId), eq(uploadCodes.code, code))).limit(1).then((r) => r[0]);
  }
}
