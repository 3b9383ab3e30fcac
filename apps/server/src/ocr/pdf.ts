import sharp from 'sharp';
import { extractImages, extractTextItems, getDocumentProxy } from 'unpdf';
import { normalizePdfText } from './normalize.ts';
import { groupRows } from './rows.ts';
import type { OcrBox, OcrPage, PdfRead } from './types.ts';

type PdfPage = PdfRead['pages'][number];

/** A PDF that cannot be opened (damaged, encrypted, not a PDF). */
export class BadPdfError extends Error {
  constructor(cause: unknown) {
    super(`bad pdf: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'BadPdfError';
  }
}

/** Scale of PDF points to the pixel space rows are built in (150 dpi, like a scan). */
const SCALE = 150 / 72;

/**
 * Reads a PDF: each page's own text first (unpdf, positions kept so rows rebuild the table,
 * NFKC + radical fix-up), and for a page with no text, OCR of its largest embedded image.
 * `data` is copied: pdf.js takes ownership of the buffer it is given.
 */
export async function readPdf(data: Uint8Array, ocr: (png: Uint8Array) => Promise<OcrPage>, maxPages = 20): Promise<PdfRead> {
  let doc: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    doc = await getDocumentProxy(new Uint8Array(data));
  } catch (err) {
    throw new BadPdfError(err);
  }
  try {
    const { items } = await extractTextItems(doc);
    const total = doc.numPages;
    const pages: PdfPage[] = [];
    let cover: Uint8Array | null = null;
    for (let p = 1; p <= Math.min(total, maxPages); p++) {
      const page = await doc.getPage(p);
      const height = page.getViewport({ scale: 1 }).height;
      const boxes: OcrBox[] = (items[p - 1] ?? [])
        .filter((it) => it.str.trim() !== '')
        .map((it) => ({
          text: normalizePdfText(it.str),
          x: it.x * SCALE,
          y: (height - it.y - (it.height || it.fontSize)) * SCALE,
          width: it.width * SCALE,
          height: (it.height || it.fontSize) * SCALE,
          confidence: 1,
        }));
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
      const read = await ocr(png);
      pages.push({ source: read.rows.length > 0 ? 'ocr' : 'empty', rows: read.rows });
    }
    return { totalPages: total, pages, cover };
  } finally {
    await doc.destroy();
  }
}
