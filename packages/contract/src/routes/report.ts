import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Reports (chat-core §7 "Reports", "Other"; account-health §7 "Reports and plans"). */
export const reportRoutes = {
  findDetail: route({ prefix: v1, path: '/report/findDetail', method: 'GET', area: 'report', spec: cc, summary: 'Detail of an analysed report (reportId)', query: R.ReportIdQuery, response: R.ReportDetail }),
  state: route({ prefix: v1, path: '/report/state', method: 'GET', area: 'report', spec: cc, summary: 'Analysis state of a report (reportId, _t)', query: R.ReportIdQuery, response: R.ReportStateRes }),
  getFileInfoByWechatKey: route({ prefix: v1, path: '/report/getFileInfoByWechatKey', method: 'GET', area: 'report', spec: cc, summary: 'File info of a report shared from WeChat (wechatKey)', query: R.WechatKeyQuery }),
  getReportReviewState: route({ prefix: v1, path: '/report/getReportReviewState', method: 'GET', area: 'report', spec: cc, summary: 'Review state of a report for a question (reportId, questionId)', query: R.ReportReviewQuery, response: R.ReviewStateRes }),
  analysisReportById: route({ prefix: v1, path: '/report/analysisReportById', area: 'report', spec: cc, summary: 'Analyse an uploaded report in the chat (inputMediaId, batchId, continueSessionId, userInfoId, privacyMode)', body: R.AnalysisReportBody, response: R.StartReportRes }),
  structureDetail: route({ prefix: v1, path: '/structure/detail', area: 'report', spec: cc, summary: 'Structured (parsed) content of a report', body: R.StructureBody, response: R.StructureRes }),
  structureGetDetailId: route({ prefix: PREFIX.service, path: '/v3/structure/getDetailId', area: 'report', spec: cc, summary: 'Id of the structured detail of a report (v3)', body: R.StructureBody, response: R.StructureIdRes }),
  page: route({ prefix: v1, path: '/toc/report/page', area: 'report', spec: ah, summary: "A member's reports, paged", body: R.ReportPageBody, response: R.ReportPageRes }),
  delete: route({ prefix: v1, path: '/toc/report/delete', area: 'report', spec: ah, summary: 'Delete reports', body: R.ReportIdsBody, response: R.CountRes }),
  rename: route({ prefix: v1, path: '/toc/report/rename', area: 'report', spec: ah, summary: 'Rename a report', body: R.ReportRenameBody, response: R.ReportListItem }),
  reportMove: route({ prefix: v1, path: '/toc/report/reportMove', area: 'report', spec: ah, summary: 'Move reports to another family member', body: R.ReportMoveBody, response: R.CountRes }),
  getCheckQuestion: route({ prefix: v1, path: '/toc/report/getCheckQuestion', area: 'report', spec: ah, summary: 'Suggested questions to ask about a report', body: R.ReportIdBody, response: R.CheckQuestionRes }),
  evaluationSave: route({ prefix: v1, path: '/toc/reportEvaluation/save', area: 'report', spec: ah, summary: 'Save the user’s evaluation of a report analysis', body: R.ReportEvaluationBody, response: R.ReportEvaluationRes }),
  findCurrentReportEvaluation: route({ prefix: v1, path: '/toc/reportEvaluation/findCurrentReportEvaluation', method: 'GET', area: 'report', spec: ah, summary: 'The user’s evaluation of the current report analysis', query: R.ReportIdQuery, response: R.ReportEvaluationRes }),
} as const;
