import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures');

/**
 * A full-size phone photo (≈ 4000 × 4500, 18 MP): the tilted photo fixture enlarged, with a wide
 * grey desk around the page, JPEG 85. Made on the fly (not committed: it is large).
 */
export async function largePhoto(): Promise<Buffer> {
  return sharp(fs.readFileSync(path.join(FIXTURE_DIR, 'report-photo.jpg')))
    .resize({ width: 3000 })
    .extend({ top: 200, bottom: 200, left: 500, right: 500, background: '#96948c' })
    .jpeg({ quality: 85 })
    .toBuffer();
}
