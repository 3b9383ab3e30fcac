import type { FastifyInstance } from 'fastify';
import { routes } from '@chatdr/contract';
import { register } from '../../http/route.ts';
import type { ReportService } from './report.service.ts';

/** Report reading, file folder, OCR'd records, medicine box and uploads' filing: wiring only. */
export function reportRoutes(app: FastifyInstance, svc: ReportService): void {
  const r = routes.report;
  register(app, r.analysisReportById, ({ auth, body }) => svc.analysisReportById(auth, body));
  register(app, r.state, ({ auth, query }) => svc.reportState(auth, query.reportId));
  register(app, r.findDetail, ({ auth, query }) => svc.findDetail(auth, query.reportId));
  register(app, r.getReportReviewState, ({ auth, query }) => svc.reviewState(auth, query));
  register(app, r.getFileInfoByWechatKey, () => svc.fileInfoByWechatKey());
  register(app, r.structureDetail, ({ auth, body }) => svc.structure(auth, body));
  register(app, r.structureGetDetailId, ({ auth, body }) => svc.structureId(auth, body));
  register(app, r.page, ({ auth, body }) => svc.reportPage(auth, body));
  register(app, r.delete, ({ auth, body }) => svc.deleteReports(auth, body.reportIds));
  register(app, r.rename, ({ auth, body }) => svc.renameReport(auth, body));
  register(app, r.reportMove, ({ auth, body }) => svc.moveReports(auth, body));
  register(app, r.getCheckQuestion, ({ auth, body }) => svc.checkQuestions(auth, body.reportId));
  register(app, r.evaluationSave, ({ auth, body }) => svc.saveEvaluation(auth, body));
  register(app, r.findCurrentReportEvaluation, ({ auth, query }) => svc.evaluation(auth, query.reportId));

  const f = routes.folder;
  register(app, f.folderPage, ({ auth, body }) => svc.folderPage(auth, body));
  register(app, f.folderEdit, ({ auth, body }) => svc.folderEdit(auth, body));
  register(app, f.folderDelete, ({ auth, body }) => svc.folderDelete(auth, body.batchId));
  register(app, f.folderMove, ({ auth, body }) => svc.folderMove(auth, body));
  register(app, f.folderSendDial, ({ auth, body }) => svc.sendDial(auth, body));
  register(app, f.folderReportTypeList, ({ auth, body }) => svc.reportTypeList(auth, body?.userInfoId));
  register(app, f.ocrReportTypeList, ({ auth, body }) => svc.reportTypeList(auth, body?.userInfoId));
  register(app, f.ocrMedicalPage, ({ auth, body }) => svc.ocrPage(auth, 'medical', body));
  register(app, f.ocrMedicalEdit, ({ auth, body }) => svc.ocrEdit(auth, 'medical', body));
  register(app, f.ocrMedicalDelete, ({ auth, body }) => svc.ocrDelete(auth, 'medical', body.ids));
  register(app, f.ocrCommonPage, ({ auth, body }) => svc.ocrPage(auth, 'common', body));
  register(app, f.ocrCommonEdit, ({ auth, body }) => svc.ocrEdit(auth, 'common', body));
  register(app, f.ocrCommonDelete, ({ auth, body }) => svc.ocrDelete(auth, 'common', body.ids));
  register(app, f.ocrCommonDeleteAll, ({ auth, body }) => svc.ocrDeleteAll(auth, body.userInfoId));

  const m = routes.medicine;
  register(app, m.page, ({ auth, body }) => svc.medicinePage(auth, body));
  register(app, m.edit, ({ auth, body }) => svc.medicineEdit(auth, body));
  register(app, m.delete, ({ auth, body }) => svc.medicineDelete(auth, body.ids));
  register(app, m.move, ({ auth, body }) => svc.medicineMove(auth, body));

  const md = routes.media;
  register(app, md.ocrSave, ({ auth, body }) => svc.ocrSave(auth, body));
  register(app, md.ocrSaveBatch, ({ auth, body }) => svc.ocrSaveBatch(auth, body));
  register(app, md.ocrJoin, ({ auth, body }) => svc.ocrJoin(auth, body));
  register(app, md.getUpCode, ({ auth }) => svc.upCode(auth));
  register(app, md.getUpRes, ({ auth, body }) => svc.upRes(auth, body.authCode));
  register(app, md.uploadSearch, ({ auth, body }) => svc.uploadSearch(auth, body));
  register(app, md.uploadSave, ({ auth, body }) => svc.uploadSave(auth, body));
  register(app, routes.indicator.extract, ({ auth, body }) => svc.extract(auth, body));
}
