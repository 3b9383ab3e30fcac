import { z } from 'zod';
import { idParam, int2 } from '../schemas/common.ts';
import { FOLDER_TYPES, MediaId, OcrBaseEntity, OcrLabItem } from '../media/index.ts';
import { REPORT_MSG } from './messages.ts';

export { REPORT_MSG };

/**
 * Schemas of report reading, file folders, OCR'd records and the medicine box (chat-core §3, §4,
 * §7 "Reports", "Media and OCR"; account-health §7 "Medicine and files", "Reports and plans").
 * Served by apps/server/src/modules/report.
 */

/** chat-core §4 PDF message status: 0 uploading, 1–3 stepped progress, 4 complete, 98 error. */
export const REPORT_STATUS = { uploading: 0, step1: 1, step2: 2, step3: 3, complete: 4, failed: 98 } as const;
export type ReportStatus = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];


export const REPORT_LIMITS = {
  /** Default pause between progress steps (ms; REPORT_STEP_MS). */
  stepMs: 5000,
  pageSizeMax: 50,
  pageSizeDefault: 20,
  nameMax: 100,
  idsMax: 50,
  /** Seconds an upload auth code (getUpCode) stays valid. */
  upCodeTtlSeconds: 600,
} as const;

const folderTypeKeys = Object.keys(FOLDER_TYPES) as [keyof typeof FOLDER_TYPES, ...(keyof typeof FOLDER_TYPES)[]];
export const FolderTypeKey = z.enum(folderTypeKeys, { message: '资料类型不正确' });

