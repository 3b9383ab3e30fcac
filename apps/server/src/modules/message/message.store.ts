import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messages, remindRecords, users } from '../../db/schema.ts';

/** Rows of a raw query on either driver (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (r: unknown): Array<Record<string, unknown>> => {
  const rows = typeof r === 'object' && r !== null ? (r as { rows?: unknown }).rows : undefined;
  return Array.isArray(rows) ? (rows as Array<Record<string, unknown>>) : [];
};

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;
/** A row of either source in the merged list. */
export interface InboxRow {
  source: 'remind' | 'message';
  id: number;
  kind: string;
  title: string;
  content: string;
  link: string;
  readFlag: boolean;
  at: Date;
  remindType: number;
  memberId: number;
}

/** The message centre's queries: its own messages, and the reminder records (read where modules/remind writes them). */
export class MessageStore {
  constructor(private readonly db: Db) {}

  async insert(v: NewMessage): Promise<MessageRow> {
    const [r] = await this.db.insert(messages).values(v).returning();
    if (!r) throw new Error('message insert returned no row');
    return r;
  }

  /**
   * One page of the merged list, newest first: delivered reminder records and messages in one
   * UNION ALL query (both sources stay where they are written).
   */
  async page(userId: number, kind: string | undefined, offset: number, limit: number): Promise<{ rows: InboxRow[]; total: number }> {
    const wantRemind = !kind || kind === 'remind';
    const wantMsg = !kind || kind !== 'remind';
    const parts = [];
    if (wantRemind) {
      parts.push(sql`select 'remind' as source, r.id, 'remind' as kind, coalesce(r.title, '') as title, coalesce(r.content, '') as content, '' as link, r.read_flag, r.notified_at as at, r.type as remind_type, r.member_id from ${remindRecords} r where r.user_id = ${userId} and r.notified_at is not null`);
    }
    if (wantMsg) {
      parts.push(sql`select 'message' as source, m.id, m.kind, m.title, m.content, m.link, m.read_flag, m.created_at as at, 0 as remind_type, 0 as member_id from ${messages} m where m.user_id = ${userId}${kind ? sql` and m.kind = ${kind}` : sql``}`);
    }
    const union = sql.join(parts, sql` union all `);
    const res = await this.db.execute(sql`select * from (${union}) u order by at desc, id desc offset ${offset} limit ${limit}`);
    const rows = rowsOf(res).map((r) => ({
      source: r.source === 'remind' ? ('remind' as const) : ('message' as const),
      id: Number(r.id),
      kind: String(r.kind),
      title: String(r.title),
      content: String(r.content),
      link: String(r.link),
      readFlag: Boolean(r.read_flag),
      at: r.at instanceof Date ? r.at : new Date(String(r.at)),
      remindType: Number(r.remind_type),
      memberId: Number(r.member_id),
    }));
    const [m, rr] = await Promise.all([
      wantMsg ? this.db.select({ n: count() }).from(messages).where(and(eq(messages.userId, userId), kind ? eq(messages.kind, kind) : undefined)) : Promise.resolve([{ n: 0 }]),
      wantRemind ? this.db.select({ n: count() }).from(remindRecords).where(and(eq(remindRecords.userId, userId), isNotNull(remindRecords.notifiedAt))) : Promise.resolve([{ n: 0 }]),
    ]);
    return { rows, total: (m[0]?.n ?? 0) + (rr[0]?.n ?? 0) };
  }

  /** Unread messages per kind, reminders included. */
  async unreadByKind(userId: number): Promise<Record<string, number>> {
    const [own, [rem]] = await Promise.all([
      this.db.select({ kind: messages.kind, n: count() }).from(messages).where(and(eq(messages.userId, userId), eq(messages.readFlag, false))).groupBy(messages.kind),
      this.db.select({ n: count() }).from(remindRecords).where(and(eq(remindRecords.userId, userId), isNotNull(remindRecords.notifiedAt), eq(remindRecords.readFlag, false))),
    ]);
    const out: Record<string, number> = { remind: rem?.n ?? 0 };
    for (const r of own) out[r.kind] = r.n;
    return out;
  }

  async markRead(userId: number, ids: number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db.update(messages).set({ readFlag: true }).where(and(eq(messages.userId, userId), inArray(messages.id, ids), eq(messages.readFlag, false))).returning({ id: messages.id });
    return rows.length;
  }
  async markReadByRef(userId: number, kind: string, refIds: string[]): Promise<number> {
    if (refIds.length === 0) return 0;
    const rows = await this.db.update(messages).set({ readFlag: true }).where(and(eq(messages.userId, userId), eq(messages.kind, kind), inArray(messages.refId, refIds), eq(messages.readFlag, false))).returning({ id: messages.id });
    return rows.length;
  }
  async markAllRead(userId: number, kind: string | undefined): Promise<number> {
    const rows = await this.db.update(messages).set({ readFlag: true }).where(and(eq(messages.userId, userId), eq(messages.readFlag, false), kind ? eq(messages.kind, kind) : undefined)).returning({ id: messages.id });
    return rows.length;
  }
  /** Reminder records are marked read where they live. */
  async markRemindRead(userId: number, ids: number[] | 'all'): Promise<number> {
    const conds = [eq(remindRecords.userId, userId), isNotNull(remindRecords.notifiedAt), eq(remindRecords.readFlag, false)];
    if (ids !== 'all') {
      if (ids.length === 0) return 0;
      conds.push(inArray(remindRecords.id, ids));
    }
    const rows = await this.db.update(remindRecords).set({ readFlag: true }).where(and(...conds)).returning({ id: remindRecords.id });
    return rows.length;
  }
  /** The account's phone and settings (SMS notices, per-kind settings). */
  async user(userId: number): Promise<{ phone: string; settings: Record<string, unknown> } | undefined> {
    const [u] = await this.db.select({ phone: users.phone, settings: users.settings }).from(users).where(eq(users.id, userId)).limit(1);
    return u;
  }
  /** Sets one key of the account's settings (jsonb), leaving the others. */
  async setSetting(userId: number, key: string, value: unknown): Promise<void> {
    await this.db.update(users).set({ settings: sql`${users.settings} || jsonb_build_object(${key}::text, ${JSON.stringify(value)}::jsonb)` }).where(eq(users.id, userId));
  }
  exists(userId: number, id: number): Promise<boolean> {
    return this.db.select({ id: messages.id }).from(messages).where(and(eq(messages.userId, userId), eq(messages.id, id))).limit(1).then((r) => r.length > 0);
  }
  recent(userId: number, limit: number): Promise<MessageRow[]> {
    return this.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit);
  }
}
