import { createSign, createVerify, randomBytes } from 'node:crypto';
import type { ParsedNotify, PaymentRequest, PayProvider } from './pay-provider.ts';
import { chinaWallClock, fenOf, orderNoOfTrade, yuanOf } from './pay-provider.ts';

/**
 * Alipay open platform (alipay.trade.wap.pay, query, close, refund), per the published protocol
 * (opendocs.alipay.com/common/02kf5q "签名", /common/02mse7 "验签", as in alipay-sdk-nodejs-all):
 * - common parameters app_id, method, format=JSON, charset=utf-8, sign_type=RSA2, timestamp
 *   (`yyyy-MM-dd HH:mm:ss`, China time), version=1.0, biz_content (JSON);
 * - sign: RSA-SHA256 (application private key), base64, over every non-empty parameter but `sign`,
 *   sorted by name, joined `k=v&k=v` with raw (not URL-encoded) values;
 * - an answer `{"<method with _>_response": {...}, "sign": "..."}` is verified over the exact text
 *   of the response object; an async notification (form POST) over its sorted parameters without
 *   `sign` and `sign_type`, with the Alipay public key; our endpoint answers `success`.
 */
export interface AlipayConfig {
  /** https://openapi.alipay.com/gateway.do */
  gateway: string;
  appId: string;
  /** Application private key (PEM). */
  privateKey: string;
  /** Alipay public key (PEM). */
  alipayPublicKey: string;
  notifyUrl: string;
  /** Where the wap pay page sends the user back (return_url), without the order number. */
  returnUrl: string;
}

export const ALIPAY_NOTIFY_PATH = '/api/chatDr-rehab-core/pb/pay/notify/alipay';

export class AlipayError extends Error {}

/** The text Alipay signs: non-empty parameters but the excluded ones, sorted, `k=v` joined with `&`. */
export function signContent(params: Record<string, string>, exclude: string[] = ['sign']): string {
  return Object.keys(params)
    .filter((k) => !exclude.includes(k) && params[k] !== '' && params[k] !== undefined)
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** The exact text of the JSON value of `key` in `raw` (Alipay signs the response object as sent). */
export function rawJsonValue(raw: string, key: string): string | null {
  const at = raw.indexOf(`"${key}"`);
  if (at < 0) return null;
  let i = raw.indexOf(':', at + key.length + 2);
  if (i < 0) return null;
  i++;
  while (raw[i] === ' ' || raw[i] === '\n' || raw[i] === '\r' || raw[i] === '\t') i++;
  if (raw[i] !== '{') return null;
  let depth = 0;
  let inStr = false;
  for (let j = i; j < raw.length; j++) {
    const ch = raw[j];
    if (inStr) {
      if (ch === '\\') j++;
      else if (ch === '"') inStr = false;
    } else if (ch === '"') inStr = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return raw.slice(i, j + 1);
  }
  return null;
}

/** Parses Alipay's `yyyy-MM-dd HH:mm:ss` (China time) to ms, or NaN. */
export function alipayTime(s: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(s);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5]), Number(m[6]));
}

export class AlipayProvider implements PayProvider {
  readonly name = 'alipay' as const;
  constructor(private readonly c: AlipayConfig, private readonly now: () => number) {}

  private sign(params: Record<string, string>): string {
    return createSign('RSA-SHA256').update(signContent(params), 'utf8').sign(this.c.privateKey, 'base64');
  }

  private verifyWith(content: string, sig: string): boolean {
    try {
      return createVerify('RSA-SHA256').update(content, 'utf8').verify(this.c.alipayPublicKey, sig, 'base64');
    } catch {
      return false;
    }
  }

  /** The signed parameters of a call. */
  params(method: string, biz: Record<string, unknown>, extra: Record<string, string> = {}): Record<string, string> {
    const p: Record<string, string> = {
      app_id: this.c.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaWallClock(this.now()).replace('T', ' '),
      version: '1.0',
      biz_content: JSON.stringify(biz),
      ...extra,
    };
    return { ...p, sign: this.sign(p) };
  }

