import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf } from '@chatdr/contract';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { bpDisplayPng, bpMeterPhoto, type BpDisplay } from './testing/bp-display.ts';
import { multipart } from './testing/multipart.ts';

/**
 * A blood-pressure meter's seven-segment display through the real PaddleOCR (fileOcr with scene
 * bp): drawn displays (testing/bp-display.ts), clean and as a tilted, blurred, noisy phone photo.
 * The bar: never a wrong reading (a misread is worse than none — the user types it then), and
 * most displays read.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'paddle', OCR_WORKERS: '1' });
  token = (await t.login()).token;
});
afterAll(async () => {
  await t.close();
});

async function read(data: Buffer, name: string, type: string, scene: 'bp' | null): Promise<MediaUploadData> {
  const { body, contentType } = multipart([{ filename: name, type, data }]);
  const res = await t.rt.app.inject({ method: 'POST', url: `${urlOf(routes.media.fileOcr)}${scene ? `?scene=${scene}` : ''}`, payload: body, headers: { 'content-type': contentType, authorization: token } });
  const env = JSON.parse(res.body) as { success: boolean; msg: string; data: MediaUploadData | null };
  expect(env.success, env.msg).toBe(true);
  if (!env.data) throw new Error('no data');
  return env.data;
}

const READINGS: BpDisplay[] = [
  { systolic: 128, diastolic: 82, pulse: 71 },
  { systolic: 145, diastolic: 95, pulse: 88 },
  { systolic: 110, diastolic: 70, pulse: 60 },
  { systolic: 162, diastolic: 104, pulse: 97 },
  { systolic: 99, diastolic: 61, pulse: 103 },
  { systolic: 138, diastolic: 86, pulse: 75 },
];

describe('blood pressure from a photo of the meter (scene bp)', () => {
  it('reads the displays it can, and never a wrong number', async () => {
    const tally = { right: 0, partial: 0, wrong: 0, none: 0 };
    const lines: string[] = [];
    for (const v of READINGS) {
      for (const kind of ['clean', 'photo'] as const) {
        const img = kind === 'clean' ? await bpDisplayPng(v) : await bpMeterPhoto(v);
        const d = await read(img, `bp.${kind === 'clean' ? 'png' : 'jpg'}`, kind === 'clean' ? 'image/png' : 'image/jpeg', 'bp');
        const got = d.ocrBaseEntity?.bloodPressure ?? null;
        const verdict = !got ? 'none' : got.systolic === v.systolic && got.diastolic === v.diastolic ? (got.pulse === v.pulse ? 'right' : got.pulse === null ? 'partial' : 'wrong') : 'wrong';
        tally[verdict]++;
        lines.push(`${kind} ${v.systolic}/${v.diastolic}/${v.pulse} → ${got ? `${got.systolic}/${got.diastolic}/${got.pulse ?? '—'}` : 'unread'} (${verdict})`);
      }
    }
    console.log(`BP display OCR: ${JSON.stringify(tally)}\n${lines.join('\n')}`);
    expect(tally.wrong).toBe(0);
    expect(tally.right + tally.partial).toBeGreaterThanOrEqual(9);
  }, 600_000);

  it('without scene bp, an upload carries no reading; a photo of a report with scene bp reads none', async () => {
    const d = await read(await bpDisplayPng(READINGS[0] ?? { systolic: 120, diastolic: 80, pulse: 70 }), 'bp.png', 'image/png', null);
    expect(d.ocrBaseEntity?.bloodPressure).toBeUndefined();
    const { reportSvg } = await import('./testing/report-fixture.ts');
    const sharp = (await import('sharp')).default;
    const report = await sharp(Buffer.from(reportSvg())).png().toBuffer();
    const r = await read(report, 'report.png', 'image/png', 'bp');
    expect(r.ocrBaseEntity?.bloodPressure).toBeNull();
  }, 300_000);
});
