import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { routes, urlOf, type RouteDef } from '@chatdr/contract';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { askOverSocket } from '../chat/testing.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { LocalDiskStorage } from './storage.ts';
import { multipart } from './testing/multipart.ts';

/** Issue 15 item 8: deleted media and a cancelled account leave no file behind. */
let t: TestApp;
let port = 0;
let png: Buffer;
const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-text.pdf'));

/** Every file under MEDIA_DIR, relative. */
const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.relative(dir, path.join(d.parentPath, d.name))) : []);

async function upload(token: string, filename: string, data: Buffer, r: RouteDef = routes.media.fileUpload): Promise<string> {
  const { body, contentType } = multipart([{ filename, data }]);
  const res = await t.rt.app.inject({ method: 'POST', url: urlOf(r), payload: body, headers: { 'content-type': contentType, authorization: token } });
  const id = (JSON.parse(res.body) as { data: MediaUploadData | null }).data?.inputMediaId;
  if (!id) throw new Error(`upload failed: ${res.body}`);
  return id;
}

const urlOfMedia = (token: string, inputMediaId: string) => t.call(routes.media.getMediaUrlPost, { token, body: { inputMediaId } });

beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none' });
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.rt.app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3080c0' } }).png().toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('media deletion', () => {
  it('delALLHistoryRecord with delMediaFlag deletes the media its questions named: rows, URLs and files', async () => {
    const { token } = await t.login();
    const dir = t.config.media.dir;
    const before = filesIn(dir).length;
    const kept = await upload(token, 'kept.png', png);
    const asked = await upload(token, 'asked.pdf', pdf, routes.media.fileOcr);
    expect(filesIn(dir).length).toBeGreaterThan(before + 1);
    await askOverSocket(port, token, { text: '帮我看看这份报告', inputMediaId: asked });
    expect((await urlOfMedia(token, asked)).code).toBe(1);
    const withBoth = filesIn(dir).length;
    // Without the flag the media stay.
    expect((await t.call(routes.chat.delAllHistoryRecord, { token, body: { delMediaFlag: false } })).code).toBe(1);
    expect((await urlOfMedia(token, asked)).code).toBe(1);
    await askOverSocket(port, token, { text: '再看看这份报告', inputMediaId: asked });
    expect((await t.call(routes.chat.delAllHistoryRecord, { token, body: { delMediaFlag: true } })).code).toBe(1);
    expect((await urlOfMedia(token, asked)).code).not.toBe(1);
    expect((await urlOfMedia(token, kept)).code).toBe(1);
    expect(filesIn(dir).length).toBeLessThan(withBoth);
  });

  it('account cancellation leaves nothing of the user in MEDIA_DIR', async () => {
    const dir = t.config.media.dir;
    const other = await t.login();
    await upload(other.token, 'other.png', png);
    const othersFiles = new Set(filesIn(dir));
    const { token, phone } = await t.login();
    await upload(token, 'a.png', png);
    await upload(token, 'b.pdf', pdf, routes.media.fileOcr);
    expect(filesIn(dir).length).toBeGreaterThan(othersFiles.size);
    t.clock.advance(61_000);
    expect((await t.call(routes.auth.cancelSendCode, { body: { phone } })).code).toBe(1);
    expect((await t.call(routes.auth.cancelCheckCode, { body: { phone, code: t.lastCode(phone) } })).code).toBe(1);
    // Exactly the files that were there before this user uploaded: the other account's stay.
    expect(new Set(filesIn(dir))).toEqual(othersFiles);
  });

  it('deleting folder entries and reports deletes the media they named once nothing else names them', async () => {
    const { token } = await t.login();
    const dir = t.config.media.dir;
    const info = (await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> };
    const self = info.members[0]?.id ?? 0;
    const filed = async (id: string) => (await t.call(routes.media.uploadSave, { token, body: { userInfoId: self, inputMediaIds: [id] } })).data as { batchId: string; files: Array<{ id: number }> };
    const newFiles = async (make: () => Promise<string>) => {
      const before = new Set(filesIn(dir));
      const id = await make();
      return { id, files: filesIn(dir).filter((f) => !before.has(f)) };
    };
    const gone = (files: string[]) => expect(files.filter((f) => filesIn(dir).includes(f))).toEqual([]);
    const there = (files: string[]) => expect(files.every((f) => filesIn(dir).includes(f))).toBe(true);

    // folder/delete (batch): the media row, its URL and its file go.
    const a = await newFiles(() => upload(token, 'a.png', png));
    expect(a.files.length).toBe(1);
    const { batchId } = await filed(a.id);
    expect((await t.call(routes.folder.folderDelete, { token, body: { batchId } })).code).toBe(1);
    expect((await urlOfMedia(token, a.id)).code).not.toBe(1);
    gone(a.files);

    // medicine/delete and ocr/common/delete (entries by id).
    const b = await newFiles(() => upload(token, 'b.png', png));
    const boxId = ((await t.call(routes.media.uploadSave, { token, body: { userInfoId: self, inputMediaIds: [b.id], folderType: 'medicine' } })).data as { files: Array<{ id: number }> }).files[0]?.id ?? 0;
    expect((await t.call(routes.medicine.delete, { token, body: { ids: [boxId] } })).code).toBe(1);
    gone(b.files);

    // A read report files the document too: deleting the report alone keeps the file (still
    // filed); deleting the folder entry then removes it, with its cover if any.
    const c = await newFiles(() => upload(token, 'c.pdf', pdf, routes.media.fileOcr));
    const started = await t.call(routes.report.analysisReportById, { token, body: { inputMediaId: c.id, userInfoId: self } });
    expect(started.code).toBe(1);
    const { reportId } = started.data as { reportId: string };
    expect((await t.call(routes.report.delete, { token, body: { reportIds: [reportId] } })).code).toBe(1);
    expect((await urlOfMedia(token, c.id)).code).toBe(1);
    there(c.files);
    const common = (await t.call(routes.folder.ocrCommonPage, { token, body: { userInfoId: self } })).data as { list: Array<{ id: number }> };
    expect(common.list.length).toBe(1);
    expect((await t.call(routes.folder.ocrCommonDelete, { token, body: { ids: common.list.map((f) => f.id) } })).code).toBe(1);
    expect((await urlOfMedia(token, c.id)).code).not.toBe(1);
    gone(c.files);

    // A file a chat question still shows stays when its folder entry goes.
    const d = await newFiles(() => upload(token, 'd.png', png));
    await askOverSocket(port, token, { text: '帮我看看这张图', inputMediaId: d.id });
    const dBatch = (await filed(d.id)).batchId;
    expect((await t.call(routes.folder.folderDelete, { token, body: { batchId: dBatch } })).code).toBe(1);
    expect((await urlOfMedia(token, d.id)).code).toBe(1);
    there(d.files);
  });

  it('the sweep removes old files no row names (a stop between rows and files), and leaves fresh ones', async () => {
    const dir = t.config.media.dir;
    const disk = new LocalDiskStorage(dir);
    await disk.put('orphan-old-0001', Buffer.from('x'));
    await disk.put('orphan-new-0001', Buffer.from('x'));
    const old = new Date(t.clock.now() - 2 * 3_600_000);
    fs.utimesSync(path.join(dir, 'or', 'orphan-old-0001'), old, old);
    const live = new Set(filesIn(dir));
    expect(await t.rt.services.media.sweepOrphans(3_600_000)).toBe(1);
    live.delete(path.join('or', 'orphan-old-0001'));
    expect(new Set(filesIn(dir))).toEqual(live);
  });
});
