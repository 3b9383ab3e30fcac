import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS, ORDER_STATUS_TEXT, PKG_LIMITS, PKG_MSG, type Order, type OrderStatus, type PackageItem, type PayNotify } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { notFound, type Access } from '../../access/access.ts';
import type { PayProvider, VerifiedNotify } from './pay-provider.ts';
import type { OrderRow, PackageRow, PkgStore } from './pkg.store.ts';

const S = ORDER_STATUS;
/** Statuses in which the member holds the package (account-health §8: status 2 or more, not refunded). */
const HOLDING: number[] = [S.paid, S.inService, S.completed, S.refundRequested];
const DAY = 86_400_000;

export interface PackageInput {
  name: string;
  priceFen: number;
  durationDays: number;
  team: string;
  includes: string[];
  intro?: string;
}

interface Deps {
  store: PkgStore;
  access: Access;
  provider: PayProvider;
  /** False with PAY_PROVIDER=none: no payment opens, no refund is sent. */
  payEnabled: boolean;
  requireMember: (auth: AuthContext, id: number) => Promise<{ id: number; name: string }>;
  now: () => number;
  log: FastifyBaseLogger;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Packages, the order state machine and payment through one provider. */
export class PkgService {
  constructor(private readonly d: Deps) {}

  private get store() {
    return this.d.store;
  }
  private at() {
    return new Date(this.d.now());
  }

  // ---- packages (operators) -------------------------------------------------------------------

  async addPackage(v: PackageInput): Promise<PackageItem> {
    if (!v.name.trim() || !v.team.trim()) throw new Error('--name and --team must not be empty');
    if (!Number.isSafeInteger(v.priceFen) || v.priceFen <= 0 || v.priceFen > 100_000_000) throw new Error('--price-fen must be an integer between 1 and 100000000 (fen)');
    if (!Number.isSafeInteger(v.durationDays) || v.durationDays <= 0 || v.durationDays > 3650) throw new Error('--days must be an integer between 1 and 3650');
    const includes = v.includes.map((s) => s.trim()).filter(Boolean);
    if (includes.length === 0) throw new Error('--includes must name at least one item (comma-separated)');
    return toPackage(await this.store.addPackage({ name: v.name.trim(), priceFen: v.priceFen, durationDays: v.durationDays, team: v.team.trim(), includes, intro: v.intro?.trim() ?? '' }));
  }
  async listPackages(includeInactive = false): Promise<Array<PackageItem & { active: boolean }>> {
    return (await this.store.packages(includeInactive)).map((p) => ({ ...toPackage(p), active: p.active }));
  }
  setPackageActive(id: number, active: boolean): Promise<boolean> {
    return this.store.setPackageActive(id, active);
  }

  // ---- user calls -----------------------------------------------------------------------------

  async records(auth: AuthContext, packageId?: number): Promise<{ packages: PackageItem[]; records: Order[] }> {
    await this.settle(auth.userId);
    const packages = (await this.store.packages()).filter((p) => packageId === undefined || p.id === packageId).map(toPackage);
    const rows = (await this.store.ordersWithStatus(auth.userId, HOLDING)).filter((o) => packageId === undefined || o.packageId === packageId);
    return { packages, records: await this.toOrders(auth.userId, rows) };
  }

  /** accountInfo.packageList: the packages the account holds (status 2 or more), oldest first. */
  async packageList(userId: number): Promise<Array<{ id: number; name: string; status: number }>> {
    const rows = await this.store.ordersWithStatus(userId, HOLDING);
    const pkgs = new Map((await this.store.packages(true)).map((p) => [p.id, p]));
    return rows.map((o) => ({ id: o.packageId, name: pkgs.get(o.packageId)?.name ?? '', status: o.status }));
  }

  /** userHealthPageState.orderCnt: orders of the account (of the member when given). */
  orderCount(userId: number, memberId?: number): Promise<number> {
    return this.store.countOrders(userId, memberId);
  }

