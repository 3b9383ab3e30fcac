import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG, routes, urlOf, type RouteDef } from '@chatdr/contract';
import type { MediaUploadData } from '@chatdr/contract/media/index';
import { REPORT_STATUS, type ReportDetail, type ReportStateRes } from '@chatdr/contract/report/schemas';
import { memberIndicators, reports } from '../../db/schema.ts';
import type { AuthContext } from '../../http/context.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ChatStore } from '../chat/chat.store.ts';
import { multipart } from '../media/testing/multipart.ts';
import { ReportService } from './report.service.ts';
import { ReportStore } from './report.store.ts';
import { Access } from '../../access/access.ts';

/** Counts the steps that moved (a step another runner already made does not). */
class CountingStore extends ReportStore {
  readonly moves: string[] = [];
  override async advance(...args: Parameters<ReportStore['advance']>): ReturnType<ReportStore['advance']> {
    const r = await super.advance(...args);
    if (r) this.moves.push(`${r.id}:${r.status}`);
    return r;
  }
}

const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures');
const STEP_MS = 50;
const R = routes.report;
const F = routes.folder;
const MD = routes.media;
const MED = routes.medicine;

let t: TestApp;
let chat: ChatStore;
beforeAll(async () => {
  // No OCR models needed: the text PDF is read from its own text; images stay unread.
  t = await startTestApp({ OCR_PROVIDER: 'none', REPORT_STEP_MS: String(STEP_MS) });
  chat = new ChatStore(t.rt.database.db);
});
afterAll(async () => {
  await t.close();
});

