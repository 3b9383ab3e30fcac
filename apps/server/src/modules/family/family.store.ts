import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { healthRecords, members, users } from '../../db/schema.ts';

export type MemberRow = typeof members.$inferSelect;
export type NewMember = typeof members.$inferInsert;
export type RecordRow = typeof healthRecords.$inferSelect;
export type NewRecord = typeof healthRecords.$inferInsert;

/** Queries of members and health records. Every query is scoped by the owning account. */
export class FamilyStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (store: FamilyStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new FamilyStore(tx as unknown as Db)));
  }

  members(userId: number): Promise<MemberRow[]> {
    return this.db.select().from(members).where(eq(members.userId, userId)).orderBy(asc(members.id));
  }
  member(userId: number, id: number): Promise<MemberRow | undefined> {
    return this.db.select().from(members).where(and(eq(members.userId, userId), eq(members.id, id))).limit(1).then((r) => r[0]);
  }
  selfMember(userId: number): Promise<MemberRow | undefined> {
    return this.db.select().from(members).where(and(eq(members.userId, userId), eq(members.isSelf, true))).limit(1).then((r) => r[0]);
  }
  async nameTaken(userId: number, roleCode: string, name: string, exceptId?: number): Promise<boolean> {
    const conds = [eq(members.userId, userId), eq(members.roleCode, roleCode), eq(members.name, name)];
    if (exceptId) conds.push(ne(members.id, exceptId));
    const [r] = await this.db.select({ n: count() }).from(members).where(and(...conds));
    return (r?.n ?? 0) > 0;
  }
  async countMembers(userId: number): Promise<number> {
    const [r] = await this.db.select({ n: count() }).from(members).where(eq(members.userId, userId));
    return r?.n ?? 0;
  }
  async insertMember(v: NewMember): Promise<MemberRow> {
    const [m] = await this.db.insert(members).values(v).returning();
    if (!m) throw new Error('insert members returned nothing');
    return m;
  }
  async updateMember(userId: number, id: number, patch: Partial<NewMember>): Promise<MemberRow | undefined> {
    if (Object.keys(patch).length === 0) return this.member(userId, id);
    const [m] = await this.db.update(members).set(patch).where(and(eq(members.userId, userId), eq(members.id, id))).returning();
    return m;
  }
  async deleteMember(userId: number, id: number): Promise<boolean> {
    const r = await this.db.delete(members).where(and(eq(members.userId, userId), eq(members.id, id), eq(members.isSelf, false))).returning({ id: members.id });
    return r.length === 1;
  }
  /** Makes `id` the only default consultant of the account (or none when null). */
  async setDefault(userId: number, id: number | null): Promise<void> {
    await this.db.update(members).set({ isDefault: 0 }).where(and(eq(members.userId, userId), eq(members.isDefault, 1)));
    if (id !== null) await this.db.update(members).set({ isDefault: 1 }).where(and(eq(members.userId, userId), eq(members.id, id)));
  }
  async userSettings(userId: number): Promise<Record<string, unknown>> {
    const [u] = await this.db.select({ s: users.settings }).from(users).where(eq(users.id, userId));
    return u?.s ?? {};
  }
  async saveUserSettings(userId: number, settings: Record<string, unknown>): Promise<void> {
    await this.db.update(users).set({ settings }).where(eq(users.id, userId));
  }

  // Health records
  records(userId: number, memberId: number): Promise<RecordRow[]> {
    return this.db.select().from(healthRecords).where(and(eq(healthRecords.userId, userId), eq(healthRecords.memberId, memberId))).orderBy(asc(healthRecords.id));
  }
  record(userId: number, id: number): Promise<RecordRow | undefined> {
    return this.db.select().from(healthRecords).where(and(eq(healthRecords.userId, userId), eq(healthRecords.id, id))).limit(1).then((r) => r[0]);
  }
  async insertRecords(rows: NewRecord[]): Promise<RecordRow[]> {
    return rows.length ? this.db.insert(healthRecords).values(rows).returning() : [];
  }
  async updateRecord(userId: number, id: number, patch: Partial<NewRecord>): Promise<RecordRow | undefined> {
    const [r] = await this.db.update(healthRecords).set({ ...patch, updatedAt: new Date() }).where(and(eq(healthRecords.userId, userId), eq(healthRecords.id, id))).returning();
    return r;
  }
  async deleteRecord(userId: number, id: number, where: { memberId?: number; type?: string } = {}): Promise<boolean> {
    const conds = [eq(healthRecords.userId, userId), eq(healthRecords.id, id)];
    if (where.memberId !== undefined) conds.push(eq(healthRecords.memberId, where.memberId));
    if (where.type !== undefined) conds.push(eq(healthRecords.type, where.type));
    const r = await this.db.delete(healthRecords).where(and(...conds)).returning({ id: healthRecords.id });
    return r.length === 1;
  }
  /** Moves the account's records `ids` to member `to`; returns how many moved. */
  async moveRecords(userId: number, ids: number[], to: number): Promise<number> {
    const r = await this.db.update(healthRecords).set({ memberId: to, updatedAt: new Date() }).where(and(eq(healthRecords.userId, userId), inArray(healthRecords.id, ids))).returning({ id: healthRecords.id });
    return r.length;
  }
  /** Records added by chat or report reading since the member's records were last viewed. */
  async newRecordCount(userId: number, memberId: number, since: Date | null): Promise<number> {
    const conds = [eq(healthRecords.userId, userId), eq(healthRecords.memberId, memberId), ne(healthRecords.source, 'user')];
    if (since) conds.push(gt(healthRecords.createdAt, since));
    const [r] = await this.db.select({ n: count() }).from(healthRecords).where(and(...conds));
    return r?.n ?? 0;
  }
  async markViewed(userId: number, memberId: number, at: Date): Promise<void> {
    await this.db.update(members).set({ recordsViewedAt: at }).where(and(eq(members.userId, userId), eq(members.id, memberId)));
  }
  lastRecords(userId: number, memberId: number, limit: number): Promise<RecordRow[]> {
    return this.db.select().from(healthRecords).where(and(eq(healthRecords.userId, userId), eq(healthRecords.memberId, memberId))).orderBy(sql`${healthRecords.updatedAt} desc`).limit(limit);
  }
}
