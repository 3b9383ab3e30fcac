import { unwrap } from './pdf.ts';
import { startWorker, WorkerPool } from './pool.ts';
import type { OcrPage, PdfRead, WorkerReply } from './types.ts';

/** JS heap of a PDF worker (MB): pdf.js's parse of the document and its used pages. */
export const PDF_WORKER_HEAP_MB = 384;

export interface PdfReaderOptions {
  workers: number;
  timeoutMs: number;
  maxQueue: number;
  maxPerOwner: number;
}

/**
 * PDFs, read in a pool of worker threads (ocr/pdf-worker.ts) with the fair per-account queue and
 * limits of ocr/pool.ts: at most `maxPages` pages parsed, their own text first; each page without
 * text is then given to `ocr` (the OCR pool) as its own job, or left empty without one.
 */
export class PdfReader {
  private readonly pool: WorkerPool<WorkerReply>;

  constructor(opts: PdfReaderOptions) {
    this.pool = new WorkerPool<WorkerReply>({
      size: opts.workers,
      timeoutMs: opts.timeoutMs,
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
      maxQueue: opts.maxQueue,
      maxPerOwner: opts.maxPerOwner,
      spawn: (resourceLimits) => startWorker('pdf-worker', { resourceLimits }),
    });
  }

  async read(pdf: Uint8Array, maxPages: number, owner: string, ocr: ((png: Uint8Array, owner: string) => Promise<OcrPage>) | null): Promise<PdfRead> {
    const r = unwrap(await this.pool.run(owner, { kind: 'pdf', data: pdf, maxPages }));
    if (!('pdf' in r)) throw new Error('PDF worker answered an image for a PDF');
    if (!ocr) return r.pdf;
    const pages = [...r.pdf.pages];
    for (const scan of r.scans) {
      const read = await ocr(scan.png, owner);
      pages[scan.index] = { source: read.rows.length > 0 ? 'ocr' : 'empty', rows: read.rows };
    }
    return { ...r.pdf, pages };
  }

  get pending(): number {
    return this.pool.pending;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