type Res = { status: number; code: number; msg: string; data: unknown };
/** Calls a route; every success answer must match the contract's response schema. */
const call = async (r: RouteDef, o?: Parameters<TestApp['call']>[1]): Promise<Res> => {
  const res = await t.call(r, o);
  if (res.code === 1 && r.response) {
    const parsed = r.response.safeParse(res.data);
    expect(parsed.success, `${r.path}: ${parsed.error?.message ?? ''}`).toBe(true);
  }
  return res;
};
const data = <T>(r: Res): T => {
  if (r.code !== 1) throw new Error(`${r.code} ${r.msg}`);
  return r.data as T;
};
const expect404 = (r: Res, what: string) => expect([r.code, r.status], what).toEqual([ERR.notFound.code, 200]);
const expect400 = (r: Res, what: string) => expect([r.status, r.code], what).toEqual([400, ERR.badRequest.code]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Account {
  token: string;
  userId: number;
  selfId: number;
  auth: AuthContext;
}
async function account(): Promise<Account> {
  const { token, userId } = await t.login();
  const info = data<{ members: Array<{ id: number }> }>(await call(routes.auth.accountInfo, { token }));
  return { token, userId, selfId: info.members[0]?.id ?? 0, auth: { userId, sessionRowId: 0, sessionPublicId: '', status: 'active', phone: '' } };
}

async function upload(a: Account, file: string, type: string, batchId?: string): Promise<MediaUploadData> {
  const { body, contentType } = multipart([{ filename: file, type, data: fs.readFileSync(path.join(FIXTURES, file)) }]);
  const res = await t.rt.app.inject({ method: 'POST', url: urlOf(routes.media.fileOcr) + (batchId ? `?batchId=${batchId}` : ''), payload: body, headers: { 'content-type': contentType, authorization: a.token } });
  const env = JSON.parse(res.body) as { success: boolean; msg: string; data: MediaUploadData | null };
  expect(env.success, env.msg).toBe(true);
  if (!env.data) throw new Error('no data');
  return env.data;
}

const state = async (a: Account, reportId: string) => data<ReportStateRes>(await call(R.state, { token: a.token, query: { reportId } }));

/** Polls the state until it finishes; returns every distinct status seen, in order. */
async function watch(a: Account, reportId: string, limitMs = 10_000): Promise<number[]> {
  const seen: number[] = [];
  const end = Date.now() + limitMs;
  while (Date.now() < end) {
    const s = (await state(a, reportId)).status;
    if (seen[seen.length - 1] !== s) seen.push(s);
    if (s === REPORT_STATUS.complete || s === REPORT_STATUS.failed) return seen;
    await sleep(2);
  }
  return seen;
}

/** Waits until a report reaches `status` (read straight from the table). */
async function until(id: string, ok: (status: number) => boolean, limitMs = 10_000): Promise<number> {
  const end = Date.now() + limitMs;
  for (;;) {
    const [r] = await t.rt.database.db.select({ s: reports.status }).from(reports).where(eq(reports.id, id));
    if (r && ok(r.s)) return r.s;
    if (Date.now() > end) throw new Error(`report ${id} stuck at ${r?.s}`);
    await sleep(5);
  }
}

const labIndicators = (a: Account, memberId: number) =>
  t.rt.database.db.select().from(memberIndicators).where(and(eq(memberIndicators.userId, a.userId), eq(memberIndicators.memberId, memberId), eq(memberIndicators.source, 'report')));

describe('report reading job', () => {
  it('reads a text PDF for the chosen member: 0 → 1 → 2 → 3 → 4, abnormal items first, indicators saved', async () => {
    const a = await account();
    const pdf = await upload(a, 'report-text.pdf', 'application/pdf');
    const started = data<{ reportId: string; status: number }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId } }));
    expect(started.status).toBe(REPORT_STATUS.uploading);
    // No result before it is complete.
    expect(data<ReportDetail>(await call(R.findDetail, { token: a.token, query: { reportId: started.reportId } })).result).toBeNull();
    expect(await watch(a, started.reportId)).toEqual([0, 1, 2, 3, 4]);
    const steps = (await state(a, started.reportId)).steps;
    expect([steps.step1, steps.step2, steps.step3, steps.finished].every((x) => typeof x === 'number')).toBe(true);

    const d = data<ReportDetail>(await call(R.findDetail, { token: a.token, query: { reportId: started.reportId } }));
    expect(d).toMatchObject({ status: 4, errorMessage: null, userInfoId: a.selfId, inputMediaId: pdf.inputMediaId, fileType: 'pdf' });
    const res = d.result;
    if (!res) throw new Error('no result');
    expect(res.items.length).toBe(15);
    expect(res.abnormalCount).toBeGreaterThanOrEqual(3);
    const firstNormal = res.items.findIndex((i) => !i.abnormal);
    expect(res.items.slice(0, firstNormal).every((i) => i.abnormal)).toBe(true);
    expect(res.items.slice(firstNormal).some((i) => i.abnormal)).toBe(false);
    expect(res.items.find((i) => i.name === '血红蛋白')).toMatchObject({ flag: 'low', abnormal: true, indicatorId: 'hgb', value: '118' });
    expect(res.text).toContain('异常');
    expect(res.text).toContain('血红蛋白');

    const saved = await labIndicators(a, a.selfId);
    expect(saved.length).toBe(15);
    expect(saved.find((i) => i.type === 'lab.hgb')).toMatchObject({ value: 118, unit: 'g/L' });
    // Reading the same file again (or filing it) saves its values once.
    const again = data<{ reportId: string }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId } }));
    expect((await watch(a, again.reportId)).at(-1)).toBe(4);
    expect(data<{ indicators: number }>(await call(MD.ocrSaveBatch, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [pdf.inputMediaId] } })).indicators).toBe(0);
    expect((await t.rt.database.db.select().from(memberIndicators).where(and(eq(memberIndicators.userId, a.userId), eq(memberIndicators.memberId, a.selfId)))).length).toBe(15);
    data(await call(R.delete, { token: a.token, body: { reportIds: [again.reportId] } }));

    // Filed in the member's folder as a report, and listed among the member's reports.
    const folder = data<{ list: Array<{ inputMediaId: string; folderType: string }> }>(await call(F.folderPage, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(folder.list).toEqual([expect.objectContaining({ inputMediaId: pdf.inputMediaId, folderType: 'report' })]);
    const page = data<{ list: Array<{ reportId: string; abnormalCount: number }>; total: number }>(await call(R.page, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ reportId: started.reportId, abnormalCount: res.abnormalCount });

    const review = data<{ reviewed: boolean }>(await call(R.getReportReviewState, { token: a.token, query: { reportId: started.reportId } }));
    expect(review.reviewed).toBe(false);
    data(await call(R.evaluationSave, { token: a.token, body: { reportId: started.reportId, score: 5, content: '清楚' } }));
    expect(data<{ score: number }>(await call(R.findCurrentReportEvaluation, { token: a.token, query: { reportId: started.reportId } })).score).toBe(5);
    expect(data<{ reviewed: boolean }>(await call(R.getReportReviewState, { token: a.token, query: { reportId: started.reportId } })).reviewed).toBe(true);
    const qs = data<{ questions: string[] }>(await call(R.getCheckQuestion, { token: a.token, body: { reportId: started.reportId } }));
    expect(qs.questions.length).toBeGreaterThan(0);
    expect(data<{ ocrBaseEntity: { items: unknown[] } }>(await call(R.structureDetail, { token: a.token, body: { reportId: started.reportId } })).ocrBaseEntity.items.length).toBe(15);
    expect(data<{ detailId: string }>(await call(R.structureGetDetailId, { token: a.token, body: { inputMediaId: pdf.inputMediaId } })).detailId).toBe(started.reportId);

    // Rename, move to another member, delete.
    const child = data<{ id: number }>(await call(routes.family.saveUserInfo, { token: a.token, body: { name: '小明', roleCode: 'ROLE_3000', sex: 'M', birthDate: '2018-01-01', height: 120, weight: 22 } })).id;
    expect(data<{ name: string }>(await call(R.rename, { token: a.token, body: { reportId: started.reportId, name: '三月血常规' } })).name).toBe('三月血常规');
    expect(data<{ count: number }>(await call(R.reportMove, { token: a.token, body: { reportIds: [started.reportId], userInfoId: child } })).count).toBe(1);
    expect((await state(a, started.reportId)).userInfoId).toBe(child);
    expect(data<{ count: number }>(await call(R.delete, { token: a.token, body: { reportIds: [started.reportId] } })).count).toBe(1);
    expect404(await call(R.state, { token: a.token, query: { reportId: started.reportId } }), 'deleted');
  });

  it('reads for the chosen member only: the member is checked against the account, indicators go to that member', async () => {
    const a = await account();
    const other = await account();
    const pdf = await upload(a, 'report-text.pdf', 'application/pdf');
    expect404(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: other.selfId } }), "another account's member");
    const child = data<{ id: number }>(await call(routes.family.saveUserInfo, { token: a.token, body: { name: '小红', roleCode: 'ROLE_3100', sex: 'F', birthDate: '2019-06-01', height: 110, weight: 18 } })).id;
    const started = data<{ reportId: string }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: child } }));
    expect((await watch(a, started.reportId)).at(-1)).toBe(4);
    expect((await labIndicators(a, child)).length).toBe(15);
    expect((await labIndicators(a, a.selfId)).length).toBe(0);
    // Privacy mode (incognito): read, but nothing filed or saved to the member.
    const incognito = data<{ reportId: string }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId, privacyMode: 1 } }));
    expect((await watch(a, incognito.reportId)).at(-1)).toBe(4);
    expect((await labIndicators(a, a.selfId)).length).toBe(0);
    expect(data<{ total: number }>(await call(F.folderPage, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(0);
  });

  it('fails with 98 and the spec message when nothing can be read', async () => {
    const a = await account();
    // OCR_PROVIDER=none: the photo is stored but not read.
    const img = await upload(a, 'medicine-box.jpg', 'image/jpeg');
    const started = data<{ reportId: string }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: img.inputMediaId, userInfoId: a.selfId } }));
    expect(await watch(a, started.reportId)).toEqual([0, 98]);
    const s = await state(a, started.reportId);
    expect(s.errorMessage).toBe(MSG.reportNotInterpretable);
    expect(s.errorMessage).toBe('抱歉，晓医还在学习中，暂时无法解读此文件');
    expect(data<ReportDetail>(await call(R.findDetail, { token: a.token, query: { reportId: started.reportId } })).result).toBeNull();
  });

  it('resumes unfinished jobs after a restart, each step once even with two runners', async () => {
    const a = await account();
    const pdf = await upload(a, 'report-text.pdf', 'application/pdf');
    const img = await upload(a, 'medicine-box.jpg', 'image/jpeg');
    const deps = { store: new ReportStore(t.rt.database.db), access: new Access(t.rt.database.db), media: t.rt.services.media, family: t.rt.services.family, chat: t.rt.services.chat };
    // The first process: slow steps; it stops (as a process stop would) while the job is under way.
    const first = new ReportService({ ...deps, stepMs: 60 });
    const job = await first.startReport(a.auth, { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId });
    // A reading with nothing to read, stopped before its first step.
    const stoppedAtOnce = new ReportService({ ...deps, stepMs: 60 });
    const bad = await stoppedAtOnce.startReport(a.auth, { inputMediaId: img.inputMediaId, userInfoId: a.selfId });
    stoppedAtOnce.stop();
    await until(job.reportId, (s) => s >= 1);
    first.stop();
    await sleep(20);
    const mid = (await state(a, job.reportId)).status;
    expect(mid).toBeGreaterThanOrEqual(1);
    expect(mid).toBeLessThan(4);
    // Nothing moves while no runner runs.
    await sleep(120);
    expect((await state(a, job.reportId)).status).toBe(mid);
    expect((await state(a, bad.reportId)).status).toBe(0);

    // Two new runners on the same database resume it; the guarded steps keep every step single.
    const counting = new CountingStore(t.rt.database.db);
    const second = new ReportService({ ...deps, store: counting, stepMs: 20 });
    const third = new ReportService({ ...deps, store: counting, stepMs: 20 });
    expect(await second.resume()).toBeGreaterThanOrEqual(2);
    await third.resume();
    expect(await until(job.reportId, (s) => s >= 4)).toBe(4);
    expect(await until(bad.reportId, (s) => s >= 4)).toBe(98);
    await sleep(60);
    second.stop();
    third.stop();
    const moves = counting.moves.filter((m) => m.startsWith(job.reportId)).map((m) => Number(m.split(':')[1]));
    expect(moves).toEqual([2, 3, 4].slice(mid - 1));
    expect(counting.moves.filter((m) => m.startsWith(bad.reportId)).length).toBeLessThanOrEqual(1);
    expect((await labIndicators(a, a.selfId)).length).toBe(15);
    expect(data<ReportDetail>(await call(R.findDetail, { token: a.token, query: { reportId: job.reportId } })).result?.items.length).toBe(15);
  });
});

