/**
 * Worker thread of the text-only PDF reader (OCR_PROVIDER=none): a PDF's own text, page by page
 * up to the page cap, off the server's event loop and under the pool's heap and time limits.
 */
import { parentPort } from 'node:worker_threads';
import { BadPdfError, readPdf } from './pdf.ts';
import type { OcrPage, WorkerReply, WorkerRequest } from './types.ts';

const port = parentPort;
if (!port) throw new Error('pdf-worker must run in a worker thread');
const EMPTY: OcrPage = { rows: [], deskewDegrees: 0, width: 0, height: 0, ms: 0 };

async function read(req: WorkerRequest): Promise<WorkerReply> {
  if (req.kind === 'image') return { id: req.id, ok: true, page: EMPTY };
  try {
    return { id: req.id, ok: true, pdf: await readPdf(req.data, () => Promise.resolve(EMPTY), req.maxPages) };
  } catch (err) {
    if (err instanceof BadPdfError) return { id: req.id, ok: false, error: err.message, badPdf: true };
    throw err;
  }
}

port.on('message', (req: WorkerRequest) => {
  read(req)
    .then((reply) => port.postMessage(reply))
    .catch((err: unknown) => port.postMessage({ id: req.id, ok: false, error: err instanceof Error ? err.message : String(err) } satisfies WorkerReply));
});
