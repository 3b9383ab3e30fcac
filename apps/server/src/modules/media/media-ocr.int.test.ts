import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf } from '@chatdr/contract';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { multipart } from './testing/multipart.ts';
import { FIXTURE_HEADER, rowsCorrect } from './testing/report-fixture.ts';
import { largePhoto } from './testing/variants.ts';

/** The real PaddleOCR provider (worker thread) on the committed fixtures (see testing/make-fixtures.ts). */
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');

let t: TestApp;
let token: string;

async function read(file: string, type: string, data: Buffer = fs.readFileSync(path.join(FIXTURES, file))): Promise<MediaUploadData> {
  const { body, contentType } = multipart([{ filename: file, type, data }]);
  const res = await t.rt.app.inject({ method: 'POST', url: urlOf(routes.media.fileOcr), payload: body, headers: { 'content-type': contentType, authorization: token } });
  const env = JSON.parse(res.body) as { success: boolean; msg: string; data: MediaUploadData | null };
  expect(env.success, env.msg).toBe(true);
  if (!env.data) throw new Error('no data');
  return env.data;
}

beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'paddle', OCR_WORKERS: '1' });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
});

describe('OCR of lab reports', () => {
  it('reads the clean screenshot: 15/15 rows, header, classified as 报告单', async () => {
    const d = await read('report-clean.png', 'image/png');
    const e = d.ocrBaseEntity;
    expect(rowsCorrect(e?.items ?? [])).toMatchObject({ correct: 15 });
    expect(e).toMatchObject({ folderType: 'report', reportType: 1, source: 'ocr', hospital: FIXTURE_HEADER.hospital, patientName: FIXTURE_HEADER.patientName, sex: 'M', age: 45, collectedAt: FIXTURE_HEADER.collected, reportedAt: FIXTURE_HEADER.reported });
    // The printed ↑ on 总胆红素 is ignored: 15.8 is inside 3.4-20.5.
    expect(e?.items.find((i) => i.name === '总胆红素')?.flag).toBe('normal');
  });

  it('reads the tilted phone photo (2.5°, JPEG 60, blur, noise): at least 14/15 rows', async () => {
    const d = await read('report-photo.jpg', 'image/jpeg');
    const score = rowsCorrect(d.ocrBaseEntity?.items ?? []);
    expect(score.correct, `missed: ${score.missed.join(', ')}`).toBeGreaterThanOrEqual(14);
  });

  it('reads the same phone photo saved as HEIC (iPhone default): at least 14/15 rows', async () => {
    const d = await read('report-photo.heic', 'image/heic');
    expect(rowsCorrect(d.ocrBaseEntity?.items ?? []).correct).toBeGreaterThanOrEqual(14);
  });

  it('reads a full-size phone photo with desk margins: at least 14/15 rows', async () => {
    const d = await read('large-photo.jpg', 'image/jpeg', await largePhoto());
    const score = rowsCorrect(d.ocrBaseEntity?.items ?? []);
    expect(score.correct, `missed: ${score.missed.join(', ')}`).toBeGreaterThanOrEqual(14);
  });

  it('reads a text PDF from its own text: 15/15 rows', async () => {
    const d = await read('report-text.pdf', 'application/pdf');
    expect(d.fileType).toBe('pdf');
    expect(d.ocrBaseEntity).toMatchObject({ source: 'pdf-text', pages: 1, patientName: FIXTURE_HEADER.patientName });
    expect(rowsCorrect(d.ocrBaseEntity?.items ?? [])).toMatchObject({ correct: 15 });
  });

  it('reads an image-only PDF by OCR of its page image, with a cover', async () => {
    const d = await read('report-scan.pdf', 'application/pdf');
    expect(d.ocrBaseEntity?.source).toBe('ocr');
    expect(rowsCorrect(d.ocrBaseEntity?.items ?? []).correct).toBeGreaterThanOrEqual(14);
    expect(d.pdfCover).toMatch(/^m/);
    const cover = await t.call(routes.media.getMediaUrlPost, { token, body: { inputMediaId: d.pdfCover } });
    expect(cover.code).toBe(1);
  });

  it('reads a medicine box: 药物, mapped to the engine drug', async () => {
    const d = await read('medicine-box.jpg', 'image/jpeg');
    expect(d.ocrBaseEntity).toMatchObject({ folderType: 'medicine', folderTypeName: '药物' });
    expect(d.ocrBaseEntity?.drug).toMatchObject({ drugId: 'amoxicillin', drugName: '阿莫西林' });
  });
});