describe('folder, OCR records, medicine box, uploads', () => {
  it('files, lists, edits, moves and deletes; OCR and upload calls', async () => {
    const a = await account();
    const batch = `b-${randomUUID()}`;
    const pdf = await upload(a, 'report-text.pdf', 'application/pdf', batch);
    const saved = data<{ batchId: string; files: Array<{ id: number; folderType: string }>; indicators: number }>(await call(MD.ocrSaveBatch, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [pdf.inputMediaId], privacyMode: 0 } }));
    expect(saved).toMatchObject({ batchId: batch, indicators: 15 });
    // The OCR'd values are the member's indicator series (health module): 15 types, each with its trend.
    const series = data<{ list: Array<{ type: string }> }>(await call(routes.indicator.searchDetailAll, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(series.list).toHaveLength(15);
    const hgb = data<{ list: Array<{ value: number; unit: string; source: string }> }>(await call(routes.indicator.detailListByTime, { token: a.token, body: { userInfoId: a.selfId, type: 'lab.hgb' } }));
    expect(hgb.list).toEqual([expect.objectContaining({ value: 118, unit: 'g/L', source: 'ocr' })]);
    const fileId = saved.files[0]?.id ?? 0;
    const types = data<Array<{ folderType: string; count: number }>>(await call(F.folderReportTypeList, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(types.find((x) => x.folderType === 'report')?.count).toBe(1);
    const common = data<{ list: Array<{ id: number; ocrBaseEntity: { items: unknown[] } }> }>(await call(F.ocrCommonPage, { token: a.token, body: { userInfoId: a.selfId } }));
    expect(common.list[0]?.ocrBaseEntity.items.length).toBe(15);
    expect(data<{ total: number }>(await call(F.ocrMedicalPage, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(0);
    const edited = data<{ title: string; hospital: string }>(await call(F.ocrCommonEdit, { token: a.token, body: { id: fileId, title: '血常规', hospital: '第二医院' } }));
    expect(edited).toMatchObject({ title: '血常规', hospital: '第二医院' });
    expect404(await call(F.ocrMedicalEdit, { token: a.token, body: { id: fileId, title: 'x' } }), 'a report is not a medical record');
    expect(data<{ fileName: string }>(await call(F.folderEdit, { token: a.token, body: { id: fileId, name: '我的报告' } })).fileName).toBe('我的报告');
    const found = data<{ total: number }>(await call(MD.uploadSearch, { token: a.token, body: { keyword: '我的' } }));
    expect(found.total).toBe(1);

    const joined = data<{ question: string }>(await call(MD.ocrJoin, { token: a.token, body: { question: '帮我看看', inputMediaId: pdf.inputMediaId, currentUserInfoId: a.selfId } }));
    expect(joined.question).toMatch(/^帮我看看\n/);
    expect(joined.question).toContain('血红蛋白 118 g/L');
    const ex = data<{ vitals: Array<{ type: string }>; labs: unknown[] }>(await call(routes.indicator.extract, { token: a.token, body: { question: '血压150/95', inputMediaId: pdf.inputMediaId } }));
    expect(ex.vitals[0]?.type).toBe('bloodPressure');
    expect(ex.labs.length).toBe(15);

    // A dialog that carried the file: sendDial links the batch; ocrSave keeps the corrected text.
    const d = await chat.insertDialog({ questionId: randomUUID(), userId: a.userId, sessionId: randomUUID(), question: '解读报告', input: { inputMediaId: pdf.inputMediaId }, userInfoId: a.selfId });
    const sent = data<{ dialInId: number; files: Array<{ dialInId: number }> }>(await call(F.folderSendDial, { token: a.token, body: { batchId: batch, dialInId: d.id } }));
    expect(sent.files[0]?.dialInId).toBe(d.id);
    expect(data<{ saved: number }>(await call(MD.ocrSave, { token: a.token, body: { dialInId: d.id, content: '更正后的文字' } })).saved).toBe(1);

    const code = data<{ authCode: string }>(await call(MD.getUpCode, { token: a.token }));
    expect(data<{ status: string }>(await call(MD.getUpRes, { token: a.token, body: { authCode: code.authCode } })).status).toBe('waiting');
    await upload(a, 'report-text.pdf', 'application/pdf', code.authCode);
    expect(data<{ status: string; files: unknown[] }>(await call(MD.getUpRes, { token: a.token, body: { authCode: code.authCode } }))).toMatchObject({ status: 'completed', files: [expect.anything()] });

    // The medicine box: a file saved as medicine, edited to the engine's drug entry, moved, deleted.
    const box = await upload(a, 'medicine-box.jpg', 'image/jpeg');
    const filed = data<{ files: Array<{ id: number }> }>(await call(MD.uploadSave, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [box.inputMediaId], folderType: 'medicine' } }));
    const boxId = filed.files[0]?.id ?? 0;
    expect(data<{ total: number }>(await call(MED.page, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(1);
    const child = data<{ id: number }>(await call(routes.family.saveUserInfo, { token: a.token, body: { name: '老王', roleCode: 'ROLE_1000', sex: 'M', birthDate: '1950-01-01', height: 170, weight: 65 } })).id;
    expect(data<{ count: number }>(await call(MED.move, { token: a.token, body: { ids: [boxId], userInfoId: child } })).count).toBe(1);
    expect(data<{ total: number }>(await call(MED.page, { token: a.token, body: { userInfoId: child } })).total).toBe(1);
    expect(data<{ count: number }>(await call(MED.delete, { token: a.token, body: { ids: [boxId] } })).count).toBe(1);

    expect(data<{ count: number }>(await call(F.folderMove, { token: a.token, body: { batchIds: [batch], userInfoId: child } })).count).toBe(1);
    expect(data<{ total: number }>(await call(F.folderPage, { token: a.token, body: { userInfoId: child } })).total).toBe(1);
    expect(data<{ count: number }>(await call(F.folderDelete, { token: a.token, body: { batchId: batch } })).count).toBe(1);
    expect(data<{ total: number }>(await call(F.folderPage, { token: a.token, body: { userInfoId: child } })).total).toBe(0);
    expect(data<{ count: number }>(await call(F.ocrCommonDeleteAll, { token: a.token, body: { userInfoId: a.selfId } })).count).toBeGreaterThanOrEqual(0);
  });

  it('answers the WeChat and imaging calls with a clean not-found', async () => {
    const a = await account();
    expect404(await call(R.getFileInfoByWechatKey, { token: a.token, query: { wechatKey: 'abc' } }), 'wechat');
    expect404(await call(routes.imaging.saveShare, { token: a.token, body: { relationIds: ['1'] } }), 'imaging');
  });
});

describe('access control and bad input', () => {
  it("refuses another account's report, media, folder entries, dialogs and members on every call", async () => {
    const a = await account();
    const b = await account();
    const batch = `b-${randomUUID()}`;
    const pdf = await upload(a, 'report-text.pdf', 'application/pdf', batch);
    const job = data<{ reportId: string }>(await call(R.analysisReportById, { token: a.token, body: { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId } }));
    await watch(a, job.reportId);
    const files = data<{ files: Array<{ id: number }> }>(await call(MD.ocrSaveBatch, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [pdf.inputMediaId] } }));
    const fileId = files.files[0]?.id ?? 0;
    const box = await upload(a, 'medicine-box.jpg', 'image/jpeg');
    const boxId = data<{ files: Array<{ id: number }> }>(await call(MD.uploadSave, { token: a.token, body: { userInfoId: a.selfId, inputMediaIds: [box.inputMediaId], folderType: 'medicine' } })).files[0]?.id ?? 0;
    const d = await chat.insertDialog({ questionId: randomUUID(), userId: a.userId, sessionId: randomUUID(), question: 'x', input: { inputMediaId: pdf.inputMediaId } });
    const code = data<{ authCode: string }>(await call(MD.getUpCode, { token: a.token }));
    const reportId = job.reportId;
    const tok = b.token;
    const cases: Array<[RouteDef, { body?: unknown; query?: Record<string, string> }]> = [
      [R.state, { query: { reportId } }],
      [R.findDetail, { query: { reportId } }],
      [R.getReportReviewState, { query: { reportId } }],
      [R.findCurrentReportEvaluation, { query: { reportId } }],
      [R.analysisReportById, { body: { inputMediaId: pdf.inputMediaId, userInfoId: b.selfId } }],
      [R.analysisReportById, { body: { inputMediaId: pdf.inputMediaId, userInfoId: a.selfId } }],
      [R.structureDetail, { body: { reportId } }],
      [R.structureDetail, { body: { inputMediaId: pdf.inputMediaId } }],
      [R.structureGetDetailId, { body: { reportId } }],
      [R.structureGetDetailId, { body: { inputMediaId: pdf.inputMediaId } }],
      [R.page, { body: { userInfoId: a.selfId } }],
      [R.rename, { body: { reportId, name: 'x' } }],
      [R.reportMove, { body: { reportIds: [reportId], userInfoId: b.selfId } }],
      [R.reportMove, { body: { reportIds: [reportId], userInfoId: a.selfId } }],
      [R.delete, { body: { reportIds: [reportId] } }],
      [R.getCheckQuestion, { body: { reportId } }],
      [R.evaluationSave, { body: { reportId, score: 1 } }],
      [F.folderPage, { body: { userInfoId: a.selfId } }],
      [F.folderEdit, { body: { id: fileId, name: 'x' } }],
      [F.folderDelete, { body: { batchId: batch } }],
      [F.folderMove, { body: { batchIds: [batch], userInfoId: b.selfId } }],
      [F.folderSendDial, { body: { batchId: batch } }],
      [F.folderReportTypeList, { body: { userInfoId: a.selfId } }],
      [F.ocrReportTypeList, { body: { userInfoId: a.selfId } }],
      [F.ocrCommonPage, { body: { userInfoId: a.selfId } }],
      [F.ocrCommonEdit, { body: { id: fileId, title: 'x' } }],
      [F.ocrCommonDelete, { body: { ids: [fileId] } }],
      [F.ocrCommonDeleteAll, { body: { userInfoId: a.selfId } }],
      [F.ocrMedicalPage, { body: { userInfoId: a.selfId } }],
      [F.ocrMedicalDelete, { body: { ids: [fileId] } }],
      [MED.page, { body: { userInfoId: a.selfId } }],
      [MED.edit, { body: { id: boxId, drugName: '布洛芬' } }],
      [MED.delete, { body: { ids: [boxId] } }],
      [MED.move, { body: { ids: [boxId], userInfoId: b.selfId } }],
      [MD.ocrSaveBatch, { body: { userInfoId: b.selfId, inputMediaIds: [pdf.inputMediaId] } }],
      [MD.ocrSaveBatch, { body: { userInfoId: b.selfId, dialInId: d.id } }],
      [MD.ocrSave, { body: { dialInId: d.id, content: 'x' } }],
      [MD.ocrJoin, { body: { question: 'q', inputMediaId: pdf.inputMediaId } }],
      [MD.ocrJoin, { body: { question: 'q', currentUserInfoId: a.selfId } }],
      [MD.getUpRes, { body: { authCode: code.authCode } }],
      [MD.uploadSave, { body: { userInfoId: b.selfId, inputMediaIds: [pdf.inputMediaId] } }],
      [MD.uploadSearch, { body: { userInfoId: a.selfId } }],
      [routes.indicator.extract, { body: { inputMediaId: pdf.inputMediaId } }],
    ];
    for (const [r, o] of cases) expect404(await call(r, { token: tok, ...o }), `${r.path} ${JSON.stringify(o)}`);
    // Nothing of a's changed; b's own lists stay empty.
    expect((await state(a, reportId)).userInfoId).toBe(a.selfId);
    expect(data<{ total: number }>(await call(F.folderPage, { token: a.token, body: { userInfoId: a.selfId } })).total).toBe(2);
    expect(data<{ total: number }>(await call(MD.uploadSearch, { token: tok, body: {} })).total).toBe(0);
  });

  it('answers malformed bodies and queries with 400', async () => {
    const a = await account();
    const cases: Array<[RouteDef, { body?: unknown; query?: Record<string, string> }]> = [
      [R.analysisReportById, { body: { inputMediaId: 'x', userInfoId: a.selfId } }],
      [R.analysisReportById, { body: { inputMediaId: 'm0123456789abcdef' } }],
      [R.analysisReportById, { body: '[]' }],
      [R.state, { query: {} }],
      [R.state, { query: { reportId: '../etc' } }],
      [R.findDetail, { query: { reportId: 'r' } }],
      [R.getReportReviewState, { query: {} }],
      [R.getFileInfoByWechatKey, { query: {} }],
      [R.page, { body: { userInfoId: 'abc' } }],
      [R.page, { body: { userInfoId: a.selfId, pageSize: 1000 } }],
      [R.rename, { body: { reportId: 'r0123456789ab', name: '   ' } }],
      [R.delete, { body: { reportIds: [] } }],
      [R.evaluationSave, { body: { reportId: 'r0123456789ab', score: 9 } }],
      [R.structureDetail, { body: {} }],
      [F.folderPage, { body: { userInfoId: a.selfId, folderType: 'nope' } }],
      [F.folderEdit, { body: { id: -1 } }],
      [F.folderDelete, { body: { batchId: 'a b' } }],
      [F.folderMove, { body: { batchIds: [], userInfoId: a.selfId } }],
      [F.folderSendDial, { body: {} }],
      [F.ocrCommonDelete, { body: { ids: ['x'] } }],
      [F.ocrMedicalEdit, { body: { id: 1, items: [{ name: 1 }] } }],
      [MED.move, { body: { ids: [1] } }],
      [MD.ocrSaveBatch, { body: { userInfoId: a.selfId } }],
      [MD.ocrSaveBatch, { body: { userInfoId: a.selfId, inputMediaIds: Array.from({ length: 6 }, () => 'm0123456789abcdef') } }],
      [MD.ocrSave, { body: { content: 'x' } }],
      [MD.getUpRes, { body: { authCode: '!' } }],
      [MD.uploadSave, { body: { userInfoId: a.selfId, inputMediaIds: [] } }],
      [routes.imaging.saveShare, { body: { relationIds: [] } }],
      [routes.indicator.extract, { body: {} }],
    ];
    for (const [r, o] of cases) expect400(await call(r, { token: a.token, ...o }), `${r.path} ${JSON.stringify(o)}`);
  });
});
