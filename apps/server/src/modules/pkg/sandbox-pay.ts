import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PKG_LIMITS, type PayNotify } from '@chatdr/contract';
import type { Db } from '../../db/client.ts';
import { sandboxTrades } from '../../db/schema.ts';
import type { PaymentRequest, PayProvider } from './pay-provider.ts';

type Event = PayNotify['event'];
/** Delivers a notification to our callback; true when it answered success. */
export type Deliver = (n: PayNotify) => Promise<boolean>;
export type SandboxAction = 'confirm' | 'fail' | 'timeout';

const TRADE_NO = /^SB[0-9A-F]{20}$/;

/** The string the sandbox signs (every field but the signature, in a fixed order). */
export function signedText(n: Omit<PayNotify, 'signature'>): string {
  return [n.notifyId, n.tradeNo, n.orderNo, n.amountFen, n.event, n.timestamp].join('\n');
}

/**
 * The embedded sandbox payment provider. It keeps its own ledger (sandbox_trades), serves its own
 * pay page (/sandbox-pay/:tradeNo) where the user confirms, fails or lets the payment time out,
 * and reports outcomes asynchronously with HMAC-SHA256-signed notifications to our callback,
 * retrying (PKG_LIMITS.notifyAttempts) until the callback answers success. Refunds likewise.
 */
export class SandboxPayProvider implements PayProvider {
  readonly name = 'sandbox' as const;
  private readonly key: Buffer;
  private readonly pending = new Set<Promise<void>>();
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private stopped = false;
  deliver: Deliver = async () => false;

  constructor(private readonly db: Db, secret: string, private readonly now: () => number, private readonly delayMs: number = PKG_LIMITS.notifyDelayMs) {
    this.key = createHmac('sha256', secret).update('sandbox-pay-notify').digest();
  }

  sign(n: Omit<PayNotify, 'signature'>): string {
    return createHmac('sha256', this.key).update(signedText(n)).digest('hex');
  }

  verify(n: PayNotify): boolean {
    const want = Buffer.from(this.sign(n), 'hex');
    const got = Buffer.from(n.signature, 'hex');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  async createPayment(req: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }> {
    const tradeNo = `SB${randomBytes(10).toString('hex').toUpperCase()}`;
    await this.db.insert(sandboxTrades).values({ tradeNo, orderNo: req.orderNo, kind: 'pay', amountFen: req.amountFen, subject: req.subject, status: 'pending', expiresAt: req.expiresAt, createdAt: new Date(this.now()) });
    return { tradeNo, payUrl: `/sandbox-pay/${tradeNo}` };
  }

  async reopen(tradeNo: string): Promise<string> {
    return `/sandbox-pay/${tradeNo}`;
  }

  pageOf(tradeNo: string): string {
    return `/sandbox-pay/${tradeNo}`;
  }

  async isOpen(tradeNo: string): Promise<boolean> {
    const t = await this.trade(tradeNo);
    return Boolean(t && t.status === 'pending' && t.expiresAt.getTime() > this.now());
  }

  async close(tradeNo: string): Promise<void> {
    await this.db.update(sandboxTrades).set({ status: 'closed' }).where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.status, 'pending')));
  }

  async refund(req: { tradeNo: string; orderNo: string; amountFen: number }): Promise<{ refundNo: string; settled: boolean }> {
    const paid = await this.trade(req.tradeNo);
    if (!paid || paid.status !== 'succeeded' || paid.amountFen !== req.amountFen) throw new Error('sandbox: refund of a payment that did not succeed');
    const refundNo = `SB${randomBytes(10).toString('hex').toUpperCase()}`;
    await this.db.insert(sandboxTrades).values({ tradeNo: refundNo, orderNo: req.orderNo, kind: 'refund', amountFen: req.amountFen, subject: paid.subject, status: 'succeeded', expiresAt: new Date(this.now()), createdAt: new Date(this.now()) });
    this.notifyLater(refundNo, req.orderNo, req.amountFen, 'refund.succeeded');
    return { refundNo, settled: false };
  }

  /** What the user did on the pay page. Answers the page's result text. */
  async act(tradeNo: string, action: SandboxAction): Promise<{ ok: boolean; text: string; orderNo: string | null }> {
    const t = TRADE_NO.test(tradeNo) ? await this.trade(tradeNo) : undefined;
    if (!t || t.kind !== 'pay') return { ok: false, text: '交易不存在', orderNo: null };
    if (t.status !== 'pending') return { ok: false, text: t.status === 'succeeded' ? '该交易已支付' : '交易已关闭', orderNo: t.orderNo };
    if (t.expiresAt.getTime() <= this.now()) {
      await this.setStatus(tradeNo, 'closed');
      return { ok: false, text: '交易已超时关闭', orderNo: t.orderNo };
    }
    if (action === 'timeout') {
      // The user walked away: the payment stays open, no notification; it closes at expiry.
      return { ok: false, text: '已模拟超时：本次支付未完成，也不会发出通知', orderNo: t.orderNo };
    }
    const status = action === 'confirm' ? 'succeeded' : 'failed';
    if (!(await this.setStatus(tradeNo, status))) return { ok: false, text: '交易已关闭', orderNo: t.orderNo };
    this.notifyLater(tradeNo, t.orderNo, t.amountFen, action === 'confirm' ? 'pay.succeeded' : 'pay.failed');
    return { ok: action === 'confirm', text: action === 'confirm' ? '支付成功' : '支付失败', orderNo: t.orderNo };
  }

  async trade(tradeNo: string) {
    const [t] = await this.db.select().from(sandboxTrades).where(eq(sandboxTrades.tradeNo, tradeNo)).limit(1);
    return t;
  }

  /** Resolves once every notification under way has been delivered (or given up). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Stops delivering (server closing): notifications under way are dropped, as a real provider's would wait for a retry. */
  stop(): void {
    this.stopped = true;
    for (const [t, resolve] of this.timers) {
      clearTimeout(t);
      resolve();
    }
    this.timers.clear();
  }

  private async setStatus(tradeNo: string, status: string): Promise<boolean> {
    const r = await this.db.update(sandboxTrades).set({ status }).where(and(eq(sandboxTrades.tradeNo, tradeNo), eq(sandboxTrades.status, 'pending'))).returning({ t: sandboxTrades.tradeNo });
    return r.length === 1;
  }

  private notifyLater(tradeNo: string, orderNo: string, amountFen: number, event: Event): void {
    const body = { notifyId: `N${randomBytes(12).toString('hex')}`, tradeNo, orderNo, amountFen, event, timestamp: this.now() };
    const n: PayNotify = { ...body, signature: this.sign(body) };
    const run = async () => {
      for (let i = 0; i < PKG_LIMITS.notifyAttempts; i++) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            resolve();
          }, this.delayMs * (i + 1));
          this.timers.set(timer, resolve);
        });
        if (this.stopped) return;
        if (await this.deliver(n).catch(() => false)) return;
      }
    };
    const p = run().finally(() => this.pending.delete(p));
    this.pending.add(p);
  }
}

