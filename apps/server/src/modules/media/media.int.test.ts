import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import { MEDIA_ERR, MEDIA_LIMITS, type MediaUrlRes } from '@chatdr/contract/media/index';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { lazyMultipart, type Part } from './testing/multipart.ts';
import { rowsCorrect } from './testing/report-fixture.ts';
import { uploadParts, type UploadRes } from './testing/upload.ts';

const R = routes.media;
const V = { versioncode: '1201' };

let t: TestApp;
let alice: string;
let bob: string;
let png: Buffer;
let jpeg: Buffer;

const upload = (r: RouteDef, parts: readonly Part[], opts: { token?: string; query?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<UploadRes> => uploadParts(t, r, parts, opts);

const countFiles = (dir: string): number => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length : 0);

beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none' });
  alice = (await t.login()).token;
  bob = (await t.login()).token;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3080c0' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: '#c04030' } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretPhone', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } } })
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('uploads', () => {
  it('needs a session on every upload call (401, success false)', async () => {
    for (const r of [R.pfUpload, R.fileOcr, R.fileUpload]) {
      const res = await upload(r, [{ filename: 'a.png', data: png }], { headers: V });
      expect(res.status).toBe(401);
      expect(res.success).toBe(false);
    }
  });

  it('stores an image: answer fields, server-chosen name, encrypted at rest', async () => {
    const before = countFiles(t.config.media.dir);
    const res = await upload(R.fileUpload, [{ filename: '../../etc/passwd<x>.png', data: png }], { token: alice });
    expect(res).toMatchObject({ status: 200, code: 1, success: true });
    const d = res.data;
    expect(d?.inputMediaId).toMatch(/^m[A-Za-z0-9_-]{20,}$/);
    expect(d).toMatchObject({ fileType: 'image', fileName: 'passwdx.png', shareFlag: 0, pdfCover: null });
    expect(d?.fileMd5).toMatch(/^[0-9a-f]{32}$/);
    const preview = await t.rt.app.inject({ method: 'GET', url: d?.inputMediaUrl ?? '' });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    expect(countFiles(t.config.media.dir)).toBe(before + 1);
    // Nothing on disk is readable as an image or carries the client's name.
    const files = fs.readdirSync(t.config.media.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    for (const f of files) {
      const raw = fs.readFileSync(path.join(f.parentPath, f.name));
      expect(raw.subarray(0, 4).toString()).toBe('CDM1');
      expect(raw.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
      expect(f.name).not.toContain('passwd');
    }
  });

  it('re-encodes images: EXIF orientation applied, metadata (camera, GPS) dropped', async () => {
    const res = await upload(R.pfUpload, [{ filename: 'skin.jpg', type: 'image/jpeg', data: jpeg }], { token: alice, headers: V });
    expect(res.success).toBe(true);
    expect(res.data?.ocrBaseEntity).toMatchObject({ reportType: 2, folderType: 'skin', folderTypeName: '皮肤', items: [] });
    const url = await t.call(R.getMediaUrlPost, { token: alice, body: { inputMediaId: res.data?.inputMediaId } });
    const served = await t.rt.app.inject({ method: 'GET', url: (url.data as MediaUrlRes).url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; /);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 80]);
    expect(served.rawPayload.includes(Buffer.from('SecretPhone'))).toBe(false);
  });

  it('refuses a body declared over the limit before reading it', async () => {
    const big = lazyMultipart(MAX_DECLARED);
    const res = await t.rt.app.inject({ method: 'POST', url: urlOf(R.fileOcr), payload: big.stream, headers: { 'content-type': big.contentType, 'content-length': String(big.length), authorization: alice } });
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ success: false, code: MEDIA_ERR.fileTooLarge.code, msg: '文件大小不能超20M' });
    expect(big.pulled()).toBeLessThan(1024 * 1024);
  });

  it('refuses a file over 20,992,000 bytes while it streams, without buffering the rest', async () => {
    // Over a real socket (inject reads a stream payload whole before dispatching it).
    const size = 60 * 1024 * 1024;
    const big = lazyMultipart(size);
    const address = await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${address}${urlOf(R.fileOcr)}`, { method: 'POST', headers: { 'content-type': big.contentType, 'content-length': String(big.length), authorization: alice } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      big.stream.pipe(req);
    });
    big.stream.unpipe();
    expect(status).toBe(413);
    expect(JSON.parse(body)).toMatchObject({ success: false, msg: '文件大小不能超20M' });
    // Read up to the limit (plus socket buffers), not the 60 MiB sent.
    expect(big.pulled()).toBeLessThan(MEDIA_LIMITS.maxBytes + 8 * 1024 * 1024);
  });

  it('accepts a file just under the limit (over the JSON body limit)', async () => {
    const noise = Buffer.alloc(2500 * 2500 * 3);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 2 ** 32) >>> 0, i);
    const big = await sharp(noise, { raw: { width: 2500, height: 2500, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    expect(big.length).toBeGreaterThan(15_000_000);
    expect(big.length).toBeLessThanOrEqual(MEDIA_LIMITS.maxBytes);
    const res = await upload(R.fileUpload, [{ filename: 'big.png', data: big }], { token: alice });
    expect(res).toMatchObject({ status: 200, success: true });
  });

  it('takes up to 5 files in one request and refuses a sixth (nothing stored)', async () => {
    const five = await upload(R.fileUpload, Array.from({ length: 5 }, (_, i) => ({ filename: `p${i}.png`, data: png })), { token: alice });
    expect(five.success).toBe(true);
    expect(five.data?.files).toHaveLength(5);
    const before = countFiles(t.config.media.dir);
    const six = await upload(R.fileUpload, Array.from({ length: 6 }, (_, i) => ({ filename: `p${i}.png`, data: png })), { token: alice });
    expect(six).toMatchObject({ success: false, code: MEDIA_ERR.tooManyFiles.code, msg: '最多支持5份同时解读，已自动过滤多余的文件' });
    expect(countFiles(t.config.media.dir)).toBe(before);
  });

  it('refuses a sixth file of one batch', async () => {
    const batchId = `b-${Date.now()}`;
    for (let i = 0; i < 5; i++) expect((await upload(R.fileOcr, [{ filename: `p${i}.png`, data: png }], { token: alice, query: { batchId } })).success).toBe(true);
    const sixth = await upload(R.fileOcr, [{ filename: 'p5.png', data: png }], { token: alice, query: { batchId } });
    expect(sixth).toMatchObject({ success: false, code: MEDIA_ERR.fileCountReached.code, msg: '文件数量已达上线' });
  });

  it('types files by their bytes: an executable named .jpg is refused', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126), Buffer.from('PE\0\0'), Buffer.alloc(512, 1)]);
    for (const data of [exe, Buffer.from('#!/bin/sh\nrm -rf /\n'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')]) {
      const res = await upload(R.fileOcr, [{ filename: 'photo.jpg', type: 'image/jpeg', data }], { token: alice });
      expect(res).toMatchObject({ status: 415, success: false, code: MEDIA_ERR.badType.code });
    }
    // A PDF is not a skin photo.
    const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-text.pdf'));
    expect((await upload(R.pfUpload, [{ filename: 'a.pdf', data: pdf }], { token: alice, headers: V })).code).toBe(MEDIA_ERR.badType.code);
  });

  it('refuses images above the pixel cap and broken images', async () => {
    // A PNG whose header says 10000 × 6000 (60 MP) with a tiny body: refused from its dimensions, never decoded.
    const huge = Buffer.from(png);
    huge.writeUInt32BE(10_000, 16);
    huge.writeUInt32BE(6_000, 20);
    huge.writeUInt32BE(zlib.crc32(huge.subarray(12, 29)), 29);
    expect((await upload(R.fileUpload, [{ filename: 'huge.png', data: huge }], { token: alice })).code).toBe(MEDIA_ERR.imageTooLarge.code);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    expect((await upload(R.fileUpload, [{ filename: 'b.png', data: broken }], { token: alice })).code).toBe(MEDIA_ERR.badImage.code);
  });

  it('accepts a real HEIC photo (iPhone default): decoded with libheif in a worker, stored as a JPEG', async () => {
    const heicPhoto = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-photo.heic'));
    const res = await upload(R.fileOcr, [{ filename: 'IMG_0002.HEIC', type: 'image/heic', data: heicPhoto }], { token: alice });
    expect(res).toMatchObject({ status: 200, success: true });
    expect(res.data?.fileType).toBe('image');
    const stored = await t.rt.services.media.ocrOf(0, res.data?.inputMediaId ?? '');
    expect(stored).toBeNull(); // not another user's: owner only
  });

  it('refuses a broken HEIC file with a message asking for JPG', async () => {
    // An ISO-BMFF 'ftypheic' header: typed as HEIC by its bytes, but not a decodable image.
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.from([0, 0, 0, 0]), Buffer.from('mif1heic'), Buffer.alloc(256, 0)]);
    const res = await upload(R.fileOcr, [{ filename: 'IMG_0001.HEIC', type: 'image/heic', data: heic }], { token: alice });
    expect(res).toMatchObject({ status: 415, success: false, code: MEDIA_ERR.heicUnsupported.code });
  });

  it('reads a text PDF even with OCR switched off, and refuses a broken PDF', async () => {
    const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-text.pdf'));
    const res = await upload(R.fileOcr, [{ filename: '化验单.pdf', type: 'application/pdf', data: pdf }], { token: alice, query: { customFileName: '血常规+肝功能' } });
    expect(res.data).toMatchObject({ fileType: 'pdf', fileName: '血常规+肝功能.pdf', fileSize: pdf.length });
    expect(res.data?.ocrBaseEntity).toMatchObject({ source: 'pdf-text', folderType: 'report', pages: 1 });
    expect(rowsCorrect(res.data?.ocrBaseEntity?.items ?? []).correct).toBe(15);
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x20), Buffer.from('garbage')]);
    expect((await upload(R.fileOcr, [{ filename: 'x.pdf', data: broken }], { token: alice })).code).toBe(MEDIA_ERR.badPdf.code);
  });

  it('needs the pf feature for skin photos', async () => {
    const old = await upload(R.pfUpload, [{ filename: 's.png', data: png }], { token: alice, headers: { versioncode: '1000' } });
    expect(old).toMatchObject({ status: 403, success: false, code: MEDIA_ERR.skinNotAuthorised.code });
    const none = await upload(R.pfUpload, [{ filename: 's.png', data: png }], { token: alice });
    expect(none.code).toBe(MEDIA_ERR.skinNotAuthorised.code);
  });
});

const MAX_DECLARED = MEDIA_LIMITS.maxFiles * MEDIA_LIMITS.maxBytes + 10 * 1024 * 1024;

describe('media access', () => {
  let mine: string;
  beforeAll(async () => {
    const res = await upload(R.fileOcr, [{ filename: 'mine.png', data: png }], { token: alice });
    mine = res.data?.inputMediaId ?? '';
  });

  it('serves media to its owner only', async () => {
    const own = await t.call(R.getMediaUrlPost, { token: alice, body: { inputMediaId: mine } });
    expect(own.code).toBe(1);
    const other = await t.call(R.getMediaUrlPost, { token: bob, body: { inputMediaId: mine } });
    expect(other).toMatchObject({ code: 404, msg: '文件不存在', data: null });
    const anon = await t.call(R.getMediaUrlPost, { body: { inputMediaId: mine } });
    expect(anon.status).toBe(401);
    const bad = await t.call(R.getMediaUrlPost, { token: alice, body: { inputMediaId: '../etc' } });
    expect(bad.code).toBe(400);    // The service's reads for other modules (chat report reading) are scoped the same way.
    const aliceId = (await t.rt.services.auth.resolve(alice))?.userId ?? 0;
    const bobId = (await t.rt.services.auth.resolve(bob))?.userId ?? 0;
    expect(await t.rt.services.media.ocrOf(aliceId, mine)).not.toBeNull();
    expect(await t.rt.services.media.ocrOf(bobId, mine)).toBeNull();
  });

  it('the public variant answers only for media its owner shared', async () => {
    expect((await t.call(R.getMediaUrlPostPublic, { body: { inputMediaId: mine } })).code).toBe(404);
    await t.rt.services.media.setShared((await t.rt.services.auth.resolve(alice))?.userId ?? 0, [mine], true);
    // Bob cannot share Alice's media.
    expect(await t.rt.services.media.setShared((await t.rt.services.auth.resolve(bob))?.userId ?? 0, [mine], false)).toBe(0);
    const pub = await t.call(R.getMediaUrlPostPublic, { body: { inputMediaId: mine } });
    expect(pub.code).toBe(1);
    const served = await t.rt.app.inject({ method: 'GET', url: (pub.data as MediaUrlRes).url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('content tokens cannot be forged, reused for another id, or used after they expire', async () => {
    const own = await t.call(R.getMediaUrlPost, { token: alice, body: { inputMediaId: mine } });
    const url = (own.data as MediaUrlRes).url;
    const token = url.split('/').pop() ?? '';
    const [id, exp, sig] = token.split('.');
    const other = await upload(R.fileOcr, [{ filename: 'b.png', data: png }], { token: bob });
    const forged = [`${other.data?.inputMediaId}.${exp}.${sig}`, `${id}.${Number(exp) + 3600}.${sig}`, `${id}.${exp}.${'A'.repeat(32)}`];
    for (const f of forged) {
      const res = await t.rt.app.inject({ method: 'GET', url: url.replace(token, f) });
      expect(JSON.parse(res.body)).toMatchObject({ code: 404, data: null });
    }
    t.clock.advance((MEDIA_LIMITS.urlTtlSeconds + 1) * 1000);
    const late = await t.rt.app.inject({ method: 'GET', url });
    expect(JSON.parse(late.body)).toMatchObject({ code: 404, msg: '链接已失效，请重新获取' });
  });
});
