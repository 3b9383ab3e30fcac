/**
 * Worker thread of the builtin engine pool (engine-pool.ts): answers one question per message and
 * posts each engine event back as it is produced, so the server streams it frame by frame while
 * the CPU work stays off its event loop.
 */
import { parentPort } from 'node:worker_threads';
import { answer } from '@chatdr/engine';
import type { EngineJob, EngineReply } from './engine-pool.ts';

const port = parentPort;
if (!port) throw new Error('engine-worker must run in a worker thread');
const reply = (r: EngineReply) => port.postMessage(r);

port.on('message', (job: EngineJob) => {
  void (async () => {
    try {
      for await (const ev of answer(job.input)) reply({ id: job.id, ev });
      reply({ id: job.id, end: true });
    } catch (err) {
      // The message only (never the question): the server logs it.
      reply({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
