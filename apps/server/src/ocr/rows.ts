import type { OcrBox, OcrRow } from './types.ts';

const median = (xs: number[]): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

/**
 * Rebuilds printed rows from text boxes by position. Engines' own line grouping breaks on a 2–3°
 * tilt (values land on the neighbouring row); here boxes are taken left to right and each joins
 * the row whose rightmost box is vertically closest (within half a text height), so a gentle
 * slope along a row is followed rather than cut.
 */
export function groupRows(boxes: readonly OcrBox[]): OcrRow[] {
  const usable = boxes.filter((b) => b.text.trim() !== '' && b.height > 0);
  const h = median(usable.map((b) => b.height)) || 1;
  const sorted = [...usable].sort((a, b) => a.x - b.x || a.y - b.y);
  interface Building { cells: OcrBox[]; lastCy: number; lastRight: number; lastH: number }
  const rows: Building[] = [];
  for (const b of sorted) {
    const cy = b.y + b.height / 2;
    let best: Building | null = null;
    let bestD = Infinity;
    for (const r of rows) {
      if (b.x < r.lastRight - h * 0.5) continue; // overlaps the row's last cell: another row
      const d = Math.abs(cy - r.lastCy);
      const tol = Math.min(b.height, r.lastH, h * 1.5) * 0.55;
      if (d <= tol && d < bestD) {
        best = r;
        bestD = d;
      }
    }
    if (best) {
      best.cells.push(b);
      best.lastCy = cy;
      best.lastRight = b.x + b.width;
      best.lastH = b.height;
    } else {
      rows.push({ cells: [b], lastCy: cy, lastRight: b.x + b.width, lastH: b.height });
    }
  }
  const out = rows.map((r) => {
    const cy = r.cells.reduce((s, c) => s + c.y + c.height / 2, 0) / r.cells.length;
    return { cy, row: { cells: r.cells, text: r.cells.map((c) => c.text.trim()).join(' '), height: median(r.cells.map((c) => c.height)) } };
  });
  // Reading order: by the row's first cell's centre (rows are near-horizontal after deskew).
  out.sort((a, b) => {
    const ay = (a.row.cells[0]?.y ?? 0) + (a.row.cells[0]?.height ?? 0) / 2;
    const by = (b.row.cells[0]?.y ?? 0) + (b.row.cells[0]?.height ?? 0) / 2;
    return ay - by || a.cy - b.cy;
  });
  return out.map((o) => o.row);
}