const yuan = (fen: number) => `¥${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (title: string, inner: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f6f8;color:#1f2329}main{max-width:420px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:12px;padding:20px;margin-bottom:16px}.amt{font-size:32px;font-weight:600;margin:8px 0}.muted{color:#8a9099;font-size:14px}button,a.btn{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;padding:14px;font-size:16px;margin-top:12px;text-align:center;text-decoration:none}.ok{background:#1677ff;color:#fff}.bad{background:#fff;color:#e5484d;border:1px solid #e5484d}.gray{background:#fff;color:#555;border:1px solid #ccc}</style></head><body><main>${inner}</main></body></html>`;

/** The sandbox's own pages (not our API): the pay page and its three outcomes. */
export async function sandboxPayRoutes(root: FastifyInstance, sandbox: SandboxPayProvider): Promise<void> {
  await root.register(async (app) => {
  // The page's forms post url-encoded (no fields are read); only inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  app.get<{ Params: { tradeNo: string } }>('/sandbox-pay/:tradeNo', async (req, reply) => {
    const { tradeNo } = req.params;
    const t = TRADE_NO.test(tradeNo) ? await sandbox.trade(tradeNo) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!t || t.kind !== 'pay') return reply.code(404).send(page('沙箱支付', '<div class="card"><h2>交易不存在</h2></div>'));
    const open = await sandbox.isOpen(tradeNo);
    const form = (action: SandboxAction, cls: string, label: string) => `<form method="post" action="/sandbox-pay/${tradeNo}/${action}"><button class="${cls}" type="submit">${label}</button></form>`;
    return page('沙箱支付', `<div class="card"><div class="muted">沙箱支付（测试环境，不产生真实扣款）</div><h2>${esc(t.subject)}</h2><div class="amt">${yuan(t.amountFen)}</div><div class="muted">交易号 ${tradeNo}</div></div>${open ? form('confirm', 'ok', '确认支付') + form('fail', 'bad', '模拟支付失败') + form('timeout', 'gray', '模拟超时（不通知）') : '<div class="card">该交易已结束</div>'}<a class="btn gray" href="/#/pkg/pay/success?orderNo=${encodeURIComponent(t.orderNo)}">返回商户</a>`);
  });
  app.post<{ Params: { tradeNo: string; action: string } }>('/sandbox-pay/:tradeNo/:action', async (req, reply) => {
    const { tradeNo, action } = req.params;
    reply.type('text/html; charset=utf-8');
    if (action !== 'confirm' && action !== 'fail' && action !== 'timeout') return reply.code(404).send(page('沙箱支付', '<div class="card"><h2>操作不存在</h2></div>'));
    const r = await sandbox.act(tradeNo, action);
    const back = r.orderNo ? `<a class="btn ok" href="/#/pkg/pay/success?orderNo=${encodeURIComponent(r.orderNo)}">返回商户</a>` : '';
    return page('沙箱支付', `<div class="card"><h2>${esc(r.text)}</h2></div>${back}`);
  });
  });
}
