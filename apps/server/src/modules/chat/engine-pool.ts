import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FROM_BUNDLE, SERVER_ROOT } from '../../paths.ts';
import type { ChatAnswerInput, Engine, EngineEvent } from './engine-adapter.ts';

/** One question for a worker. */
export interface EngineJob {
  id: number;
  input: ChatAnswerInput;
}
/** A worker's messages: an event of job `id`, its end, or its failure. */
export type EngineReply = { id: number; ev: EngineEvent } | { id: number; end: true } | { id: number; error: string };

interface Job {
  id: number;
  input: ChatAnswerInput;
  /** The iterator stopped listening (cancel, shutdown): its events are dropped. */
  dropped: boolean;
  event(ev: EngineEvent): void;
  end(err: Error | null): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** The worker's entry: its own bundle beside the server's (dist/), or its source under tsx. */
const WORKER_URL = FROM_BUNDLE ? pathToFileURL(path.join(SERVER_ROOT, 'dist/engine-worker.js')) : new URL('./engine-worker.ts', import.meta.url);

/** A question the engine has not finished in this long ends failed (3099) and its worker is replaced. */
export const ENGINE_JOB_TIMEOUT_MS = 30_000;

/**
 * The builtin engine in worker threads (ENGINE_WORKERS): its CPU work (hundreds of regular
 * expressions over the text) never holds the socket or REST. Each worker answers one question at
 * a time, in arrival order; the events of an answer come back on the worker's port as they are
 * produced (one port per worker, so in order) and the iterator yields them one by one. Workers
 * start on the first question; a crashed or stuck one fails only its own question.
 */
export class EnginePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number, private readonly timeoutMs = ENGINE_JOB_TIMEOUT_MS) {}

  /** The pool as the chat module's Engine. */
  readonly engine: Engine = (input) => this.stream(input);

  /** Questions waiting for a worker or being answered. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  private stream(input: ChatAnswerInput): AsyncIterable<EngineEvent> {
    return {
      [Symbol.asyncIterator]: () => {
        const buffered: EngineEvent[] = [];
        let ended = false;
        let failure: Error | null = null;
        let wake: (() => void) | null = null;
        const job: Job = {
          id: this.nextId++,
          input,
          dropped: false,
          event(ev) {
            buffered.push(ev);
            wake?.();
          },
          end(err) {
            ended = true;
            failure = err;
            wake?.();
          },
        };
        this.submit(job);
        return {
          next: async (): Promise<IteratorResult<EngineEvent>> => {
            for (;;) {
              const ev = buffered.shift();
              if (ev !== undefined) return { value: ev, done: false };
              if (failure) throw failure;
              if (ended) return { value: undefined, done: true };
              await new Promise<void>((resolve) => {
                wake = resolve;
              });
              wake = null;
            }
          },
          return: async (): Promise<IteratorResult<EngineEvent>> => {
            this.drop(job);
            return { value: undefined, done: true };
          },
        };
      },
    };
  }

  /** Starts the workers now (each loads the engine) rather than on the first question. */
  warm(): void {
    while (!this.closed && this.slots.length < this.size) this.spawn();
  }

  private submit(job: Job): void {
    if (this.closed) return job.end(new Error('engine pool closed'));
    this.queue.push(job);
    this.pump();
  }

  /** The listener went away: a waiting job leaves the queue; a running one finishes unheard. */
  private drop(job: Job): void {
    job.dropped = true;
    const i = this.queue.indexOf(job);
    if (i >= 0) this.queue.splice(i, 1);
  }

  private spawn(): Slot {
    // From the sources the worker is TypeScript: a one-line bootstrap registers tsx's loader in
    // the thread first (Node 20 does not apply an inherited `--import tsx` to a worker's entry).
    const boot = FROM_BUNDLE ? `import(${JSON.stringify(WORKER_URL.href)}).catch((e) => { throw e; });` : `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(WORKER_URL.href)}); }).catch((e) => { throw e; });`;
    const worker = new Worker(boot, { eval: true });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (r: EngineReply) => {
      const job = slot.job;
      if (!job || job.id !== r.id) return;
      if ('ev' in r) {
        if (!job.dropped) job.event(r.ev);
        return;
      }
      this.finish(slot);
      job.end('error' in r ? new Error(`engine failed: ${r.error}`) : null);
      this.pump();
    });
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) this.fail(slot, new Error(`engine worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private fail(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const job = slot.job;
    this.finish(slot);
    void slot.worker.terminate();
    job?.end(err);
    this.pump();
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      const s = slot;
      s.job = job;
      s.timer = setTimeout(() => this.fail(s, new Error(`engine took longer than ${this.timeoutMs} ms`)), this.timeoutMs);
      s.timer.unref();
      const msg: EngineJob = { id: job.id, input: job.input };
      s.worker.postMessage(msg);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.end(new Error('engine pool closed'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      const job = s.job;
      this.finish(s);
      job?.end(new Error('engine pool closed'));
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
