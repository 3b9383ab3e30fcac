/**
 * One reminder-scheduler instance for the kill drill (kill-drill.ts), as its own process: the
 * real RemindScheduler, RemindStore and InAppChannel on PostgreSQL (DATABASE_URL), on the real
 * clock. Every live notice it sends after a commit is reported to the parent over IPC, so that the
 * parent can count deliveries per instance; SIGTERM stops it gracefully, SIGKILL does not.
 */
import { openDatabase } from '../../../db/client.ts';
import { RemindStore } from '../remind.store.ts';
import { InAppChannel, NoticeHub, RemindScheduler } from '../scheduler.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error('instance.ts runs as a child process with DATABASE_URL');
const database = await openDatabase({ databaseUrl, poolSize: 4 });
const hub = new NoticeHub();
hub.bind((_userId, notice) => process.send?.({ t: 'sent', id: notice.id }));
const scheduler = new RemindScheduler({
  store: new RemindStore(database.db),
  channels: [new InAppChannel(hub)],
  now: () => Date.now(),
  pollMs: Number(process.env.REMIND_POLL_MS ?? 200),
  graceMs: 3_600_000,
  log: { warn: (obj, msg) => process.stderr.write(`${msg} ${JSON.stringify(obj, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`) },
});
scheduler.start();
process.send({ t: 'ready', owner: scheduler.owner });
process.on('SIGTERM', () => {
  void scheduler
    .stop()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
