import { MSG } from '@chatdr/contract';

/**
 * Opening a PDF (chat-core §4, §5, §8): a name and a media id are needed, else 文件不存在; a file
 * already fetched while unchanged opens from its cached local copy (the "file check says state 0"
 * branch); otherwise 正在下载..., fetch the media URL (none → 文件不存在), download, cache, open;
 * a failed download says 下载失败，请稍后重试.
 */

/** What the file is, from the type the server sent it with: a PDF or a photo. */
export type FileKind = 'pdf' | 'image';

/** A downloaded local copy. */
export interface LocalFile {
  /** The local copy (an object URL). */
  url: string;
  kind: FileKind;
}

export interface PdfCacheEntry extends LocalFile {
  /** The content checksum it was fetched at: a different one means the file changed. */
  md5: string;
}

/** A small cache of local copies per media id, oldest dropped (and released) past `max`. */
export function createPdfCache(max = 8, release: (url: string) => void = () => {}) {
  const m = new Map<string, PdfCacheEntry>();
  return {
    get: (id: string) => m.get(id),
    set(id: string, e: PdfCacheEntry) {
      const old = m.get(id);
      if (old && old.url !== e.url) release(old.url);
      m.delete(id);
      m.set(id, e);
      while (m.size > max) {
        const [k, v] = m.entries().next().value as [string, PdfCacheEntry];
        m.delete(k);
        release(v.url);
      }
    },
    drop(id: string) {
      const e = m.get(id);
      if (e) release(e.url);
      m.delete(id);
    },
    get size() {
      return m.size;
    },
  };
}
export type PdfCache = ReturnType<typeof createPdfCache>;

export interface MediaUrl {
  url: string;
  fileMd5: string;
  fileName: string;
}

export interface PdfDeps {
  cache: PdfCache;
  /** getMediaUrlPost: null when the server has no such file. Throws on other failures. */
  getUrl: (id: string) => Promise<MediaUrl | null>;
  /** Downloads the URL and returns its local copy and kind. Throws on failure. */
  download: (url: string) => Promise<LocalFile>;
  toast: (msg: string) => void;
}

export type PdfOpen = { ok: true; url: string; kind: FileKind; cached: boolean } | { ok: false; reason: 'missing' | 'failed' };

export async function openPdf(input: { id: string | null | undefined; name: string | null | undefined }, deps: PdfDeps, opts: { force?: boolean } = {}): Promise<PdfOpen> {
  const id = input.id?.trim();
  const name = input.name?.trim();
  if (!id || !name) {
    deps.toast(MSG.fileMissing);
    return { ok: false, reason: 'missing' };
  }
  const cached = deps.cache.get(id);
  if (cached && !opts.force) return { ok: true, url: cached.url, kind: cached.kind, cached: true };

  deps.toast(MSG.downloading);
  let media: MediaUrl | null;
  try {
    media = await deps.getUrl(id);
  } catch {
    deps.toast(MSG.downloadFailed);
    return { ok: false, reason: 'failed' };
  }
  if (!media?.url) {
    deps.toast(MSG.fileMissing);
    return { ok: false, reason: 'missing' };
  }
  // Unchanged since it was cached: keep the local copy.
  if (cached && cached.md5 === media.fileMd5) return { ok: true, url: cached.url, kind: cached.kind, cached: true };
  try {
    const local = await deps.download(media.url);
    deps.cache.set(id, { ...local, md5: media.fileMd5 });
    return { ok: true, url: local.url, kind: local.kind, cached: false };
  } catch {
    deps.toast(MSG.downloadFailed);
    return { ok: false, reason: 'failed' };
  }
}

/**
 * The kind of a downloaded file from its Content-Type, else its name: uploads are PDFs or photos
 * (chat-core §3 fileType image | pdf), and a photo must open as a picture, not in a PDF frame.
 */
export function fileKindOf(contentType: string | null | undefined, name?: string | null): FileKind {
  const ct = (contentType ?? '').toLowerCase();
  if (ct.startsWith('image/')) return 'image';
  if (ct.includes('pdf')) return 'pdf';
  return /\.(jpe?g|png|gif|webp|bmp|heic|heif)$/i.test(name ?? '') ? 'image' : 'pdf';
}
