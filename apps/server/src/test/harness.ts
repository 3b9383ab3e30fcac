import { randomInt } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { loadConfig, type Config } from '../config.ts';
import { createRuntime, type Runtime } from '../runtime.ts';
import { DevOutbox } from '../providers/sms.ts';

/** A clock tests can move. */
export class TestClock {
  t = Date.now();
  now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

export interface TestApp {
  rt: Runtime;
  clock: TestClock;
  outbox: DevOutbox;
  logs: string[];
  config: Config;
  /** Calls a contract route; returns HTTP status and the parsed envelope. */
  call(r: RouteDef, opts?: { body?: unknown; query?: Record<string, string>; token?: string; ip?: string; params?: Record<string, string>; raw?: Partial<InjectOptions> }): Promise<{ status: number; code: number; msg: string; data: unknown }>;
  /** Sends a login code to a fresh phone and logs in; returns the token. */
  login(phone?: string, ip?: string): Promise<{ token: string; phone: string; userId: number; isNewUser: boolean }>;
  lastCode(phone: string): string;
  close(): Promise<void>;
}

/** A random mainland mobile number (tests share one database on PostgreSQL). */
export const randomPhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
export const randomIp = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/**
 * Boots the real app: PGlite in memory by default, PostgreSQL and Redis when DATABASE_URL and
 * REDIS_URL are set (CI runs the same files both ways).
 */
export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const clock = new TestClock();
  const outbox = new DevOutbox();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      logs.push(chunk.toString());
      cb();
    },
  });
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `chatdr-test-${process.pid}-${randomInt(1e9)}`),
    LOG_LEVEL: 'info',
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    SECRET_KEY: 'test-secret-test-secret-test-secret-0000',
    WEB_DIST: path.join(os.tmpdir(), 'chatdr-no-web'),
    // Every test socket comes from 127.0.0.1 and, in CI, the test files share one Redis: the
    // per-IP minute window would be shared by all of them (the limit tests set their own).
    CHAT_IP_PER_MINUTE: '1000000',
    CHAT_IP_MAX_IN_FLIGHT: '100000',
    ...env,
  });
  const rt = await createRuntime(config, { sms: outbox, now: clock.now, memoryDb: !config.databaseUrl, logStream });
  const defaultIp = randomIp();
  const t: TestApp = {
    rt,
    clock,
    outbox,
    logs,
    config,
    async call(r, o = {}) {
      let url = urlOf(r).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(o.params?.[k] ?? ''));
      if (o.query) url += `?${new URLSearchParams(o.query).toString()}`;
      const res = await rt.app.inject({
        method: r.method,
        url,
        remoteAddress: o.ip ?? defaultIp,
        headers: { ...(o.token ? { authorization: o.token } : {}), ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(o.body !== undefined ? { payload: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}),
        ...o.raw,
      });
      const env = res.body ? (JSON.parse(res.body) as { code: number; msg: string; data: unknown }) : { code: NaN, msg: '', data: null };
      return { status: res.statusCode, ...env };
    },
    lastCode(phone) {
      const c = outbox.lastCode(phone);
      if (!c) throw new Error(`no code sent to ${phone}`);
      return c;
    },
    async login(phone = randomPhone(), ip) {
      const from = ip ?? randomIp();
      const sent = await t.call(routes.auth.sendLoginCode, { body: { phone }, ip: from });
      if (sent.code !== 1) throw new Error(`send failed: ${sent.msg}`);
      const res = await t.call(routes.auth.phoneLogin, { body: { phone, code: t.lastCode(phone) }, ip: from });
      if (res.code !== 1) throw new Error(`login failed: ${res.code} ${res.msg}`);
      const d = res.data as { sessionId: string; userId: number; isNewUser: boolean };
      return { token: d.sessionId, phone, userId: d.userId, isNewUser: d.isNewUser };
    },
    close: () => rt.close(),
  };
  return t;
}