  async members(auth: AuthContext) {
    const counts = await this.store.activeOrderCounts(auth.userId);
    return (await this.store.memberNames(auth.userId)).map((m) => ({ ...m, activeOrders: counts.get(m.id) ?? 0 }));
  }

  async create(auth: AuthContext, v: { packageId: number; userInfoId: number; idempotencyKey: string }): Promise<Order> {
    const again = await this.store.orderByKey(auth.userId, v.idempotencyKey);
    if (again) return this.replayed(auth, again, v);
    const member = await this.d.requireMember(auth, v.userInfoId);
    const pkg = await this.store.packageById(v.packageId);
    if (!pkg || !pkg.active) throw fail('notFound', { msg: PKG_MSG.packageGone });
    const at = this.at();
    const orderNo = `RO${at.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(6).toString('hex').toUpperCase()}`;
    const row = await this.store.transaction(async (s) => {
      const o = await s.insertOrder({ orderNo, userId: auth.userId, memberId: member.id, packageId: pkg.id, amountFen: pkg.priceFen, status: S.created, idempotencyKey: v.idempotencyKey, expiresAt: new Date(at.getTime() + PKG_LIMITS.payTtlMs), createdAt: at, updatedAt: at });
      if (o) await s.event(o.id, null, S.created, 'user', '', at);
      return o;
    });
    // A concurrent retry with the same key won the insert: answer its order.
    if (!row) {
      const won = this.d.access.found('order', await this.store.orderByKey(auth.userId, v.idempotencyKey));
      return this.replayed(auth, won, v);
    }
    return this.toOrder(auth.userId, row);
  }

  private async replayed(auth: AuthContext, o: OrderRow, v: { packageId: number; userInfoId: number }): Promise<Order> {
    if (o.packageId !== v.packageId || o.memberId !== v.userInfoId) throw fail('badRequest', { msg: PKG_MSG.keyReused });
    await this.settle(auth.userId);
    return this.toOrder(auth.userId, (await this.store.order(auth.userId, o.orderNo)) ?? o);
  }

  /** Opens (or reopens) the payment of an unpaid order. A retry answers the open payment: one charge at most. */
  async pay(auth: AuthContext, orderNo: string, clientIp = '127.0.0.1'): Promise<{ order: Order; payUrl: string | null; tradeNo: string | null }> {
    const o = await this.owned(auth, orderNo);
    if (!this.d.payEnabled) throw fail('badRequest', { msg: PKG_MSG.payUnavailable });
    if (o.status === S.cancelled && o.expiresAt.getTime() <= this.d.now() && !o.paidAt) throw fail('badRequest', { msg: PKG_MSG.expired });
    if (o.status !== S.created) {
      if (o.status === S.paid || o.status === S.inService || o.status === S.completed) return { order: await this.toOrder(auth.userId, o), payUrl: null, tradeNo: o.tradeNo };
      throw fail('badRequest', { msg: PKG_MSG.notPayable });
    }
    const pkg = await this.store.packageById(o.packageId);
    const req = { orderNo: o.orderNo, amountFen: o.amountFen, subject: pkg?.name ?? '康复服务包', expiresAt: o.expiresAt, clientIp };
    if (o.tradeNo && (await this.via('query', () => this.d.provider.isOpen(o.tradeNo ?? '')))) {
      return { order: await this.toOrder(auth.userId, o), payUrl: this.d.provider.pageOf(o.tradeNo) ?? (await this.via('reopen', () => this.d.provider.reopen(o.tradeNo ?? '', req))), tradeNo: o.tradeNo };
    }
    const opened = await this.via('create', () => this.d.provider.createPayment(req));
    if (!(await this.store.setTrade(o.id, o.tradeNo, opened.tradeNo, this.at()))) {
      // A concurrent pay set another payment first: close ours and answer that one.
      await this.d.provider.close(opened.tradeNo);
      return this.pay(auth, orderNo, clientIp);
    }
    await this.store.event(o.id, S.created, S.created, 'user', `payment opened (${this.d.provider.name})`, this.at());
    const now = (await this.store.order(auth.userId, orderNo)) ?? o;
    return { order: await this.toOrder(auth.userId, now), payUrl: opened.payUrl, tradeNo: opened.tradeNo };
  }

