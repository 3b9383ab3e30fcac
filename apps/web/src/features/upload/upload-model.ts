import { MEDIA_LIMITS, MEDIA_MSG, type FolderType, type MediaUploadItem, type OcrBaseEntity } from '@chatdr/contract/media/index';

/**
 * The upload popup's rules, without React or the DOM (chat-core §2, §3, §5): scenes and the kinds
 * they take, which picked files are admitted (5 at once, 20,992,000 bytes, image or pdf), and
 * the per-file states 0 prepare → 1 uploading → 2 success | 3 fail | 4 forbidden.
 */

/** The popup's scenes (chat-core §2; the spec's `med` is `medicine` here). */
export type UploadScene = 'report' | 'send' | 'upload' | 'medicine';
export const UPLOAD_SCENES: readonly UploadScene[] = ['report', 'send', 'upload', 'medicine'];

/** What a scene may take: folder types, plus 药盒 for 查用药. */
export type UploadKind = FolderType | 'medicineBox';

export interface SceneConfig {
  /** i18n key of the title (查报告 / 发送资料 / 上传资料 / 查用药). */
  title: string;
  /** The kinds shown as "supported" (skin and body part only with skin authorisation). */
  kinds: UploadKind[];
  /** i18n key of the primary action (解读 for 查报告). */
  action: string;
}

const SKIN_KINDS: readonly UploadKind[] = ['skin', 'bodyPart'];

/** A scene's title, supported kinds and action. */
export function sceneConfig(scene: UploadScene, skinAuth: boolean): SceneConfig {
  switch (scene) {
    case 'report':
      return { title: 'upload.scene.report', kinds: ['report', 'checkup'], action: 'upload.action.report' };
    case 'send':
      return { title: 'upload.scene.send', kinds: ['medical', 'report', 'medicine', 'checkup', ...(skinAuth ? SKIN_KINDS : [])], action: 'upload.action.send' };
    case 'upload':
      return { title: 'upload.scene.upload', kinds: ['medical', 'report', 'checkup', 'medicine', 'other'], action: 'upload.action.upload' };
    case 'medicine':
      return { title: 'upload.scene.medicine', kinds: ['medicineBox'], action: 'upload.action.medicine' };
  }
}

/** Skin and body-part photos go to pfUpload (images only); everything else to fileOcr / fileUpload. */
export type Endpoint = 'pfUpload' | 'fileOcr' | 'fileUpload';
export function endpointOf(scene: UploadScene, kind: UploadKind | null): Endpoint {
  if (kind === 'skin' || kind === 'bodyPart') return 'pfUpload';
  return scene === 'upload' ? 'fileUpload' : 'fileOcr';
}

/** Where the files come from (a messaging-app file needs the native shell). */
export type UploadSource = 'album' | 'camera' | 'file';
/** The `accept` of each source's file input. */
export const SOURCE_ACCEPT: Record<UploadSource, string> = {
  album: 'image/*',
  camera: 'image/*',
  file: 'image/*,application/pdf,.pdf',
};
/** Skin and body-part photos are images only: no local-file (pdf) source. */
export function sourcesOf(kind: UploadKind | null): UploadSource[] {
  return kind === 'skin' || kind === 'bodyPart' ? ['album', 'camera'] : ['album', 'camera', 'file'];
}

export type FileType = 'image' | 'pdf';

/** Image or pdf from the MIME type, else from the extension (some pickers give no type); null otherwise. */
export function fileTypeOf(f: { type: string; name: string }): FileType | null {
  const t = f.type.toLowerCase();
  if (t === 'application/pdf') return 'pdf';
  if (t.startsWith('image/')) return 'image';
  if (t) return null;
  if (/\.pdf$/i.test(f.name)) return 'pdf';
  if (/\.(jpe?g|png|webp|heic|heif|gif|bmp)$/i.test(f.name)) return 'image';
  return null;
}

export interface PickedFile {
  name: string;
  size: number;
  type: string;
}

export interface Admission<F extends PickedFile> {
  accepted: F[];
  /** Spec strings to toast, in order, each once. */
  toasts: string[];
}

