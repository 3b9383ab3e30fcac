/**
 * A multinomial logistic-regression model over string features (src/model/features.ts): trained by
 * mini-batch Adam with L2 regularisation and a fixed-seed shuffle (deterministic: the same data and
 * options give the same weights), stored as int8-quantised weights in base64 (data/model/*.json).
 * Pure; no I/O.
 */

/** The stored form of a trained model (data/model/*.json). */
export interface LinearModelData {
  /** What it predicts (intent, department). */
  readonly kind: string;
  readonly classes: readonly string[];
  /** The feature vocabulary: feature j's weights are weights[j·C … j·C + C − 1]. */
  readonly features: readonly string[];
  /** Dequantisation: weight = int8 × scale. */
  readonly scale: number;
  /** base64 of the int8 weights, feature-major. */
  readonly weights: string;
  /** How it was trained and what it scored (informational). */
  readonly meta: Readonly<Record<string, unknown>>;
}

export interface Example {
  readonly features: readonly string[];
  readonly label: string;
  /** Loss weight (default 1): a lower weight for less trusted sources. */
  readonly weight?: number;
}

export interface TrainOptions {
  readonly classes: readonly string[];
  readonly epochs?: number;
  readonly learningRate?: number;
  readonly l2?: number;
  readonly batchSize?: number;
  readonly seed?: number;
  /** Keep features seen in at least this many examples (default 2). */
  readonly minCount?: number;
  /** Keep at most this many features, the most frequent (default 20000). */
  readonly maxFeatures?: number;
}

export interface Prediction {
  readonly label: string;
  readonly p: number;
  /** Every class's probability, in the model's class order. */
  readonly probs: readonly number[];
}

/** A deterministic 32-bit PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function softmaxInPlace(z: Float64Array): void {
  let max = -Infinity;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  for (let i = 0; i < z.length; i++) {
    const e = Math.exp((z[i] ?? 0) - max);
    z[i] = e;
    sum += e;
  }
  for (let i = 0; i < z.length; i++) z[i] = (z[i] ?? 0) / sum;
}

/** A model ready to predict: the vocabulary indexed, the weights dequantised. */
export class LinearModel {
  readonly classes: readonly string[];
  readonly meta: Readonly<Record<string, unknown>>;
  private readonly index: Map<string, number>;
  private readonly w: Float32Array;

  constructor(classes: readonly string[], features: readonly string[], weights: Float32Array, meta: Readonly<Record<string, unknown>> = {}) {
    if (weights.length !== classes.length * features.length) throw new Error(`weights: ${weights.length} ≠ ${classes.length}×${features.length}`);
    this.classes = classes;
    this.meta = meta;
    this.index = new Map(features.map((f, i) => [f, i]));
    this.w = weights;
  }

  static fromData(d: LinearModelData): LinearModel {
    const bytes = Buffer.from(d.weights, 'base64');
    const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const w = new Float32Array(q.length);
    for (let i = 0; i < q.length; i++) w[i] = (q[i] ?? 0) * d.scale;
    return new LinearModel(d.classes, d.features, w, d.meta);
  }

  /** The class scores (logits) of a bag of features; unknown features are ignored. */
  scores(features: readonly string[]): Float64Array {
    const C = this.classes.length;
    const z = new Float64Array(C);
    for (const f of features) {
      const j = this.index.get(f);
      if (j === undefined) continue;
      const base = j * C;
      for (let c = 0; c < C; c++) z[c] = (z[c] ?? 0) + (this.w[base + c] ?? 0);
    }
    return z;
  }

  predict(features: readonly string[]): Prediction {
    const z = this.scores(features);
    softmaxInPlace(z);
    let best = 0;
    for (let c = 1; c < z.length; c++) if ((z[c] ?? 0) > (z[best] ?? 0)) best = c;
    return { label: this.classes[best] ?? '', p: z[best] ?? 0, probs: [...z] };
  }

  /** The stored form, weights quantised to int8. */
  toData(kind: string, meta: Readonly<Record<string, unknown>> = this.meta): LinearModelData {
    let max = 0;
    for (const v of this.w) if (Math.abs(v) > max) max = Math.abs(v);
    const scale = max === 0 ? 1 : max / 127;
    const q = new Int8Array(this.w.length);
    for (let i = 0; i < q.length; i++) q[i] = Math.round((this.w[i] ?? 0) / scale);
    const features = [...this.index.keys()];
    return { kind, classes: this.classes, features, scale, weights: Buffer.from(q.buffer, q.byteOffset, q.byteLength).toString('base64'), meta };
  }
}

