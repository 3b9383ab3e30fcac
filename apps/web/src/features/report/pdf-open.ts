import { MSG } from '@chatdr/contract';

/**
 * Opening a PDF (chat-core §4, §5, §8): a name and a media id are needed, else 文件不存在; a file
 * already fetched while unchanged opens from its cached local copy (the "file check says state 0"
 * branch); otherwise 正在下载..., fetch the media URL (none → 文件不存在), download, cache, open;
 * a failed download says 下载失败，请稍后重试.
 */

export interface PdfCacheEntry {
  /** The local copy (an object URL). */
  url: string;
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
  /** Downloads the URL and returns its local copy. Throws on failure. */
  download: (url: string) => Promise<string>;
  toast: (msg: string) => void;
}

export type PdfOpen = { ok: true; url: string; cached: boolean } | { ok: false; reason: 'missing' | 'failed' };

export async function openPdf(input: { id: string | null | undefined; name: string | null | undefined }, deps: PdfDeps, opts: { force?: boolean } = {}): Promise<PdfOpen> {
  const id = input.id?.trim();
  const name = input.name?.trim();
  if (!id || !name) {
    deps.toast(MSG.fileMissing);
    return { ok: false, reason: 'missing' };
  }
  const cached = deps.cache.get(id);
  if (cached && !opts.force) return { ok: true, url: cached.url, cached: true };

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
  if (cached && cached.md5 === media.fileMd5) return { ok: true, url: cached.url, cached: true };
  try {
    const local = await deps.download(media.url);
    deps.cache.set(id, { url: local, md5: media.fileMd5 });
    return { ok: true, url: local, cached: false };
  } catch {
    deps.toast(MSG.downloadFailed);
    return { ok: false, reason: 'failed' };
  }
}

/**
 * Whether a page served with this Content-Security-Policy may show a blob: URL in an <iframe>
 * (frame-src, else child-src, else default-src must list blob:). No policy: allowed. The app's
 * policy keeps `object-src 'none'`, so the viewer never uses <object>/<embed>.
 */
export function cspAllowsBlobFrames(csp: string | null | undefined): boolean {
  if (!csp?.trim()) return true;
  // Several policies (comma-joined headers) must all allow it.
  return csp.split(',').every((policy) => {
    const dirs = new Map<string, string[]>();
    for (const part of policy.split(';')) {
      const [name, ...values] = part.trim().split(/\s+/);
      if (name && !dirs.has(name.toLowerCase())) dirs.set(name.toLowerCase(), values);
    }
    const list = dirs.get('frame-src') ?? dirs.get('child-src') ?? dirs.get('default-src');
    if (!list) return true;
    return list.some((v) => v.toLowerCase() === 'blob:' || v === '*');
  });
}
