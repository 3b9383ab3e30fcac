import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { NoOcrProvider } from '../../ocr/none.ts';
import { PaddleOcrProvider } from '../../ocr/paddle.ts';
import type { OcrProvider } from '../../ocr/types.ts';
import { MediaService } from './media.service.ts';
import { MediaStore } from './media.store.ts';
import { LocalDiskStorage, SealedStorage, type MediaStorage } from './storage.ts';

export { mediaRoutes } from './media.routes.ts';
export { MediaService } from './media.service.ts';

/** The OCR provider the configuration asks for (PaddleOCR workers start on first use). */
export function createOcrProvider(media: Config['media']): OcrProvider {
  return media.ocrProvider === 'paddle' ? new PaddleOcrProvider({ workers: media.ocrWorkers, threads: media.ocrThreads, timeoutMs: media.ocrTimeoutMs, modelDir: media.ocrModelDir, maxQueue: media.ocrWorkers * 20 }) : new NoOcrProvider();
}

/** The media service: local-disk storage under MEDIA_DIR unless another MediaStorage is given. */
export function createMediaService(opts: { config: Config; db: Db; secret: string; now: () => number; ocr?: OcrProvider | undefined; storage?: MediaStorage | undefined }): MediaService {
  const storage = new SealedStorage(opts.storage ?? new LocalDiskStorage(opts.config.media.dir), opts.secret);
  return new MediaService(new MediaStore(opts.db), storage, opts.ocr ?? createOcrProvider(opts.config.media), opts.secret, opts.now);
}