/** The vocabulary: features in at least minCount examples, the most frequent first (ties by name), at most maxFeatures. */
export function vocabulary(examples: readonly Example[], minCount = 2, maxFeatures = 20000): string[] {
  const n = new Map<string, number>();
  for (const e of examples) for (const f of new Set(e.features)) n.set(f, (n.get(f) ?? 0) + 1);
  return [...n]
    .filter(([, c]) => c >= minCount)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, maxFeatures)
    .map(([f]) => f);
}

/**
 * Trains a multinomial logistic regression: cross-entropy (each example weighted) plus L2, mini-batch
 * Adam, the examples shuffled each epoch by a seeded PRNG. Examples whose label is not a class are skipped.
 */
export function train(examples: readonly Example[], opts: TrainOptions): LinearModel {
  const classes = opts.classes;
  const C = classes.length;
  const epochs = opts.epochs ?? 30;
  const lr = opts.learningRate ?? 0.05;
  const l2 = opts.l2 ?? 1e-4;
  const batch = opts.batchSize ?? 16;
  const random = rng(opts.seed ?? 1);
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const usable = examples.filter((e) => classIndex.has(e.label));
  const features = vocabulary(usable, opts.minCount ?? 2, opts.maxFeatures ?? 20000);
  const fIndex = new Map(features.map((f, i) => [f, i]));
  const X = usable.map((e) => Int32Array.from(new Set(e.features.flatMap((f) => (fIndex.has(f) ? [fIndex.get(f) ?? 0] : [])))));
  const Y = usable.map((e) => classIndex.get(e.label) ?? 0);
  const W = usable.map((e) => e.weight ?? 1);
  const P = features.length * C;
  const w = new Float64Array(P);
  const m = new Float64Array(P);
  const v = new Float64Array(P);
  const g = new Float64Array(P);
  const b1 = 0.9, b2 = 0.999, eps = 1e-8;
  let step = 0;
  const order = usable.map((_, i) => i);
  const z = new Float64Array(C);
  const totalWeight = W.reduce((a, b) => a + b, 0) || 1;
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    for (let start = 0; start < order.length; start += batch) {
      g.fill(0);
      const touched = new Set<number>();
      const end = Math.min(order.length, start + batch);
      for (let k = start; k < end; k++) {
        const i = order[k] ?? 0;
        const x = X[i] ?? new Int32Array(0);
        z.fill(0);
        for (const j of x) for (let c = 0; c < C; c++) z[c] = (z[c] ?? 0) + (w[j * C + c] ?? 0);
        softmaxInPlace(z);
        const y = Y[i] ?? 0;
        const wt = ((W[i] ?? 1) * order.length) / totalWeight / (end - start);
        for (const j of x) {
          touched.add(j);
          for (let c = 0; c < C; c++) g[j * C + c] = (g[j * C + c] ?? 0) + wt * ((z[c] ?? 0) - (c === y ? 1 : 0));
        }
      }
      step++;
      const c1 = 1 - b1 ** step;
      const c2 = 1 - b2 ** step;
      // Lazy Adam: only the features in the batch move (their L2 term included), in index order.
      for (const j of [...touched].sort((a, b) => a - b)) {
        for (let c = 0; c < C; c++) {
          const p = j * C + c;
          const grad = (g[p] ?? 0) + l2 * (w[p] ?? 0);
          m[p] = b1 * (m[p] ?? 0) + (1 - b1) * grad;
          v[p] = b2 * (v[p] ?? 0) + (1 - b2) * grad * grad;
          w[p] = (w[p] ?? 0) - (lr * ((m[p] ?? 0) / c1)) / (Math.sqrt((v[p] ?? 0) / c2) + eps);
        }
      }
    }
  }
  return new LinearModel(classes, features, Float32Array.from(w), { epochs, learningRate: lr, l2, batchSize: batch, seed: opts.seed ?? 1, examples: usable.length, features: features.length });
}
