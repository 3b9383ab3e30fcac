import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf } from '@chatdr/contract';
import { MEDIA_ERR, MEDIA_LIMITS } from '@chatdr/contract/media/index';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { heicClaiming, pdfWithPages } from './testing/bombs.ts';
import { multipart } from './testing/multipart.ts';
import { uploadParts, type UploadRes } from './testing/upload.ts';

/** Issue 15, items 1 and 2: upload bombs (OCR_PROVIDER=none: PDF text only, in its worker pool). */
let t: TestApp;
let alice: string;
let bob: string;

const upload = (token: string, filename: string, data: Buffer): Promise<UploadRes> => uploadParts(t, routes.media.fileOcr, [{ filename, data }], { token });

const countFiles = (dir: string): number => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0);

beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', OCR_WORKERS: '1', MEDIA_DECODE_WORKERS: '1' });
  alice = (await t.login()).token;
  bob = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
});

describe('HEIC decompression bomb', () => {
  it('six concurrent 252-byte HEICs claiming 100,000 × 100,000 are refused from their header: nothing decoded, nothing stored', async () => {
    const bomb = heicClaiming(100_000, 100_000);
    const decodes = t.rt.services.media.heic.started;
    const files = countFiles(t.config.media.dir);
    const rss0 = process.memoryUsage().rss;
    const res = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(alice, `IMG_${i}.HEIC`, bomb)));
    for (const r of res) expect(r).toMatchObject({ status: 413, success: false, code: MEDIA_ERR.imageTooLarge.code, msg: '图片分辨率过大，请压缩后再上传' });
    // Before: each was decoded in its own worker (0.9 → 10.3 GB for six).
    expect(t.rt.services.media.heic.started).toBe(decodes);
    expect(process.memoryUsage().rss - rss0).toBeLessThan(100 * 2 ** 20);
    expect(countFiles(t.config.media.dir)).toBe(files);
  });

  it('a header just over the pixel cap is refused; a real photo still decodes in the pool', async () => {
    const over = await upload(alice, 'big.heic', heicClaiming(10_000, 5_001));
    expect(over).toMatchObject({ status: 413, code: MEDIA_ERR.imageTooLarge.code });
    const photo = fs.readFileSync(`${import.meta.dirname}/../../../test/fixtures/report-photo.heic`);
    const ok = await upload(alice, 'IMG_0001.HEIC', photo);
    expect(ok).toMatchObject({ status: 200, success: true });
    expect(ok.data?.fileName).toBe('IMG_0001.jpg');
  });
});

describe('PDF page bomb', () => {
  it('a 120,000-page PDF is refused from its declared page count at once, with the event loop free', async () => {
    const bomb = pdfWithPages(120_000);
    const files = countFiles(t.config.media.dir);
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const t0 = performance.now();
    const res = await upload(alice, 'report.pdf', bomb);
    const ms = performance.now() - t0;
    loop.disable();
    expect(res).toMatchObject({ status: 413, success: false, code: MEDIA_ERR.pdfTooManyPages.code, msg: MEDIA_ERR.pdfTooManyPages.msg });
    // Before: every page's text was extracted on the event loop (72 s, then out of memory).
    expect(ms).toBeLessThan(10_000);
    expect(loop.max / 1e6).toBeLessThan(1000);
    expect(countFiles(t.config.media.dir)).toBe(files);
  });

  it(`a ${MEDIA_LIMITS.maxPdfDeclaredPages}-page PDF is stored and read off the event loop: its first ${MEDIA_LIMITS.maxPdfPages} pages`, async () => {
    const pdf = pdfWithPages(MEDIA_LIMITS.maxPdfDeclaredPages, 'ALT 35 U/L');
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const res = await upload(alice, 'long.pdf', pdf);
    loop.disable();
    expect(res).toMatchObject({ status: 200, success: true });
    expect(res.data?.ocrBaseEntity).toMatchObject({ source: 'pdf-text', pages: 1000 });
    // The parse (~1 s) ran in the PDF worker: the loop never stalled for it.
    expect(loop.max / 1e6).toBeLessThan(300);
  });

  it("one account's burst waits its turn: another account's upload goes next, and past its share the account is told to wait", async () => {
    const pdf = pdfWithPages(MEDIA_LIMITS.maxPdfDeclaredPages);
    const ocr = t.rt.services.media.ocr;
    const done: string[] = [];
    // maxUploadsPerAccount in progress, maxQueuedPerAccount more waiting (bodies unread).
    const n = MEDIA_LIMITS.maxUploadsPerAccount + MEDIA_LIMITS.maxQueuedPerAccount;
    const mine = Array.from({ length: n }, (_, i) => upload(alice, `a${i}.pdf`, pdf).then((r) => (done.push(`alice${i}`), r)));
    const files = countFiles(t.config.media.dir);
    while (ocr.pending < MEDIA_LIMITS.maxUploadsPerAccount) await new Promise((r) => setTimeout(r, 5));
    const [refused, theirs] = await Promise.all([upload(alice, 'extra.pdf', pdf), upload(bob, 'b.pdf', pdfWithPages(2)).then((r) => (done.push('bob'), r))]);
    expect(refused).toMatchObject({ status: 429, success: false, code: MEDIA_ERR.uploadQueued.code, msg: '您上传的文件还在处理中，请等处理完成后再上传' });
    expect(theirs.success).toBe(true);
    for (const r of await Promise.all(mine)) expect(r.success).toBe(true);
    // Stored: Alice's n and Bob's one, nothing of the refused upload.
    expect(countFiles(t.config.media.dir)).toBe(files + n + 1);
    // Round-robin: Bob's file is read right after Alice's running one, not after her whole burst.
    expect(done.indexOf('bob')).toBeLessThanOrEqual(1);
  });
});

describe('one account sending many bodies at once', () => {
  /** An upload whose body stays open (a slow or stalled client) until `finish()`. */
  const held = (token: string, data: Buffer) => {
    const { body, contentType } = multipart([{ filename: 'held.png', data }]);
    const stream = new PassThrough();
    const cut = body.length - 100;
    stream.write(body.subarray(0, cut));
    const res = t.rt.app.inject({ method: 'POST', url: urlOf(routes.media.fileUpload), payload: stream, headers: { 'content-type': contentType, 'content-length': String(body.length), authorization: token } }).then((r) => ({ status: r.statusCode, ...(JSON.parse(r.body) as { code: number; success: boolean }) }));
    return { res, finish: () => stream.end(body.subarray(cut)) };
  };
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it(`past ${MEDIA_LIMITS.maxUploadsPerAccount} uploads in progress, an account's next one waits unread while another account's goes at once`, async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3080c0' } }).png().toBuffer();
    const carol = (await t.login()).token;
    const first = Array.from({ length: MEDIA_LIMITS.maxUploadsPerAccount }, () => held(carol, png));
    await tick(100);
    // Before: read and stored at once beside the others (one account's bodies took the event loop).
    const next = held(carol, png);
    let nextDone = false;
    void next.res.then(() => (nextDone = true));
    next.finish();
    await tick(200);
    expect(nextDone).toBe(false);
    const other = await uploadParts(t, routes.media.fileUpload, [{ filename: 'b.png', data: png }], { token: bob });
    expect(other).toMatchObject({ status: 200, success: true });
    expect(nextDone).toBe(false);
    for (const h of first) h.finish();
    for (const r of await Promise.all([...first.map((h) => h.res), next.res])) expect(r).toMatchObject({ status: 200, success: true });
  });
});

