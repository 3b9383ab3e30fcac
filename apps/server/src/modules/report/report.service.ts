import { randomBytes } from 'node:crypto';
import { FOLDER_TYPES, OcrBaseEntity, type FolderType } from '@chatdr/contract/media/index';
import { REPORT_LIMITS, REPORT_MSG, REPORT_STATUS, type ReportItem, type ReportResult } from '@chatdr/contract/report/schemas';
import type * as R from '@chatdr/contract/report/schemas';
import type { MemberContext } from '@chatdr/contract';
import { extract, interpretReport, lookup, type AnswerEvent } from '@chatdr/engine';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { notFound, type Access } from '../../access/access.ts';
import type { ChatService, DialogRow } from '../chat/chat.service.ts';
import { answerOnce, REPORT_QUESTION, reportItems, reportReadingInput } from '../chat/engine-adapter.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { MediaService } from '../media/index.ts';
import { INDICATOR_RULES, indicatorsOf } from '../insight/insight.rules.ts';
import type { Deleted, FolderFileRow, MediaRow, NewFolderRow, NewIndicatorRow, ReportRow, ReportStore } from './report.store.ts';

type Out<S extends z.ZodType> = z.input<S>;
type In<S extends z.ZodType> = z.output<S>;

export interface ReportLog {
  warn(obj: object, msg: string): void;
}

export interface ReportServiceDeps {
  store: ReportStore;
  access: Access;
  media: MediaService;
  family: FamilyService;
  chat: ChatService;
  /** Pause between progress steps (REPORT_STEP_MS). */
  stepMs: number;
  now?: () => number;
  log?: ReportLog;
}

const newId = (prefix: string) => prefix + randomBytes(16).toString('base64url');
const ABNORMAL = new Set(['high', 'low', 'positive', 'critical-high', 'critical-low']);
const MEDICINE: FolderType[] = ['medicine'];
const MEDICAL: FolderType[] = ['medical'];
/** ocr/common: every understood document other than medical records and medicine boxes. */
const NOT_COMMON: FolderType[] = ['medical', 'medicine'];
const isFolderType = (v: string): v is FolderType => v in FOLDER_TYPES;

/** The question the report skill is asked (built with the engine input in chat/engine-adapter.ts). */
export { REPORT_QUESTION };

/**
 * Report reading as a durable job, and the member's file folder, OCR'd records and medicine box.
 * A report's status lives in the `reports` table: each step is a guarded update (from the status
 * it was at), so a restarted or second runner resumes it without doubling a step.
 */
