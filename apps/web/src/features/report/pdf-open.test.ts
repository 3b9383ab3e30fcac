import { describe, expect, it, vi } from 'vitest';
import { createPdfCache, fileKindOf, openPdf, type PdfDeps } from './pdf-open';

const deps = (o: Partial<PdfDeps> = {}) => {
  const toasts: string[] = [];
  const d: PdfDeps = {
    cache: createPdfCache(),
    getUrl: vi.fn(async () => ({ url: '/signed', fileMd5: 'md5a', fileName: 'a.pdf' })),
    download: vi.fn(async () => ({ url: 'blob:1', kind: 'pdf' as const })),
    toast: (m) => toasts.push(m),
    ...o,
  };
  return { d, toasts };
};

describe('opening a PDF (chat-core §4, §5)', () => {
  it('needs a name and a media id, else 文件不存在', async () => {
    const { d, toasts } = deps();
    expect(await openPdf({ id: 'm1', name: '' }, d)).toEqual({ ok: false, reason: 'missing' });
    expect(await openPdf({ id: null, name: 'a.pdf' }, d)).toEqual({ ok: false, reason: 'missing' });
    expect(toasts).toEqual(['文件不存在', '文件不存在']);
    expect(d.getUrl).not.toHaveBeenCalled();
  });

  it('says 正在下载..., fetches the URL, downloads and caches', async () => {
    const { d, toasts } = deps();
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, d)).toEqual({ ok: true, url: 'blob:1', kind: 'pdf', cached: false });
    expect(toasts).toEqual(['正在下载...']);
    expect(d.download).toHaveBeenCalledWith('/signed');
    expect(d.cache.get('m1')).toEqual({ url: 'blob:1', kind: 'pdf', md5: 'md5a' });
  });

  it('opens the cached copy without a call the second time', async () => {
    const { d, toasts } = deps();
    await openPdf({ id: 'm1', name: 'a.pdf' }, d);
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, d)).toEqual({ ok: true, url: 'blob:1', kind: 'pdf', cached: true });
    expect(d.getUrl).toHaveBeenCalledTimes(1);
    expect(toasts).toEqual(['正在下载...']);
  });

  it('on a forced reload keeps the copy while the file is unchanged, downloads again when it changed', async () => {
    const { d } = deps();
    await openPdf({ id: 'm1', name: 'a.pdf' }, d);
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, d, { force: true })).toEqual({ ok: true, url: 'blob:1', kind: 'pdf', cached: true });
    expect(d.download).toHaveBeenCalledTimes(1);
    d.getUrl = vi.fn(async () => ({ url: '/signed2', fileMd5: 'md5b', fileName: 'a.pdf' }));
    d.download = vi.fn(async () => ({ url: 'blob:2', kind: 'pdf' as const }));
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, d, { force: true })).toEqual({ ok: true, url: 'blob:2', kind: 'pdf', cached: false });
  });

  it('a missing media URL says 文件不存在; a failed download 下载失败，请稍后重试', async () => {
    const a = deps({ getUrl: async () => null });
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, a.d)).toEqual({ ok: false, reason: 'missing' });
    expect(a.toasts).toEqual(['正在下载...', '文件不存在']);
    const b = deps({ download: async () => Promise.reject(new Error('x')) });
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, b.d)).toEqual({ ok: false, reason: 'failed' });
    expect(b.toasts).toEqual(['正在下载...', '下载失败，请稍后重试']);
    expect(b.d.cache.get('m1')).toBeUndefined();
    const c = deps({ getUrl: async () => Promise.reject(new Error('net')) });
    expect(await openPdf({ id: 'm1', name: 'a.pdf' }, c.d)).toEqual({ ok: false, reason: 'failed' });
  });

  it('keeps at most `max` copies and releases the oldest', () => {
    const released: string[] = [];
    const cache = createPdfCache(2, (u) => released.push(u));
    cache.set('a', { url: 'u1', kind: 'pdf', md5: '1' });
    cache.set('b', { url: 'u2', kind: 'pdf', md5: '2' });
    cache.set('c', { url: 'u3', kind: 'image', md5: '3' });
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', { url: 'u4', kind: 'pdf', md5: '4' });
    cache.drop('c');
    expect(released).toEqual(['u1', 'u2', 'u3']);
  });
});

describe('a photo opens as a picture (issue 18 point 5)', () => {
  it('takes the kind from the Content-Type, else from the file name', () => {
    expect(fileKindOf('image/jpeg', 'x.pdf')).toBe('image');
    expect(fileKindOf('application/pdf', 'scan.jpg')).toBe('pdf');
    expect(fileKindOf('application/octet-stream', '化验单.PNG')).toBe('image');
    expect(fileKindOf(null, 'report.pdf')).toBe('pdf');
  });

  it('a downloaded photo comes back as an image and stays one from the cache', async () => {
    const { d } = deps({ download: vi.fn(async () => ({ url: 'blob:p', kind: 'image' as const })) });
    expect(await openPdf({ id: 'm2', name: '化验单.jpg' }, d)).toEqual({ ok: true, url: 'blob:p', kind: 'image', cached: false });
    expect(await openPdf({ id: 'm2', name: '化验单.jpg' }, d)).toEqual({ ok: true, url: 'blob:p', kind: 'image', cached: true });
  });
});
