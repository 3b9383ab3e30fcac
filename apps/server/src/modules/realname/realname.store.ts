import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { realNames } from '../../db/schema.ts';

export type RealNameRow = typeof realNames.$inferSelect;

/** Queries of real-name verification. */
export class RealNameStore {
  constructor(private readonly db: Db) {}
  get(userId: number, memberId: number): Promise<RealNameRow | undefined> {
    return this.db.select().from(realNames).where(and(eq(realNames.userId, userId), eq(realNames.memberId, memberId))).limit(1).then((r) => r[0]);
  }
  /** Stores the first verification of a member; false when one exists. */
  async insert(v: RealNameRow): Promise<boolean> {
    const r = await this.db.insert(realNames).values(v).onConflictDoNothing().returning({ id: realNames.memberId });
    return r.length > 0;
  }
}
