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

/**
 * Readies an image for OCR: EXIF orientation applied, shrunk to ≤ 2000 px on the long side,
 * deskewed (angle estimated from a small greyscale copy), flattened on white, PNG.
 */
export async function prepareForOcr(input: Uint8Array, maxSide = OCR_MAX_SIDE): Promise<Prepared> {
  const base = await sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toBuffer({ resolveWithObject: true });
  const probeWidth = Math.min(1000, base.info.width);
  const probe = await sharp(base.data).greyscale().resize({ width: probeWidth }).raw().toBuffer({ resolveWithObject: true });
  const angle = estimateSkew(new Uint8Array(probe.data.buffer, probe.data.byteOffset, probe.data.byteLength), probe.info.width, probe.info.height);
  let img = sharp(base.data);
  if (Math.abs(angle) >= 0.3) img = img.rotate(angle, { background: '#ffffff' });
  const out = await img.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png: out.data, width: out.info.width, height: out.info.height, deskewDegrees: Math.abs(angle) >= 0.3 ? angle : 0 };
}
