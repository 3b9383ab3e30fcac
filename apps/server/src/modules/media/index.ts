import { MEDIA_LIMITS } from '@chatdr/contract/media/index';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Access } from '../../access/access.ts';
import { NoOcrProvider } from '../../ocr/none.ts';
import { PaddleOcrProvider } from '../../ocr/paddle.ts';
import type { OcrProvider } from '../../ocr/types.ts';
import { HeicDecoder } from './heic.ts';
import { MediaService } from './media.service.ts';
import { MediaStore } from './media.store.ts';
import { LocalDiskStorage, SealedStorage, type MediaStorage } from './storage.ts';

export { mediaRoutes } from './media.routes.ts';
export { MediaService } from './media.service.ts';

/** Jobs waiting for a reading or decoding worker, all accounts together, per worker. */
const QUEUE_PER_WORKER = 20;

/** The OCR provider the configuration asks for (its workers start on first use). */
export function createOcrProvider(media: Config['media']): OcrProvider {
  const queue = { maxQueue: media.ocrWorkers * QUEUE_PER_WORKER, maxPerOwner: MEDIA_LIMITS.maxQueuedPerAccount };
  return media.ocrProvider === 'paddle'
    ? new PaddleOcrProvider({ workers: media.ocrWorkers, threads: media.ocrThreads, timeoutMs: media.ocrTimeoutMs, modelDir: media.ocrModelDir, ...queue })
    : new NoOcrProvider({ workers: media.ocrWorkers, timeoutMs: media.ocrTimeoutMs, ...queue });
}

/** The HEIC decoder: MEDIA_DECODE_WORKERS decodes at once, fair across accounts. */
export function createHeicDecoder(media: Config['media']): HeicDecoder {
  return new HeicDecoder({ workers: media.decodeWorkers, maxPixels: MEDIA_LIMITS.maxPixels, maxQueue: media.decodeWorkers * QUEUE_PER_WORKER, maxPerOwner: MEDIA_LIMITS.maxQueuedPerAccount });
}

/** The media service: local-disk storage under MEDIA_DIR unless another MediaStorage is given. */
export function createMediaService(opts: { config: Config; db: Db; access: Access; secret: string; now: () => number; ocr?: OcrProvider | undefined; storage?: MediaStorage | undefined }): MediaService {
  const storage = new SealedStorage(opts.storage ?? new LocalDiskStorage(opts.config.media.dir), opts.secret);
  return new MediaService(new MediaStore(opts.db), opts.access, storage, opts.ocr ?? createOcrProvider(opts.config.media), createHeicDecoder(opts.config.media), opts.secret, opts.now);
}
