import sharp from 'sharp';
import type { OcrBox, OcrProvider } from '../../ocr/types.ts';

/** What a blood-pressure meter's display says. */
export interface BpRead {
  systolic: number;
  diastolic: number;
  pulse: number | null;
}

/** Plausible readings (mmHg, beats/min): anything else is a misread. */
const plausible = (r: BpRead): boolean =>
  r.systolic >= 60 && r.systolic <= 280 && r.diastolic >= 30 && r.diastolic <= 180 && r.systolic > r.diastolic && (r.pulse === null || (r.pulse >= 30 && r.pulse <= 220));

/** The reading's digits are at least this share of the photo's height (a display photographed to be read). */
export const MIN_DIGIT_SHARE = 0.05;

const LABELS: ReadonlyArray<[keyof BpRead, RegExp]> = [
  ['systolic', /^(SYS|收缩压|高压)/iu],
  ['diastolic', /^(DIA|舒张压|低压)/iu],
  ['pulse', /^(PUL|PULSE|脉搏|心率|脉率)/iu],
];

/**
 * The reading in one OCR pass. Numbers: the 2–3-digit ones among the large text (at least 40 % of
 * the tallest number's height — the printed SYS/DIA/PUL, mmHg, brand and buttons are small). When
 * the printed labels were read (two or more of SYS/DIA/PUL, 收缩压/舒张压/脉搏…), each number
 * belongs to the nearest label above or level with it (so a systolic the OCR missed does not turn
 * the diastolic into it); otherwise top to bottom: systolic, diastolic, pulse. Null when that is
 * not a plausible reading.
 */
export function parseBpBoxes(boxes: readonly OcrBox[], pageHeight: number): BpRead | null {
  const nums = boxes
    .flatMap((b) => b.text.split(/\s+/u).filter((w) => /^\d{2,3}$/u.test(w)).map((w) => ({ n: Number(w), y: b.y + b.height / 2, h: b.height })))
    .filter((x) => x.n >= 30);
  if (nums.length < 2) return null;
  const tallest = Math.max(...nums.map((x) => x.h));
  // A meter's reading fills the display: numbers under MIN_DIGIT_SHARE of the photo's height are
  // printed text (a report, a box), not a display.
  if (tallest < pageHeight * MIN_DIGIT_SHARE) return null;
  const big = nums.filter((x) => x.h >= tallest * 0.4).sort((a, b) => a.y - b.y);
  const labels = LABELS.flatMap(([kind, re]) => {
    const b = boxes.find((x) => re.test(x.text.trim()));
    return b ? [{ kind, y: b.y + b.height / 2 }] : [];
  });
  let r: BpRead;
  if (labels.length >= 2) {
    const got: Partial<Record<keyof BpRead, { n: number; h: number }>> = {};
    for (const x of big) {
      const above = labels.filter((l) => l.y <= x.y + x.h * 0.25).sort((a, b) => b.y - a.y)[0];
      if (!above) continue;
      const cur = got[above.kind];
      if (!cur || x.h > cur.h) got[above.kind] = x;
    }
    if (!got.systolic || !got.diastolic) return null;
    r = { systolic: got.systolic.n, diastolic: got.diastolic.n, pulse: got.pulse?.n ?? null };
  } else {
    const [s, d, p] = big;
    if (!s || !d) return null;
    r = { systolic: s.n, diastolic: d.n, pulse: p?.n ?? null };
  }
  return plausible(r) ? r : null;
}

/** The reading most passes agree on (ties: the earlier pass); a full reading beats one without pulse. */
export function voteBp(reads: ReadonlyArray<BpRead | null>): { read: BpRead; votes: number } | null {
  const tally = new Map<string, { read: BpRead; votes: number; first: number }>();
  reads.forEach((r, i) => {
    if (!r) return;
    const key = `${r.systolic}/${r.diastolic}/${r.pulse ?? ''}`;
    const cur = tally.get(key);
    if (cur) cur.votes++;
    else tally.set(key, { read: r, votes: 1, first: i });
  });
  const best = [...tally.values()].sort((a, b) => b.votes - a.votes || Number(b.read.pulse !== null) - Number(a.read.pulse !== null) || a.first - b.first)[0];
  return best ? { read: best.read, votes: best.votes } : null;
}

/**
 * Seven-segment digits read badly as they are (the segments' gaps split the strokes, and unlit
 * segments show as faint 8s): besides the photo as taken, these passes grey it, stretch its
 * contrast, blur the gaps shut and threshold away the faint unlit segments.
 */
const PASSES: ReadonlyArray<(img: Buffer) => Promise<Buffer>> = [
  (img) => sharp(img).greyscale().normalise().blur(6).threshold(140).png().toBuffer(),
  (img) => sharp(img).greyscale().normalise().blur(4).threshold(120).png().toBuffer(),
];

/**
 * Reads a blood-pressure meter's display from a photo (already re-encoded, at most 4096 px a side):
 * the boxes of the ordinary OCR pass (`first`), then the passes above, each through the same OCR
 * provider (its per-account queue). Returns the reading most passes agree on, or null.
 */
export async function readBpDisplay(image: Uint8Array, first: { boxes: readonly OcrBox[]; height: number }, ocr: OcrProvider, owner: string): Promise<BpRead | null> {
  const small = await sharp(image).rotate().resize({ width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true }).toBuffer();
  const reads: Array<BpRead | null> = [];
  for (const pass of PASSES) {
    const page = await ocr.recognize(await pass(small), owner);
    reads.push(parseBpBoxes(page.rows.flatMap((r) => r.cells), page.height));
  }
  reads.push(parseBpBoxes(first.boxes, first.height));
  return voteBp(reads)?.read ?? null;
}