  async query(auth: AuthContext, orderNo: string): Promise<Order> {
    return this.toOrder(auth.userId, await this.owned(auth, orderNo));
  }

  async cancel(auth: AuthContext, orderNo: string): Promise<Order> {
    const o = await this.owned(auth, orderNo);
    if (o.status === S.cancelled) return this.toOrder(auth.userId, o);
    const u = await this.store.transition(o.id, [S.created], { status: S.cancelled }, 'user', 'cancelled by the user', this.at());
    if (!u) throw fail('badRequest', { msg: PKG_MSG.notCancellable });
    if (u.tradeNo) await this.closeTrade(u.tradeNo);
    return this.toOrder(auth.userId, u);
  }

  async refund(auth: AuthContext, orderNo: string, reason: string | undefined): Promise<Order> {
    const o = await this.owned(auth, orderNo);
    if (o.status === S.refundRequested || o.status === S.refunded) return this.toOrder(auth.userId, o);
    if (!this.d.payEnabled) throw fail('badRequest', { msg: PKG_MSG.payUnavailable });
    const u = await this.store.transition(o.id, [S.paid, S.inService], { status: S.refundRequested, refundReason: reason ?? '' }, 'user', 'refund requested', this.at());
    if (!u || !u.tradeNo) throw fail('badRequest', { msg: PKG_MSG.notRefundable });
    const paidTrade = u.tradeNo;
    const r = await this.via('refund', () => this.d.provider.refund({ tradeNo: paidTrade, orderNo: u.orderNo, amountFen: u.amountFen })).catch(async (err: unknown) => {
      // The provider did not take the refund: the order goes back to where it was, the user may ask again.
      await this.store.transition(u.id, [S.refundRequested], { status: o.status }, 'system', `refund not sent to ${this.d.provider.name}`, this.at());
      throw err;
    });
    await this.store.event(u.id, S.refundRequested, S.refundRequested, 'system', `refund ${r.refundNo} sent to ${this.d.provider.name}`, this.at());
    if (r.settled) {
      // The provider's signed answer says the money went back (Alipay): the order is refunded now.
      await this.accept({ notifyId: `${this.d.provider.name}-refund-${r.refundNo}`, tradeNo: u.tradeNo, orderNo: u.orderNo, amountFen: u.amountFen, event: 'refund.succeeded', timestamp: this.d.now() });
      return this.toOrder(auth.userId, (await this.store.order(auth.userId, u.orderNo)) ?? u);
    }
    return this.toOrder(auth.userId, u);
  }

  async list(auth: AuthContext, v: { status?: number | undefined; pageNum: number; pageSize: number } | undefined): Promise<{ total: number; list: Order[] }> {
    await this.settle(auth.userId);
    const q = v ?? { pageNum: 1, pageSize: 20 };
    const { total, rows } = await this.store.orders(auth.userId, q.status, (q.pageNum - 1) * q.pageSize, q.pageSize);
    return { total, list: await this.toOrders(auth.userId, rows) };
  }

  async waitingCount(auth: AuthContext, orderNo: string): Promise<{ count: number }> {
    const o = await this.owned(auth, orderNo);
    return { count: o.status === S.paid ? await this.store.waitingAhead(o) : 0 };
  }

