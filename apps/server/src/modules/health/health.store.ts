import { and, asc, count, desc, eq, gte, lte, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { folderFiles, memberIndicators } from '../../db/schema.ts';

export type ValueRow = typeof memberIndicators.$inferSelect;
export type NewValueRow = typeof memberIndicators.$inferInsert;

const BP = 'bloodPressure';

/** Queries of a member's indicator values (blood pressure included). Every query is scoped by the owning account. */
export class HealthStore {
  constructor(private readonly db: Db) {}

  async insert(row: NewValueRow): Promise<ValueRow> {
    const [r] = await this.db.insert(memberIndicators).values(row).returning();
    if (!r) throw new Error('insert returned no row');
    return r;
  }

  async byId(userId: number, id: number): Promise<ValueRow | undefined> {
    const [r] = await this.db.select().from(memberIndicators).where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.id, id)));
    return r;
  }

  async update(userId: number, id: number, patch: Partial<NewValueRow>): Promise<ValueRow | undefined> {
    const [r] = await this.db.update(memberIndicators).set(patch).where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.id, id))).returning();
    return r;
  }

  async remove(userId: number, id: number, type?: string): Promise<boolean> {
    const where = [eq(memberIndicators.userId, userId), eq(memberIndicators.id, id)];
    if (type !== undefined) where.push(eq(memberIndicators.type, type));
    const rows = await this.db.delete(memberIndicators).where(and(...where)).returning({ id: memberIndicators.id });
    return rows.length > 0;
  }

  /** Values of one type, oldest first, optionally within [from, to]. */
  async ofType(userId: number, memberId: number, type: string, from?: Date, to?: Date): Promise<ValueRow[]> {
    const where: SQL[] = [eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId), eq(memberIndicators.type, type)];
    if (from) where.push(gte(memberIndicators.measuredAt, from));
    if (to) where.push(lte(memberIndicators.measuredAt, to));
    return this.db.select().from(memberIndicators).where(and(...where)).orderBy(asc(memberIndicators.measuredAt), asc(memberIndicators.id));
  }

  /** One page of a type's values, newest first, and the total. */
  async pageOfType(userId: number, memberId: number, type: string, offset: number, limit: number): Promise<{ rows: ValueRow[]; total: number }> {
    const where = and(eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId), eq(memberIndicators.type, type));
    const rows = await this.db.select().from(memberIndicators).where(where).orderBy(desc(memberIndicators.measuredAt), desc(memberIndicators.id)).offset(offset).limit(limit);
    const [c] = await this.db.select({ n: count() }).from(memberIndicators).where(where);
    return { rows, total: c?.n ?? 0 };
  }

  async latestBp(userId: number, memberId: number): Promise<ValueRow | undefined> {
    const [r] = await this.db.select().from(memberIndicators)
      .where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId), eq(memberIndicators.type, BP)))
      .orderBy(desc(memberIndicators.measuredAt), desc(memberIndicators.id)).limit(1);
    return r;
  }

  async countBp(userId: number, memberId: number): Promise<number> {
    const [c] = await this.db.select({ n: count() }).from(memberIndicators).where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId), eq(memberIndicators.type, BP)));
    return c?.n ?? 0;
  }

  /** Every non-BP value of a member, newest first (the service keeps the latest per type). */
  async allValues(userId: number, memberId: number): Promise<ValueRow[]> {
    return this.db.select().from(memberIndicators)
      .where(and(eq(memberIndicators.userId, userId), eq(memberIndicators.memberId, memberId), ne(memberIndicators.type, BP)))
      .orderBy(desc(memberIndicators.measuredAt), desc(memberIndicators.id));
  }

  /** Files in a member's health folder. */
  async countFiles(userId: number, memberId: number): Promise<number> {
    const [c] = await this.db.select({ n: count() }).from(folderFiles).where(and(eq(folderFiles.userId, userId), eq(folderFiles.memberId, memberId)));
    return c?.n ?? 0;
  }
}
