import { and, asc, count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;
export type NewFeedback = typeof feedback.$inferInsert;
export type FeedbackKind = 'suggestion' | 'complaint';

export class FeedbackStore {
  constructor(private readonly db: Db) {}

  async insert(v: NewFeedback): Promise<FeedbackRow> {
    const [r] = await this.db.insert(feedback).values(v).returning();
    if (!r) throw new Error('feedback insert returned no row');
    return r;
  }
  listByUser(userId: number, kind: FeedbackKind, limit: number): Promise<FeedbackRow[]> {
    return this.db.select().from(feedback).where(and(eq(feedback.userId, userId), eq(feedback.kind, kind))).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(limit);
  }
  async notRead(userId: number, kind: FeedbackKind): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(feedback).where(and(eq(feedback.userId, userId), eq(feedback.kind, kind), isNotNull(feedback.repliedAt), eq(feedback.replyRead, false)));
    return r?.n ?? 0;
  }
  async markRepliesRead(userId: number, kind: FeedbackKind): Promise<number[]> {
    const rows = await this.db.update(feedback).set({ replyRead: true }).where(and(eq(feedback.userId, userId), eq(feedback.kind, kind), isNotNull(feedback.repliedAt), eq(feedback.replyRead, false))).returning({ id: feedback.id });
    return rows.map((r) => r.id);
  }
  // --- operators ---
  open(kind: FeedbackKind | undefined, limit: number): Promise<FeedbackRow[]> {
    return this.db.select().from(feedback).where(and(isNull(feedback.repliedAt), kind ? eq(feedback.kind, kind) : undefined)).orderBy(asc(feedback.createdAt), asc(feedback.id)).limit(limit);
  }
  byId(id: number): Promise<FeedbackRow | undefined> {
    return this.db.select().from(feedback).where(eq(feedback.id, id)).limit(1).then((r) => r[0]);
  }
  async reply(id: number, text: string, at: Date): Promise<FeedbackRow | undefined> {
    const [r] = await this.db.update(feedback).set({ replyContent: text, repliedAt: at, replyRead: false }).where(eq(feedback.id, id)).returning();
    return r;
  }
}
