/**
 * A home blood-pressure meter's LCD, drawn for the OCR tests: three large seven-segment numbers
 * (SYS, DIA, PUL) with their small printed labels, as an SVG rasterised by sharp — clean, or as a
 * phone photo of the meter (its white body around the display, tilted, blurred, noisy, JPEG).
 */
import sharp from 'sharp';

/** Segments a–g of each digit (a top, b top-right, c bottom-right, d bottom, e bottom-left, f top-left, g middle). */
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef', '1': 'bc', '2': 'abdeg', '3': 'abcdg', '4': 'bcfg', '5': 'acdfg', '6': 'acdefg', '7': 'abc', '8': 'abcdefg', '9': 'abcdfg',
};

/** One digit at (x, y), `w` wide and `h` tall, segments `t` thick, as polygons. */
function digit(ch: string, x: number, y: number, w: number, h: number, t: number, on: string, off: string): string {
  const lit = SEGMENTS[ch] ?? '';
  const half = h / 2;
  const g = t * 0.15; // gap between segments
  // Horizontal segment with pointed ends, from (x0, yc) to (x1, yc); vertical likewise.
  const hs = (x0: number, x1: number, yc: number) => `${x0 + g},${yc} ${x0 + t / 2 + g},${yc - t / 2} ${x1 - t / 2 - g},${yc - t / 2} ${x1 - g},${yc} ${x1 - t / 2 - g},${yc + t / 2} ${x0 + t / 2 + g},${yc + t / 2}`;
  const vs = (xc: number, y0: number, y1: number) => `${xc},${y0 + g} ${xc + t / 2},${y0 + t / 2 + g} ${xc + t / 2},${y1 - t / 2 - g} ${xc},${y1 - g} ${xc - t / 2},${y1 - t / 2 - g} ${xc - t / 2},${y0 + t / 2 + g}`;
  const l = x + t / 2;
  const r = x + w - t / 2;
  const top = y + t / 2;
  const mid = y + half;
  const bot = y + h - t / 2;
  const seg: Record<string, string> = { a: hs(l, r, top), b: vs(r, top, mid), c: vs(r, mid, bot), d: hs(l, r, bot), e: vs(l, mid, bot), f: vs(l, top, mid), g: hs(l, r, mid) };
  return Object.entries(seg)
    .map(([k, pts]) => `<polygon points="${pts}" fill="${lit.includes(k) ? on : off}"/>`)
    .join('');
}

/** A right-aligned number of up to three digits; leading positions blank (as an LCD shows them). */
function number(n: number, right: number, y: number, w: number, h: number, t: number, on: string, off: string): string {
  const s = String(n);
  const step = w * 1.32;
  let out = '';
  for (let i = 0; i < 3; i++) {
    const ch = s[s.length - 3 + i] ?? '';
    out += digit(ch, right - (3 - i) * step, y, w, h, t, on, off);
  }
  // The seven-segment look leans a little, as on most meters.
  return `<g transform="skewX(-6) translate(${(y + h) * Math.tan((6 * Math.PI) / 180)},0)">${out}</g>`;
}

export interface BpDisplay {
  systolic: number;
  diastolic: number;
  pulse: number;
}

/** The LCD alone (520×620), greenish-grey glass, dark segments, faint unlit segments. */
export function bpDisplaySvg(v: BpDisplay, o: { unlit?: boolean } = {}): string {
  const on = '#1d2420';
  const off = o.unlit === false ? '#b9c4b0' : '#aeb9a5';
  const W = 520;
  const H = 620;
  const label = (x: number, y: number, text: string, size: number) => `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" font-weight="bold" fill="${on}">${text}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<rect x="0" y="0" width="${W}" height="${H}" rx="28" fill="#b9c4b0"/>
${label(28, 70, 'SYS', 30)}${label(28, 100, 'mmHg', 20)}
${number(v.systolic, 490, 30, 92, 170, 20, on, off)}
${label(28, 270, 'DIA', 30)}${label(28, 300, 'mmHg', 20)}
${number(v.diastolic, 490, 226, 92, 170, 20, on, off)}
${label(28, 470, 'PUL', 30)}${label(28, 500, '/min', 20)}
${number(v.pulse, 490, 440, 66, 122, 15, on, off)}
</svg>`;
}

/** The display as a clean PNG. */
export function bpDisplayPng(v: BpDisplay): Promise<Buffer> {
  return sharp(Buffer.from(bpDisplaySvg(v))).png().toBuffer();
}

/** A deterministic pseudo-random generator. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A phone photo of the meter: the display in the meter's white body (brand and buttons printed on
 * it), on a wooden-brown desk, tilted `tilt`°, blurred, with sensor noise, JPEG quality 70.
 */
export async function bpMeterPhoto(v: BpDisplay, o: { tilt?: number; seed?: number } = {}): Promise<Buffer> {
  const display = Buffer.from(bpDisplaySvg(v)).toString('base64');
  const body = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="1000">
<rect x="0" y="0" width="760" height="1000" fill="#8a6a4a"/>
<rect x="60" y="40" width="640" height="920" rx="70" fill="#eef0f0" stroke="#c9cdcd" stroke-width="6"/>
<text x="380" y="105" text-anchor="middle" font-family="Noto Sans CJK SC, sans-serif" font-size="30" fill="#4a5a66">电子血压计</text>
<image x="120" y="130" width="520" height="620" href="data:image/svg+xml;base64,${display}"/>
<circle cx="380" cy="850" r="62" fill="#2f6fb0"/><text x="380" y="862" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffffff">START</text>
<rect x="160" y="830" width="90" height="40" rx="12" fill="#d5d9d9"/><rect x="510" y="830" width="90" height="40" rx="12" fill="#d5d9d9"/>
</svg>`;
  const clean = await sharp(Buffer.from(body)).png().toBuffer();
  const rotated = await sharp(clean).rotate(o.tilt ?? 3, { background: { r: 138, g: 106, b: 74 } }).toBuffer({ resolveWithObject: true });
  const { width, height } = rotated.info;
  const next = rng(o.seed ?? 7);
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.round(128 + (next() - 0.5) * 50);
  const grain = await sharp(noise, { raw: { width, height, channels: 1 } }).png().toBuffer();
  return sharp(rotated.data).blur(1.1).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 70 }).toBuffer();
}
