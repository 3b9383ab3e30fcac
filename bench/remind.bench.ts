/**
 * Reminders (`BENCH_ONLY=remind`): the scheduler's kill drill on PostgreSQL — 10,000 doses due in
 * the same instant, two scheduler instances as separate processes, instance A killed with SIGKILL
 * 2.5 s after the doses fell due. Bar (issue 20): every dose delivered exactly once within 60 s of
 * its time. Runs in a fresh database (scripts/fresh-pg-db.mjs on PG_ADMIN_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards; skipped when none is reachable.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { killDrill } from '../apps/server/src/modules/remind/testing/kill-drill.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const freshDb = path.join(ROOT, 'scripts/fresh-pg-db.mjs');

export async function remindBench(): Promise<void> {
  console.log('\n== reminders: 10,000 doses due at once, two scheduler instances on PostgreSQL, one SIGKILLed ==');
  let databaseUrl: string;
  try {
    databaseUrl = execFileSync(process.execPath, [freshDb], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    console.log('skipped: no PostgreSQL reachable at PG_ADMIN_URL');
    return;
  }
  try {
    const n = Number(process.env.BENCH_REMIND_N ?? 10_000);
    const r = await killDrill({ databaseUrl, n, killAfterMs: 2_500, timeoutMs: 120_000, log: (l) => console.log(`  ${l}`) });
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`  delivered ${r.delivered}/${r.n} (records ${r.records}); last one ${s(r.lastDeliveredMs)} after due`);
    console.log(`  A killed at ${s(r.killedAtMs)} (${r.deliveredAtKill} delivered by then, A sent ${r.sentByA} live, ${r.orphanedClaims} claims under its lease); B sent ${r.sentByB}`);
    console.log(`  live notices: ${r.distinctSent} distinct, ${r.duplicates} duplicates`);
    const ok = r.delivered === r.n && r.records === r.n && r.duplicates === 0 && r.lastDeliveredMs < 60_000;
    console.log(`  ${ok ? 'PASS' : 'FAIL'} (bar: all ${r.n} exactly once within 60 s)`);
  } finally {
    execFileSync(process.execPath, [freshDb, '--drop', databaseUrl], { stdio: 'ignore' });
  }
}
