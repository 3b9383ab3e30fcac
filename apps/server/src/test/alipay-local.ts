import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signContent } from '../modules/pkg/alipay.ts';

/**
 * A local server speaking the Alipay open platform gateway for tests: the wap.pay page URL (GET),
 * alipay.trade.query / close / refund (form POST), each checking the application's RSA2 signature;
 * answers `{"<method>_response": {...}, "sign": "..."}` signed over the response object's text,
 * and async notifications (form POST, RSA2 over the sorted parameters without sign and sign_type).
 */
export class LocalAlipay {
  readonly app = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  readonly alipay = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  readonly appId = '2021000000000001';
  goodSign = 0;
  badSign = 0;
  readonly trades = new Map<string, { amount: string; state: string; notifyUrl: string }>();
  readonly refunds = new Map<string, string>();
  private server: http.Server | null = null;
  gateway = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((r) => this.server?.listen(0, '127.0.0.1', r));
    this.gateway = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/gateway.do`;
  }
  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }

  private signedByApp(p: Record<string, string>): boolean {
    if (p.app_id !== this.appId || p.sign_type !== 'RSA2' || !p.sign) return false;
    return createVerify('RSA-SHA256').update(signContent(p), 'utf8').verify(this.app.publicKey, p.sign, 'base64');
  }

  private answer(res: http.ServerResponse, method: string, obj: Record<string, unknown>): void {
    const text = JSON.stringify(obj);
    const sign = createSign('RSA-SHA256').update(text, 'utf8').sign(this.alipay.privateKey, 'base64');
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${method.replace(/\./g, '_')}_response":${text},"sign":"${sign}"}`);
  }

  private handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', this.gateway);
    const p: Record<string, string> = {};
    for (const [k, v] of req.method === 'GET' ? url.searchParams : new URLSearchParams(body)) p[k] = v;
    const method = p.method ?? '';
    if (!this.signedByApp(p)) {
      this.badSign++;
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
        res.end('<html><body>invalid-signature 验签出错</body></html>');
        return;
      }
      this.answer(res, method, { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' });
      return;
    }
    this.goodSign++;
    const biz = JSON.parse(p.biz_content ?? '{}') as { out_trade_no?: string; total_amount?: string; refund_amount?: string; out_request_no?: string };
    const otn = biz.out_trade_no ?? '';
    if (req.method === 'GET' && method === 'alipay.trade.wap.pay') {
      if (!this.trades.has(otn)) this.trades.set(otn, { amount: biz.total_amount ?? '', state: 'WAIT_BUYER_PAY', notifyUrl: p.notify_url ?? '' });
      res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
      res.end(`<html><body>支付宝 收银台 ${biz.total_amount ?? ''}</body></html>`);
      return;
    }
    const t = this.trades.get(otn);
    const missing = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    if (method === 'alipay.trade.query') return this.answer(res, method, t ? { code: '10000', msg: 'Success', out_trade_no: otn, trade_status: t.state, total_amount: t.amount } : missing);
    if (method === 'alipay.trade.close') {
      if (!t) return this.answer(res, method, missing);
      if (t.state === 'WAIT_BUYER_PAY') t.state = 'TRADE_CLOSED';
      return this.answer(res, method, { code: '10000', msg: 'Success', out_trade_no: otn });
    }
    if (method === 'alipay.trade.refund') {
      if (!t || t.state !== 'TRADE_SUCCESS' || biz.refund_amount !== t.amount) return this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' });
      t.state = 'TRADE_CLOSED';
      this.refunds.set(biz.out_request_no ?? '', otn);
      return this.answer(res, method, { code: '10000', msg: 'Success', out_trade_no: otn, refund_fee: biz.refund_amount, fund_change: 'Y' });
    }
    this.answer(res, method, { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method', sub_msg: '不存在的方法名' });
  }

  /** An async notification as Alipay sends it (override fields, or sign with another key). */
  notification(outTradeNo: string, o: { fields?: Record<string, string>; key?: string } = {}): string {
    const t = this.trades.get(outTradeNo);
    const wall = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    const p: Record<string, string> = {
      gmt_create: wall,
      charset: 'utf-8',
      seller_email: 'merchant@example.com',
      subject: '康复服务包',
      buyer_id: '2088102177846880',
      invoice_amount: t?.amount ?? '',
      notify_id: `2024${randomBytes(14).toString('hex')}`,
      fund_bill_list: '[{"amount":"999.00","fundChannel":"ALIPAYACCOUNT"}]',
      notify_type: 'trade_status_sync',
      trade_status: 'TRADE_SUCCESS',
      receipt_amount: t?.amount ?? '',
      app_id: this.appId,
      buyer_pay_amount: t?.amount ?? '',
      sign_type: 'RSA2',
      seller_id: '2088102177649450',
      gmt_payment: wall,
      notify_time: wall,
      version: '1.0',
      out_trade_no: outTradeNo,
      total_amount: t?.amount ?? '',
      trade_no: `2024${randomBytes(12).toString('hex')}`,
      auth_app_id: this.appId,
      point_amount: '0.00',
      ...o.fields,
    };
    p.sign = createSign('RSA-SHA256').update(signContent(p, ['sign', 'sign_type']), 'utf8').sign(o.key ?? this.alipay.privateKey, 'base64');
    return new URLSearchParams(p).toString();
  }

  /** Posts a notification; answers our endpoint's text (`success` or `fail`). */
  async post(url: string, form: string): Promise<string> {
    const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body: form });
    return r.text();
  }

  /** The user pays on the cashier page: the trade succeeds and the notification goes out. */
  async pay(outTradeNo: string): Promise<string> {
    const t = this.trades.get(outTradeNo);
    if (!t || t.state !== 'WAIT_BUYER_PAY') throw new Error('local alipay: no open trade');
    t.state = 'TRADE_SUCCESS';
    return this.post(t.notifyUrl, this.notification(outTradeNo));
  }
}
