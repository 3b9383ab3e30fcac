import { readPdf } from './pdf.ts';
import type { OcrPage, OcrProvider, PdfRead } from './types.ts';

const EMPTY: OcrPage = { rows: [], deskewDegrees: 0, width: 0, height: 0, ms: 0 };

/**
 * OCR switched off (OCR_PROVIDER=none): images read as empty; PDFs still give their own text
 * (parsed on the calling thread — small PDFs only take a fraction of a second).
 */
export class NoOcrProvider implements OcrProvider {
  readonly name = 'none';
  recognize(): Promise<OcrPage> {
    return Promise.resolve(EMPTY);
  }
  readPdf(pdf: Uint8Array, maxPages: number): Promise<PdfRead> {
    return readPdf(pdf, () => Promise.resolve(EMPTY), maxPages);
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
