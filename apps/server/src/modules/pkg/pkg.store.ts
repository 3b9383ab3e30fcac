import { and, asc, count, desc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { members, payNotifications, rehabOrderEvents, rehabOrders, rehabPackages } from '../../db/schema.ts';

export type PackageRow = typeof rehabPackages.$inferSelect;
export type NewPackage = typeof rehabPackages.$inferInsert;
export type OrderRow = typeof rehabOrders.$inferSelect;
export type NewOrder = typeof rehabOrders.$inferInsert;
export type EventRow = typeof rehabOrderEvents.$inferSelect;

/** Queries of packages, orders, their audit trail and accepted notifications. Orders are scoped by account. */
export class PkgStore {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (store: PkgStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => fn(new PkgStore(tx as unknown as Db)));
  }

  async addPackage(v: NewPackage): Promise<PackageRow> {
    const [p] = await this.db.insert(rehabPackages).values(v).returning();
    if (!p) throw new Error('insert rehab_packages returned nothing');
    return p;
  }
  packages(includeInactive = false): Promise<PackageRow[]> {
    const q = this.db.select().from(rehabPackages);
    return (includeInactive ? q : q.where(eq(rehabPackages.active, true))).orderBy(asc(rehabPackages.id));
  }
  packageById(id: number): Promise<PackageRow | undefined> {
    return this.db.select().from(rehabPackages).where(eq(rehabPackages.id, id)).limit(1).then((r) => r[0]);
  }
  async setPackageActive(id: number, active: boolean): Promise<boolean> {
    const r = await this.db.update(rehabPackages).set({ active }).where(eq(rehabPackages.id, id)).returning({ id: rehabPackages.id });
    return r.length === 1;
  }

  async insertOrder(v: NewOrder): Promise<OrderRow | undefined> {
    const [o] = await this.db.insert(rehabOrders).values(v).onConflictDoNothing({ target: [rehabOrders.userId, rehabOrders.idempotencyKey] }).returning();
    return o;
  }
  orderByKey(userId: number, key: string): Promise<OrderRow | undefined> {
    return this.db.select().from(rehabOrders).where(and(eq(rehabOrders.userId, userId), eq(rehabOrders.idempotencyKey, key))).limit(1).then((r) => r[0]);
  }
  order(userId: number, orderNo: string): Promise<OrderRow | undefined> {
    return this.db.select().from(rehabOrders).where(and(eq(rehabOrders.userId, userId), eq(rehabOrders.orderNo, orderNo))).limit(1).then((r) => r[0]);
  }
  /** By order number alone: only for the provider's notifications (already signature-checked). */
  orderForNotify(orderNo: string): Promise<OrderRow | undefined> {
    return this.db.select().from(rehabOrders).where(eq(rehabOrders.orderNo, orderNo)).limit(1).for('update').then((r) => r[0]);
  }
  async orders(userId: number, status: number | undefined, offset: number, limit: number): Promise<{ total: number; rows: OrderRow[] }> {
    const where = status === undefined ? eq(rehabOrders.userId, userId) : and(eq(rehabOrders.userId, userId), eq(rehabOrders.status, status));
    const [n] = await this.db.select({ n: count() }).from(rehabOrders).where(where);
    const rows = await this.db.select().from(rehabOrders).where(where).orderBy(desc(rehabOrders.createdAt), desc(rehabOrders.id)).offset(offset).limit(limit);
    return { total: n?.n ?? 0, rows };
  }
  ordersWithStatus(userId: number, statuses: number[]): Promise<OrderRow[]> {
    return this.db.select().from(rehabOrders).where(and(eq(rehabOrders.userId, userId), inArray(rehabOrders.status, statuses))).orderBy(asc(rehabOrders.createdAt), asc(rehabOrders.id));
  }
  async countOrders(userId: number, memberId?: number): Promise<number> {
    const where = memberId === undefined ? eq(rehabOrders.userId, userId) : and(eq(rehabOrders.userId, userId), eq(rehabOrders.memberId, memberId));
    const [n] = await this.db.select({ n: count() }).from(rehabOrders).where(where);
    return n?.n ?? 0;
  }
  /** Paid orders of the same package that are older than `o` and not yet in service. */
  async waitingAhead(o: OrderRow): Promise<number> {
    const [n] = await this.db.select({ n: count() }).from(rehabOrders).where(and(eq(rehabOrders.packageId, o.packageId), eq(rehabOrders.status, 2), or(lt(rehabOrders.paidAt, o.paidAt ?? new Date(0)), and(eq(rehabOrders.paidAt, o.paidAt ?? new Date(0)), lt(rehabOrders.id, o.id)))));
    return n?.n ?? 0;
  }

  /** Moves an order from `from` to a new state (with `patch`); undefined if it was not in `from`. */
  async transition(id: number, from: number[], patch: Partial<NewOrder> & { status: number }, actor: string, note: string, at: Date): Promise<OrderRow | undefined> {
    const [o] = await this.db.select({ status: rehabOrders.status }).from(rehabOrders).where(eq(rehabOrders.id, id)).limit(1);
    if (!o || !from.includes(o.status)) return undefined;
    const [u] = await this.db.update(rehabOrders).set({ ...patch, updatedAt: at }).where(and(eq(rehabOrders.id, id), eq(rehabOrders.status, o.status))).returning();
    if (!u) return undefined;
    if (o.status !== patch.status) await this.event(id, o.status, patch.status, actor, note, at);
    return u;
  }
  /** Sets the open payment of an unpaid order, if it still has `prev`. */
  async setTrade(id: number, prev: string | null, tradeNo: string | null, at: Date): Promise<boolean> {
    const r = await this.db.update(rehabOrders).set({ tradeNo, updatedAt: at }).where(and(eq(rehabOrders.id, id), eq(rehabOrders.status, 1), prev === null ? isNull(rehabOrders.tradeNo) : eq(rehabOrders.tradeNo, prev))).returning({ id: rehabOrders.id });
    return r.length === 1;
  }
  async event(orderId: number, fromStatus: number | null, toStatus: number, actor: string, note: string, at: Date): Promise<void> {
    await this.db.insert(rehabOrderEvents).values({ orderId, fromStatus, toStatus, actor, note, at });
  }
  events(orderId: number): Promise<EventRow[]> {
    return this.db.select().from(rehabOrderEvents).where(eq(rehabOrderEvents.orderId, orderId)).orderBy(asc(rehabOrderEvents.id));
  }
  /** Unpaid orders past their expiry (all accounts, or one). */
  expired(now: Date, userId?: number): Promise<OrderRow[]> {
    const c = and(eq(rehabOrders.status, 1), lte(rehabOrders.expiresAt, now));
    return this.db.select().from(rehabOrders).where(userId === undefined ? c : and(c, eq(rehabOrders.userId, userId)));
  }
  /** Orders in service past their end (all accounts, or one). */
  ended(now: Date, userId?: number): Promise<OrderRow[]> {
    const c = and(eq(rehabOrders.status, 3), lte(rehabOrders.serviceEnd, now));
    return this.db.select().from(rehabOrders).where(userId === undefined ? c : and(c, eq(rehabOrders.userId, userId)));
  }
  /** Records an accepted notification; false when its id was seen before (a replay). */
  async acceptNotify(notifyId: string, provider: string, orderNo: string, event: string, at: Date): Promise<boolean> {
    const r = await this.db.insert(payNotifications).values({ notifyId, provider, orderNo, event, at }).onConflictDoNothing().returning({ id: payNotifications.notifyId });
    return r.length === 1;
  }
  memberNames(userId: number): Promise<Array<{ id: number; name: string; roleName: string; isSelf: boolean }>> {
    return this.db.select({ id: members.id, name: members.name, roleName: members.roleName, isSelf: members.isSelf }).from(members).where(eq(members.userId, userId)).orderBy(asc(members.id));
  }
  async activeOrderCounts(userId: number): Promise<Map<number, number>> {
    const rows = await this.db.select({ m: rehabOrders.memberId, n: count() }).from(rehabOrders).where(and(eq(rehabOrders.userId, userId), inArray(rehabOrders.status, [2, 3, 5]))).groupBy(rehabOrders.memberId);
    return new Map(rows.map((r) => [r.m, r.n]));
  }
}