  /** The patient's information for a paid order: the service starts and runs for the package's duration. */
  async submitInfo(auth: AuthContext, v: { orderNo: string; contactPhone: string; description: string; surgeryDate?: string | undefined }): Promise<Order> {
    const o = await this.owned(auth, v.orderNo);
    const pkg = await this.store.packageById(o.packageId);
    const at = this.at();
    const info = { contactPhone: v.contactPhone, description: v.description, ...(v.surgeryDate ? { surgeryDate: v.surgeryDate } : {}) };
    if (o.status === S.inService) {
      const u = await this.store.transition(o.id, [S.inService], { status: S.inService, submitInfo: info }, 'user', '', at);
      if (u) await this.store.event(o.id, S.inService, S.inService, 'user', 'patient information updated', at);
      return this.toOrder(auth.userId, u ?? o);
    }
    const u = await this.store.transition(o.id, [S.paid], { status: S.inService, submitInfo: info, serviceStart: at, serviceEnd: new Date(at.getTime() + (pkg?.durationDays ?? 0) * DAY) }, 'user', 'patient information submitted; service started', at);
    if (!u) throw fail('badRequest', { msg: PKG_MSG.notSubmittable });
    return this.toOrder(auth.userId, u);
  }

  // ---- provider notifications -----------------------------------------------------------------

  /**
   * A provider notification. Refused (and logged without order contents) when the signature is
   * wrong, the time is off, the notify id was seen before, the order is unknown or the amount
   * differs: nothing changes. Accepted ones move the order once.
   */
  async notify(n: PayNotify): Promise<void> {
    if (!this.d.provider.verify?.(n)) this.refuse('bad signature', n.notifyId, n.event);
    await this.accept(n);
  }

  /** Logs a refused notification (provider, reason, event and id only: never order or health contents) and answers the refusal. */
  refuse(reason: string, notifyId = '', event = ''): never {
    this.d.log.warn({ provider: this.d.provider.name, reason, event, notifyId: notifyId.slice(0, 64) }, 'pay notification refused');
    throw fail('badRequest', { msg: PKG_MSG.notifyRefused });
  }

  /** A notification acknowledged but not acted on (an event we do not use); logged the same way. */
  ignored(what: string): void {
    this.d.log.info({ provider: this.d.provider.name, what }, 'pay notification ignored');
  }

  /**
   * A notification whose signature the provider's parser (or the sandbox) checked: refused when
   * the time is off, its id (or nonce) was seen before, the order is unknown or the amount differs.
   */
  async accept(n: VerifiedNotify): Promise<void> {
    const refuse = (reason: string): never => this.refuse(reason, n.notifyId, n.event);
    if (Math.abs(this.d.now() - n.timestamp) > PKG_LIMITS.notifySkewMs) refuse('stale timestamp');
    const at = this.at();
    let lateRefund: { tradeNo: string; orderNo: string; amountFen: number } | null = null;
    try {
      await this.store.transaction(async (s) => {
        const o = await s.orderForNotify(n.orderNo);
        if (!o) throw new Refused('unknown order');
        if (o.amountFen !== n.amountFen) throw new Refused('amount mismatch');
        if (!(await s.acceptNotify(n.notifyId, this.d.provider.name, n.orderNo, n.event, at))) throw new Refused('replayed');
        for (const k of n.replayKeys ?? []) if (!(await s.acceptNotify(k, this.d.provider.name, n.orderNo, 'nonce', at))) throw new Refused('replayed nonce');
        if (n.event === 'pay.succeeded') {
          if (o.tradeNo !== n.tradeNo) throw new Refused('unknown payment');
          if (o.status === S.created) {
            await s.transition(o.id, [S.created], { status: S.paid, paidAt: at }, 'provider', `paid (${this.d.provider.name} ${n.tradeNo})`, at);
          } else if (o.status === S.cancelled) {
            // Paid after the order closed: the money goes back at once.
            await s.event(o.id, S.cancelled, S.cancelled, 'provider', 'paid after cancellation; refunded automatically', at);
            lateRefund = { tradeNo: n.tradeNo, orderNo: o.orderNo, amountFen: o.amountFen };
          }
        } else if (n.event === 'pay.failed') {
          if (o.tradeNo !== n.tradeNo) throw new Refused('unknown payment');
          if (o.status === S.created && (await s.setTrade(o.id, n.tradeNo, null, at))) await s.event(o.id, S.created, S.created, 'provider', 'payment failed', at);
        } else if (!(await s.transition(o.id, [S.refundRequested], { status: S.refunded }, 'provider', `refunded (${this.d.provider.name})`, at))) {
          if (o.status !== S.cancelled) throw new Refused('no refund requested');
        }
      });
    } catch (err) {
      if (err instanceof Refused) refuse(err.message);
      throw err;
    }
    if (lateRefund) await this.d.provider.refund(lateRefund);
  }

