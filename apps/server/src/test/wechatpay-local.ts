import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking WeChat Pay API v3 for tests (H5 order, query, close, refund, notifications):
 * it checks the merchant's WECHATPAY2-SHA256-RSA2048 Authorization on every request, signs every
 * answer with its platform key (Wechatpay-Signature/Timestamp/Nonce/Serial) and sends notifications
 * as WeChat Pay does: the resource AES-256-GCM encrypted with the APIv3 key, the whole signed.
 */
export class LocalWechatPay {
  readonly merchant = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  readonly platform = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  readonly mchid = '1900000109';
  readonly appid = 'wxd678efh567hg6787';
  readonly mchSerial = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01';
  readonly platformSerial = 'PUB_KEY_ID_0119000001092024110700000000';
  readonly apiV3Key = randomBytes(16).toString('hex');
  /** Requests whose merchant signature was good / bad. */
  goodAuth = 0;
  badAuth = 0;
  readonly trades = new Map<string, { amount: number; state: string; notifyUrl: string; body: string; h5: string }>();
  readonly refunds = new Map<string, { outTradeNo: string; refund: number }>();
  private server: http.Server | null = null;
  base = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }
  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  /** Platform signature headers over `TIMESTAMP\nNONCE\nBODY\n` (with another key when `key` is given). */
  signed(body: string, o: { ts?: number; nonce?: string; key?: string } = {}): Record<string, string> {
    const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
    const nonce = o.nonce ?? randomBytes(16).toString('hex');
    const sig = createSign('RSA-SHA256').update(`${ts}\n${nonce}\n${body}\n`).sign(o.key ?? this.platform.privateKey, 'base64');
    return { 'Wechatpay-Timestamp': ts, 'Wechatpay-Nonce': nonce, 'Wechatpay-Signature': sig, 'Wechatpay-Serial': this.platformSerial, 'Wechatpay-Signature-Type': 'WECHATPAY2-SHA256-RSA2048' };
  }

  private send(res: http.ServerResponse, status: number, data: unknown): void {
    const body = data === null ? '' : JSON.stringify(data);
    res.writeHead(status, { 'content-type': 'application/json', ...this.signed(body) });
    res.end(body);
  }

  private authorized(req: http.IncomingMessage, body: string): boolean {
    const m = /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(req.headers.authorization ?? '');
    if (!m?.[1]) return false;
    const f = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
    if (f.mchid !== this.mchid || f.serial_no !== this.mchSerial || !f.signature || !f.nonce_str || !f.timestamp) return false;
    if (Math.abs(Date.now() / 1000 - Number(f.timestamp)) > 300) return false;
    return createVerify('RSA-SHA256').update(`${req.method}\n${req.url}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`).verify(this.merchant.publicKey, f.signature, 'base64');
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    if (!this.authorized(req, body)) {
      this.badAuth++;
      this.send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' });
      return;
    }
    this.goodAuth++;
    const url = new URL(req.url ?? '/', this.base);
    const q = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (req.method === 'POST' && url.pathname === '/v3/pay/transactions/h5') {
      const b = JSON.parse(body) as { mchid: string; appid: string; out_trade_no: string; notify_url: string; amount: { total: number }; scene_info: { payer_client_ip: string } };
      if (b.mchid !== this.mchid || b.appid !== this.appid || !b.scene_info.payer_client_ip) return this.send(res, 400, { code: 'PARAM_ERROR', message: '参数错误' });
      const had = this.trades.get(b.out_trade_no);
      if (had) {
        if (had.body !== body) return this.send(res, 400, { code: 'INVALID_REQUEST', message: '201 商户订单号重复' });
        if (had.state !== 'NOTPAY') return this.send(res, 400, { code: 'ORDERPAID', message: '订单已支付或已关闭' });
        return this.send(res, 200, { h5_url: had.h5 });
      }
      const h5 = `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${randomBytes(12).toString('hex')}&package=${randomBytes(4).readUInt32BE()}`;
      this.trades.set(b.out_trade_no, { amount: b.amount.total, state: 'NOTPAY', notifyUrl: b.notify_url, body, h5 });
      return this.send(res, 200, { h5_url: h5 });
    }
    if (q?.[1]) {
      const t = this.trades.get(decodeURIComponent(q[1]));
      if (!t) return this.send(res, 404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
      if (req.method === 'POST' && q[2]) {
        if (t.state === 'NOTPAY') t.state = 'CLOSED';
        return this.send(res, 204, null);
      }
      return this.send(res, 200, { mchid: this.mchid, out_trade_no: q[1], trade_state: t.state, amount: { total: t.amount } });
    }
    if (req.method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') {
      const b = JSON.parse(body) as { out_trade_no: string; out_refund_no: string; notify_url: string; amount: { refund: number; total: number } };
      const t = this.trades.get(b.out_trade_no);
      if (!t || t.state !== 'SUCCESS' || b.amount.total !== t.amount || b.amount.refund > t.amount) return this.send(res, 400, { code: 'INVALID_REQUEST', message: '订单状态不正确' });
      t.state = 'REFUND';
      this.refunds.set(b.out_refund_no, { outTradeNo: b.out_trade_no, refund: b.amount.refund });
      this.send(res, 200, { refund_id: `50${randomBytes(10).toString('hex')}`, out_refund_no: b.out_refund_no, status: 'PROCESSING' });
      setTimeout(() => void this.notify(b.notify_url, 'REFUND.SUCCESS', { mchid: this.mchid, out_trade_no: b.out_trade_no, out_refund_no: b.out_refund_no, refund_status: 'SUCCESS', amount: { total: t.amount, refund: b.amount.refund, payer_total: t.amount, payer_refund: b.amount.refund } }), 20);
      return;
    }
    this.send(res, 404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  /** A notification as WeChat Pay builds it (override any part to make a bad one). */
  notification(eventType: string, resource: Record<string, unknown>, o: { id?: string; ts?: number; nonce?: string; key?: string; apiV3Key?: string } = {}): { headers: Record<string, string>; body: string } {
    const nonce = randomBytes(6).toString('hex');
    const aad = eventType.startsWith('REFUND') ? 'refund' : 'transaction';
    const c = createCipheriv('aes-256-gcm', Buffer.from(o.apiV3Key ?? this.apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
    c.setAAD(Buffer.from(aad, 'utf8'));
    const ct = Buffer.concat([c.update(JSON.stringify(resource), 'utf8'), c.final(), c.getAuthTag()]).toString('base64');
    const body = JSON.stringify({ id: o.id ?? `EV-${randomBytes(10).toString('hex')}`, create_time: new Date().toISOString(), resource_type: 'encrypt-resource', event_type: eventType, summary: '支付成功', resource: { original_type: aad, algorithm: 'AEAD_AES_256_GCM', ciphertext: ct, associated_data: aad, nonce } });
    return { headers: { 'content-type': 'application/json', ...this.signed(body, o) }, body };
  }

  /** Posts a notification; answers the HTTP status our endpoint gave. */
  async post(url: string, n: { headers: Record<string, string>; body: string }): Promise<number> {
    const r = await fetch(url, { method: 'POST', headers: n.headers, body: n.body });
    await r.text();
    return r.status;
  }

  async notify(url: string, eventType: string, resource: Record<string, unknown>): Promise<number> {
    return this.post(url, this.notification(eventType, resource));
  }

  /** The user pays on the H5 page: the trade succeeds and TRANSACTION.SUCCESS is sent. */
  async pay(outTradeNo: string): Promise<number> {
    const t = this.trades.get(outTradeNo);
    if (!t || t.state !== 'NOTPAY') throw new Error('local wechat pay: no open trade');
    t.state = 'SUCCESS';
    return this.notify(t.notifyUrl, 'TRANSACTION.SUCCESS', this.transaction(outTradeNo));
  }

  transaction(outTradeNo: string, amount?: number): Record<string, unknown> {
    const t = this.trades.get(outTradeNo);
    return { mchid: this.mchid, appid: this.appid, out_trade_no: outTradeNo, transaction_id: `42${randomBytes(13).toString('hex')}`, trade_type: 'MWEB', trade_state: 'SUCCESS', trade_state_desc: '支付成功', success_time: new Date().toISOString(), payer: { openid: 'o' }, amount: { total: amount ?? t?.amount ?? 0, payer_total: amount ?? t?.amount ?? 0, currency: 'CNY', payer_currency: 'CNY' } };
  }
}
