import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type Services } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { lockDataDir } from './db/lock.ts';
import { resolveSecret } from './providers/crypto.ts';
import { createChangeBus } from './providers/change-bus.ts';
import { createRateLimiter } from './providers/rate-limit.ts';
import type { SmsProvider } from './providers/sms.ts';

export interface Runtime {
  app: FastifyInstance;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/**
 * Opens everything the server needs from its configuration: the data-dir lock and PGlite (or
 * PostgreSQL), the rate limiter (memory or Redis), the secret, the app, and housekeeping.
 */
export async function createRuntime(config: Config, opts: { sms?: SmsProvider; now?: () => number; memoryDb?: boolean; logStream?: NodeJS.WritableStream } = {}): Promise<Runtime> {
  let release: (() => void) | null = null;
  if (!config.databaseUrl && !opts.memoryDb) release = lockDataDir(path.join(config.dataDir, 'pglite'));
  try {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: opts.memoryDb ? null : path.join(config.dataDir, 'pglite'), poolSize: config.databasePoolSize });
    const limiter = await createRateLimiter(config.redisUrl);
    const bus = await createChangeBus(config.redisUrl);
    const secret = resolveSecret(config.secretKey, config.dataDir);
    const { app, services } = await buildApp({ config, database, limiter, bus, secret, ...(opts.sms ? { sms: opts.sms } : {}), ...(opts.now ? { now: opts.now } : {}), ...(opts.logStream ? { logStream: opts.logStream } : {}) });
    await app.ready();
    // Media files whose rows are gone (a stop between a deletion's rows and its files): at start and hourly.
    const sweep = () => void services.media.sweepOrphans().catch((err: unknown) => app.log.warn({ err }, 'media sweep failed'));
    sweep();
    const purge = setInterval(() => {
      services.auth.purge().catch((err: unknown) => app.log.warn({ err }, 'purge failed'));
      sweep();
    }, 3_600_000);
    purge.unref();
    return {
      app,
      services,
      database,
      async close() {
        clearInterval(purge);
        await app.close();
        await limiter.close();
        await bus.close();
        await database.close();
        release?.();
      },
    };
  } catch (err) {
    release?.();
    throw err;
  }
}
