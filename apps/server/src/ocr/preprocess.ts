import sharp from 'sharp';
import { estimateSkew } from './deskew.ts';

/** Longest side an image is read at (OCR-SPEECH.md: ≤ 2000 px keeps 12 MP photos fast and small). */
export const OCR_MAX_SIDE = 2000;

export interface Prepared {
  png: Buffer;
  width: number;
  height: number;
  deskewDegrees: number;
}

interface Raw {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}
const rawOf = (r: Raw) => ({ raw: { width: r.width, height: r.height, channels: r.channels } });

/**
 * The skew of a page from its ink: pixels clearly darker than their surroundings (a blurred copy
 * is the local background), so grey desk margins, shadows and uneven light do not count as text.
 */
export async function skewOf(image: Raw): Promise<number> {
  const grey = await sharp(image.data, rawOf(image)).greyscale().resize({ width: Math.min(1000, image.width) }).raw().toBuffer({ resolveWithObject: true });
  const { width: w, height: h } = grey.info;
  const background = await sharp(grey.data, { raw: { width: w, height: h, channels: 1 } }).blur(12).toColourspace('b-w').raw().toBuffer();
  const ink = new Uint8Array(w * h);
  for (let i = 0; i < ink.length; i++) ink[i] = (grey.data[i] ?? 255) < (background[i] ?? 255) - 40 ? 0 : 255;
  return estimateSkew(ink, w, h, { threshold: 128 });
}

/**
 * Readies an image for OCR: EXIF orientation applied, shrunk to ≤ 2000 px on the long side,
 * deskewed (angle estimated from a small greyscale copy), flattened on white, PNG. Decoded once;
 * the steps pass raw pixels.
 */
export async function prepareForOcr(input: Uint8Array, maxSide = OCR_MAX_SIDE): Promise<Prepared> {
  const base = await sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw: Raw = { data: base.data, width: base.info.width, height: base.info.height, channels: base.info.channels };
  const angle = await skewOf(raw);
  let img = sharp(raw.data, rawOf(raw));
  if (Math.abs(angle) >= 0.3) img = img.rotate(angle, { background: '#ffffff' });
  const out = await img.png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, deskewDegrees: Math.abs(angle) >= 0.3 ? angle : 0 };
}
