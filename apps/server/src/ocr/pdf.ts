import sharp from 'sharp';
import { extractImages, getDocumentProxy } from 'unpdf';
import { normalizePdfText } from './normalize.ts';
import { groupRows } from './rows.ts';
import type { OcrBox, OcrPage, PdfRead, WorkerReply } from './types.ts';

type PdfPage = PdfRead['pages'][number];

/** A PDF that cannot be opened (damaged, encrypted, not a PDF). */
export class BadPdfError extends Error {
  constructor(cause: unknown) {
    super(`bad pdf: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BadPdfError';
  }
}

/** A worker's answer, or its failure as an error (BadPdfError for a PDF that cannot be opened). */
export function unwrap(reply: WorkerReply): WorkerReply & { ok: true } {
  if (!reply.ok) throw reply.badPdf ? new BadPdfError(reply.error) : new Error(reply.error);
  return reply;
}

const COUNT = Buffer.from('/Count');

/**
 * The largest page count a PDF's page tree declares (`/Count n` of its /Pages nodes), read from
 * the raw bytes in a few milliseconds, without parsing the document; 0 when none is in plain
 * sight (a page tree inside a compressed object stream: the reader's time limit bounds those).
 * pdf.js walks every page object of a flat page tree when it opens a document (its last-page
 * check), so a file declaring 120,000 pages costs seconds before the first page is read.
 */
export function declaredPageCount(pdf: Buffer): number {
  let max = 0;
  for (let i = pdf.indexOf(COUNT); i >= 0; i = pdf.indexOf(COUNT, i + COUNT.length)) {
    let p = i + COUNT.length;
    while (p < pdf.length && (pdf[p] === 0x20 || pdf[p] === 0x0a || pdf[p] === 0x0d || pdf[p] === 0x09)) p++;
    let n = 0;
    let digits = 0;
    while (p < pdf.length && digits < 10 && (pdf[p] ?? 0) >= 0x30 && (pdf[p] ?? 0) <= 0x39) {
      n = n * 10 + ((pdf[p] ?? 0x30) - 0x30);
      p++;
      digits++;
    }
    max = Math.max(max, n);
  }
  return max;
}

/** Scale of PDF points to the pixel space rows are built in (150 dpi, like a scan). */
const SCALE = 150 / 72;

/**
 * Reads a PDF: each page's own text first (unpdf, positions kept so rows rebuild the table,
 * NFKC + radical fix-up), and for a page with no text, OCR of its largest embedded image
 * (`ocr` is given the PNG and the page's index in `pages`).
 * `data` is copied: pdf.js takes ownership of the buffer it is given.
 */
export async function readPdf(data: Uint8Array, ocr: (png: Uint8Array, index: number) => Promise<OcrPage>, maxPages = 20): Promise<PdfRead> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(new Uint8Array(data));
  } catch (err) {
    throw new BadPdfError(err);
  }
  try {
    // The page count comes from the document's page tree: only the pages that are used are
    // parsed (a PDF of 100,000 pages costs what its first maxPages cost).
    const total = doc.numPages;
    const pages: PdfPage[] = [];
    let cover: Uint8Array | null = null;
    for (let p = 1; p <= Math.min(total, maxPages); p++) {
      const page = await doc.getPage(p);
      const height = page.getViewport({ scale: 1 }).height;
      const content = await page.getTextContent();
      const boxes: OcrBox[] = [];
      for (const it of content.items) {
        if (!('str' in it) || it.str.trim() === '') continue;
        const [, , c = 0, d = 0, x = 0, y = 0] = it.transform as number[];
        const h = it.height || Math.hypot(c, d);
        boxes.push({ text: normalizePdfText(it.str), x: x * SCALE, y: (height - y - h) * SCALE, width: it.width * SCALE, height: h * SCALE, confidence: 1 });
      }
      page.cleanup();
      if (boxes.length > 0) {
        pages.push({ source: 'text', rows: groupRows(boxes) });
        continue;
      }
      const images = await extractImages(doc, p);
      const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (!largest || largest.width < 200 || largest.height < 200) {
        pages.push({ source: 'empty', rows: [] });
        continue;
      }
      const png = await sharp(Buffer.from(largest.data.buffer, largest.data.byteOffset, largest.data.byteLength), { raw: { width: largest.width, height: largest.height, channels: largest.channels } }).png({ compressionLevel: 1 }).toBuffer();
      if (p === 1) cover = png;
      const read = await ocr(png, pages.length);
      pages.push({ source: read.rows.length > 0 ? 'ocr' : 'empty', rows: read.rows });
    }
    return { totalPages: total, pages, cover };
  } finally {
    await doc.destroy();
  }
}
