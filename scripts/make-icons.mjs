// Generates the PWA icons (apps/web/public/icons) from the app's own mark, drawn here as SVG and
// rendered with sharp: 192 and 512 px "any" icons (rounded square), a 512 px maskable one (the
// mark inside the 80 % safe zone on a full bleed) and the 180 px apple-touch-icon. Nothing is
// downloaded. Run: node scripts/make-icons.mjs
import { Buffer } from 'node:buffer';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(path.resolve('apps/server/package.json'));
const sharp = require('sharp');
const out = path.resolve('apps/web/public/icons');
fs.mkdirSync(out, { recursive: true });

const cross = (s, c) => {
  // The white cross of favicon.svg scaled to an s×s box centred at c.
  const k = s / 64;
  const p = [[28, 16], [36, 16], [36, 28], [48, 28], [48, 36], [36, 36], [36, 48], [28, 48], [28, 36], [16, 36], [16, 28], [28, 28]];
  return p.map(([x, y], i) => `${i ? 'L' : 'M'}${(c - s / 2 + x * k).toFixed(2)} ${(c - s / 2 + y * k).toFixed(2)}`).join('') + 'Z';
};
const grad = '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#16a08f"/><stop offset="1" stop-color="#07675d"/></linearGradient></defs>';
const any = (n) => `<svg xmlns="http://www.w3.org/2000/svg" width="${n}" height="${n}" viewBox="0 0 ${n} ${n}">${grad}<rect width="${n}" height="${n}" rx="${n * 0.22}" fill="url(#g)"/><path d="${cross(n * 1.05, n / 2)}" fill="#fff"/></svg>`;
const maskable = (n) => `<svg xmlns="http://www.w3.org/2000/svg" width="${n}" height="${n}" viewBox="0 0 ${n} ${n}">${grad}<rect width="${n}" height="${n}" fill="url(#g)"/><path d="${cross(n * 0.8, n / 2)}" fill="#fff"/></svg>`;

const jobs = [
  ['icon-192.png', any(192)],
  ['icon-512.png', any(512)],
  ['maskable-512.png', maskable(512)],
  ['apple-touch-icon.png', maskable(180)],
];
for (const [name, svg] of jobs) {
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(path.join(out, name));
  console.log(name, fs.statSync(path.join(out, name)).size, 'bytes');
}
