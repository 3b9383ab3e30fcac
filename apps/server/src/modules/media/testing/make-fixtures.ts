/**
 * Regenerates the OCR fixtures in apps/server/test/fixtures (committed; rerun only when
 * report-fixture.ts changes): `node --import tsx apps/server/src/modules/media/testing/make-fixtures.ts`.
 * Needs Debian's fonts-noto-cjk (rendering) and fonts-droid-fallback (a TrueType CJK font, Apache-2.0,
 * subset-embedded into the text PDF); both are SIL OFL / Apache licensed, fine to embed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { FIXTURE_PAGE, reportSvg, reportTextLines } from './report-fixture.ts';

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures');
const TTF = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';
/** Latin, digits, μ and arrows (the CJK font has no Latin glyphs). */
const LATIN_TTF = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** A deterministic pseudo-random generator (fixtures must not change between runs). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

async function cleanPng(): Promise<Buffer> {
  return sharp(Buffer.from(reportSvg())).png({ compressionLevel: 9, palette: true }).toBuffer();
}

/** A phone-photo look: scaled up, tilted 2.5°, on a grey desk, blurred, noisy, JPEG quality 60. */
async function photoJpeg(clean: Buffer): Promise<Buffer> {
  const scaled = await sharp(clean).resize({ width: Math.round(FIXTURE_PAGE.width * 1.3) }).toBuffer();
  const rotated = await sharp(scaled).rotate(2.5, { background: { r: 150, g: 148, b: 140 } }).flatten({ background: '#96948c' }).toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  const next = rng(42);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.round(128 + (next() - 0.5) * 60);
  const noiseImg = await sharp(noise, { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(rotated.data)
    .blur(0.9)
    .composite([{ input: noiseImg, blend: 'overlay' }])
    .modulate({ brightness: 0.95 })
    .jpeg({ quality: 60, mozjpeg: false })
    .toBuffer();
}

const PT = 72 / 150;

async function textPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const cjk = await doc.embedFont(fs.readFileSync(TTF), { subset: true });
  const latin = await doc.embedFont(fs.readFileSync(LATIN_TTF), { subset: true });
  const page = doc.addPage([FIXTURE_PAGE.width * PT, FIXTURE_PAGE.height * PT]);
  for (const l of reportTextLines()) {
    // Runs of Latin and CJK characters, each in a font that has them.
    let x = l.x * PT;
    const size = l.size * PT;
    for (const run of l.text.match(/[\u0020-\u2fff]+|[^\u0020-\u2fff]+/gu) ?? []) {
      const font = run.charCodeAt(0) < 0x3000 ? latin : cjk;
      page.drawText(run, { x, y: (FIXTURE_PAGE.height - l.y) * PT, size, font, color: rgb(0.07, 0.07, 0.07) });
      x += font.widthOfTextAtSize(run, size);
    }
  }
  doc.setProducer('chatdr fixtures');
  doc.setCreationDate(new Date('2026-03-12T10:15:00Z'));
  doc.setModificationDate(new Date('2026-03-12T10:15:00Z'));
  return Buffer.from(await doc.save());
}

async function imagePdf(clean: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const jpg = await sharp(clean).jpeg({ quality: 80 }).toBuffer();
  const img = await doc.embedJpg(jpg);
  const page = doc.addPage([FIXTURE_PAGE.width * PT, FIXTURE_PAGE.height * PT]);
  page.drawImage(img, { x: 0, y: 0, width: FIXTURE_PAGE.width * PT, height: FIXTURE_PAGE.height * PT });
  doc.setProducer('chatdr fixtures');
  doc.setCreationDate(new Date('2026-03-12T10:15:00Z'));
  doc.setModificationDate(new Date('2026-03-12T10:15:00Z'));
  return Buffer.from(await doc.save());
}

/** A medicine box front (药盒) for the drug-name path. */
async function medicineBox(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="560" font-family="Noto Sans CJK SC">
  <rect width="900" height="560" fill="#f4f7fb"/><rect x="0" y="0" width="900" height="90" fill="#1d5fa8"/>
  <text x="40" y="60" font-size="34" fill="#fff">国药准字H20053121</text>
  <text x="450" y="220" font-size="84" font-weight="bold" text-anchor="middle" fill="#0b2d55">阿莫西林胶囊</text>
  <text x="450" y="300" font-size="36" text-anchor="middle" fill="#333">Amoxicillin Capsules</text>
  <text x="450" y="380" font-size="40" text-anchor="middle" fill="#333">0.25g×24粒</text>
  <text x="40" y="500" font-size="30" fill="#b00">处方药</text><text x="860" y="500" font-size="30" text-anchor="end" fill="#333">江城制药有限公司</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export async function makeFixtures(dir = FIXTURE_DIR): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const clean = await cleanPng();
  fs.writeFileSync(path.join(dir, 'report-clean.png'), clean);
  fs.writeFileSync(path.join(dir, 'report-photo.jpg'), await photoJpeg(clean));
  fs.writeFileSync(path.join(dir, 'report-text.pdf'), await textPdf());
  fs.writeFileSync(path.join(dir, 'report-scan.pdf'), await imagePdf(clean));
  fs.writeFileSync(path.join(dir, 'medicine-box.jpg'), await medicineBox());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await makeFixtures();
  for (const f of fs.readdirSync(FIXTURE_DIR)) console.log(f, fs.statSync(path.join(FIXTURE_DIR, f)).size);
}
