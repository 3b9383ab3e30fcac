import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SERVER_ROOT } from '../paths.ts';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The database handle: the same type on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(SERVER_ROOT, 'drizzle');

/**
 * Opens the database and brings its schema up to date with the same migrations on both engines:
 * PostgreSQL when `databaseUrl` is set, else PGlite in `pgliteDir` (or in memory when null).
 */
export async function openDatabase(opts: { databaseUrl?: string | undefined; pgliteDir?: string | null; poolSize?: number }): Promise<Database> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzle(pool, { schema });
    // Several instances may start together: one migrates at a time.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock(727001)');
      await migrate(drizzle(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
      client.release();
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // The embedded database belongs to this one process and its pages are already in memory (the
  // OS cache on disk, the heap in memory): PostgreSQL's default 128 MB of shared buffers would
  // hold them twice. 16 MB keeps the hot pages: measured (2026-11-28, a 20,000-row table read and
  // written) 32 MB left the process at 220-252 MB RSS, 16 MB at 180-193 MB; 8 MB saved nothing more.
  // PGlite's WebAssembly memory itself cannot start below the module's 128 MB minimum.
  const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
  // First start: initdb would leave about half a gigabyte with the instance that ran it; run in
  // a worker thread, that memory goes with the thread.
  if (opts.pgliteDir && !existsSync(path.join(opts.pgliteDir, 'PG_VERSION'))) await initCluster(opts.pgliteDir, startParams);
  const client = new PGlite({ ...(opts.pgliteDir ? { dataDir: opts.pgliteDir } : {}), startParams });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** Creates a PGlite cluster in `dir` (initdb) in a worker thread, and waits for it to end. */
function initCluster(dir: string, startParams: string[]): Promise<void> {
  const code = `const { workerData: w } = require('node:worker_threads');
import(w.url).then(async ({ PGlite }) => { const db = await PGlite.create({ dataDir: w.dir, startParams: w.startParams }); await db.close(); });`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { url: import.meta.resolve('@electric-sql/pglite'), dir, startParams } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the PGlite database in ${dir} failed (${code})`))));
  });
}

/** Round trip used by readiness checks. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
