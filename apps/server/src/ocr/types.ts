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

/** Reads the text of images and PDFs. Implementations run off the event loop. */
export interface OcrProvider {
  readonly name: string;
  /** `image`: an encoded image (jpeg, png, webp…). */
  recognize(image: Uint8Array): Promise<OcrPage>;
  /** Throws BadPdfError (ocr/pdf.ts) for a PDF that cannot be opened. */
  readPdf(pdf: Uint8Array, maxPages: number): Promise<PdfRead>;
  close(): Promise<void>;
}

