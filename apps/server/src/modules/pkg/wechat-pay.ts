import { createDecipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import type { ParsedNotify, PaymentRequest, PayProvider } from './pay-provider.ts';
import { chinaWallClock, orderNoOfTrade } from './pay-provider.ts';

/**
 * WeChat Pay API v3 (直连商户, H5 payment), per the published protocol
 * (pay.weixin.qq.com/wiki/doc/apiv3, as implemented by wechatpay-node-v3 and wechatpay-axios-plugin):
 * - every request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,signature=…,timestamp=…,serial_no=…`,
 *   the signature being RSA-SHA256 (merchant key) over `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n`;
 * - every answer and every notification is signed by the platform key: Wechatpay-Signature over
 *   `TIMESTAMP\nNONCE\nBODY\n`, Wechatpay-Serial naming the key (platform certificate or WeChat Pay public key);
 * - a notification's `resource` is AES-256-GCM encrypted with the APIv3 key (nonce and associated_data given, tag = last 16 bytes).
 */
export interface WechatPayConfig {
  /** https://api.mch.weixin.qq.com (no trailing slash). */
  baseUrl: string;
  mchid: string;
  appid: string;
  /** Serial number of the merchant API certificate. */
  serialNo: string;
  /** Merchant API private key (PEM). */
  privateKey: string;
  /** The APIv3 key (32 characters). */
  apiV3Key: string;
  /** Serial of the platform certificate / WeChat Pay public key (PUB_KEY_ID_…) that signs answers and notifications. */
  platformSerial: string;
  /** That certificate or public key (PEM). */
  platformPublicKey: string;
  /** Our notification URL (https, public). */
  notifyUrl: string;
  /** Where the H5 pay page sends the user back (redirect_url), without the order number. */
  returnUrl: string;
}

/** Path of our notification endpoint (not in the contract table: it speaks WeChat Pay's protocol, not our envelope). */
export const WECHAT_NOTIFY_PATH = '/api/chatDr-rehab-core/pb/pay/notify/wechat';
/** A notification older or newer than this is refused (the SDKs' 5 minutes). */
const SKEW_S = 300;

const header = (h: Record<string, string | string[] | undefined>, k: string): string => {
  const v = h[k.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? '') : (v ?? '');
};

export class WechatPayError extends Error {}

export class WechatPayProvider implements PayProvider {
  readonly name = 'wechat' as const;
  constructor(private readonly c: WechatPayConfig, private readonly now: () => number) {}

  /** The Authorization header of a request (merchant signature). */
  authorization(method: string, pathAndQuery: string, body: string): string {
    const nonce = randomBytes(16).toString('hex');
    const ts = Math.floor(this.now() / 1000);
    const signature = createSign('RSA-SHA256').update(`${method}\n${pathAndQuery}\n${ts}\n${nonce}\n${body}\n`).sign(this.c.privateKey, 'base64');
    return `WECHATPAY2-SHA256-RSA2048 mchid="${this.c.mchid}",nonce_str="${nonce}",signature="${signature}",timestamp="${ts}",serial_no="${this.c.serialNo}"`;
  }

  /** Whether a platform signature over `TIMESTAMP\nNONCE\nBODY\n` is good (answers and notifications). */
  platformSigned(h: Record<string, string | string[] | undefined>, body: string): 'ok' | 'unknown serial' | 'bad signature' | 'stale timestamp' {
    const ts = header(h, 'Wechatpay-Timestamp');
    const nonce = header(h, 'Wechatpay-Nonce');
    const sig = header(h, 'Wechatpay-Signature');
    if (header(h, 'Wechatpay-Serial') !== this.c.platformSerial) return 'unknown serial';
    if (!/^\d{1,12}$/.test(ts) || !nonce || !sig) return 'bad signature';
    let good: boolean;
    try {
      good = createVerify('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).verify(this.c.platformPublicKey, sig, 'base64');
    } catch {
      good = false;
    }
    if (!good) return 'bad signature';
    if (Math.abs(Math.floor(this.now() / 1000) - Number(ts)) > SKEW_S) return 'stale timestamp';
    return 'ok';
  }

  private async call<T>(method: 'GET' | 'POST', pathAndQuery: string, body?: unknown): Promise<{ status: number; data: T | null }> {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${this.c.baseUrl}${pathAndQuery}`, {
      method,
      headers: { authorization: this.authorization(method, pathAndQuery, text), accept: 'application/json', 'user-agent': 'chatdr-server', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: text }),
      signal: AbortSignal.timeout(10_000),
    });
    const raw = await res.text();
    const where = (pathAndQuery.split('?')[0] ?? '').replace(/out-trade-no\/[^/]+/, 'out-trade-no/{out_trade_no}');
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k] = v));
    const check = this.platformSigned(headers, raw);
    if (check !== 'ok') throw new WechatPayError(`wechatpay: answer of ${method} ${where} not signed by the platform (${check})`);
    const data = raw ? (JSON.parse(raw) as T) : null;
    if (res.status >= 400 && res.status !== 404) {
      const code = (data as { code?: string } | null)?.code ?? '';
      throw new WechatPayError(`wechatpay: ${method} ${where} answered ${res.status} ${code}`);
    }
    return { status: res.status, data };
  }

  private h5Body(tradeNo: string, req: PaymentRequest) {
    return {
      appid: this.c.appid,
      mchid: this.c.mchid,
      description: req.subject.slice(0, 127),
      out_trade_no: tradeNo,
      time_expire: `${chinaWallClock(req.expiresAt.getTime())}+08:00`,
      notify_url: this.c.notifyUrl,
      amount: { total: req.amountFen, currency: 'CNY' },
      scene_info: { payer_client_ip: req.clientIp, h5_info: { type: 'Wap' } },
    };
  }

  private async h5(tradeNo: string, req: PaymentRequest): Promise<string> {
    const r = await this.call<{ h5_url?: string }>('POST', '/v3/pay/transactions/h5', this.h5Body(tradeNo, req));
    const url = r.data?.h5_url;
    if (r.status !== 200 || !url) throw new WechatPayError(`wechatpay: h5 order answered ${r.status} without h5_url`);
    return `${url}${url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(`${this.c.returnUrl}${encodeURIComponent(req.orderNo)}`)}`;
  }

  async createPayment(req: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }> {
    // out_trade_no: 6–32 of [0-9A-Za-z_-|*]; ours is <orderNo>_<8 hex> (31).
    const tradeNo = `${req.orderNo}_${randomBytes(4).toString('hex')}`;
    return { tradeNo, payUrl: await this.h5(tradeNo, req) };
  }

  /** Placing the same out_trade_no again with the same fields answers the same payment. */
  reopen(tradeNo: string, req: PaymentRequest): Promise<string> {
    return this.h5(tradeNo, req);
  }

  pageOf(): string | null {
    return null;
  }

  async isOpen(tradeNo: string): Promise<boolean> {
    const r = await this.call<{ trade_state?: string }>('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}?mchid=${encodeURIComponent(this.c.mchid)}`);
    if (r.status === 404) return false;
    return r.data?.trade_state === 'NOTPAY' || r.data?.trade_state === 'USERPAYING';
  }

  async close(tradeNo: string): Promise<void> {
    await this.call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(tradeNo)}/close`, { mchid: this.c.mchid });
  }

  async refund(req: { tradeNo: string; orderNo: string; amountFen: number }): Promise<{ refundNo: string; settled: boolean }> {
    const refundNo = `R${req.orderNo}`;
    const r = await this.call<{ refund_id?: string; status?: string }>('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: req.tradeNo,
      out_refund_no: refundNo,
      notify_url: this.c.notifyUrl,
      amount: { refund: req.amountFen, total: req.amountFen, currency: 'CNY' },
    });
    if (r.status !== 200 || !r.data?.refund_id) throw new WechatPayError(`wechatpay: refund answered ${r.status}`);
    // The outcome (REFUND.SUCCESS) arrives as a notification.
    return { refundNo, settled: false };
  }

  /** Decrypts a notification resource (AEAD_AES_256_GCM with the APIv3 key). */
  decrypt(resource: { ciphertext: string; nonce: string; associated_data?: string }): string {
    const buf = Buffer.from(resource.ciphertext, 'base64');
    if (buf.length < 17) throw new WechatPayError('ciphertext too short');
    const d = createDecipheriv('aes-256-gcm', Buffer.from(this.c.apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
    d.setAuthTag(buf.subarray(buf.length - 16));
    d.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
    return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8');
  }

  /** A notification POSTed to WECHAT_NOTIFY_PATH: platform signature, time, decryption, merchant, then what it says. */
  parseNotify(headers: Record<string, string | string[] | undefined>, rawBody: string): ParsedNotify {
    const signed = this.platformSigned(headers, rawBody);
    let body: { id?: unknown; event_type?: unknown; resource?: { algorithm?: unknown; ciphertext?: unknown; nonce?: unknown; associated_data?: unknown } };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      return { kind: 'refuse', reason: signed === 'ok' ? 'not JSON' : signed };
    }
    const notifyId = typeof body.id === 'string' ? body.id.slice(0, 64) : '';
    if (signed !== 'ok') return { kind: 'refuse', reason: signed, notifyId };
    const res = body.resource;
    if (!notifyId || !res || res.algorithm !== 'AEAD_AES_256_GCM' || typeof res.ciphertext !== 'string' || typeof res.nonce !== 'string') return { kind: 'refuse', reason: 'malformed', notifyId };
    let plain: { mchid?: unknown; out_trade_no?: unknown; trade_state?: unknown; refund_status?: unknown; amount?: { total?: unknown; refund?: unknown } };
    try {
      plain = JSON.parse(this.decrypt({ ciphertext: res.ciphertext, nonce: res.nonce, associated_data: typeof res.associated_data === 'string' ? res.associated_data : '' })) as typeof plain;
    } catch {
      return { kind: 'refuse', reason: 'undecryptable', notifyId };
    }
    if (plain.mchid !== this.c.mchid) return { kind: 'refuse', reason: 'other merchant', notifyId };
    const tradeNo = typeof plain.out_trade_no === 'string' ? plain.out_trade_no : '';
    const base = { notifyId, tradeNo, orderNo: orderNoOfTrade(tradeNo), timestamp: Number(header(headers, 'Wechatpay-Timestamp')) * 1000, replayKeys: [`wechat-nonce:${header(headers, 'Wechatpay-Nonce').slice(0, 48)}`] };
    if (body.event_type === 'TRANSACTION.SUCCESS' && plain.trade_state === 'SUCCESS' && Number.isSafeInteger(plain.amount?.total)) {
      return { kind: 'apply', n: { ...base, amountFen: plain.amount?.total as number, event: 'pay.succeeded' } };
    }
    if (body.event_type === 'REFUND.SUCCESS' && plain.refund_status === 'SUCCESS' && Number.isSafeInteger(plain.amount?.refund)) {
      return { kind: 'apply', n: { ...base, amountFen: plain.amount?.refund as number, event: 'refund.succeeded' } };
    }
    return { kind: 'ignore', what: typeof body.event_type === 'string' ? body.event_type.slice(0, 40) : 'unknown' };
  }
}
