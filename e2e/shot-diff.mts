// Compares two sets of route screenshots (e2e/route-shots.mts) and writes a side-by-side image
// (before | after | difference in red) for every pair that differs.
// Run: node --import tsx e2e/shot-diff.mts before after   → e2e/screenshots/routes/diff-<after>/
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { SHOTS } from './harness.ts';

const [a = 'before', b = 'after'] = process.argv.slice(2);
const dirA = path.join(SHOTS, 'routes', a);
const dirB = path.join(SHOTS, 'routes', b);
const out = path.join(SHOTS, 'routes', `diff-${b}`);
fs.mkdirSync(out, { recursive: true });

for (const file of fs.readdirSync(dirA).filter((f) => f.endsWith('.png'))) {
  if (!fs.existsSync(path.join(dirB, file))) {
    console.log(`${file}: missing in ${b}`);
    continue;
  }
  const read = (d: string) => sharp(path.join(d, file)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [imgA, imgB] = await Promise.all([read(dirA), read(dirB)]);
  const w = Math.max(imgA.info.width, imgB.info.width);
  const h = Math.max(imgA.info.height, imgB.info.height);
  const diff = Buffer.alloc(w * h * 4, 255);
  let changed = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      const pa = x < imgA.info.width && y < imgA.info.height ? (y * imgA.info.width + x) * 4 : -1;
      const pb = x < imgB.info.width && y < imgB.info.height ? (y * imgB.info.width + x) * 4 : -1;
      const same = pa >= 0 && pb >= 0 && Math.abs(imgA.data[pa]! - imgB.data[pb]!) + Math.abs(imgA.data[pa + 1]! - imgB.data[pb + 1]!) + Math.abs(imgA.data[pa + 2]! - imgB.data[pb + 2]!) < 24;
      if (!same) {
        changed++;
        diff[o] = 230;
        diff[o + 1] = 0;
        diff[o + 2] = 0;
      } else if (pa >= 0) {
        const g = 200 + Math.round(imgA.data[pa]! / 5);
        diff[o] = g;
        diff[o + 1] = g;
        diff[o + 2] = g;
      }
    }
  const pct = (100 * changed) / (w * h);
  const sizeNote = imgA.info.height !== imgB.info.height ? ` (height ${imgA.info.height} → ${imgB.info.height})` : '';
  console.log(`${file}: ${pct.toFixed(2)} % pixels differ${sizeNote}`);
  if (changed === 0) continue;
  const pad = (img: typeof imgA) => sharp(img.data, { raw: { width: img.info.width, height: img.info.height, channels: 4 } }).png().toBuffer();
  const sheet = await sharp({ create: { width: w * 3 + 20, height: h, channels: 4, background: { r: 40, g: 40, b: 40, alpha: 1 } } })
    .composite([
      { input: await pad(imgA), left: 0, top: 0 },
      { input: await pad(imgB), left: w + 10, top: 0 },
      { input: await sharp(diff, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer(), left: 2 * w + 20, top: 0 },
    ])
    .png()
    .toBuffer();
  await sharp(sheet).resize({ width: Math.round((w * 3 + 20) / 2) }).toFile(path.join(out, file));
}
