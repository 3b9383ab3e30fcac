import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@chatdr/contract/media/index';
import { pdfWithPages } from '../modules/media/testing/bombs.ts';
import { declaredPageCount, readPdf } from './pdf.ts';

const noOcr = () => Promise.reject(new Error('no image pages here'));

describe('PDF page bombs', () => {
  it('counts the pages a 120,000-page PDF declares from its bytes, in milliseconds', () => {
    const bomb = pdfWithPages(120_000);
    const t0 = performance.now();
    expect(declaredPageCount(bomb)).toBe(120_000);
    expect(performance.now() - t0).toBeLessThan(500);
    expect(declaredPageCount(pdfWithPages(3))).toBe(3);
    expect(declaredPageCount(Buffer.from('%PDF-1.4 no page tree in sight'))).toBe(0);
  });

  it('reads only the pages that are used: 20 of a 1,000-page PDF (all 1,000 were parsed before)', async () => {
    const pdf = pdfWithPages(MEDIA_LIMITS.maxPdfDeclaredPages, '2024 ALT 35 U/L');
    const t0 = performance.now();
    const read = await readPdf(pdf, noOcr, MEDIA_LIMITS.maxPdfPages);
    expect(read.totalPages).toBe(1000);
    expect(read.pages).toHaveLength(MEDIA_LIMITS.maxPdfPages);
    expect(read.pages.every((p) => p.source === 'text' && p.rows[0]?.text === '2024 ALT 35 U/L')).toBe(true);
    // Every page's text was extracted first: 3.8 s for these 1,000 pages (14.6 s for 3,000), on
    // the event loop with OCR_PROVIDER=none. Now 20 pages and pdf.js's page-tree walk: ~0.8 s.
    expect(performance.now() - t0).toBeLessThan(3000);
  });
});
