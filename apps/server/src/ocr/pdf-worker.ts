/**
 * Worker thread of the PDF reader (ocr/pdf-reader.ts): a PDF's own text, page by page up to the
 * page cap, off the server's event loop and under the pool's heap and time limits. Pages without
 * text come back as their largest image (PNG): the OCR pool reads them one page per job, so a
 * scanned PDF takes its turns like any image. No OCR model is loaded here, so a worker ended for
 * passing a limit takes no native inference with it.
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
    const scans: { index: number; png: Uint8Array }[] = [];
    const pdf = await readPdf(req.data, (png, index) => {
      scans.push({ index, png });
      return Promise.resolve(EMPTY);
    }, req.maxPages);
    return { id: req.id, ok: true, pdf, scans };
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
