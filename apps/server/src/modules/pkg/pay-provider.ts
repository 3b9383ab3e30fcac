import type { PayNotify } from '@chatdr/contract';

/** What our side sends to a provider to open a payment. */
export interface PaymentRequest {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt: Date;
  /** The payer's IP (WeChat Pay H5 needs it). */
  clientIp: string;
}

/** A provider notification after its provider-specific checks (signature, decryption, merchant). */
export interface VerifiedNotify {
  /** The provider's id of the notification (replays carry the same id). */
  notifyId: string;
  tradeNo: string;
  orderNo: string;
  amountFen: number;
  event: PayNotify['event'];
  /** When the provider sent it (ms). */
  timestamp: number;
  /** Further one-time values of the notification (WeChat Pay's nonce): a second use is a replay. */
  replayKeys?: string[];
}

/** What a provider's notification parser answers: a notification to apply, one to acknowledge and ignore, or a refusal. */
export type ParsedNotify = { kind: 'apply'; n: VerifiedNotify } | { kind: 'ignore'; what: string } | { kind: 'refuse'; reason: string; notifyId?: string };

/** A payment provider: the sandbox, WeChat Pay API v3 or Alipay. */
export interface PayProvider {
  readonly name: 'sandbox' | 'wechat' | 'alipay';
  /** Opens a payment; the user pays on `payUrl`. The outcome arrives later as a notification. */
  createPayment(req: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }>;
  /** The pay page of a payment that is still open (a client retry of order/pay). */
  reopen(tradeNo: string, req: PaymentRequest): Promise<string>;
  /** The pay page when it is known without asking the provider (sandbox), else null. */
  pageOf(tradeNo: string): string | null;
  /** Whether the payment `tradeNo` is still open (may still be paid on its page). */
  isOpen(tradeNo: string): Promise<boolean>;
  /** Closes an open payment (order cancelled or expired): it can no longer be paid. */
  close(tradeNo: string): Promise<void>;
  /**
   * Refunds a paid payment in full. `settled`: the provider answered that the money went back
   * (Alipay's synchronous refund); otherwise `refund.succeeded` arrives later as a notification.
   */
  refund(req: { tradeNo: string; orderNo: string; amountFen: number }): Promise<{ refundNo: string; settled: boolean }>;
  /** The sandbox's own notification check (its callback route); real providers parse theirs in their own routes. */
  verify?(n: PayNotify): boolean;
}

/** Our order number inside a provider trade number `<orderNo>_<suffix>` (WeChat Pay and Alipay). */
export const orderNoOfTrade = (tradeNo: string): string => tradeNo.split('_')[0] ?? '';

/** China Standard Time (UTC+8) wall clock of an instant: `YYYY-MM-DDTHH:mm:ss`. */
export const chinaWallClock = (ms: number): string => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 19);

/** Fen as a yuan amount string with two decimals ("12.30"). */
export const yuanOf = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** A yuan amount string ("12.3", "12.30", "12") as integer fen, or null when it is not one. */
export function fenOf(yuan: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
