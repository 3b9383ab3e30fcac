import { MSG } from '../messages.ts';

/**
 * User-facing strings of uploads, media and OCR. The spec's own strings (chat-core §5) are
 * re-exported from MSG verbatim; the others are ours. Server and web both import these.
 */
export const MEDIA_MSG = {
  /** chat-core §5: a document over 20992000 bytes. */
  fileTooLarge: MSG.fileTooLarge,
  /** chat-core §5: more than 5 documents at once. */
  tooManyFiles: MSG.tooManyFiles,
  /** chat-core §5: the limit is reached. */
  fileCountReached: MSG.fileCountReached,
  /** chat-core §5: opening a file with no name or media id, or a missing media URL. */
  fileMissing: MSG.fileMissing,
  /** account-health §8: a report the assistant cannot interpret. */
  notInterpretable: MSG.reportNotInterpretable,
  noFile: '请选择要上传的文件',
  badType: '仅支持图片（JPG、PNG、WEBP、HEIC）和PDF文件',
  badImage: '图片已损坏或格式不受支持，请重新拍摄',
  badPdf: 'PDF文件已损坏或已加密，无法读取',
  imageTooLarge: '图片分辨率过大，请压缩后再上传',
  skinNotAuthorised: '暂未开通皮肤和部位图片上传权限',
  uploadFailed: '上传失败，请稍后重试',
  heicUnsupported: '暂不支持该HEIC图片，请转为JPG后上传',
  linkExpired: '链接已失效，请重新获取',
  uploadQueued: '您上传的文件还在处理中，请等处理完成后再上传',
  uploadBusy: '当前上传的文件较多，请稍后重试',
  imageDecodeFailed: '图片过大或过于复杂，无法处理，请压缩或转为JPG后上传',
  pdfTooManyPages: 'PDF页数过多（超过1000页），请只保留报告相关的页面后上传',
} as const;
export type MediaMsgKey = keyof typeof MEDIA_MSG;

/**
 * Error codes of the upload calls (6xxx: media), with their HTTP status. Answered as
 * `{ code, success: false, msg, data: null }`.
 */
export const MEDIA_ERR = {
  fileTooLarge: { code: 6001, http: 413, msg: MEDIA_MSG.fileTooLarge },
  tooManyFiles: { code: 6002, http: 400, msg: MEDIA_MSG.tooManyFiles },
  fileCountReached: { code: 6003, http: 400, msg: MEDIA_MSG.fileCountReached },
  noFile: { code: 6004, http: 400, msg: MEDIA_MSG.noFile },
  badType: { code: 6005, http: 415, msg: MEDIA_MSG.badType },
  badImage: { code: 6006, http: 400, msg: MEDIA_MSG.badImage },
  heicUnsupported: { code: 6007, http: 415, msg: MEDIA_MSG.heicUnsupported },
  imageTooLarge: { code: 6008, http: 413, msg: MEDIA_MSG.imageTooLarge },
  badPdf: { code: 6009, http: 400, msg: MEDIA_MSG.badPdf },
  skinNotAuthorised: { code: 6010, http: 403, msg: MEDIA_MSG.skinNotAuthorised },
  uploadFailed: { code: 6011, http: 500, msg: MEDIA_MSG.uploadFailed },
  /** The account already has MEDIA_LIMITS.maxQueuedPerAccount files waiting or being read. */
  uploadQueued: { code: 6012, http: 429, msg: MEDIA_MSG.uploadQueued },
  /** The instance's reading/decoding queue is full (all accounts together). */
  uploadBusy: { code: 6013, http: 503, msg: MEDIA_MSG.uploadBusy },
  /** An image whose decoding passed its memory or time limit. */
  imageDecodeFailed: { code: 6014, http: 413, msg: MEDIA_MSG.imageDecodeFailed },
  /** A PDF declaring more than MEDIA_LIMITS.maxPdfDeclaredPages pages. */
  pdfTooManyPages: { code: 6015, http: 413, msg: MEDIA_MSG.pdfTooManyPages },
} as const;
export type MediaErrKey = keyof typeof MEDIA_ERR;

/** Folder (file-folder) document types: the upload popup's categories (chat-core §2). */
export const FOLDER_TYPES = {
  medical: '病历',
  report: '报告单',
  medicine: '药物',
  checkup: '体检报告',
  skin: '皮肤',
  bodyPart: '部位',
  other: '其他',
} as const;
export type FolderType = keyof typeof FOLDER_TYPES;

/** chat-core §3 report types of an uploaded file. */
export const REPORT_TYPES = { unknown: 0, medicalInfo: 1, skin: 2, bodyPart: 3, healthReport: 4 } as const;
export type ReportType = (typeof REPORT_TYPES)[keyof typeof REPORT_TYPES];

/** Limits of uploads (chat-core §5, §9; QUALITY.md "Uploads"). */
export const MEDIA_LIMITS = {
  /** Bytes per file (chat-core §9). */
  maxBytes: 20_992_000,
  /** Files per batch (chat-core §5, §9). */
  maxFiles: 5,
  /** Pixels per image (width × height) before it is refused. */
  maxPixels: 50_000_000,
  /** Pages of a PDF read (text or OCR); later pages are counted, never parsed. */
  maxPdfPages: 20,
  /** Files of one account waiting for or being read/decoded at once (beyond: uploadQueued). */
  maxQueuedPerAccount: 4,
  /**
   * Upload requests of one account in progress at once on an instance (receiving, checking or
   * reading their files); beyond: uploadQueued, before the body is read. The web client sends one
   * file at a time.
   */
  maxUploadsPerAccount: 2,
  /**
   * Bytes one account may upload per minute once a whole batch (maxFiles × maxBytes) has been
   * sent at once; an upload past it waits (up to 20 s), unread, then is refused with uploadBusy.
   */
  uploadBytesPerMinute: 60 * 1024 * 1024,
  /** Pages a PDF may declare at most (its first maxPdfPages are read); beyond: pdfTooManyPages. */
  maxPdfDeclaredPages: 1000,
  /** Longest side an image is stored at after re-encoding. */
  storeMaxSide: 4096,
  /** Seconds a media URL stays valid. */
  urlTtlSeconds: 600,
  /** Longest customFileName / file name kept. */
  maxFileName: 100,
} as const;
