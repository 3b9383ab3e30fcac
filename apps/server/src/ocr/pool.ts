import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { FROM_BUNDLE, SERVER_ROOT } from '../paths.ts';

/**
 * A bounded pool of worker threads for reading and decoding uploads (OCR, PDF text, HEIC), with
 * a fair queue: waiting jobs are taken round-robin across their owners (accounts), so one
 * account's files never wait behind more than one job of each other account, and each owner may
 * have at most `maxPerOwner` jobs waiting or running. Every job runs under a time limit and each
 * worker under a memory limit (`resourceLimits`): a job past either ends its worker (a new one
 * starts for the next job) and fails alone.
 */

/** Why a job was refused or failed without an answer from its worker. */
export class PoolError extends Error {
  constructor(
    /** `owner`: the owner has maxPerOwner jobs already; `full`: maxQueue jobs wait in all; `timeout`, `memory`: the job passed a limit; `crash`: its worker died; `closed`. */
    readonly reason: 'owner' | 'full' | 'timeout' | 'memory' | 'crash' | 'closed',
    message: string,
  ) {
    super(message);
    this.name = 'PoolError';
  }
}

/** Every message a pool worker posts carries the id of the job it answers (0: not a job's answer). */
export interface PoolReply {
  id: number;
}

export interface PoolOptions<R extends PoolReply> {
  /** Worker threads at most at once. */
  size: number;
  /** Longest one job may run (ms). */
  timeoutMs: number;
  /** Per worker: resource limits (JS heap; a WebAssembly decoder caps its own memory). */
  resourceLimits: ResourceLimits;
  /** Jobs waiting (not running) in all before new ones are refused. */
  maxQueue: number;
  /** Jobs of one owner waiting or running before its new ones are refused. */
  maxPerOwner: number;
  /** A worker is ended after this many jobs (1: a fresh thread per job; its memory goes with it). Default: never. */
  jobsPerWorker?: number;
  /** Starts one worker. */
  spawn: (resourceLimits: ResourceLimits) => Worker;
  /**
   * Workers running native code (onnxruntime) abort the process when ended mid-job: a job past
   * its time fails at once, but its worker is ended only once it answers (it takes no new job
   * meanwhile), and close() waits up to timeoutMs for running jobs.
   */
  graceful?: boolean;
  /** A message that answers no job (id 0), e.g. a worker's failed start: return an error to end that worker. */
  onOther?: (reply: R) => Error | null;
}

interface Job<R> {
  id: number;
  owner: string;
  msg: { id: number };
  transfer: ArrayBuffer[];
  resolve: (r: R) => void;
  reject: (e: Error) => void;
}

interface Slot<R> {
  worker: Worker;
  job: Job<R> | null;
  timer: NodeJS.Timeout | null;
  done: number;
  /** Its job timed out (graceful pools): ended at its next answer. */
  draining: boolean;
}

/**
 * Per-owner FIFO queues served round-robin: the next item is the first of the owner served
 * longest ago (an owner never served, or forgotten, first). The pool forgets an owner once it has
 * nothing waiting or running, so the memory of who was served stays as small as the queue.
 */
export class FairQueue<T> {
  private readonly queues = new Map<string, T[]>();
  private readonly served = new Map<string, number>();
  private tick = 0;
  private size = 0;

  get length(): number {
    return this.size;
  }

  count(owner: string): number {
    return this.queues.get(owner)?.length ?? 0;
  }

  push(owner: string, item: T): void {
    const q = this.queues.get(owner);
    if (q) q.push(item);
    else this.queues.set(owner, [item]);
    this.size++;
  }

  shift(): T | undefined {
    let pick: string | null = null;
    let best = Infinity;
    for (const owner of this.queues.keys()) {
      const at = this.served.get(owner) ?? 0;
      if (at < best) {
        best = at;
        pick = owner;
      }
    }
    if (pick === null) return undefined;
    const q = this.queues.get(pick);
    const item = q?.shift();
    if (!q || q.length === 0) this.queues.delete(pick);
    this.served.set(pick, ++this.tick);
    if (item !== undefined) this.size--;
    return item;
  }

  /** Drops what is remembered of an owner with nothing queued (it is served first next time). */
  forget(owner: string): void {
    if (!this.queues.has(owner)) this.served.delete(owner);
  }

  drain(): T[] {
    const all = [...this.queues.values()].flat();
    this.queues.clear();
    this.served.clear();
    this.size = 0;
    return all;
  }
}

