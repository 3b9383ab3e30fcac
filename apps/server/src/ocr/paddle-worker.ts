/**
 * Worker thread of the PaddleOCR provider: loads PP-OCRv4 once, then reads one image per
 * message. Everything heavy (decode, resize, deskew, inference, row rebuilding) happens here,
 * off the server's event loop.
 */
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PaddleOcrService } from 'ppu-paddle-ocr';
import sharp from 'sharp';
import { paddleDictionary, toArrayBuffer } from './models.ts';
import { prepareForOcr } from './preprocess.ts';
import { groupRows } from './rows.ts';
import type { OcrBox, OcrPage, WorkerReply, WorkerRequest } from './types.ts';
import type { WorkerConfig } from './paddle.ts';

// No libvips operation cache in the worker: every image is new, the cache only holds memory.
sharp.cache(false);
/** Longest side the text detector sees. */
const DETECT_MAX_SIDE = 1280;
const port = parentPort;
if (!port) throw new Error('paddle-worker must run in a worker thread');
const files = workerData as WorkerConfig;

const service = new PaddleOcrService({
  model: {
    detection: toArrayBuffer(fs.readFileSync(files.detection)),
    recognition: toArrayBuffer(fs.readFileSync(files.recognition)),
    charactersDictionary: toArrayBuffer(new TextEncoder().encode(paddleDictionary(fs.readFileSync(files.keys, 'utf8')))),
  },
  debugging: { verbose: false, debug: false },
  // Text detection at ≤ 1280 px (the page itself is read at ≤ 2000 px): 15/15 rows on the
  // fixtures, including a 12 MP photo with desk margins, for ~25 % less peak memory than ppu's
  // 'auto' (1500 px for a 2000 px page).
  detection: { maxSideLength: DETECT_MAX_SIDE },
  // No CPU memory arena: peak memory ~0.7 GB instead of ~1.1 GB for the same speed; threads that
  // sleep rather than spin, so a busy worker leaves the server's cores to the event loop.
  session: { executionProviders: ['cpu'], enableCpuMemArena: false, intraOpNumThreads: files.threads, interOpNumThreads: 1, extra: { session: { intra_op: { allow_spinning: '0' } } } },
});
const ready = service.initialize();

async function recognize(image: Uint8Array): Promise<OcrPage> {
  await ready;
  const started = performance.now();
  const prepared = await prepareForOcr(image);
  const result = await service.recognize(toArrayBuffer(prepared.png), { flatten: true, noCache: true });
  const boxes: OcrBox[] = result.results.map((r) => ({ text: r.text, x: r.box.x, y: r.box.y, width: r.box.width, height: r.box.height, confidence: r.confidence }));
  return { rows: groupRows(boxes), deskewDegrees: prepared.deskewDegrees, width: prepared.width, height: prepared.height, ms: Math.round(performance.now() - started) };
}

async function read(req: WorkerRequest): Promise<WorkerReply> {
  // PDFs are parsed in ocr/pdf-worker.ts; their image-only pages come here as images.
  if (req.kind !== 'image') return { id: req.id, ok: false, error: 'the OCR worker reads images only' };
  return { id: req.id, ok: true, page: await recognize(req.data) };
}

port.on('message', (req: WorkerRequest) => {
  read(req)
    .then((reply) => port.postMessage(reply))
    .catch((err: unknown) => port.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerReply));
});
ready.then(
  () => port.postMessage({ id: 0, ok: true, ready: true } satisfies WorkerReply),
  (err: unknown) => port.postMessage({ id: 0, ok: false, error: `init: ${err instanceof Error ? err.message : String(err)}` } satisfies WorkerReply),
);