  // ---- lifecycle ------------------------------------------------------------------------------

  /** Unpaid orders past their expiry are cancelled; services past their end complete. */
  async settle(userId?: number): Promise<void> {
    const at = this.at();
    for (const o of await this.store.expired(at, userId)) {
      const u = await this.store.transition(o.id, [S.created], { status: S.cancelled }, 'system', 'expired unpaid', at);
      if (u?.tradeNo) await this.closeTrade(u.tradeNo);
    }
    for (const o of await this.store.ended(at, userId)) {
      await this.store.transition(o.id, [S.inService], { status: S.completed }, 'system', 'service period ended', at);
    }
  }

  /** A provider call; a failure (network, an answer the provider did not sign, a refusal) is logged and answered as 支付渠道暂时无法连接. */
  private async via<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.d.log.warn({ provider: this.d.provider.name, what, err: err instanceof Error ? err.message : String(err) }, 'payment provider call failed');
      throw fail('overloaded', { msg: PKG_MSG.providerDown });
    }
  }

  /** Closes a payment at the provider; a failure is logged (a payment after the close is refunded at once). */
  private async closeTrade(tradeNo: string): Promise<void> {
    await this.d.provider.close(tradeNo).catch((err: unknown) => this.d.log.warn({ provider: this.d.provider.name, err: err instanceof Error ? err.message : String(err) }, 'payment close failed'));
  }

  auditTrail(orderId: number) {
    return this.store.events(orderId);
  }

  private async owned(auth: AuthContext, orderNo: string): Promise<OrderRow> {
    await this.settle(auth.userId);
    await this.d.access.require(auth, 'order', [orderNo]);
    return this.d.access.found('order', await this.store.order(auth.userId, orderNo));
  }

  private async toOrders(userId: number, rows: OrderRow[]): Promise<Order[]> {
    const pkgs = new Map((await this.store.packages(true)).map((p) => [p.id, p]));
    const names = new Map((await this.store.memberNames(userId)).map((m) => [m.id, m.name]));
    return rows.map((o) => orderOf(o, pkgs.get(o.packageId), names.get(o.memberId) ?? '', this.d.now(), (t) => this.d.provider.pageOf(t)));
  }
  private async toOrder(userId: number, o: OrderRow): Promise<Order> {
    const [one] = await this.toOrders(userId, [o]);
    if (!one) throw notFound('order');
    return one;
  }
}

/** A notification refused inside the transaction (rolled back). */
class Refused extends Error {}

function toPackage(p: PackageRow): PackageItem {
  return { id: p.id, name: p.name, priceFen: p.priceFen, durationDays: p.durationDays, team: p.team, includes: p.includes, intro: p.intro };
}

function orderOf(o: OrderRow, pkg: PackageRow | undefined, memberName: string, now: number, pageOf: (tradeNo: string) => string | null): Order {
  const status = o.status as OrderStatus;
  return {
    orderNo: o.orderNo,
    packageId: o.packageId,
    packageName: pkg?.name ?? '',
    userInfoId: o.memberId,
    memberName,
    amountFen: o.amountFen,
    status,
    statusText: ORDER_STATUS_TEXT[status] ?? '',
    createdAt: o.createdAt.toISOString(),
    expiresAt: status === S.created ? o.expiresAt.toISOString() : null,
    paidAt: iso(o.paidAt),
    serviceStart: iso(o.serviceStart),
    serviceEnd: iso(o.serviceEnd),
    infoSubmitted: o.submitInfo !== null,
    payUrl: status === S.created && o.tradeNo && o.expiresAt.getTime() > now ? pageOf(o.tradeNo) : null,
  };
}