/** Starts a worker of src/ocr by name: its own bundle in dist/ (build.mjs), or its TypeScript source under tsx. */
export function startWorker(name: string, opts: { workerData?: unknown; resourceLimits?: ResourceLimits } = {}): Worker {
  const url = FROM_BUNDLE ? pathToFileURL(path.join(SERVER_ROOT, `dist/${name}.js`)) : new URL(`./${name}.ts`, import.meta.url);
  // From the sources the worker is TypeScript: a one-line bootstrap registers tsx's loader in
  // the thread first (Node 20 does not apply an inherited `--import tsx` to a worker's entry).
  const boot = FROM_BUNDLE ? `import(${JSON.stringify(url.href)}).catch((e) => { throw e; });` : `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(url.href)}); }).catch((e) => { throw e; });`;
  return new Worker(boot, { eval: true, workerData: opts.workerData, ...(opts.resourceLimits ? { resourceLimits: opts.resourceLimits } : {}) });
}

export class WorkerPool<R extends PoolReply> {
  private readonly slots: Slot<R>[] = [];
  private readonly queue = new FairQueue<Job<R>>();
  private readonly running = new Map<string, number>();
  private nextId = 1;
  private closed = false;
  /** Workers started so far. */
  spawned = 0;

  constructor(private readonly opts: PoolOptions<R>) {}

  /** Jobs waiting or running. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  /** Jobs of one owner waiting or running. */
  pendingOf(owner: string): number {
    return this.queue.count(owner) + (this.running.get(owner) ?? 0);
  }

  /** Starts the workers now rather than on the first job. */
  warm(): void {
    while (this.slots.length < this.opts.size) this.spawn();
  }

  /**
   * Runs one job: `msg` (given an `id`) is posted to a worker and the reply with that id is the
   * result. Rejects at once with PoolError('owner' | 'full') when the owner or the queue is full.
   */
  run(owner: string, msg: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<R> {
    if (this.closed) return Promise.reject(new PoolError('closed', 'pool closed'));
    if (this.pendingOf(owner) >= this.opts.maxPerOwner) return Promise.reject(new PoolError('owner', 'too many jobs for this owner'));
    if (this.queue.length >= this.opts.maxQueue) return Promise.reject(new PoolError('full', 'queue full'));
    const id = this.nextId++;
    return new Promise<R>((resolve, reject) => {
      this.queue.push(owner, { id, owner, msg: { ...msg, id }, transfer, resolve, reject });
      this.pump();
    });
  }

  private spawn(): Slot<R> {
    const worker = this.opts.spawn(this.opts.resourceLimits);
    this.spawned++;
    const slot: Slot<R> = { worker, job: null, timer: null, done: 0, draining: false };
    worker.on('message', (reply: R) => {
      if (slot.draining && reply.id !== 0) {
        this.retire(slot);
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || reply.id !== job.id) {
        const err = reply.id === 0 ? (this.opts.onOther?.(reply) ?? null) : null;
        if (err) this.fail(slot, err);
        return;
      }
      this.finish(slot);
      slot.done++;
      if (this.opts.jobsPerWorker && slot.done >= this.opts.jobsPerWorker) this.retire(slot);
      job.resolve(reply);
      this.pump();
    });
    worker.on('error', (err: Error & { code?: string }) => this.fail(slot, err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PoolError('memory', 'worker memory limit reached') : new PoolError('crash', err.message)));
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) this.fail(slot, new PoolError('crash', `worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot<R>) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    if (job) {
      const n = (this.running.get(job.owner) ?? 1) - 1;
      if (n > 0) this.running.set(job.owner, n);
      else {
        this.running.delete(job.owner);
        this.queue.forget(job.owner);
      }
    }
    slot.job = null;
  }

  /** Ends a worker: its slot is freed for a new one. */
  private retire(slot: Slot<R>) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    void slot.worker.terminate();
  }

  private fail(slot: Slot<R>, err: Error) {
    const job = slot.job;
    this.finish(slot);
    this.retire(slot);
    job?.reject(err);
    this.pump();
  }

  private timeout(slot: Slot<R>) {
    const err = new PoolError('timeout', `job timed out after ${this.opts.timeoutMs} ms`);
    if (!this.opts.graceful) return this.fail(slot, err);
    const job = slot.job;
    this.finish(slot);
    slot.draining = true;
    job?.reject(err);
  }

  private pump() {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null && !s.draining);
      if (!slot) {
        if (this.slots.length >= this.opts.size) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      const s = slot;
      s.job = job;
      this.running.set(job.owner, (this.running.get(job.owner) ?? 0) + 1);
      s.timer = setTimeout(() => this.timeout(s), this.opts.timeoutMs);
      s.worker.postMessage(job.msg, job.transfer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.drain()) job.reject(new PoolError('closed', 'pool closed'));
    const slots = this.slots.splice(0);
    const busy = slots.filter((s) => s.job !== null || s.draining);
    for (const s of slots) {
      const job = s.job;
      this.finish(s);
      job?.reject(new PoolError('closed', 'pool closed'));
    }
    if (this.opts.graceful) {
      // Let running jobs answer (bounded by the job timeout) before their workers are ended.
      await Promise.all(busy.map((s) => new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.opts.timeoutMs);
        s.worker.once('message', () => (clearTimeout(timer), resolve()));
        s.worker.once('exit', () => (clearTimeout(timer), resolve()));
      })));
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
