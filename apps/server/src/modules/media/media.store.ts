import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, media } from '../../db/schema.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;

/** Queries of uploaded media. Every read by id is scoped by the owning account, except `shared`. */
export class MediaStore {
  constructor(private readonly db: Db) {}

  async insert(v: NewMedia): Promise<MediaRow> {
    const [row] = await this.db.insert(media).values(v).returning();
    if (!row) throw new Error('insert media returned nothing');
    return row;
  }
  /** The media item, if it belongs to the account. */
  owned(userId: number, id: string): Promise<MediaRow | undefined> {
    return this.db.select().from(media).where(and(eq(media.userId, userId), eq(media.id, id))).limit(1).then((r) => r[0]);
  }
  /** The media item, if its owner shared it. */
  shared(id: string): Promise<MediaRow | undefined> {
    return this.db.select().from(media).where(and(eq(media.id, id), eq(media.shared, true))).limit(1).then((r) => r[0]);
  }
  /** By id alone: only behind a signed content token. */
  /** The owner's media of these ids and this kind. */
  ownedOfKind(userId: number, ids: string[], kind: string): Promise<MediaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(media).where(and(eq(media.userId, userId), eq(media.kind, kind), inArray(media.id, ids)));
  }
  byId(id: string): Promise<MediaRow | undefined> {
    return this.db.select().from(media).where(eq(media.id, id)).limit(1).then((r) => r[0]);
  }
  /** Storage keys of all of a user's media (taken before the account's rows cascade away). */
  async keysOfUser(userId: number): Promise<string[]> {
    const rows = await this.db.select({ k: media.storageKey }).from(media).where(eq(media.userId, userId));
    return rows.map((r) => r.k);
  }
  /**
   * Deletes the caller's media rows of these ids and their derived images (a PDF's cover); the
   * reports and folder entries on them go with them (FK cascade). Returns the storage keys freed.
   */
  async deleteOwned(userId: number, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const own = await tx.select({ id: media.id, coverId: media.coverId }).from(media).where(and(eq(media.userId, userId), inArray(media.id, ids)));
      const all = [...new Set(own.flatMap((r) => (r.coverId ? [r.id, r.coverId] : [r.id])))];
      if (all.length === 0) return [];
      const gone = await tx.delete(media).where(and(eq(media.userId, userId), inArray(media.id, all))).returning({ k: media.storageKey });
      return gone.map((r) => r.k);
    });
  }
  /** Which of these storage keys still have a media row. */
  async liveKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await this.db.select({ k: media.storageKey }).from(media).where(inArray(media.storageKey, keys));
    return new Set(rows.map((r) => r.k));
  }

  async countInBatch(userId: number, batchId: string): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(media).where(and(eq(media.userId, userId), eq(media.batchId, batchId), inArray(media.kind, ['pf', 'ocr', 'upload'])));
    return r?.n ?? 0;
  }
  async setShared(userId: number, ids: string[], shared: boolean): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db.update(media).set({ shared }).where(and(eq(media.userId, userId), inArray(media.id, ids))).returning({ id: media.id });
    return r.length;
  }
  async audit(userId: number | null, action: string, target: string, traceId: string | null): Promise<void> {
    await this.db.insert(auditLog).values({ userId, action, target, traceId });
  }
}
