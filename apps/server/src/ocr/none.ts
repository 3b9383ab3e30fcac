import { PdfReader, type PdfReaderOptions } from './pdf-reader.ts';
import type { OcrPage, OcrProvider, PdfRead } from './types.ts';

const EMPTY: OcrPage = { rows: [], deskewDegrees: 0, width: 0, height: 0, ms: 0 };

/**
 * OCR switched off (OCR_PROVIDER=none): images read as empty; PDFs still give their own text,
 * parsed in the PDF worker pool (ocr/pdf-reader.ts) — never on the event loop.
 */
export class NoOcrProvider implements OcrProvider {
  readonly name = 'none';
  private readonly pdf: PdfReader;

  constructor(opts: PdfReaderOptions) {
    this.pdf = new PdfReader(opts);
  }

  recognize(): Promise<OcrPage> {
    return Promise.resolve(EMPTY);
  }

  readPdf(pdf: Uint8Array, maxPages: number, owner: string): Promise<PdfRead> {
    return this.pdf.read(pdf, maxPages, owner, null);
  }

  get pending(): number {
    return this.pdf.pending;
  }

  close(): Promise<void> {
    return this.pdf.close();
  }
}