/** A report id: server-chosen, opaque. */
export const ReportId = z.string({ message: '缺少 reportId' }).trim().regex(/^r[A-Za-z0-9_-]{10,40}$/, '报告不存在');
const questionId = z.string().trim().min(1).max(64);
const batchId = z.string().trim().regex(/^[\w-]{1,64}$/, 'batchId 不正确');
const dialInId = z.coerce.number().int().positive().max(2 ** 53);
const name = z.string().trim().min(1, REPORT_MSG.nameEmpty).max(REPORT_LIMITS.nameMax, `名称最多${REPORT_LIMITS.nameMax}个字`);
const flag01 = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).transform((v) => Number(v) === 1);
const pageNum = z.coerce.number().int().min(1).max(100_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(REPORT_LIMITS.pageSizeMax).default(REPORT_LIMITS.pageSizeDefault);
const ids = z.array(z.coerce.number().int().positive().max(2 ** 31 - 1)).min(1).max(REPORT_LIMITS.idsMax);
const page = <T extends z.ZodType>(item: T) => z.object({ list: z.array(item), total: z.number().int(), pageNum: z.number().int(), pageSize: z.number().int() });

// --- Report reading ---------------------------------------------------------------------------

export const AnalysisReportBody = z.object({
  inputMediaId: MediaId,
  userInfoId: idParam,
  batchId: batchId.optional(),
  continueSessionId: z.string().trim().max(64).optional(),
  questionId: questionId.optional(),
  privacyMode: flag01.optional(),
});
export const ReportIdQuery = z.object({ reportId: ReportId, _t: z.string().max(20).optional() });
export const ReportReviewQuery = z.object({ reportId: ReportId, questionId: questionId.optional() });
export const WechatKeyQuery = z.object({ wechatKey: z.string().trim().min(1).max(128) });

/** One interpreted line of a report: the engine's reading, flags from value vs range. */
export const ReportItem = z.object({
  name: z.string(),
  code: z.string().nullable(),
  value: z.string(),
  unit: z.string().nullable(),
  refRange: z.string().nullable(),
  /** The engine's flag (packages/engine LabFlag). */
  flag: z.enum(['normal', 'high', 'low', 'positive', 'critical-high', 'critical-low', 'unknown']),
  abnormal: z.boolean(),
  indicatorId: z.string().nullable(),
  meaning: z.string().nullable(),
  advice: z.string().nullable(),
});
export type ReportItem = z.infer<typeof ReportItem>;
export const ReportPattern = z.object({ id: z.string(), name: z.string(), text: z.string(), department: z.string() });

/** The engine's report reading (skill bgjd) for the chosen member. */
export const ReportResult = z.object({
  text: z.string(),
  /** Abnormal items first, then the others in printed order. */
  items: z.array(ReportItem),
  abnormalCount: z.number().int(),
  patterns: z.array(ReportPattern),
  urgency: z.enum(['emergency', 'urgent', 'routine', 'normal']),
  nextSteps: z.array(z.string()),
  department: z.string().nullable(),
  followUps: z.array(z.string()),
  title: z.string().nullable(),
  hospital: z.string().nullable(),
  reportedAt: z.string().nullable(),
});
export type ReportResult = z.infer<typeof ReportResult>;

export const ReportStateRes = z.object({
  reportId: z.string(),
  status: z.number().int(),
  /** For 98: the not-interpretable message. */
  errorMessage: z.string().nullable(),
  userInfoId: z.number().int(),
  inputMediaId: z.string(),
  questionId: z.string().nullable(),
  /** When each status was reached (ms), null until then. */
  steps: z.object({ created: z.number(), step1: z.number().nullable(), step2: z.number().nullable(), step3: z.number().nullable(), finished: z.number().nullable() }),
});
export type ReportStateRes = z.infer<typeof ReportStateRes>;
export const ReportDetail = ReportStateRes.extend({
  name: z.string(),
  fileType: z.enum(['image', 'pdf']),
  batchId: z.string().nullable(),
  createTime: z.number(),
  result: ReportResult.nullable(),
});
export type ReportDetail = z.infer<typeof ReportDetail>;
export const StartReportRes = z.object({ reportId: z.string(), status: z.number().int() });
export const ReviewStateRes = z.object({ reportId: z.string(), status: z.number().int(), reviewed: z.boolean(), questionId: z.string().nullable() });

export const ReportPageBody = z.object({ userInfoId: idParam, pageNum, pageSize, status: int2().optional() });
export const ReportListItem = ReportStateRes.extend({ name: z.string(), fileType: z.enum(['image', 'pdf']), createTime: z.number(), abnormalCount: z.number().int().nullable() });
export const ReportPageRes = page(ReportListItem);
export const ReportIdsBody = z.object({ reportIds: z.array(ReportId).min(1).max(REPORT_LIMITS.idsMax) });
export const ReportRenameBody = z.object({ reportId: ReportId, name });
export const ReportMoveBody = z.object({ reportIds: z.array(ReportId).min(1).max(REPORT_LIMITS.idsMax), userInfoId: idParam });
export const ReportIdBody = z.object({ reportId: ReportId });
export const CountRes = z.object({ count: z.number().int() });
export const CheckQuestionRes = z.object({ reportId: z.string(), questions: z.array(z.string()) });
export const ReportEvaluationBody = z.object({ reportId: ReportId, score: z.coerce.number().int().min(1).max(5), content: z.string().trim().max(500).optional() });
export const ReportEvaluationRes = z.object({ reportId: z.string(), score: z.number().int().nullable(), content: z.string().nullable(), evaluatedAt: z.number().nullable() });

/** structure/detail, v3/structure/getDetailId: the structured (parsed) content of a report. */
export const StructureBody = z.object({ reportId: ReportId.optional(), inputMediaId: MediaId.optional() }).refine((v) => v.reportId || v.inputMediaId, { message: '请提供 reportId 或 inputMediaId' });
export const StructureRes = z.object({ reportId: z.string().nullable(), inputMediaId: z.string(), ocrBaseEntity: OcrBaseEntity.nullable() });
export const StructureIdRes = z.object({ reportId: z.string().nullable(), detailId: z.string().nullable() });

// --- File folder ------------------------------------------------------------------------------

export const FolderFile = z.object({
  id: z.number().int(),
  batchId: z.string(),
  userInfoId: z.number().int(),
  inputMediaId: z.string(),
  fileName: z.string(),
  fileType: z.enum(['image', 'pdf']),
  folderType: FolderTypeKey,
  folderTypeName: z.string(),
  reportType: z.number().int(),
  title: z.string().nullable(),
  hospital: z.string().nullable(),
  reportedAt: z.string().nullable(),
  dialInId: z.number().int().nullable(),
  createTime: z.number(),
});
export type FolderFile = z.infer<typeof FolderFile>;
export const FolderPageBody = z.object({ userInfoId: idParam, folderType: FolderTypeKey.optional(), keyword: z.string().trim().max(50).optional(), pageNum, pageSize });
export const FolderPageRes = page(FolderFile);
export const FolderEditBody = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1), name: name.optional(), folderType: FolderTypeKey.optional() });
export const FolderDeleteBody = z.object({ batchId });
export const FolderMoveBody = z.object({ batchIds: z.array(batchId).min(1).max(REPORT_LIMITS.idsMax), userInfoId: idParam });
export const SendDialBody = z.object({ batchId, dialInId: dialInId.optional() });
export const SendDialRes = z.object({ batchId: z.string(), dialInId: z.number().int().nullable(), userInfoId: z.number().int(), files: z.array(FolderFile) });
export const ReportTypeListBody = z.object({ userInfoId: idParam.optional() }).optional();
export const ReportTypeListRes = z.array(z.object({ folderType: FolderTypeKey, name: z.string(), count: z.number().int() }));

