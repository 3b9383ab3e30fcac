import { z } from 'zod';
import { FOLDER_TYPES, MEDIA_LIMITS } from './messages.ts';

const folderTypeKeys = Object.keys(FOLDER_TYPES) as [keyof typeof FOLDER_TYPES, ...(keyof typeof FOLDER_TYPES)[]];

/** An opaque media id (`inputMediaId`), server-chosen. */
export const MediaId = z.string().trim().regex(/^m[A-Za-z0-9_-]{10,40}$/, '文件不存在');

/** One lab item read from a report: value vs range decides high/low, never the printed arrow. */
export const OcrLabItem = z.object({
  name: z.string(),
  /** The code printed beside the name (WBC, ALT…), or null. */
  code: z.string().nullable(),
  value: z.string(),
  unit: z.string().nullable(),
  refRange: z.string().nullable(),
  /** Numeric bounds parsed from refRange. */
  low: z.number().nullable(),
  high: z.number().nullable(),
  /** From value and range: 'high' | 'low' | 'normal', or 'positive' for a qualitative result; 'unknown' without a usable range. */
  flag: z.enum(['high', 'low', 'normal', 'positive', 'unknown']),
  /** The engine's indicator (packages/engine lab indicators), when the name maps to one. */
  indicatorId: z.string().nullable(),
  indicatorName: z.string().nullable(),
});
export type OcrLabItem = z.infer<typeof OcrLabItem>;

/** What was understood of an uploaded document (`ocrBaseEntity` of chat-core §3/§7). */
export const OcrBaseEntity = z.object({
  /** chat-core §3 report type: 0 unknown, 1 medical info, 2 skin, 3 body part, 4 health report. */
  reportType: z.number().int().min(0).max(4),
  /** Folder category key (FOLDER_TYPES) and its name. */
  folderType: z.enum(folderTypeKeys),
  folderTypeName: z.string(),
  title: z.string().nullable(),
  hospital: z.string().nullable(),
  department: z.string().nullable(),
  patientName: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  age: z.number().int().nullable(),
  sampleType: z.string().nullable(),
  /** Dates as printed, normalised to YYYY-MM-DD[ HH:mm]. */
  collectedAt: z.string().nullable(),
  reportedAt: z.string().nullable(),
  items: z.array(OcrLabItem),
  /** For a medicine box: the drug name read and the engine's drug entry it maps to. */
  drug: z.object({ name: z.string(), drugId: z.string().nullable(), drugName: z.string().nullable(), spec: z.string().nullable() }).nullable(),
  /** Uploaded with scene `bp` (ours): the meter's display read as systolic/diastolic (mmHg) and pulse, or null when it could not be read. */
  bloodPressure: z.object({ systolic: z.number().int(), diastolic: z.number().int(), pulse: z.number().int().nullable() }).nullable().optional(),
  /** The whole text, one line per printed row. */
  text: z.string(),
  /** Where the text came from: a PDF's own text, OCR, or nothing (skin/body photos). */
  source: z.enum(['pdf-text', 'ocr', 'mixed', 'none']),
  pages: z.number().int(),
});
export type OcrBaseEntity = z.infer<typeof OcrBaseEntity>;

/** One stored upload, as the upload calls answer it (chat-core §7 "Uploads"). */
export const MediaUploadItem = z.object({
  inputMediaId: z.string(),
  /** A short-lived URL of the stored file (as getMediaUrlPost gives), for a preview. */
  inputMediaUrl: z.string(),
  ocrBaseEntity: OcrBaseEntity.nullable(),
  /** 1 when the owner shared it (public URL allowed), else 0. */
  shareFlag: z.number().int(),
  /** For a PDF: the media id of its first-page cover image (null when none could be made). */
  pdfCover: z.string().nullable(),
  fileType: z.enum(['image', 'pdf']),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileMd5: z.string(),
});
export type MediaUploadItem = z.infer<typeof MediaUploadItem>;
/** `data` of an upload: the (first) file, and every file of the request when several were sent. */
export const MediaUploadData = MediaUploadItem.extend({ files: z.array(MediaUploadItem).optional() });
export type MediaUploadData = z.infer<typeof MediaUploadData>;

/** The upload calls' answer: the spec's `success` beside the usual envelope fields. */
export const MediaUploadRes = z.object({ code: z.number().int(), success: z.boolean(), msg: z.string(), data: MediaUploadData.nullable() });
export type MediaUploadRes = z.infer<typeof MediaUploadRes>;

/** Query of the upload calls. */
export const MediaUploadQuery = z
  .object({
    /** fileOcr: the name to store instead of the uploaded one. */
    customFileName: z.string().trim().max(MEDIA_LIMITS.maxFileName).optional(),
    /** Groups uploads of one selection; at most MEDIA_LIMITS.maxFiles per batch. */
    batchId: z.string().trim().regex(/^[\w-]{1,64}$/).optional(),
    /** pfUpload: 2 skin (default) or 3 body part. */
    reportType: z.enum(['2', '3']).optional(),
    /** fileOcr (ours): `bp` — a photo of a blood-pressure meter's display; the reading comes back in `ocrBaseEntity.bloodPressure`. */
    scene: z.enum(['bp']).optional(),
  })
  .passthrough();
export type MediaUploadQuery = z.infer<typeof MediaUploadQuery>;

export const GetMediaUrlBody = z.object({ inputMediaId: MediaId });
export const MediaUrlRes = z.object({
  /** Short-lived URL of the content (GET; valid MEDIA_LIMITS.urlTtlSeconds). */
  url: z.string(),
  inputMediaId: z.string(),
  fileType: z.enum(['image', 'pdf']),
  fileName: z.string(),
  fileSize: z.number().int(),
  fileMd5: z.string(),
  expiresAt: z.number().int(),
});
export type MediaUrlRes = z.infer<typeof MediaUrlRes>;

export const MediaContentParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_.-]{20,200}$/) });
