import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { routes, urlOf } from '@chatdr/contract';
import { MEDIA_ERR, MEDIA_LIMITS, MEDIA_MSG, type MediaErrKey, type MediaUploadItem, type MediaUrlRes, type OcrBaseEntity } from '@chatdr/contract/media/index';
import sharp from 'sharp';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { notFound, type Access } from '../../access/access.ts';
import { BadPdfError, declaredPageCount } from '../../ocr/pdf.ts';
import { PoolError } from '../../ocr/pool.ts';
import type { OcrProvider, OcrRow } from '../../ocr/types.ts';
import type { MediaRow, MediaStore } from './media.store.ts';
import { HeicTooLargeError, type HeicDecoder } from './heic.ts';
import { heifSize } from './heif.ts';
import { sniff } from './sniff.ts';
import type { SealedStorage } from './storage.ts';
import { photoEntity, understand, type TextRow } from './understand.ts';
import { readBpDisplay } from './bp-display.ts';

/** A refusal of an upload: answered `{ code, success: false, msg }` with its HTTP status. */
export class MediaError extends Error {
  readonly code: number;
  readonly http: number;
  constructor(readonly key: MediaErrKey) {
    super(MEDIA_ERR[key].msg);
    this.name = 'MediaError';
    this.code = MEDIA_ERR[key].code;
    this.http = MEDIA_ERR[key].http;
  }
}

/** Which call stored a file: skin/body photo, chat file to read, file-store upload, doctor-chat file, feedback picture. */
/** 'im': a file sent in doctor chat and 'feedback': a feedback or complaint picture (stored, never read by OCR). */
export type UploadKind = 'pf' | 'ocr' | 'upload' | 'im' | 'feedback';

export interface IncomingFile {
  bytes: Buffer;
  /** The name the client gave (display only; never used for storage or type). */
  filename: string;
}

export interface UploadOptions {
  customFileName?: string | undefined;
  batchId?: string | undefined;
  /** pfUpload: 2 skin, 3 body part. */
  reportType?: 2 | 3 | undefined;
  /** `bp`: a photo of a blood-pressure meter's display (bp-display.ts). */
  scene?: 'bp' | undefined;
  traceId?: string;
}

const newId = (prefix: string) => prefix + randomBytes(16).toString('base64url');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
const rowsOf = (rows: readonly OcrRow[]): TextRow[] => rows.map((r) => ({ cells: r.cells.map((c) => c.text), height: r.height }));

/** A display name: no path, no control characters, bounded, with the extension of what was stored. */
export function displayName(raw: string | undefined, ext: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter((c) => c.charCodeAt(0) > 0x1f && c !== '\u007f' && !'"<>|:*?'.includes(c)).join('').trim();
  const stem = clean.replace(/\.[A-Za-z0-9]{1,5}$/u, '').slice(0, MEDIA_LIMITS.maxFileName - ext.length - 1) || 'file';
  return `${stem}.${ext}`;
}

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

interface Stored {
  bytes: Buffer;
  mime: string;
  width: number | null;
  height: number | null;
}

/**
 * Uploads, their understanding and their delivery. Files are typed by magic bytes, images
 * re-encoded (EXIF orientation applied, metadata dropped), everything stored sealed under a
 * server-chosen key; reads go through the owner's account or a short-lived signed token.
 */
/** What a pool's refusal or passed limit means for the upload. */
function poolRefusal(err: unknown): MediaError | null {
  if (!(err instanceof PoolError)) return null;
  if (err.reason === 'owner') return new MediaError('uploadQueued');
  if (err.reason === 'full' || err.reason === 'closed') return new MediaError('uploadBusy');
  return null;
}

export class MediaService {
  private readonly urlKey: Buffer;

  constructor(
    private readonly store: MediaStore,
    private readonly access: Access,
    private readonly storage: SealedStorage,
    readonly ocr: OcrProvider,
    readonly heic: HeicDecoder,
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.urlKey = createHmac('sha256', secret).update('chatdr-media-url-v1').digest();
  }

  // --- deletion ---------------------------------------------------------------------------------
  // Rows go first (in one transaction), then the files they named. A process that stops between
  // the two leaves files without rows: the orphan sweep (at start and hourly) removes them.

  /** Deletes the caller's media of these ids (and their cover images): rows, then files. */
  async deleteOwned(userId: number, ids: string[]): Promise<void> {
    const keys = await this.store.deleteOwned(userId, [...new Set(ids)]);
    await this.removeFiles(keys);
  }

  /** Storage keys of everything a user stored, to remove once the account's rows are deleted. */
  filesOfUser(userId: number): Promise<string[]> {
    return this.store.keysOfUser(userId);
  }

  async removeFiles(keys: string[]): Promise<void> {
    for (const k of keys) await this.storage.remove(k);
  }

