/** Sends text messages. Implementations: the dev outbox (local mode) and an HTTP gateway. */
export interface SmsProvider {
  readonly name: string;
  send(phone: string, code: string, scene: string): Promise<void>;
  /**
   * A notice text (a reply to feedback, an order event, a reminder), per the account's message
   * settings. `key`, when given, is unique per notice: a gateway may drop a repeat of the same key.
   */
  notify?(phone: string, text: string, key?: string): Promise<void>;
  /** The last code sent to a phone (dev outbox only). */
  lastCode?(phone: string): string | undefined;
}

const TEXT: Record<string, string> = {
  login: '您的登录验证码为{code}，5分钟内有效，请勿泄露给他人。',
  forgotPwd: '您正在重置密码，验证码为{code}，5分钟内有效，请勿泄露给他人。',
  setPwd: '您正在设置登录密码，验证码为{code}，5分钟内有效，请勿泄露给他人。',
  cancel: '您正在注销账号，验证码为{code}，5分钟内有效。注销后所有数据将被删除。',
  apply: '您正在提交使用申请，验证码为{code}，5分钟内有效。',
  fingerprint: '您正在开启指纹/面容解锁，验证码为{code}，5分钟内有效。如非本人操作，请忽略。',
  changePhoneOld: '您正在更换绑定手机号，验证码为{code}，5分钟内有效。如非本人操作，请忽略并尽快修改密码。',
  changePhoneNew: '您正在将此号码绑定为晓医账号手机号，验证码为{code}，5分钟内有效，请勿泄露给他人。',
  imagingGrant: '您正在授权查看您在医院的影像检查资料，验证码为{code}，5分钟内有效。如非本人操作，请勿将验证码告知他人。',
};
export const smsText = (code: string, scene: string) => (TEXT[scene] ?? TEXT.login ?? '{code}').replace('{code}', code);

/** Local mode: keeps the last code per phone in memory, readable through `GET /api/dev/sms`. Never logs codes. */
export class DevOutbox implements SmsProvider {
  readonly name = 'outbox';
  private readonly last = new Map<string, string>();
  private readonly notices = new Map<string, string>();
  async send(phone: string, code: string): Promise<void> {
    this.last.set(phone, code);
  }
  async notify(phone: string, text: string): Promise<void> {
    this.notices.set(phone, text);
  }
  /** The last notice text sent to a phone. */
  lastNotice(phone: string): string | undefined {
    return this.notices.get(phone);
  }
  lastCode(phone: string): string | undefined {
    return this.last.get(phone);
  }
}

/** Production: POSTs `{ phone, text, scene }` to an SMS gateway; any non-2xx answer is a failure. */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(private readonly url: string, private readonly token: string | undefined, private readonly timeoutMs = 10_000) {}
  async send(phone: string, code: string, scene: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phone, text: smsText(code, scene), scene }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
  async notify(phone: string, text: string, key?: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { authorization: `Bearer ${this.token}` } : {}) },
      body: JSON.stringify({ phone, text, scene: 'notice', ...(key ? { id: key } : {}) }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
  }
}
