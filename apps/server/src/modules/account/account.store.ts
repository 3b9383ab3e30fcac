import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, users } from '../../db/schema.ts';

export type MemberRow = typeof members.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export class AccountStore {
  constructor(private readonly db: Db) {}
  user(id: number) {
    return this.db.select().from(users).where(eq(users.id, id)).limit(1).then((r) => r[0]);
  }
  members(userId: number): Promise<MemberRow[]> {
    return this.db.select().from(members).where(eq(members.userId, userId)).orderBy(asc(members.id));
  }
  async saveSettings(userId: number, settings: Record<string, unknown>): Promise<void> {
    await this.db.update(users).set({ settings }).where(eq(users.id, userId));
  }
}