  /**
   * Removes blobs no media row names (left by a stop between a row's deletion and its file's),
   * older than `graceMs` — an upload writes its file just before its row. Returns how many.
   */
  async sweepOrphans(graceMs = 3_600_000): Promise<number> {
    const cutoff = this.now() - graceMs;
    let batch: string[] = [];
    let removed = 0;
    const flush = async () => {
      const live = await this.store.liveKeys(batch.filter((k) => !k.startsWith('tmp:')));
      for (const k of batch) {
        if (live.has(k)) continue;
        await this.storage.remove(k);
        removed++;
      }
      batch = [];
    };
    for await (const f of this.storage.list()) {
      if (f.mtimeMs > cutoff) continue;
      batch.push(f.key);
      if (batch.length >= 500) await flush();
    }
    await flush();
    return removed;
  }

  /** Refuses a batch that already holds MEDIA_LIMITS.maxFiles files (before the body is read). */
  async checkBatch(auth: AuthContext, batchId: string | undefined, adding: number): Promise<void> {
    if (!batchId) return;
    const n = await this.store.countInBatch(auth.userId, batchId);
    if (n + adding > MEDIA_LIMITS.maxFiles) throw new MediaError('fileCountReached');
  }

  /** Validates, re-encodes, stores and (for 'ocr'/'upload') reads one file. */
  async upload(auth: AuthContext, kind: UploadKind, file: IncomingFile, opts: UploadOptions = {}): Promise<MediaUploadItem> {
    if (file.bytes.length === 0) throw new MediaError('noFile');
    if (file.bytes.length > MEDIA_LIMITS.maxBytes) throw new MediaError('fileTooLarge');
    const type = await sniff(file.bytes);
    if (!type) throw new MediaError('badType');
    if ((kind === 'pf' || kind === 'feedback') && type.fileType !== 'image') throw new MediaError('badType');

    let stored: Stored;
    let entity: OcrBaseEntity | null = null;
    let ocrStatus: 'none' | 'done' | 'failed' = 'none';
    let pages: number | null = null;
    let coverId: string | null = null;

    // Reading and decoding queue per account (round-robin, at most maxQueuedPerAccount each).
    const owner = String(auth.userId);
    if (type.fileType === 'image') {
      stored = await this.reencode(file.bytes, type.mime, owner);
      if (kind === 'pf') entity = photoEntity(opts.reportType === 3 ? 'bodyPart' : 'skin');
      else if (kind === 'im' || kind === 'feedback') entity = null;
      else {
        try {
          const page = await this.ocr.recognize(stored.bytes, owner);
          entity = understand({ rows: rowsOf(page.rows), source: 'ocr', pages: 1 });
          if (opts.scene === 'bp') entity = { ...entity, bloodPressure: await readBpDisplay(stored.bytes, { boxes: page.rows.flatMap((r) => r.cells), height: page.height }, this.ocr, owner) };
          ocrStatus = 'done';
        } catch (err) {
          const refusal = poolRefusal(err);
          if (refusal) throw refusal;
          ocrStatus = 'failed';
        }
      }
    } else if (kind === 'im') {
      stored = { bytes: file.bytes, mime: 'application/pdf', width: null, height: null };
    } else {
      stored = { bytes: file.bytes, mime: 'application/pdf', width: null, height: null };
      if (declaredPageCount(file.bytes) > MEDIA_LIMITS.maxPdfDeclaredPages) throw new MediaError('pdfTooManyPages');
      try {
        // At most maxPdfPages pages are parsed, in a worker under memory and time limits; a read
        // that passes them leaves the file stored without its text (ocrStatus failed).
        const read = await this.ocr.readPdf(file.bytes, MEDIA_LIMITS.maxPdfPages, owner);
        pages = read.totalPages;
        const sources = new Set(read.pages.map((p) => p.source).filter((s) => s !== 'empty'));
        const source: OcrBaseEntity['source'] = sources.size === 0 ? 'none' : sources.size > 1 ? 'mixed' : sources.has('text') ? 'pdf-text' : 'ocr';
        entity = understand({ rows: rowsOf(read.pages.flatMap((p) => p.rows)), source, pages: read.totalPages });
        ocrStatus = 'done';
        if (read.cover) coverId = await this.storeCover(auth, read.cover);
      } catch (err) {
        if (err instanceof BadPdfError) throw new MediaError('badPdf');
        const refusal = poolRefusal(err);
        if (refusal) throw refusal;
        ocrStatus = 'failed';
      }
    }

    const id = newId('m');
    const storageKey = newId('b');
    const ext = EXT[stored.mime] ?? 'bin';
    const fileName = displayName(opts.customFileName || file.filename, ext);
    const fileMd5 = md5(stored.bytes);
    await this.storage.put(storageKey, stored.bytes);
    const row = await this.store.insert({
      id,
      userId: auth.userId,
      kind,
      fileType: type.fileType,
      mime: stored.mime,
      fileName,
      size: stored.bytes.length,
      md5: fileMd5,
      width: stored.width,
      height: stored.height,
      pages,
      storageKey,
      reportType: entity?.reportType ?? 0,
      folderType: entity?.folderType ?? null,
      ocrStatus,
      ocr: entity,
      coverId,
      batchId: opts.batchId ?? null,
    });
    await this.store.audit(auth.userId, `media.upload.${kind}`, id, opts.traceId ?? null);
    return this.item(row, entity);
  }

