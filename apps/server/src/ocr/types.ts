/** One piece of text found on a page, with its box in page pixels (top-left origin). */
export interface OcrBox {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
  confidence: number;
}

/** A printed row rebuilt from boxes: its cells left to right. */
export interface OcrRow {
  cells: OcrBox[];
  /** Cells joined by one space. */
  text: string;
  /** Median cell height (a proxy for the font size). */
  height: number;
}

export interface OcrPage {
  rows: OcrRow[];
  /** Degrees the page was rotated by before reading (deskew). */
  deskewDegrees: number;
  width: number;
  height: number;
  /** Milliseconds spent reading the page (in the worker). */
  ms: number;
}

/** A PDF read page by page (its own text first, OCR for pages that have none). */
export interface PdfRead {
  totalPages: number;
  pages: { source: 'text' | 'ocr' | 'empty'; rows: OcrRow[] }[];
  /** The first page's largest image as PNG (image-only PDFs), for a cover. */
  cover: Uint8Array | null;
}

/**
 * Reads the text of images and PDFs, off the event loop, in a bounded pool whose queue is served
 * round-robin across `owner`s (accounts). Throws PoolError (ocr/pool.ts) 'owner' or 'full' at
 * once when the owner's share or the queue is full, and 'timeout', 'memory' or 'crash' for a job
 * that passed a limit.
 */
export interface OcrProvider {
  readonly name: string;
  /** `image`: an encoded image (jpeg, png, webp…). */
  recognize(image: Uint8Array, owner: string): Promise<OcrPage>;
  /** Reads at most `maxPages` pages. Throws BadPdfError (ocr/pdf.ts) for a PDF that cannot be opened. */
  readPdf(pdf: Uint8Array, maxPages: number, owner: string): Promise<PdfRead>;
  /** Jobs waiting or running. */
  readonly pending: number;
  close(): Promise<void>;
}

/** A job posted to the OCR worker (ocr/paddle-worker.ts: images) or a PDF worker (ocr/pdf-worker.ts: PDFs). */
export type WorkerRequest = { id: number; kind: 'image'; data: Uint8Array } | { id: number; kind: 'pdf'; data: Uint8Array; maxPages: number };
/**
 * A worker's answer (id 0: the OCR worker's start, ready or failed). A PDF's pages without text
 * come back as `scans` (index into `pdf.pages`, the page's largest image as PNG) for the OCR pool.
 */
export type WorkerReply =
  | { id: number; ok: true; page: OcrPage }
  | { id: number; ok: true; pdf: PdfRead; scans: { index: number; png: Uint8Array }[] }
  | { id: number; ok: true; ready: true }
  | { id: number; ok: false; error: string; badPdf?: boolean };

