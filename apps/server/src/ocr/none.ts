import { unwrap } from './pdf.ts';
import { startWorker, WorkerPool } from './pool.ts';
import type { OcrPage, OcrProvider, PdfRead, WorkerReply } from './types.ts';

const EMPTY: OcrPage = { rows: [], deskewDegrees: 0, width: 0, height: 0, ms: 0 };

/** JS heap of a PDF text worker (MB): pdf.js's parse of the document and its used pages. */
export const PDF_WORKER_HEAP_MB = 384;

export interface NoOcrOptions {
  workers: number;
  timeoutMs: number;
  maxQueue: number;
  maxPerOwner: number;
}

/**
 * OCR switched off (OCR_PROVIDER=none): images read as empty; PDFs still give their own text,
 * parsed in a pool of worker threads (ocr/pdf-worker.ts) with the same fair queue and limits as
 * the OCR workers — never on the event loop.
 */
export class NoOcrProvider implements OcrProvider {
  readonly name = 'none';
  private readonly pool: WorkerPool<WorkerReply>;

  constructor(opts: NoOcrOptions) {
    this.pool = new WorkerPool<WorkerReply>({
      size: opts.workers,
      timeoutMs: opts.timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
      maxQueue: opts.maxQueue,
      maxPerOwner: opts.maxPerOwner,
      spawn: (resourceLimits) => startWorker('pdf-worker', { resourceLimits }),
    });
  }

  recognize(): Promise<OcrPage> {
    return Promise.resolve(EMPTY);
  }

  async readPdf(pdf: Uint8Array, maxPages: number, owner: string): Promise<PdfRead> {
    const r = unwrap(await this.pool.run(owner, { kind: 'pdf', data: pdf, maxPages }));
    if (!('pdf' in r)) throw new Error('PDF worker answered an image for a PDF');
    return r.pdf;
  }

  get pending(): number {
    return this.pool.pending;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