  private item(row: MediaRow, entity: OcrBaseEntity | null): MediaUploadItem {
    return {
      inputMediaId: row.id,
      inputMediaUrl: this.urlOf(row).url,
      ocrBaseEntity: entity,
      shareFlag: row.shared ? 1 : 0,
      pdfCover: row.coverId,
      fileType: row.fileType === 'pdf' ? 'pdf' : 'image',
      fileName: row.fileName,
      fileSize: row.size,
      fileMd5: row.md5,
    };
  }

  /**
   * A HEIC photo as a JPEG. sharp's bundled libvips has no HEVC decoder: the photo is decoded by
   * libheif (HeicDecoder: WebAssembly in a bounded pool of worker threads) into pixels. The pixel
   * cap is checked first on the sizes the container declares (`ispe`), which the decoder trusts
   * to allocate its buffers, so a small file claiming a huge image is refused undecoded.
   */
  private async heicToJpeg(bytes: Buffer, owner: string): Promise<Buffer> {
    const declared = heifSize(bytes);
    if (!declared || declared.width === 0 || declared.height === 0) throw new MediaError('heicUnsupported');
    if (declared.width * declared.height > MEDIA_LIMITS.maxPixels || declared.maxPixels > MEDIA_LIMITS.maxPixels) throw new MediaError('imageTooLarge');
    let img: { width: number; height: number; data: Uint8ClampedArray };
    try {
      img = await this.heic.decode(bytes, owner);
    } catch (err) {
      const refusal = poolRefusal(err);
      if (refusal) throw refusal;
      if (err instanceof HeicTooLargeError) throw new MediaError('imageTooLarge');
      if (err instanceof PoolError && (err.reason === 'memory' || err.reason === 'timeout')) throw new MediaError('imageDecodeFailed');
      throw new MediaError('heicUnsupported');
    }
    if (img.width * img.height > MEDIA_LIMITS.maxPixels) throw new MediaError('imageTooLarge');
    return sharp(Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), { raw: { width: img.width, height: img.height, channels: 4 } }).jpeg({ quality: 92 }).toBuffer();
  }

  /** Decodes with a pixel cap, applies EXIF orientation, drops all metadata, re-encodes. */
  private async reencode(input: Buffer, inputMime: string, owner: string): Promise<Stored> {
    let bytes = input;
    let mime = inputMime;
    if (mime === 'image/heic') {
      bytes = await this.heicToJpeg(bytes, owner);
      mime = 'image/jpeg';
    }
    let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw new MediaError(mime === 'image/heic' ? 'heicUnsupported' : 'badImage');
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > MEDIA_LIMITS.maxPixels) throw new MediaError('imageTooLarge');
    try {
      const img = sharp(bytes, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: MEDIA_LIMITS.storeMaxSide, height: MEDIA_LIMITS.storeMaxSide, fit: 'inside', withoutEnlargement: true });
      const out =
        mime === 'image/png'
          ? await img.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
          : mime === 'image/webp'
            ? await img.webp({ quality: 90 }).toBuffer({ resolveWithObject: true })
            : await img.jpeg({ quality: 90, mozjpeg: false }).toBuffer({ resolveWithObject: true });
      const outMime = mime === 'image/png' || mime === 'image/webp' ? mime : 'image/jpeg';
      return { bytes: out.data, mime: outMime, width: out.info.width, height: out.info.height };
    } catch {
      throw new MediaError(mime === 'image/heic' ? 'heicUnsupported' : 'badImage');
    }
  }

  private async storeCover(auth: AuthContext, png: Uint8Array): Promise<string | null> {
    try {
      const out = await sharp(png).resize({ width: 800, withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer({ resolveWithObject: true });
      const id = newId('m');
      const storageKey = newId('b');
      await this.storage.put(storageKey, out.data);
      await this.store.insert({ id, userId: auth.userId, kind: 'cover', fileType: 'image', mime: 'image/jpeg', fileName: 'cover.jpg', size: out.data.length, md5: md5(out.data), width: out.info.width, height: out.info.height, storageKey });
      return id;
    } catch {
      return null;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Delivery

  private sign(id: string, exp: number): string {
    return createHmac('sha256', this.urlKey).update(`${id}|${exp}`).digest('base64url').slice(0, 32);
  }

  private urlOf(row: MediaRow): MediaUrlRes {
    const exp = Math.floor(this.now() / 1000) + MEDIA_LIMITS.urlTtlSeconds;
    const token = `${row.id}.${exp}.${this.sign(row.id, exp)}`;
    return {
      url: urlOf(routes.media.mediaContent).replace('{token}', token),
      inputMediaId: row.id,
      fileType: row.fileType === 'pdf' ? 'pdf' : 'image',
      fileName: row.fileName,
      fileSize: row.size,
      fileMd5: row.md5,
      expiresAt: exp * 1000,
    };
  }

  /** Signed URLs of the owner's media of a kind (ids not owned, or of another kind, are left out). */
  async ownedUrls(userId: number, ids: string[], kind: UploadKind): Promise<Map<string, string>> {
    const rows = await this.store.ownedOfKind(userId, [...new Set(ids)], kind);
    return new Map(rows.map((r) => [r.id, this.urlOf(r).url]));
  }

  /**
   * Stores a file another module has already checked (a DICOM instance, modules/imaging) as the
   * user's media of `kind`, encrypted like every upload; returns its id.
   */
  async storeChecked(userId: number, kind: 'dicom', bytes: Buffer, fileName: string, mime: string): Promise<string> {
    const id = newId('m');
    const storageKey = newId('b');
    await this.storage.put(storageKey, bytes);
    await this.store.insert({ id, userId, kind, fileType: kind, mime, fileName: displayName(fileName, 'dcm'), size: bytes.length, md5: md5(bytes), width: null, height: null, pages: null, storageKey, reportType: 0, folderType: null, ocrStatus: 'none', ocr: null, coverId: null, batchId: null });
    await this.store.audit(userId, `media.upload.${kind}`, id, null);
    return id;
  }

  /** The decrypted bytes of the owner's media (the account export). */
  async ownedBytes(userId: number, id: string): Promise<Buffer | null> {
    const row = await this.store.owned(userId, id);
    return row ? this.storage.get(row.storageKey) : null;
  }
  /** Records an action on the owner's media or data in the audit log. */
  audit(userId: number, action: string, target: string, traceId: string | null): Promise<void> {
    return this.store.audit(userId, action, target, traceId);
  }

  /** getMediaUrlPost: only the owner's media. */
  async mediaUrl(auth: AuthContext, id: string, traceId?: string): Promise<MediaUrlRes> {
    await this.access.require(auth, 'media', [id]);
    const row = this.access.found('media', await this.store.owned(auth.userId, id));
    await this.store.audit(auth.userId, 'media.url', id, traceId ?? null);
    return this.urlOf(row);
  }

  /** A signed URL of a user's media for the doctor of their open consultation (the caller checked the consultation). */
  async urlOfUserMedia(userId: number, id: string): Promise<MediaUrlRes | null> {
    const row = await this.store.owned(userId, id);
    return row ? this.urlOf(row) : null;
  }

  /** The public variant: only media its owner shared. */
  async sharedMediaUrl(id: string, traceId?: string): Promise<MediaUrlRes> {
    const row = await this.store.shared(id);
    if (!row) throw notFound('media');
    await this.store.audit(null, 'media.url.public', id, traceId ?? null);
    return this.urlOf(row);
  }

  /** The bytes behind a signed token (valid MEDIA_LIMITS.urlTtlSeconds). */
  async content(token: string): Promise<{ bytes: Buffer; mime: string; fileName: string; fileType: string }> {
    const [id, expRaw, sig] = token.split('.');
    const exp = Number(expRaw);
    if (!id || !sig || !Number.isInteger(exp)) throw notFound('media');
    const want = Buffer.from(this.sign(id, exp));
    const got = Buffer.from(sig);
    if (want.length !== got.length || !timingSafeEqual(want, got)) throw notFound('media');
    if (exp * 1000 < this.now()) throw fail('notFound', { msg: MEDIA_MSG.linkExpired });
    const row = await this.store.byId(id);
    const bytes = row ? await this.storage.get(row.storageKey) : null;
    if (!row || !bytes) throw notFound('media');
    return { bytes, mime: row.mime, fileName: row.fileName, fileType: row.fileType };
  }

  /** Marks the owner's media shared or not (for the share calls); returns how many changed. */
  setShared(userId: number, ids: string[], shared: boolean): Promise<number> {
    return this.store.setShared(userId, ids, shared);
  }

  /** What was understood of the owner's media (for the chat: report reading, ocrJoin). */
  async ocrOf(userId: number, id: string): Promise<OcrBaseEntity | null> {
    const row = await this.store.owned(userId, id);
    return (row?.ocr as OcrBaseEntity | null | undefined) ?? null;
  }

  async close(): Promise<void> {
    await Promise.all([this.ocr.close(), this.heic.close()]);
  }
}
