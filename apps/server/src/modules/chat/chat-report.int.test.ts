/**
 * A report uploaded and then asked about in the chat (inputMediaId): the answer is the engine's
 * report reading of the items read from the file, abnormal items first; the durable reading
 * starts beside it (folder, indicators); another account's file is not read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf, type AnswerFrame } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { askOverSocket } from './testing.ts';
import { multipart } from '../media/testing/multipart.ts';

let t: TestApp;
let port = 0;
const pdf = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-text.pdf'));

beforeAll(async () => {
  t = await startTestApp({ OCR_PROVIDER: 'none', REPORT_STEP_MS: '50' });
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const a = t.rt.app.server.address();
  port = typeof a === 'object' && a !== null ? a.port : 0;
});
afterAll(async () => {
  await t.close();
});

async function account(): Promise<{ token: string; selfId: number }> {
  const { token } = await t.login();
  const info = (await t.call(routes.auth.accountInfo, { token })).data as { members: Array<{ id: number }> };
  return { token, selfId: info.members[0]?.id ?? 0 };
}

async function uploadPdf(token: string): Promise<string> {
  const { body, contentType } = multipart([{ filename: 'report.pdf', type: 'application/pdf', data: pdf }]);
  const res = await t.rt.app.inject({ method: 'POST', url: urlOf(routes.media.fileOcr), payload: body, headers: { 'content-type': contentType, authorization: token } });
  const json = JSON.parse(res.body) as { data: { inputMediaId: string } | null };
  if (!json.data) throw new Error(`upload failed: ${res.body}`);
  return json.data.inputMediaId;
}

const ask = (token: string, q: Record<string, unknown>): Promise<AnswerFrame[]> => askOverSocket(port, token, q, 'rep');

describe('asking about an uploaded report in the chat', () => {
  it('answers with the report reading of the file, for the chosen member, and starts the durable reading', async () => {
    const a = await account();
    const inputMediaId = await uploadPdf(a.token);
    const frames = await ask(a.token, { text: '帮我解读这份报告', inputMediaId, userInfoId: a.selfId });
    const text = frames.map((f) => f.payload.text ?? '').join('');
    expect(text).toMatch(/共解读\d+项，其中\d+项异常/u);
    expect(text).toContain('血红蛋白');
    const report = frames.map((f) => f.payload.event).find((e) => e?.type === 'report') as { reportId?: string } | undefined;
    expect(report?.reportId).toBeTruthy();
    // The durable reading reaches 4 (complete).
    let status = 0;
    for (let i = 0; i < 40 && status !== 4; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const d = (await t.call(routes.report.state, { token: a.token, query: { reportId: String(report?.reportId) } })).data as { status?: number } | null;
      status = d?.status ?? 0;
    }
    expect(status).toBe(4);
  });

  it('does not read another account\'s file', async () => {
    const a = await account();
    const b = await account();
    const inputMediaId = await uploadPdf(a.token);
    const frames = await ask(b.token, { text: '帮我解读这份报告', inputMediaId, instructCode: 'bgjd' });
    const text = frames.map((f) => f.payload.text ?? '').join('');
    expect(text).not.toContain('血红蛋白');
    expect(frames.some((f) => f.payload.event?.type === 'report')).toBe(false);
  });
});
