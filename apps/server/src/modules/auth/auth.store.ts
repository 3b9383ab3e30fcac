import { and, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { applications, members, phoneChanges, sessions, smsCodes, users, verifyTickets } from '../../db/schema.ts';
import { SELF_ROLE } from '@chatdr/contract';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type SmsCodeRow = typeof smsCodes.$inferSelect;

/** Queries of the auth area. */
export class AuthStore {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in a transaction holding an advisory lock on `key` (serialises per phone). */
  withPhoneLock<T>(phone: string, fn: (store: AuthStore) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'phone:' + phone}))`);
      return fn(new AuthStore(tx as unknown as Db));
    });
  }

  userByPhone(phone: string): Promise<UserRow | undefined> {
    return this.db.select().from(users).where(eq(users.phone, phone)).limit(1).then((r) => r[0]);
  }
  userById(id: number): Promise<UserRow | undefined> {
    return this.db.select().from(users).where(eq(users.id, id)).limit(1).then((r) => r[0]);
  }
  async createUser(phone: string, status: 'active' | 'applicant'): Promise<UserRow> {
    const [u] = await this.db.insert(users).values({ phone, status }).returning();
    if (!u) throw new Error('insert users returned nothing');
    return u;
  }
  async setUserStatus(id: number, status: 'active' | 'applicant'): Promise<void> {
    await this.db.update(users).set({ status }).where(eq(users.id, id));
  }
  async createSelfMember(userId: number): Promise<void> {
    await this.db.insert(members).values({ userId, name: SELF_ROLE.roleName, roleCode: SELF_ROLE.roleCode, roleName: SELF_ROLE.roleName, roleTag: SELF_ROLE.roleTag, isSelf: true });
  }
  async setPassword(userId: number, hash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash: hash }).where(eq(users.id, userId));
  }
  async deleteUser(userId: number, phone: string): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
    await this.db.delete(smsCodes).where(eq(smsCodes.phone, phone));
    await this.db.delete(verifyTickets).where(eq(verifyTickets.phone, phone));
  }

  // SMS codes
  async sendCounts(phone: string, now: Date): Promise<{ lastAt: Date | null; hour: number; day: number }> {
    const dayAgo = new Date(now.getTime() - 86_400_000);
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [r] = await this.db
      .select({
        lastAt: sql<Date | string | null>`max(${smsCodes.createdAt})`,
        hour: sql<number>`count(*) filter (where ${smsCodes.createdAt} > ${hourAgo.toISOString()})`.mapWith(Number),
        day: sql<number>`count(*)`.mapWith(Number),
      })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayAgo)));
    const lastAt = r?.lastAt ? new Date(r.lastAt) : null;
    return { lastAt, hour: r?.hour ?? 0, day: r?.day ?? 0 };
  }
  async insertCode(phone: string, scene: string, codeHash: Buffer, now: Date, expiresAt: Date): Promise<void> {
    // A new code supersedes the unused ones of the same purpose: only the latest works.
    await this.db.update(smsCodes).set({ usedAt: now }).where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.usedAt)));
    await this.db.insert(smsCodes).values({ phone, scene, codeHash, createdAt: now, expiresAt });
  }
  latestLiveCode(phone: string, scene: string): Promise<SmsCodeRow | undefined> {
    return this.db.select().from(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.scene, scene), isNull(smsCodes.usedAt))).orderBy(desc(smsCodes.createdAt)).limit(1).then((r) => r[0]);
  }
  async addCodeTry(id: number): Promise<number> {
    const [r] = await this.db.update(smsCodes).set({ tries: sql`${smsCodes.tries} + 1` }).where(eq(smsCodes.id, id)).returning({ tries: smsCodes.tries });
    return r?.tries ?? 0;
  }
  async useCode(id: number, now: Date): Promise<void> {
    await this.db.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, id));
  }

  // Verify tickets
  async insertTicket(tokenHash: Buffer, phone: string, scene: string, expiresAt: Date): Promise<void> {
    await this.db.insert(verifyTickets).values({ tokenHash, phone, scene, expiresAt });
  }
  /** Whether a ticket is live (not used, not expired), without using it. */
  async ticketLive(tokenHash: Buffer, phone: string, scene: string, now: Date): Promise<boolean> {
    const r = await this.db.select({ id: verifyTickets.id }).from(verifyTickets).where(and(eq(verifyTickets.tokenHash, tokenHash), eq(verifyTickets.phone, phone), eq(verifyTickets.scene, scene), isNull(verifyTickets.usedAt), gt(verifyTickets.expiresAt, now))).limit(1);
    return r.length === 1;
  }
  /** Moves the account to a new phone and records the change (one transaction, the caller holds both phones' locks). */
  async changePhone(userId: number, oldPhone: string, newPhone: string, at: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.update(users).set({ phone: newPhone }).where(eq(users.id, userId));
      const [row] = await tx.insert(phoneChanges).values({ userId, oldPhone, newPhone, changedAt: at }).returning({ id: phoneChanges.id });
      return row?.id ?? 0;
    });
  }
  async setPhoneChangeEnded(id: number, ended: number): Promise<void> {
    await this.db.update(phoneChanges).set({ endedSessions: ended }).where(eq(phoneChanges.id, id));
  }
  phoneChangesOf(userId: number) {
    return this.db.select().from(phoneChanges).where(eq(phoneChanges.userId, userId)).orderBy(phoneChanges.changedAt);
  }
  /** Marks a live ticket used; returns whether one was consumed. */
  async consumeTicket(tokenHash: Buffer, phone: string, scene: string, now: Date): Promise<boolean> {
    const r = await this.db
      .update(verifyTickets)
      .set({ usedAt: now })
      .where(and(eq(verifyTickets.tokenHash, tokenHash), eq(verifyTickets.phone, phone), eq(verifyTickets.scene, scene), isNull(verifyTickets.usedAt), gt(verifyTickets.expiresAt, now)))
      .returning({ id: verifyTickets.id });
    return r.length === 1;
  }

  // Sessions
  async insertSession(v: { publicId: string; tokenHash: Buffer; userId: number; loginAt: Date; deviceType: string | null; ua: string | null; now: Date }): Promise<void> {
    await this.db.insert(sessions).values({ publicId: v.publicId, tokenHash: v.tokenHash, userId: v.userId, loginAt: v.loginAt, createdAt: v.now, lastSeenAt: v.now, deviceType: v.deviceType, ua: v.ua });
  }
  /** Inserts a session unless one with the same token exists; returns whether it was inserted. */
  async insertSessionOnce(v: { publicId: string; tokenHash: Buffer; userId: number; loginAt: Date; deviceType: string | null; ua: string | null; now: Date }): Promise<boolean> {
    const r = await this.db
      .insert(sessions)
      .values({ publicId: v.publicId, tokenHash: v.tokenHash, userId: v.userId, loginAt: v.loginAt, createdAt: v.now, lastSeenAt: v.now, deviceType: v.deviceType, ua: v.ua })
      .onConflictDoNothing({ target: sessions.tokenHash })
      .returning({ id: sessions.id });
    return r.length === 1;
  }
  async sessionByToken(tokenHash: Buffer): Promise<{ s: SessionRow; u: UserRow } | undefined> {
    const [r] = await this.db.select({ s: sessions, u: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, tokenHash)).limit(1);
    return r;
  }
  async touchSession(id: number, now: Date): Promise<void> {
    await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  /** Ends a session at `at` unless it already ends earlier. */
  async endSession(id: number, at: Date): Promise<void> {
    await this.db.update(sessions).set({ endsAt: at }).where(and(eq(sessions.id, id), or(isNull(sessions.endsAt), gt(sessions.endsAt, at))));
  }
  /** Ends the user's live sessions, optionally sparing one or only the listed public ids. */
  async endUserSessions(userId: number, now: Date, opts: { except?: number; only?: string[] } = {}): Promise<number> {
    const live = and(eq(sessions.userId, userId), or(isNull(sessions.endsAt), gt(sessions.endsAt, now)));
    const rows = await this.db.select({ id: sessions.id, publicId: sessions.publicId }).from(sessions).where(live);
    const ids = rows.filter((r) => r.id !== opts.except && (!opts.only || opts.only.includes(r.publicId))).map((r) => r.id);
    for (const id of ids) await this.endSession(id, now);
    return ids.length;
  }
  /**
   * The sessions a person would call their devices: live and not being rotated out. A token
   * refresh (every app start) ends the old row after a grace period; that row is the same device
   * as its successor, so it is not listed (issue 18: reloads showed as phantom devices).
   */
  liveSessions(userId: number, _now: Date, absoluteStart: Date): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.endsAt), gte(sessions.loginAt, absoluteStart)))
      .orderBy(desc(sessions.lastSeenAt));
  }
  /** Housekeeping: removes sessions ended or past their lifetime, and old codes and tickets. */
  async purgeExpired(now: Date, absoluteStart: Date): Promise<void> {
    await this.db.delete(sessions).where(or(lt(sessions.endsAt, now), lt(sessions.loginAt, absoluteStart)));
    await this.db.delete(smsCodes).where(lt(smsCodes.createdAt, new Date(now.getTime() - 2 * 86_400_000)));
    await this.db.delete(verifyTickets).where(lt(verifyTickets.expiresAt, now));
  }

  // Applications
  applicationOf(userId: number) {
    return this.db.select().from(applications).where(eq(applications.userId, userId)).limit(1).then((r) => r[0]);
  }
  async insertApplication(userId: number, name: string, reason: string): Promise<void> {
    await this.db.insert(applications).values({ userId, name, reason });
  }
  async decideApplication(userId: number, state: number, now: Date): Promise<void> {
    await this.db.update(applications).set({ state, decidedAt: now }).where(eq(applications.userId, userId));
  }
}
