import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
