import { describe, expect, it } from 'vitest';
import { ConfigError, exposureWarning, loadConfig } from './config.ts';

describe('configuration', () => {
  it('starts in local mode with the dev outbox, port 8080 and ./data by default', () => {
    const c = loadConfig({ INIT_CWD: '/srv/chatdr' });
    expect(c).toMatchObject({ mode: 'local', port: 8080, dataDir: '/srv/chatdr/data', sms: { provider: 'outbox' }, registration: 'open', databaseUrl: undefined });
  });
  it('refuses production without a real SMS provider', () => {
    expect(() => loadConfig({ CHATDR_MODE: 'production', SECRET_KEY: 'k'.repeat(32) })).toThrow(ConfigError);
    expect(() => loadConfig({ CHATDR_MODE: 'production', SECRET_KEY: 'k'.repeat(32), SMS_PROVIDER: 'http' })).toThrow(/SMS/);
  });
  it('refuses production without a secret key', () => {
    expect(() => loadConfig({ CHATDR_MODE: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.invalid/send' })).toThrow(/SECRET_KEY/);
  });
  it('accepts production with both', () => {
    const c = loadConfig({ CHATDR_MODE: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.invalid/send', SECRET_KEY: 'k'.repeat(32) });
    expect(c.sms).toEqual({ provider: 'http', url: 'https://sms.example.invalid/send', token: undefined });
  });
  it('explains a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ REGISTRATION: 'closed' })).toThrow(/REGISTRATION/);
  });
  it('listens on 127.0.0.1 in local mode unless HOST says otherwise, on 0.0.0.0 in production', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ CHATDR_MODE: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example.invalid/send', SECRET_KEY: 'k'.repeat(32) }).host).toBe('0.0.0.0');
  });
  it('warns loudly when local mode listens on a network-facing address', () => {
    expect(exposureWarning(loadConfig({}))).toBeNull();
    expect(exposureWarning(loadConfig({ HOST: '::1' }))).toBeNull();
    expect(exposureWarning(loadConfig({ HOST: 'localhost' }))).toBeNull();
    expect(exposureWarning(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/WARNING.*LOCAL mode.*HOST=0\.0\.0\.0/su);
    expect(exposureWarning(loadConfig({ HOST: '192.168.1.20' }))).toMatch(/WARNING/u);
    expect(exposureWarning({ mode: 'production', host: '0.0.0.0' })).toBeNull();
  });
  it('trusts X-Forwarded-For from no one by default, from loopback only for TRUST_PROXY=true, else from the listed proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8 ,uniquelocal' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16', 'fd00::/8', 'uniquelocal']);
  });
  it('refuses a TRUST_PROXY entry that is not an address, a CIDR range or a keyword', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', 'proxy.example.com', '*', '2']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });
  it('PAY_PROVIDER=wechat or alipay names every missing setting; keys are PEM text or a readable file', () => {
    expect(() => loadConfig({ PAY_PROVIDER: 'wechat' })).toThrow(/PAY_PUBLIC_URL, WECHATPAY_MCHID, WECHATPAY_APPID, WECHATPAY_MCH_SERIAL, WECHATPAY_MCH_PRIVATE_KEY, WECHATPAY_APIV3_KEY, WECHATPAY_PLATFORM_SERIAL, WECHATPAY_PLATFORM_PUBLIC_KEY/);
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay', PAY_PUBLIC_URL: 'https://chatdr.example.com' })).toThrow(/ALIPAY_APP_ID, ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY/);
    expect(() => loadConfig({ PAY_PROVIDER: 'alipay', PAY_PUBLIC_URL: 'https://chatdr.example.com', ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: '/nonexistent/key.pem', ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nx' })).toThrow(/ALIPAY_PRIVATE_KEY: neither PEM text nor a readable PEM file/);
    expect(() => loadConfig({ PAY_PUBLIC_URL: 'https://chatdr.example.com/path' })).toThrow(/PAY_PUBLIC_URL/);
    const c = loadConfig({ PAY_PROVIDER: 'alipay', PAY_PUBLIC_URL: 'https://chatdr.example.com', ALIPAY_APP_ID: '2021000000000001', ALIPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nA', ALIPAY_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\\nB' });
    expect(c.pay.alipay).toMatchObject({ notifyUrl: 'https://chatdr.example.com/api/chatDr-rehab-core/pb/pay/notify/alipay', returnUrl: 'https://chatdr.example.com/#/pkg/pay/success?orderNo=', privateKey: '-----BEGIN PRIVATE KEY-----\nA' });
    expect(loadConfig({}).pay).toEqual({ wechat: null, alipay: null });
  });
});