/**
 * Which of the picked files join a list that already holds `existing` (chat-core §5): none once
 * 5 are there (文件数量已达上线); beyond 5 the rest are dropped (最多支持5份…); a document over
 * 20,992,000 bytes is refused (文件大小不能超20M). Images are compressed to ≤ 2 MB before upload,
 * so only PDFs are held to the byte limit here; unsupported types are refused too.
 */
export function admit<F extends PickedFile>(existing: number, picked: readonly F[], maxFiles: number = MEDIA_LIMITS.maxFiles): Admission<F> {
  const toasts: string[] = [];
  const say = (m: string) => {
    if (!toasts.includes(m)) toasts.push(m);
  };
  if (picked.length === 0) return { accepted: [], toasts };
  if (existing >= maxFiles) return { accepted: [], toasts: [MEDIA_MSG.fileCountReached] };
  const valid: F[] = [];
  for (const f of picked) {
    const type = fileTypeOf(f);
    if (!type) say(MEDIA_MSG.badType);
    else if (type === 'pdf' && f.size > MEDIA_LIMITS.maxBytes) say(MEDIA_MSG.fileTooLarge);
    else if (f.size === 0) say(MEDIA_MSG.badType);
    else valid.push(f);
  }
  const room = maxFiles - existing;
  if (valid.length > room) say(MEDIA_MSG.tooManyFiles);
  return { accepted: valid.slice(0, room), toasts };
}

// ---- per-file state ----

/** chat-core §3 file statuses. */
export const FILE_STATUS = { prepare: 0, uploading: 1, success: 2, fail: 3, forbidden: 4 } as const;
export type FileStatus = (typeof FILE_STATUS)[keyof typeof FILE_STATUS];

/** What the popup hands back for each uploaded file. */
export interface UploadedFile {
  inputMediaId: string;
  inputMediaUrl: string;
  fileType: FileType;
  fileName: string;
  fileSize: number;
  fileMd5: string;
  pdfCover: string | null;
  shareFlag: number;
  ocrBaseEntity: OcrBaseEntity | null;
}

export interface UploadItem {
  /** Local key (not the media id). */
  key: string;
  name: string;
  size: number;
  fileType: FileType;
  status: FileStatus;
  /** 0..100 while uploading. */
  progress: number;
  /** The failure text (status 3 or 4). */
  error: string | null;
  result: UploadedFile | null;
  /** A local preview (object URL) of an image. */
  preview?: string;
}

export type UploadAction =
  | { type: 'add'; items: Array<Pick<UploadItem, 'key' | 'name' | 'size' | 'fileType' | 'preview'>> }
  | { type: 'start'; key: string }
  | { type: 'progress'; key: string; progress: number }
  | { type: 'success'; key: string; result: UploadedFile }
  | { type: 'fail'; key: string; error: string }
  | { type: 'forbidden'; key: string; error: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

const patch = (items: UploadItem[], key: string, ok: (i: UploadItem) => boolean, p: Partial<UploadItem>): UploadItem[] =>
  items.map((i) => (i.key === key && ok(i) ? { ...i, ...p } : i));

/**
 * The per-file transitions. Events that do not fit the current status are ignored (a progress
 * event after a failure, a retry of a forbidden file), so late XHR callbacks cannot undo a state.
 */
export function uploadReducer(items: UploadItem[], a: UploadAction): UploadItem[] {
  switch (a.type) {
    case 'add':
      return [...items, ...a.items.filter((n) => !items.some((i) => i.key === n.key)).map((n) => ({ ...n, status: FILE_STATUS.prepare, progress: 0, error: null, result: null }))];
    case 'start':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.prepare, { status: FILE_STATUS.uploading, progress: 0, error: null });
    case 'progress':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.uploading, { progress: clampProgress(a.progress) });
    case 'success':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.uploading, { status: FILE_STATUS.success, progress: 100, result: a.result, error: null });
    case 'fail':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.uploading || i.status === FILE_STATUS.prepare, { status: FILE_STATUS.fail, error: a.error });
    case 'forbidden':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.uploading || i.status === FILE_STATUS.prepare, { status: FILE_STATUS.forbidden, error: a.error });
    case 'retry':
      return patch(items, a.key, (i) => i.status === FILE_STATUS.fail, { status: FILE_STATUS.prepare, progress: 0, error: null });
    case 'remove':
      return items.filter((i) => i.key !== a.key);
    case 'clear':
      return [];
  }
}

