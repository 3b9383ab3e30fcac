import { describe, expect, it } from 'vitest';
import { estimateSkew } from './deskew.ts';
import { paddleDictionary } from './models.ts';
import { normalizePdfText } from './normalize.ts';
import { groupRows } from './rows.ts';
import type { OcrBox } from './types.ts';

/** A page of dark text lines (rectangles of dots) rotated clockwise by `deg`. */
function page(deg: number, width = 600, height = 400): Uint8Array {
  const g = new Uint8Array(width * height).fill(255);
  const t = (deg * Math.PI) / 180;
  const [cx, cy] = [width / 2, height / 2];
  for (let line = 0; line < 10; line++) {
    const y0 = 40 + line * 32;
    for (let y = y0; y < y0 + 10; y++) {
      for (let x = 60; x < 540; x += 2) {
        // Rotate (x, y) about the centre, clockwise on screen (y down).
        const rx = Math.round(cx + (x - cx) * Math.cos(t) - (y - cy) * Math.sin(t));
        const ry = Math.round(cy + (x - cx) * Math.sin(t) + (y - cy) * Math.cos(t));
        if (rx >= 0 && rx < width && ry >= 0 && ry < height) g[ry * width + rx] = 0;
      }
    }
  }
  return g;
}

describe('deskew', () => {
  it('finds the rotation that levels the text lines', () => {
    for (const deg of [2.5, -2.5, 0, 4]) {
      // Rotating by the answer undoes the tilt.
      expect(estimateSkew(page(deg), 600, 400)).toBeCloseTo(-deg, 0);
    }
  });

  it('answers 0 for a blank page', () => {
    expect(estimateSkew(new Uint8Array(100 * 100).fill(255), 100, 100)).toBe(0);
  });
});

const box = (text: string, x: number, y: number, width = 80, height = 20): OcrBox => ({ text, x, y, width, height, confidence: 1 });

describe('rows from boxes', () => {
  it('follows a gentle slope along a row instead of cutting it', () => {
    // Three rows tilted ~3°: each cell 5 px lower than the one to its left.
    const boxes = [0, 1, 2].flatMap((r) => ['name', 'value', 'unit', 'range'].map((c, i) => box(`${c}${r}`, 50 + i * 150, 100 + r * 30 + i * 7)));
    const rows = groupRows(boxes);
    expect(rows.map((r) => r.text)).toEqual(['name0 value0 unit0 range0', 'name1 value1 unit1 range1', 'name2 value2 unit2 range2']);
  });

  it('keeps overlapping boxes on different rows', () => {
    const rows = groupRows([box('a', 10, 10), box('b', 20, 22), box('c', 200, 12)]);
    expect(rows).toHaveLength(2);
  });
});

describe('text fix-ups', () => {
  it('maps radical look-alikes from PDF fonts to the ideographs', () => {
    expect(normalizePdfText('⾎红蛋⽩')).toBe('血红蛋白');
    expect(normalizePdfText('⼈⺠医院')).toBe('人民医院');
    expect(normalizePdfText('ＡＬＴ：５６')).toBe('ALT:56');
  });

  it("builds ppu's dictionary with the blank first and a space last", () => {
    expect(paddleDictionary('a\nb\nc\n').split('\n')).toEqual(['<blank>', 'a', 'b', 'c', ' ']);
  });
});