export class ReportService {
  private readonly store: ReportStore;
  private readonly access: Access;
  private readonly now: () => number;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly deps: ReportServiceDeps) {
    this.store = deps.store;
    this.access = deps.access;
    this.now = deps.now ?? Date.now;
  }

  // -------------------------------------------------------------------------------------------
  // The job

  /** Starts reading an uploaded file for a member: the chat calls this; analysisReportById too. */
  async startReport(auth: AuthContext, v: { inputMediaId: string; userInfoId: number; questionId?: string | undefined; batchId?: string | undefined; sessionId?: string | undefined; privacy?: boolean | undefined }): Promise<{ reportId: string; status: number }> {
    const file = await this.ownMedia(auth, v.inputMediaId);
    const member = await this.deps.family.memberContext(auth, v.userInfoId);
    const entity = await this.deps.media.ocrOf(auth.userId, v.inputMediaId);
    const parsed = entity ? OcrBaseEntity.safeParse(entity) : null;
    const result = parsed?.success
      ? await interpret(parsed.data, member).catch((err: unknown) => {
          this.deps.log?.warn({ err }, 'report interpretation failed');
          return null;
        })
      : null;
    const now = this.now();
    const row = await this.store.insertReport({
      id: newId('r'),
      userId: auth.userId,
      memberId: member.userInfoId,
      inputMediaId: file.id,
      questionId: v.questionId ?? null,
      batchId: v.batchId ?? file.batchId ?? null,
      sessionId: v.sessionId ?? null,
      name: file.fileName,
      privacy: v.privacy ?? false,
      status: REPORT_STATUS.uploading,
      nextAt: new Date(now + Math.min(this.deps.stepMs, 1000)),
      result,
      error: result ? null : REPORT_MSG.notInterpretable,
      createdAt: new Date(now),
    });
    // The upload already happened: the file goes into the member's folder as a report
    // (not in privacy mode: nothing of an incognito reading is filed to the member).
    if (parsed?.success && !v.privacy) {
      await this.store.upsertFiles([{ userId: auth.userId, memberId: member.userInfoId, mediaId: file.id, batchId: file.batchId ?? file.id, folderType: parsed.data.folderType === 'checkup' ? 'checkup' : 'report', reportType: parsed.data.reportType, name: file.fileName, ocr: parsed.data, source: 'report' }]);
    }
    this.schedule(row.id, Math.min(this.deps.stepMs, 1000));
    return { reportId: row.id, status: row.status };
  }

  /** Resumes every unfinished job (at start: the process that ran them stopped). */
  async resume(): Promise<number> {
    const rows = await this.store.unfinished();
    for (const r of rows) this.schedule(r.id, r.nextAt ? Math.max(0, r.nextAt.getTime() - this.now()) : 0);
    return rows.length;
  }

  /** Stops every timer (the process is closing; unfinished jobs resume at the next start). */
  stop(): void {
    this.stopped = true;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  private schedule(id: string, delay: number): void {
    if (this.stopped) return;
    const old = this.timers.get(id);
    if (old) clearTimeout(old);
    const t = setTimeout(() => {
      this.timers.delete(id);
      this.step(id).catch((err: unknown) => {
        this.deps.log?.warn({ err, reportId: id }, 'report step failed');
        // Try again a step later; the guarded update keeps it single.
        this.schedule(id, this.deps.stepMs);
      });
    }, Math.min(delay, 2_147_483_647));
    this.timers.set(id, t);
  }

  /** One step of a job: 0 → 1 → 2 → 3 → 4, or 98 when there is nothing to read. */
  async step(id: string): Promise<ReportRow | undefined> {
    if (this.stopped) return undefined;
    const row = await this.store.reportById(id);
    if (!row || row.status === REPORT_STATUS.complete || row.status === REPORT_STATUS.failed) return row;
    const now = new Date(this.now());
    const result = row.result ? readResult(row.result) : null;
    if (!result) {
      return this.store.advance(id, row.status, { status: REPORT_STATUS.failed, error: REPORT_MSG.notInterpretable, finishedAt: now, nextAt: null });
    }
    const next = new Date(now.getTime() + this.deps.stepMs);
    let moved: ReportRow | undefined;
    if (row.status === REPORT_STATUS.uploading) moved = await this.store.advance(id, 0, { status: 1, step1At: now, nextAt: next });
    else if (row.status === REPORT_STATUS.step1) moved = await this.store.advance(id, 1, { status: 2, step2At: now, nextAt: next });
    else if (row.status === REPORT_STATUS.step2) moved = await this.store.advance(id, 2, { status: 3, step3At: now, nextAt: next });
    else moved = await this.store.advance(id, 3, { status: REPORT_STATUS.complete, finishedAt: now, nextAt: null }, labIndicators(row, result, now));
    if (moved && moved.status < REPORT_STATUS.complete) this.schedule(id, this.deps.stepMs);
    return moved;
  }

  private async ownReport(auth: AuthContext, id: string): Promise<ReportRow> {
    await this.access.require(auth, 'report', [id]);
    return this.access.found('report', await this.store.report(auth.userId, id));
  }

  private async ownMedia(auth: AuthContext, id: string): Promise<MediaRow> {
    await this.access.require(auth, 'media', [id]);
    const [file] = await this.store.ownedMedia(auth.userId, [id]);
    return this.access.found('media', file);
  }

  async reportState(auth: AuthContext, reportId: string): Promise<Out<typeof R.ReportStateRes>> {
    return stateOf(await this.ownReport(auth, reportId));
  }

  async findDetail(auth: AuthContext, reportId: string): Promise<Out<typeof R.ReportDetail>> {
    const r = await this.ownReport(auth, reportId);
    const [file] = await this.store.ownedMedia(auth.userId, [r.inputMediaId]);
    return { ...stateOf(r), name: r.name, fileType: file?.fileType === 'pdf' ? 'pdf' : 'image', batchId: r.batchId, createTime: r.createdAt.getTime(), result: r.status === REPORT_STATUS.complete ? readResult(r.result) : null };
  }

  async analysisReportById(auth: AuthContext, b: In<typeof R.AnalysisReportBody>): Promise<Out<typeof R.StartReportRes>> {
    return this.startReport(auth, { inputMediaId: b.inputMediaId, userInfoId: b.userInfoId, questionId: b.questionId, batchId: b.batchId, sessionId: b.continueSessionId, privacy: b.privacyMode });
  }

  async reviewState(auth: AuthContext, q: In<typeof R.ReportReviewQuery>): Promise<Out<typeof R.ReviewStateRes>> {
    const r = await this.ownReport(auth, q.reportId);
    if (q.questionId && r.questionId && q.questionId !== r.questionId) throw notFound('report');
    return { reportId: r.id, status: r.status, reviewed: r.evalAt !== null, questionId: r.questionId };
  }

  /** No WeChat integration here: every key is unknown. */
  fileInfoByWechatKey(): never {
    throw fail('notFound', { msg: REPORT_MSG.noWechat });
  }

  async reportPage(auth: AuthContext, b: In<typeof R.ReportPageBody>): Promise<Out<typeof R.ReportPageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.reportPage(auth.userId, b.userInfoId, b.status, b.pageNum, b.pageSize);
    const files = new Map((await this.store.ownedMedia(auth.userId, [...new Set(rows.map((r) => r.inputMediaId))])).map((m) => [m.id, m]));
    return { list: rows.map((r) => listItem(r, files.get(r.inputMediaId)?.fileType)), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async renameReport(auth: AuthContext, b: In<typeof R.ReportRenameBody>): Promise<Out<typeof R.ReportListItem>> {
    await this.ownReport(auth, b.reportId);
    const r = this.access.found('report', await this.store.updateReport(auth.userId, b.reportId, { name: b.name }));
    const [file] = await this.store.ownedMedia(auth.userId, [r.inputMediaId]);
    return listItem(r, file?.fileType);
  }

  async deleteReports(auth: AuthContext, ids: string[]): Promise<Out<typeof R.CountRes>> {
    const unique = [...new Set(ids)];
    await this.access.require(auth, 'report', unique);
    for (const id of unique) {
      const t = this.timers.get(id);
      if (t) clearTimeout(t);
      this.timers.delete(id);
    }
    return { count: await this.dropMedia(auth, await this.store.deleteReports(auth.userId, unique)) };
  }

  /**
   * After reports or folder entries are deleted: the media they named go too (rows, then their
   * files and cover images) unless something of the account still names them — another report,
   * a folder entry, or a chat question (whose history shows the file). Returns the rows deleted.
   */
  private async dropMedia(auth: AuthContext, d: Deleted): Promise<number> {
    if (d.mediaIds.length === 0) return d.count;
    const [filed, asked] = await Promise.all([this.store.mediaStillFiled(auth.userId, d.mediaIds), this.deps.chat.mediaNamed(auth.userId, d.mediaIds)]);
    await this.deps.media.deleteOwned(auth.userId, d.mediaIds.filter((id) => !filed.has(id) && !asked.has(id)));
    return d.count;
  }

  async moveReports(auth: AuthContext, b: In<typeof R.ReportMoveBody>): Promise<Out<typeof R.CountRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const unique = [...new Set(b.reportIds)];
    await this.access.require(auth, 'report', unique);
    return { count: await this.store.moveReports(auth.userId, unique, b.userInfoId) };
  }

  async checkQuestions(auth: AuthContext, reportId: string): Promise<Out<typeof R.CheckQuestionRes>> {
    const r = await this.ownReport(auth, reportId);
    const res = r.status === REPORT_STATUS.complete ? readResult(r.result) : null;
    const qs = (res?.items ?? []).filter((i) => i.abnormal).slice(0, 3).map((i) => `${i.name}${flagWord(i.flag)}是什么原因？`);
    for (const f of res?.followUps ?? []) if (qs.length < 5 && !qs.includes(f)) qs.push(f);
    return { reportId: r.id, questions: qs };
  }

  async saveEvaluation(auth: AuthContext, b: In<typeof R.ReportEvaluationBody>): Promise<Out<typeof R.ReportEvaluationRes>> {
    await this.ownReport(auth, b.reportId);
    const r = await this.store.updateReport(auth.userId, b.reportId, { evalScore: b.score, evalContent: b.content ?? null, evalAt: new Date(this.now()) });
    return evaluationOf(this.access.found('report', r));
  }

  async evaluation(auth: AuthContext, reportId: string): Promise<Out<typeof R.ReportEvaluationRes>> {
    return evaluationOf(await this.ownReport(auth, reportId));
  }

  /** structure/detail: what was understood of the report's (or media's) file. */
  async structure(auth: AuthContext, b: In<typeof R.StructureBody>): Promise<Out<typeof R.StructureRes>> {
    const r = b.reportId ? await this.ownReport(auth, b.reportId) : null;
    // The report's file, or the media named (a report whose file is gone answers as a missing report).
    const file = r ? this.access.found('report', (await this.store.ownedMedia(auth.userId, [r.inputMediaId]))[0]) : await this.ownMedia(auth, b.inputMediaId ?? '');
    const e = OcrBaseEntity.safeParse(file.ocr);
    return { reportId: r?.id ?? null, inputMediaId: file.id, ocrBaseEntity: e.success ? e.data : null };
  }

  async structureId(auth: AuthContext, b: In<typeof R.StructureBody>): Promise<Out<typeof R.StructureIdRes>> {
    if (b.reportId) {
      const r = await this.ownReport(auth, b.reportId);
      return { reportId: r.id, detailId: r.id };
    }
    const file = await this.ownMedia(auth, b.inputMediaId ?? '');
    const r = await this.store.latestReportOfMedia(auth.userId, file.id);
    return { reportId: r?.id ?? null, detailId: r?.id ?? null };
  }

  // -------------------------------------------------------------------------------------------
  // File folder

  async folderPage(auth: AuthContext, b: In<typeof R.FolderPageBody>): Promise<Out<typeof R.FolderPageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.filePage({ userId: auth.userId, memberId: b.userInfoId, folderTypes: b.folderType ? [b.folderType] : undefined, keyword: b.keyword, pageNum: b.pageNum, size: b.pageSize });
    return { list: rows.map(fileOut), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async folderEdit(auth: AuthContext, b: In<typeof R.FolderEditBody>): Promise<Out<typeof R.FolderFile>> {
    const f = await this.ownFile(auth, 'folderFile', b.id);
    await this.store.updateFile(auth.userId, f.id, { ...(b.name ? { name: b.name } : {}), ...(b.folderType ? { folderType: b.folderType } : {}) });
    return fileOut(await this.fileAgain(auth, f.id));
  }

  async folderDelete(auth: AuthContext, batchId: string): Promise<Out<typeof R.CountRes>> {
    await this.access.require(auth, 'folderBatch', [batchId]);
    const n = await this.dropMedia(auth, await this.store.deleteBatch(auth.userId, batchId));
    return { count: this.access.found('folderBatch', n) };
  }

  async folderMove(auth: AuthContext, b: In<typeof R.FolderMoveBody>): Promise<Out<typeof R.CountRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const unique = [...new Set(b.batchIds)];
    await this.access.require(auth, 'folderBatch', unique);
    return { count: await this.store.moveBatches(auth.userId, unique, b.userInfoId) };
  }

  /** sendDial: the batch's files, for the chat to send as one dialog (the dialog, when given, must be the caller's). */
  async sendDial(auth: AuthContext, b: In<typeof R.SendDialBody>): Promise<Out<typeof R.SendDialRes>> {
    await this.access.require(auth, 'folderBatch', [b.batchId]);
    const files = await this.store.batchFiles(auth.userId, b.batchId);
    const first = this.access.found('folderBatch', files[0]);
    if (b.dialInId !== undefined) {
      const d = await this.ownDialog(auth, b.dialInId);
      for (const f of files) await this.store.updateFile(auth.userId, f.id, { dialInId: d.id });
    }
    const out = b.dialInId !== undefined ? await this.store.batchFiles(auth.userId, b.batchId) : files;
    return { batchId: b.batchId, dialInId: b.dialInId ?? null, userInfoId: first.memberId, files: out.map(fileOut) };
  }

  async reportTypeList(auth: AuthContext, userInfoId: number | undefined): Promise<Out<typeof R.ReportTypeListRes>> {
    if (userInfoId !== undefined) await this.deps.family.requireMember(auth, userInfoId);
    const counts = await this.store.typeCounts(auth.userId, userInfoId);
    return (Object.keys(FOLDER_TYPES) as FolderType[]).map((k) => ({ folderType: k, name: FOLDER_TYPES[k], count: counts.get(k) ?? 0 }));
  }

  /** A folder entry of the caller's, of the kind the permission names. */
  private async ownFile(auth: AuthContext, permission: 'folderFile' | 'medicineFile' | 'medicalFile' | 'commonFile', id: number): Promise<FolderFileRow> {
    await this.access.require(auth, permission, [id]);
    return this.fileAgain(auth, id);
  }
  /** A folder entry read again after the caller's change (checked before it). */
  private async fileAgain(auth: AuthContext, id: number): Promise<FolderFileRow> {
    return this.access.found('folderFile', await this.store.file(auth.userId, id));
  }
  private async ownDialog(auth: AuthContext, id: number): Promise<DialogRow> {
    await this.access.require(auth, 'chatDialog', [id]);
    return this.access.found('chatDialog', await this.deps.chat.dialog(auth.userId, id));
  }

  // -------------------------------------------------------------------------------------------
  // OCR'd records (medical / common) and the medicine box

  async ocrPage(auth: AuthContext, kind: 'medical' | 'common', b: In<typeof R.OcrPageBody>): Promise<Out<typeof R.OcrPageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.filePage({ userId: auth.userId, memberId: b.userInfoId, ...(kind === 'medical' ? { folderTypes: MEDICAL } : { notFolderTypes: NOT_COMMON }), pageNum: b.pageNum, size: b.pageSize });
    return { list: rows.map(ocrOut), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async ocrEdit(auth: AuthContext, kind: 'medical' | 'common', b: In<typeof R.OcrEditBody>): Promise<Out<typeof R.OcrRecord>> {
    const f = await this.ownFile(auth, kind === 'medical' ? 'medicalFile' : 'commonFile', b.id);
    const e = entityOf(f);
    if (!e) throw fail('badRequest', { msg: REPORT_MSG.noItems });
    const next: OcrBaseEntity = {
      ...e,
      ...(b.title !== undefined ? { title: b.title || null } : {}),
      ...(b.hospital !== undefined ? { hospital: b.hospital || null } : {}),
      ...(b.department !== undefined ? { department: b.department || null } : {}),
      ...(b.reportedAt !== undefined ? { reportedAt: b.reportedAt || null } : {}),
      ...(b.items !== undefined ? { items: b.items } : {}),
      ...(b.text !== undefined ? { text: b.text } : {}),
    };
    await this.store.updateFile(auth.userId, f.id, { ocr: next });
    return ocrOut(await this.fileAgain(auth, f.id));
  }

  async ocrDelete(auth: AuthContext, kind: 'medical' | 'common', ids: number[]): Promise<Out<typeof R.CountRes>> {
    const own = await this.access.requireSome(auth, kind === 'medical' ? 'medicalFile' : 'commonFile', ids);
    const n = await this.dropMedia(auth, await this.store.deleteFiles(auth.userId, own, kind === 'medical' ? { in: MEDICAL } : { notIn: NOT_COMMON }));
    this.access.found('folderFile', n);
    return { count: n };
  }

  async ocrDeleteAll(auth: AuthContext, userInfoId: number): Promise<Out<typeof R.CountRes>> {
    await this.deps.family.requireMember(auth, userInfoId);
    return { count: await this.dropMedia(auth, await this.store.deleteMemberFiles(auth.userId, userInfoId, NOT_COMMON)) };
  }

  async medicinePage(auth: AuthContext, b: In<typeof R.OcrPageBody>): Promise<Out<typeof R.MedicinePageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.filePage({ userId: auth.userId, memberId: b.userInfoId, folderTypes: MEDICINE, pageNum: b.pageNum, size: b.pageSize });
    return { list: rows.map(medicineOut), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async medicineEdit(auth: AuthContext, b: In<typeof R.MedicineEditBody>): Promise<Out<typeof R.MedicineItem>> {
    const f = await this.ownFile(auth, 'medicineFile', b.id);
    const e = entityOf(f);
    const drug = e?.drug ?? null;
    let nextDrug = drug;
    if (b.drugName !== undefined || b.spec !== undefined) {
      const name = b.drugName ?? drug?.name ?? '';
      // The medicine box maps to the engine's drug entry by name.
      const entry = lookup(name, 'drug');
      nextDrug = { name, drugId: entry?.id ?? null, drugName: entry?.name ?? null, spec: b.spec ?? drug?.spec ?? null };
    }
    const ocr = e ? { ...e, drug: nextDrug } : null;
    await this.store.updateFile(auth.userId, f.id, { ...(b.name ? { name: b.name } : {}), ...(ocr ? { ocr } : {}) });
    return medicineOut(await this.fileAgain(auth, f.id));
  }

  async medicineDelete(auth: AuthContext, ids: number[]): Promise<Out<typeof R.CountRes>> {
    const own = await this.access.requireSome(auth, 'medicineFile', ids);
    const n = await this.dropMedia(auth, await this.store.deleteFiles(auth.userId, own, { in: MEDICINE }));
    this.access.found('folderFile', n);
    return { count: n };
  }

  async medicineMove(auth: AuthContext, b: In<typeof R.MoveIdsBody>): Promise<Out<typeof R.CountRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const unique = [...new Set(b.ids)];
    await this.access.require(auth, 'medicineFile', unique);
    return { count: await this.store.moveFiles(auth.userId, unique, b.userInfoId, MEDICINE) };
  }

  /** ocrSaveBatch: files the understood media into the member's folder; lab values become indicators. */
  async ocrSaveBatch(auth: AuthContext, b: In<typeof R.OcrSaveBatchBody>): Promise<Out<typeof R.OcrSaveBatchRes>> {
    const member = await this.deps.family.requireMember(auth, b.userInfoId);
    let ids = b.inputMediaIds ?? [];
    let dialInId: number | null = null;
    if (b.dialInId !== undefined) {
      const d = await this.ownDialog(auth, b.dialInId);
      dialInId = d.id;
      if (ids.length === 0) ids = mediaIdsOf(d.input);
    }
    if (ids.length === 0) throw fail('badRequest', { msg: REPORT_MSG.noMediaOrDialog });
    await this.access.require(auth, 'media', ids);
    const files = await this.store.ownedMedia(auth.userId, [...new Set(ids)]);
    const batchId = b.batchId ?? files[0]?.batchId ?? newId('b');
    const now = new Date(this.now());
    const rows: NewFolderRow[] = [];
    const indicators: NewIndicatorRow[] = [];
    for (const f of files) {
      const e = OcrBaseEntity.safeParse(f.ocr);
      const entity = e.success ? e.data : null;
      rows.push({ userId: auth.userId, memberId: member.id, mediaId: f.id, batchId, folderType: entity?.folderType ?? (f.folderType && isFolderType(f.folderType) ? f.folderType : 'other'), reportType: entity?.reportType ?? f.reportType, name: f.fileName, ocr: entity, dialInId, source: 'ocr' });
      if (entity) {
        for (const it of entity.items) {
          const v = Number(it.value);
          if (it.indicatorId && Number.isFinite(v)) indicators.push({ userId: auth.userId, memberId: member.id, type: `lab.${it.indicatorId}`, value: v, unit: it.unit ?? '', source: 'ocr', questionId: null, measuredAt: measuredAt(entity.reportedAt ?? entity.collectedAt, now) });
        }
      }
    }
    const saved = await this.store.upsertFiles(rows);
    const added = await this.store.insertIndicators(indicators);
    return { batchId, files: saved.map(fileOut), indicators: added };
  }

  /** ocrSave: the user's corrected text of a dialog's document, kept on its folder entry. */
  async ocrSave(auth: AuthContext, b: In<typeof R.OcrSaveBody>): Promise<Out<typeof R.OcrSaveRes>> {
    const d = await this.ownDialog(auth, b.dialInId);
    const ids = mediaIdsOf(d.input);
    const files = await this.store.ownedMedia(auth.userId, ids);
    const memberId = d.userInfoId && (await this.store.memberExists(auth.userId, d.userInfoId)) ? d.userInfoId : null;
    let saved = 0;
    for (const f of files) {
      const e = OcrBaseEntity.safeParse(f.ocr);
      if (!e.success) continue;
      const existing = await this.store.fileByMedia(auth.userId, f.id);
      const base = existing ? (entityOf(existing) ?? e.data) : e.data;
      const ocr = { ...base, text: b.content };
      if (existing) await this.store.updateFile(auth.userId, existing.id, { ocr, dialInId: d.id });
      else if (memberId) await this.store.upsertFiles([{ userId: auth.userId, memberId, mediaId: f.id, batchId: f.batchId ?? f.id, folderType: e.data.folderType, reportType: e.data.reportType, name: f.fileName, ocr, dialInId: d.id, source: 'ocr' }]);
      else continue;
      saved++;
    }
    return { dialInId: d.id, saved };
  }

  /** ocrJoin: the question with the understood document appended (the server's reading of owned media). */
  async ocrJoin(auth: AuthContext, b: In<typeof R.OcrJoinBody>): Promise<Out<typeof R.OcrJoinRes>> {
    if (b.currentUserInfoId !== undefined) await this.deps.family.requireMember(auth, b.currentUserInfoId);
    let e = b.ocrBaseEntity ?? null;
    if (b.inputMediaId) {
      const f = await this.ownMedia(auth, b.inputMediaId);
      const p = OcrBaseEntity.safeParse(f.ocr);
      e = p.success ? p.data : null;
    }
    if (!e) return { question: b.question };
    const head = [e.title, e.hospital, e.reportedAt].filter(Boolean).join(' ');
    const lines = e.items.map((i) => `${i.name} ${i.value}${i.unit ? ` ${i.unit}` : ''}${i.refRange ? `（参考${i.refRange}）` : ''}`);
    const doc = [head, ...lines].filter(Boolean).join('\n') || e.text;
    return { question: [b.question.trim(), doc].filter(Boolean).join('\n') };
  }

  async upCode(auth: AuthContext): Promise<Out<typeof R.UpCodeRes>> {
    const code = randomBytes(18).toString('base64url');
    const exp = this.now() + REPORT_LIMITS.upCodeTtlSeconds * 1000;
    await this.store.insertUpCode(code, auth.userId, new Date(exp));
    return { authCode: code, expiresAt: exp };
  }

  /** getUpRes: the files uploaded with the code (as the batchId of the other device's upload). */
  async upRes(auth: AuthContext, authCode: string): Promise<Out<typeof R.UpResRes>> {
    await this.access.require(auth, 'uploadCode', [authCode]);
    const c = this.access.found('uploadCode', await this.store.upCode(auth.userId, authCode));
    if (c.expiresAt.getTime() < this.now()) throw notFound('uploadCode');
    const files = await this.store.batchMedia(auth.userId, authCode);
    return { authCode, status: files.length ? 'completed' : 'waiting', files: files.map((f) => ({ inputMediaId: f.id, fileName: f.fileName, fileType: f.fileType === 'pdf' ? 'pdf' : 'image' })) };
  }

  async uploadSearch(auth: AuthContext, b: In<typeof R.UploadSearchBody>): Promise<Out<typeof R.FolderPageRes>> {
    if (b.userInfoId !== undefined) await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.filePage({ userId: auth.userId, memberId: b.userInfoId, folderTypes: b.folderType ? [b.folderType] : undefined, keyword: b.keyword, pageNum: b.pageNum, size: b.pageSize });
    return { list: rows.map(fileOut), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async uploadSave(auth: AuthContext, b: In<typeof R.UploadSaveBody>): Promise<Out<typeof R.UploadSaveRes>> {
    const member = await this.deps.family.requireMember(auth, b.userInfoId);
    const unique = [...new Set(b.inputMediaIds)];
    await this.access.require(auth, 'media', unique);
    const files = await this.store.ownedMedia(auth.userId, unique);
    const batchId = b.batchId ?? files[0]?.batchId ?? newId('b');
    const saved = await this.store.upsertFiles(files.map((f) => {
      const e = OcrBaseEntity.safeParse(f.ocr);
      const folderType = b.folderType ?? (e.success ? e.data.folderType : f.folderType && isFolderType(f.folderType) ? f.folderType : 'other');
      return { userId: auth.userId, memberId: member.id, mediaId: f.id, batchId, folderType, reportType: e.success ? e.data.reportType : f.reportType, name: f.fileName, ocr: e.success ? e.data : null, source: 'upload' };
    }));
    return { batchId, files: saved.map(fileOut) };
  }

  /** indicator/extract: vitals stated in a question, lab values of an owned document. */
  async extract(auth: AuthContext, b: In<typeof R.ExtractBody>): Promise<Out<typeof R.ExtractRes>> {
    const vitals = b.question ? indicatorsOf(extract(b.question, new Date(this.now()))).map((x) => ({ type: x.type, value: x.value, value2: x.value2 ?? null, unit: INDICATOR_RULES[x.type].unit })) : [];
    let labs: Out<typeof R.ExtractRes>['labs'] = [];
    if (b.inputMediaId) {
      const f = await this.ownMedia(auth, b.inputMediaId);
      const e = OcrBaseEntity.safeParse(f.ocr);
      labs = e.success ? e.data.items.map((i) => ({ name: i.name, indicatorId: i.indicatorId, value: i.value, unit: i.unit, flag: i.flag })) : [];
    }
    return { vitals, labs };
  }
}

// ---------------------------------------------------------------------------------------------
// Pure helpers

/** The engine's report skill for the member: the answer text and the structured reading. */
export async function interpret(e: OcrBaseEntity, member: MemberContext): Promise<ReportResult | null> {
  const lab = e.items.filter((i) => i.value.trim() !== '');
  if (lab.length === 0) return null;
  const report = reportItems(lab);
  const events: AnswerEvent[] = await answerOnce(reportReadingInput(report, member));
  const text = events.map((ev) => (ev.type === 'text' ? ev.delta : '')).join('');
  if (!text || events.some((ev) => ev.type === 'refusal')) return null;
  const followUps = events.flatMap((ev) => (ev.type === 'followUps' ? ev.questions : []));
  const rep = interpretReport(report, { age: member.age ?? 40, sex: member.sex ?? 'M' });
  const items: ReportItem[] = rep.items.map((it, i) => {
    const src = lab[i];
    return {
      name: it.name,
      code: src?.code ?? null,
      value: src?.value ?? String(it.value),
      unit: src?.unit ?? (it.unit || null),
      refRange: src?.refRange ?? null,
      flag: it.flag,
      abnormal: ABNORMAL.has(it.flag),
      indicatorId: it.indicatorId,
      meaning: it.meaning,
      advice: it.advice,
    };
  });
  const ordered = [...items.filter((i) => i.abnormal), ...items.filter((i) => !i.abnormal)];
  return {
    text,
    items: ordered,
    abnormalCount: ordered.filter((i) => i.abnormal).length,
    patterns: rep.patterns.map((p) => ({ id: p.id, name: p.name, text: p.text, department: p.department })),
    urgency: rep.urgency,
    nextSteps: [...rep.nextSteps],
    department: rep.patterns[0]?.department ?? null,
    followUps,
    title: e.title,
    hospital: e.hospital,
    reportedAt: e.reportedAt,
  };
}

function readResult(v: unknown): ReportResult | null {
  if (!v || typeof v !== 'object') return null;
  const r = v as ReportResult;
  return typeof r.text === 'string' && Array.isArray(r.items) ? r : null;
}

/** The numeric lab values of a finished reading, as the member's indicators (`lab.<indicatorId>`). */
function labIndicators(row: ReportRow, res: ReportResult, now: Date): NewIndicatorRow[] {
  if (row.privacy) return [];
  const at = measuredAt(res.reportedAt, now);
  return res.items.flatMap((i) => {
    const v = Number(i.value);
    return i.indicatorId && Number.isFinite(v) ? [{ userId: row.userId, memberId: row.memberId, type: `lab.${i.indicatorId}`, value: v, unit: i.unit ?? '', source: 'report', questionId: row.questionId, measuredAt: at }] : [];
  });
}

function measuredAt(printed: string | null, now: Date): Date {
  const m = printed ? /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?/.exec(printed) : null;
  if (!m) return now;
  // Printed times are China time (UTC+8).
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0) - 8, Number(m[5] ?? 0));
  return Number.isFinite(t) && t <= now.getTime() ? new Date(t) : now;
}

function stateOf(r: ReportRow): Out<typeof R.ReportStateRes> {
  return {
    reportId: r.id,
    status: r.status,
    errorMessage: r.status === REPORT_STATUS.failed ? (r.error ?? REPORT_MSG.notInterpretable) : null,
    userInfoId: r.memberId,
    inputMediaId: r.inputMediaId,
    questionId: r.questionId,
    steps: { created: r.createdAt.getTime(), step1: r.step1At?.getTime() ?? null, step2: r.step2At?.getTime() ?? null, step3: r.step3At?.getTime() ?? null, finished: r.finishedAt?.getTime() ?? null },
  };
}

function listItem(r: ReportRow, fileType: string | undefined): Out<typeof R.ReportListItem> {
  const res = r.status === REPORT_STATUS.complete ? readResult(r.result) : null;
  return { ...stateOf(r), name: r.name, fileType: fileType === 'pdf' ? 'pdf' : 'image', createTime: r.createdAt.getTime(), abnormalCount: res?.abnormalCount ?? null };
}

function evaluationOf(r: ReportRow): Out<typeof R.ReportEvaluationRes> {
  return { reportId: r.id, score: r.evalScore, content: r.evalContent, evaluatedAt: r.evalAt?.getTime() ?? null };
}

function flagWord(flag: ReportItem['flag']): string {
  return flag === 'high' || flag === 'critical-high' ? '偏高' : flag === 'low' || flag === 'critical-low' ? '偏低' : flag === 'positive' ? '阳性' : '异常';
}

function entityOf(f: FolderFileRow): OcrBaseEntity | null {
  const e = OcrBaseEntity.safeParse(f.ocr);
  return e.success ? e.data : null;
}

function fileOut(f: FolderFileRow): Out<typeof R.FolderFile> {
  const e = entityOf(f);
  const folderType: FolderType = isFolderType(f.folderType) ? f.folderType : 'other';
  return {
    id: f.id,
    batchId: f.batchId,
    userInfoId: f.memberId,
    inputMediaId: f.mediaId,
    fileName: f.name,
    fileType: f.fileType === 'pdf' ? 'pdf' : 'image',
    folderType,
    folderTypeName: FOLDER_TYPES[folderType],
    reportType: f.reportType,
    title: e?.title ?? null,
    hospital: e?.hospital ?? null,
    reportedAt: e?.reportedAt ?? null,
    dialInId: f.dialInId,
    createTime: f.createdAt.getTime(),
  };
}

function ocrOut(f: FolderFileRow): Out<typeof R.OcrRecord> {
  return { ...fileOut(f), ocrBaseEntity: entityOf(f) };
}

function medicineOut(f: FolderFileRow): Out<typeof R.MedicineItem> {
  const d = entityOf(f)?.drug ?? null;
  return { ...fileOut(f), drugName: d?.drugName ?? d?.name ?? null, drugId: d?.drugId ?? null, spec: d?.spec ?? null };
}

/** The media ids a dialog's question carried (inputMediaId, relInputMediaId, imageIds). */
function mediaIdsOf(input: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const k of ['inputMediaId', 'relInputMediaId']) {
    const v = input[k];
    if (typeof v === 'string' && v) out.push(v);
  }
  const imgs = input.imageIds;
  if (Array.isArray(imgs)) for (const v of imgs) if (typeof v === 'string' && v) out.push(v);
  return [...new Set(out)].slice(0, REPORT_LIMITS.idsMax);
}
