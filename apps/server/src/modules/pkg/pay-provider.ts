import type { PayNotify } from '@chatdr/contract';

/** What our side sends to a provider to open a payment. */
export interface PaymentRequest {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt: Date;
}

/** A payment provider (sandbox; WeChat Pay v3 and Alipay would implement the same). */
export interface PayProvider {
  readonly name: string;
  /** Opens a payment; the user pays on `payUrl`. The outcome arrives later as a notification. */
  createPayment(req: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }>;
  /** Whether the payment `tradeNo` is still open (may still be paid on its page). */
  isOpen(tradeNo: string): Promise<boolean>;
  /** Closes an open payment (order cancelled or expired): it can no longer be paid. */
  close(tradeNo: string): Promise<void>;
  /** Refunds a paid payment in full; `refund.succeeded` arrives later as a notification. */
  refund(req: { tradeNo: string; orderNo: string; amountFen: number }): Promise<{ refundNo: string }>;
  /** Whether the notification's signature is the provider's. */
  verify(n: PayNotify): boolean;
}