/** Progress as a whole percentage, never 100 before the server has answered. */
export function clampProgress(p: number): number {
  if (!Number.isFinite(p)) return 0;
  return Math.max(0, Math.min(99, Math.round(p)));
}

/** Files waiting for their turn (uploads run one at a time, in order). */
export const nextPending = (items: readonly UploadItem[]) => (items.some((i) => i.status === FILE_STATUS.uploading) ? undefined : items.find((i) => i.status === FILE_STATUS.prepare));

export const isBusy = (items: readonly UploadItem[]) => items.some((i) => i.status === FILE_STATUS.prepare || i.status === FILE_STATUS.uploading);

/** The uploaded files, in the order they were picked. */
export const resultsOf = (items: readonly UploadItem[]): UploadedFile[] => items.flatMap((i) => (i.status === FILE_STATUS.success && i.result ? [i.result] : []));

/** The action is enabled once every file has settled and at least one succeeded. */
export const canSubmit = (items: readonly UploadItem[]) => !isBusy(items) && resultsOf(items).length > 0;

/**
 * How a failed upload settles: a refused skin/body photo (6010 / HTTP 403) is 4 forbidden (no
 * retry); everything else is 3 fail with the server's message or the generic upload failure.
 */
export function failureOf(status: number, body: unknown): { type: 'fail' | 'forbidden'; error: string } {
  const b = typeof body === 'object' && body !== null ? (body as { code?: unknown; msg?: unknown }) : {};
  const msg = typeof b.msg === 'string' && b.msg.trim() ? b.msg : MEDIA_MSG.uploadFailed;
  if (status === 403 || b.code === 6010) return { type: 'forbidden', error: msg };
  return { type: 'fail', error: msg };
}

/** The uploaded item of an upload answer (`data`), as the popup returns it. */
export function uploadedOf(d: MediaUploadItem): UploadedFile {
  return {
    inputMediaId: d.inputMediaId,
    inputMediaUrl: d.inputMediaUrl,
    fileType: d.fileType,
    fileName: d.fileName,
    fileSize: d.fileSize,
    fileMd5: d.fileMd5,
    pdfCover: d.pdfCover,
    shareFlag: d.shareFlag,
    ocrBaseEntity: d.ocrBaseEntity,
  };
}

// ---- image compression ----

/** chat-core §5: images are sent with maxSize 2 (MB) and compression on. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Longest side tried first (the server stores at most MEDIA_LIMITS.storeMaxSide). */
export const IMAGE_MAX_SIDE = 2560;

export interface CompressStep {
  width: number;
  height: number;
  quality: number;
}

/**
 * The sizes and JPEG qualities to try, in order, until the result is ≤ 2 MB: the image scaled so
 * its long side is at most `maxSide`, at quality 0.85 and 0.72, then 0.8× smaller each round.
 */
export function compressPlan(width: number, height: number, maxSide: number = IMAGE_MAX_SIDE, rounds = 6): CompressStep[] {
  if (width <= 0 || height <= 0) return [];
  const steps: CompressStep[] = [];
  let scale = Math.min(1, maxSide / Math.max(width, height));
  for (let r = 0; r < rounds; r++) {
    const w = Math.max(1, Math.round(width * scale));
    const h = Math.max(1, Math.round(height * scale));
    steps.push({ width: w, height: h, quality: 0.85 }, { width: w, height: h, quality: 0.72 });
    scale *= 0.8;
  }
  return steps;
}

/** An image that is small already and not in a format the server may refuse is sent as it is. */
export function needsCompression(f: { size: number; type: string }, maxBytes: number = IMAGE_MAX_BYTES): boolean {
  if (/heic|heif/i.test(f.type)) return true;
  return f.size > maxBytes;
}

/** The JPEG name of a compressed image (`photo.heic` → `photo.jpg`). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '') || 'image';
  return `${base}.jpg`;
}

/** A batch id for one selection (MediaUploadQuery.batchId: `[\w-]{1,64}`). */
export function newBatchId(random: () => number = Math.random, now: () => number = Date.now): string {
  return `b${now().toString(36)}${Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0')}`;
}

/** File size for humans: 820 KB, 3.4 MB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
