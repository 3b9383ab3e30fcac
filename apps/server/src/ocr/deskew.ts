/**
 * Skew estimation from raw pixels: the angle whose rotation makes the dark pixels' row
 * histogram the most peaked (text lines become thin dense bands). Pure; `preprocess.ts` feeds
 * it a small greyscale copy of the page.
 */
export function estimateSkew(gray: Uint8Array, width: number, height: number, opts: { maxDegrees?: number; step?: number; threshold?: number } = {}): number {
  const maxDeg = opts.maxDegrees ?? 6;
  const threshold = opts.threshold ?? otsu(gray);
  // Dark pixels (text); sampled down to keep the search cheap.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      if ((gray[row + x] ?? 255) <= threshold) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  const n = xs.length;
  if (n < 50) return 0;
  const stride = Math.max(1, Math.floor(n / 60_000));
  const diag = Math.ceil(Math.hypot(width, height)) + 2;
  const bins = new Float64Array(diag * 2);
  const score = (deg: number): number => {
    const t = (deg * Math.PI) / 180;
    const s = Math.sin(t);
    const c = Math.cos(t);
    bins.fill(0);
    for (let i = 0; i < n; i += stride) {
      const yy = Math.round((xs[i] ?? 0) * s + (ys[i] ?? 0) * c) + diag;
      bins[yy] = (bins[yy] ?? 0) + 1;
    }
    let sum = 0;
    for (let i = 0; i < bins.length; i++) {
      const v = bins[i] ?? 0;
      sum += v * v;
    }
    return sum;
  };
  const search = (from: number, to: number, step: number): number => {
    let best = 0;
    let bestScore = -1;
    for (let d = from; d <= to + 1e-9; d += step) {
      const sc = score(d);
      if (sc > bestScore) {
        bestScore = sc;
        best = d;
      }
    }
    return best;
  };
  const coarse = search(-maxDeg, maxDeg, opts.step ?? 0.5);
  const fine = search(coarse - 0.5, coarse + 0.5, 0.1);
  return Math.round(fine * 100) / 100;
}

/** Otsu's threshold of a greyscale image. */
export function otsu(gray: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of gray) hist[v] = (hist[v] ?? 0) + 1;
  const total = gray.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (hist[i] ?? 0);
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let bestT = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t] ?? 0;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * (hist[t] ?? 0);
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      bestT = t;
    }
  }
  return bestT;
}
