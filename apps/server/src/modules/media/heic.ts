import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PoolError, WorkerPool, type PoolReply } from '../../ocr/pool.ts';

/** libheif compiled to WebAssembly (heic-decode's own dependency), resolved here so the worker loads it by path. */
const LIBHEIF = createRequire(createRequire(import.meta.url).resolve('heic-decode')).resolve('libheif-js/wasm-bundle');

/** Most memory libheif's WebAssembly instance may grow to in one decode (a 50 MP photo needs about 0.5 GB). */
export const HEIC_WASM_MB = 1024;
/** JS heap of a decode worker (MB): the pixels live outside it (WebAssembly memory, one transferred buffer). */
export const HEIC_HEAP_MB = 128;
/** Longest one decode may run (ms); a 12 MP photo takes about 0.3 s. */
export const HEIC_TIMEOUT_MS = 30_000;

/**
 * The decode, in a fresh worker thread per photo (its WebAssembly memory, which never shrinks,
 * goes with the thread). WebAssembly memory is not part of the worker's `resourceLimits`, so the
 * worker caps it itself: growing libheif's memory past `wasmBytes` fails, and libheif answers the
 * decode with an error. libheif's own idea of the size is checked against the pixel cap before a
 * pixel is decoded (the container header was checked before the file got here).
 */
const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const grow = WebAssembly.Memory.prototype.grow;
let limited = false;
WebAssembly.Memory.prototype.grow = function (pages) {
  if (this.buffer.byteLength + pages * 65536 > workerData.wasmBytes) {
    limited = true;
    throw new RangeError('decode memory limit');
  }
  return grow.call(this, pages);
};
const libheif = require(workerData.module);
parentPort.on('message', async (job) => {
  const post = (m, t) => parentPort.postMessage(Object.assign({ id: job.id }, m), t);
  try {
    await libheif.ready;
    const decoder = new libheif.HeifDecoder();
    const images = decoder.decode(job.data);
    try {
      const image = images[0];
      if (!image) return post({ ok: false, error: 'no image' });
      const width = image.get_width();
      const height = image.get_height();
      if (width * height > job.maxPixels) return post({ ok: false, tooLarge: true, error: 'too large' });
      const data = await new Promise((resolve, reject) => image.display({ data: new Uint8ClampedArray(width * height * 4), width, height }, (d) => (d ? resolve(d.data) : reject(new Error('HEIF processing error')))));
      post({ ok: true, width, height, data }, [data.buffer]);
    } finally {
      for (const image of images) image.free();
      decoder.decoder.delete();
    }
  } catch (e) {
    post({ ok: false, memory: limited, error: String((e && e.message) || e) });
  }
});
`;

type HeicReply = PoolReply & ({ ok: true; width: number; height: number; data: Uint8ClampedArray } | { ok: false; error: string; tooLarge?: boolean; memory?: boolean });

/** A decode libheif refused as over the pixel cap (its size differs from the container's `ispe`). */
export class HeicTooLargeError extends Error {
  constructor() {
    super('heic over the pixel cap');
    this.name = 'HeicTooLargeError';
  }
}

export interface HeicDecoderOptions {
  /** Decodes at once (MEDIA_DECODE_WORKERS). */
  workers: number;
  maxPixels: number;
  /** Decodes waiting in all before new ones are refused. */
  maxQueue: number;
  /** Decodes of one account waiting or running before its new ones are refused. */
  maxPerOwner: number;
  timeoutMs?: number;
  wasmMb?: number;
}

/**
 * HEIC decoding (sharp's bundled libvips has no HEVC decoder): libheif in a bounded pool of
 * short-lived worker threads, fair across accounts (ocr/pool.ts), each decode under a memory and
 * a time limit. Throws PoolError for a refusal or a passed limit ('memory' also when libheif
 * failed for want of memory under its cap), HeicTooLargeError, or Error.
 */
export class HeicDecoder {
  private readonly pool: WorkerPool<HeicReply>;

  constructor(private readonly opts: HeicDecoderOptions) {
    const wasmBytes = (opts.wasmMb ?? HEIC_WASM_MB) * 2 ** 20;
    this.pool = new WorkerPool<HeicReply>({
      size: opts.workers,
      timeoutMs: opts.timeoutMs ?? HEIC_TIMEOUT_MS,
      resourceLimits: { maxOldGenerationSizeMb: HEIC_HEAP_MB },
      maxQueue: opts.maxQueue,
      maxPerOwner: opts.maxPerOwner,
      jobsPerWorker: 1,
      spawn: (resourceLimits) => new Worker(WORKER, { eval: true, workerData: { module: LIBHEIF, wasmBytes }, resourceLimits }),
    });
  }

  async decode(bytes: Buffer, owner: string): Promise<{ width: number; height: number; data: Uint8ClampedArray }> {
    const r = await this.pool.run(owner, { data: new Uint8Array(bytes), maxPixels: this.opts.maxPixels });
    if (!r.ok) throw r.tooLarge ? new HeicTooLargeError() : r.memory ? new PoolError('memory', `heic decode passed its memory limit: ${r.error}`) : new Error(r.error);
    return r;
  }

  /** Decodes waiting or running. */
  get pending(): number {
    return this.pool.pending;
  }

  /** Decodes started since the server started (each in its own worker). */
  get started(): number {
    return this.pool.spawned;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