  /** One gateway call (form POST); answers the verified response object. */
  private async call(method: string, biz: Record<string, unknown>): Promise<{ code: string; sub_code?: string; [k: string]: unknown }> {
    const res = await fetch(this.c.gateway, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
      body: new URLSearchParams(this.params(method, biz)).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    const raw = await res.text();
    const key = `${method.replace(/\./g, '_')}_response`;
    const obj = rawJsonValue(raw, key) ?? rawJsonValue(raw, 'error_response');
    let sign: unknown;
    try {
      sign = (JSON.parse(raw) as { sign?: unknown }).sign;
    } catch {
      sign = undefined;
    }
    if (!obj || typeof sign !== 'string' || !this.verifyWith(obj, sign)) throw new AlipayError(`alipay: answer of ${method} not signed by Alipay`);
    return JSON.parse(obj) as { code: string; sub_code?: string };
  }

  private wapUrl(tradeNo: string, req: PaymentRequest): string {
    const p = this.params(
      'alipay.trade.wap.pay',
      { out_trade_no: tradeNo, total_amount: yuanOf(req.amountFen), subject: req.subject.slice(0, 256), product_code: 'QUICK_WAP_WAY', time_expire: chinaWallClock(req.expiresAt.getTime()).replace('T', ' ') },
      { notify_url: this.c.notifyUrl, return_url: `${this.c.returnUrl}${encodeURIComponent(req.orderNo)}` },
    );
    return `${this.c.gateway}?${new URLSearchParams(p).toString()}`;
  }

  /** wap.pay is a signed page URL: the trade exists at Alipay once the user opens it. */
  async createPayment(req: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }> {
    const tradeNo = `${req.orderNo}_${randomBytes(4).toString('hex')}`;
    return { tradeNo, payUrl: this.wapUrl(tradeNo, req) };
  }

  async reopen(tradeNo: string, req: PaymentRequest): Promise<string> {
    return this.wapUrl(tradeNo, req);
  }

  pageOf(): string | null {
    return null;
  }

  async isOpen(tradeNo: string): Promise<boolean> {
    const r = await this.call('alipay.trade.query', { out_trade_no: tradeNo });
    // Not opened yet: the signed URL stays payable until its time_expire (the order's own expiry).
    if (r.code === '40004' && r.sub_code === 'ACQ.TRADE_NOT_EXIST') return true;
    if (r.code !== '10000') throw new AlipayError(`alipay: trade.query answered ${r.code} ${r.sub_code ?? ''}`);
    return r.trade_status === 'WAIT_BUYER_PAY';
  }

  async close(tradeNo: string): Promise<void> {
    const r = await this.call('alipay.trade.close', { out_trade_no: tradeNo });
    // Never opened: nothing to close (a payment after our cancellation is refunded at once).
    if (r.code !== '10000' && r.sub_code !== 'ACQ.TRADE_NOT_EXIST') throw new AlipayError(`alipay: trade.close answered ${r.code} ${r.sub_code ?? ''}`);
  }

  async refund(req: { tradeNo: string; orderNo: string; amountFen: number }): Promise<{ refundNo: string; settled: boolean }> {
    const refundNo = `R${req.orderNo}`;
    const r = await this.call('alipay.trade.refund', { out_trade_no: req.tradeNo, refund_amount: yuanOf(req.amountFen), out_request_no: refundNo });
    if (r.code !== '10000') throw new AlipayError(`alipay: trade.refund answered ${r.code} ${r.sub_code ?? ''}`);
    // Code 10000 is the refund done (fund_change N only on a repeated request for the same out_request_no).
    return { refundNo, settled: true };
  }

  /** An async notification (form POST to ALIPAY_NOTIFY_PATH). */
  parseNotify(rawBody: string): ParsedNotify {
    const params: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(rawBody)) params[k] = v;
    const notifyId = (params.notify_id ?? '').slice(0, 64);
    const sig = params.sign ?? '';
    if (!sig || params.sign_type !== 'RSA2' || !this.verifyWith(signContent(params, ['sign', 'sign_type']), sig)) return { kind: 'refuse', reason: 'bad signature', notifyId };
    if (params.app_id !== this.c.appId) return { kind: 'refuse', reason: 'other app', notifyId };
    const timestamp = alipayTime(params.notify_time ?? '');
    if (!notifyId || Number.isNaN(timestamp)) return { kind: 'refuse', reason: 'malformed', notifyId };
    const tradeNo = params.out_trade_no ?? '';
    // Refund notifications (refund_fee / gmt_refund): the refund was settled by trade.refund's answer.
    if (params.refund_fee || params.gmt_refund) return { kind: 'ignore', what: 'refund' };
    if (params.trade_status !== 'TRADE_SUCCESS' && params.trade_status !== 'TRADE_FINISHED') return { kind: 'ignore', what: (params.trade_status ?? 'unknown').slice(0, 40) };
    const amountFen = fenOf(params.total_amount ?? '');
    if (amountFen === null) return { kind: 'refuse', reason: 'malformed amount', notifyId };
    return { kind: 'apply', n: { notifyId, tradeNo, orderNo: orderNoOfTrade(tradeNo), amountFen, event: 'pay.succeeded', timestamp } };
  }
}