// --- OCR'd records, medicine box, uploads -------------------------------------------------------

export const OcrRecord = FolderFile.extend({ ocrBaseEntity: OcrBaseEntity.nullable() });
export const OcrPageBody = z.object({ userInfoId: idParam, pageNum, pageSize });
export const OcrPageRes = page(OcrRecord);
export const OcrEditBody = z.object({
  id: z.coerce.number().int().positive().max(2 ** 31 - 1),
  title: z.string().trim().max(REPORT_LIMITS.nameMax).optional(),
  hospital: z.string().trim().max(REPORT_LIMITS.nameMax).optional(),
  department: z.string().trim().max(REPORT_LIMITS.nameMax).optional(),
  reportedAt: z.string().trim().max(20).optional(),
  items: z.array(OcrLabItem).max(200).optional(),
  text: z.string().max(20_000).optional(),
});
export const IdsBody = z.object({ ids });
export const UserInfoBody = z.object({ userInfoId: idParam });
export const MoveIdsBody = z.object({ ids, userInfoId: idParam });

export const MedicineItem = FolderFile.extend({
  drugName: z.string().nullable(),
  /** The engine's drug entry the box maps to. */
  drugId: z.string().nullable(),
  spec: z.string().nullable(),
});
export const MedicinePageRes = page(MedicineItem);
export const MedicineEditBody = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1), drugName: z.string().trim().min(1).max(50).optional(), spec: z.string().trim().max(50).optional(), name: name.optional() });

export const OcrSaveBatchBody = z.object({
  userInfoId: idParam,
  inputMediaIds: z.array(MediaId).min(1).max(5).optional(),
  dialInId: dialInId.optional(),
  batchId: batchId.optional(),
  privacyMode: flag01.optional(),
  sourceType: z.string().max(20).optional(),
  imageType: z.union([z.string().max(20), z.number()]).optional(),
  unionType: z.string().max(20).optional(),
  ocrBaseEntity: z.unknown().optional(),
});
export const OcrSaveBatchRes = z.object({ batchId: z.string(), files: z.array(FolderFile), indicators: z.number().int() });
export const OcrSaveBody = z.object({ dialInId, content: z.string().max(20_000), privacyMode: flag01.optional() });
export const OcrSaveRes = z.object({ dialInId: z.number().int(), saved: z.number().int() });
export const OcrJoinBody = z.object({ question: z.string().max(2000).default(''), ocrBaseEntity: OcrBaseEntity.optional(), inputMediaId: MediaId.optional(), currentUserInfoId: idParam.optional() });
export const OcrJoinRes = z.object({ question: z.string() });
export const UpCodeRes = z.object({ authCode: z.string(), expiresAt: z.number() });
export const UpResBody = z.object({ authCode: z.string().trim().regex(/^[A-Za-z0-9_-]{16,64}$/, REPORT_MSG.upCodeExpired) });
export const UpResRes = z.object({ authCode: z.string(), status: z.enum(['waiting', 'completed']), files: z.array(z.object({ inputMediaId: z.string(), fileName: z.string(), fileType: z.enum(['image', 'pdf']) })) });
export const UploadSearchBody = z.object({ keyword: z.string().trim().max(50).optional(), folderType: FolderTypeKey.optional(), userInfoId: idParam.optional(), pageNum, pageSize });
export const UploadSaveBody = z.object({ userInfoId: idParam, inputMediaIds: z.array(MediaId).min(1).max(5), batchId: batchId.optional(), folderType: FolderTypeKey.optional() });
export const UploadSaveRes = z.object({ batchId: z.string(), files: z.array(FolderFile) });
export const ImagingShareBody = z.object({ relationIds: z.array(z.union([z.string().max(64), z.number()])).min(1).max(REPORT_LIMITS.idsMax) });
export const ImagingShareRes = z.object({ shareId: z.string().nullable(), count: z.number().int() });
export const ExtractBody = z.object({ question: z.string().max(2000).optional(), inputMediaId: MediaId.optional() }).refine((v) => v.question !== undefined || v.inputMediaId !== undefined, { message: '请提供 question 或 inputMediaId' });
export const ExtractRes = z.object({
  vitals: z.array(z.object({ type: z.string(), value: z.number(), value2: z.number().nullable(), unit: z.string() })),
  labs: z.array(z.object({ name: z.string(), indicatorId: z.string().nullable(), value: z.string(), unit: z.string().nullable(), flag: z.string() })),
});
