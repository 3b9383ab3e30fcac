import { PREFIX, route } from './define.ts';
import { AuditTextBody } from '../chat/schemas.ts';
import { AuditTextRes } from '../schemas/family.ts';
import { GetMediaUrlBody, MediaContentParams, MediaUploadData, MediaUploadQuery, MediaUrlRes } from '../media/schemas.ts';
import * as R from '../report/schemas.ts';

const a1 = PREFIX.assistV1;
const a2 = PREFIX.assistV2;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Uploads, media and OCR (chat-core §7 "Uploads", "Media and OCR"; account-health §7 "Medicine and files"). */
export const mediaRoutes = {
  pfUpload: route({ prefix: a2, path: '/toc/chatMediaStore/pfUpload', area: 'media', spec: cc, multipart: true, query: MediaUploadQuery, response: MediaUploadData, summary: 'Upload a skin or body-part image for the chat (multipart, field file; needs the pf feature flag)' }),
  fileOcr: route({ prefix: a2, path: '/toc/chatMediaStore/fileOcr', area: 'media', spec: cc, multipart: true, query: MediaUploadQuery, response: MediaUploadData, summary: 'Upload any other file for the chat and OCR it (multipart, field file; query customFileName)' }),
  fileUpload: route({ prefix: a1, path: '/toc/chatMediaStore/fileUpload', area: 'media', spec: ah, multipart: true, query: MediaUploadQuery, response: MediaUploadData, summary: 'Upload a file to the media store (multipart, field file)' }),
  getMediaUrlPost: route({ prefix: a1, path: '/chatMediaStore/getMediaUrlPost', area: 'media', spec: cc, body: GetMediaUrlBody, response: MediaUrlRes, summary: 'Signed URL of a media item (inputMediaId), logged-in variant' }),
  getMediaUrlPostPublic: route({ prefix: a1, path: '/pb/chatMediaStore/getMediaUrlPost', area: 'media', spec: cc, body: GetMediaUrlBody, response: MediaUrlRes, summary: 'Signed URL of a shared media item, public variant (path ours: spec names only "public variant")' }),
  mediaContent: route({ prefix: a1, method: 'GET', path: '/pb/chatMediaStore/content/{token}', area: 'media', spec: 'extension', params: MediaContentParams, summary: 'The bytes of a media item behind a signed, short-lived token from getMediaUrlPost (Content-Disposition, nosniff)' }),
  ocrSave: route({ prefix: a1, path: '/chatMediaStore/ocrSave', area: 'media', spec: cc, summary: "Save the user's corrections to a dialog's OCR content (dialInId, content, privacyMode)", body: R.OcrSaveBody, response: R.OcrSaveRes }),
  ocrSaveBatch: route({ prefix: a1, path: '/user/ocr/ocrSaveBatch', area: 'media', spec: cc, summary: "Save OCR results in batch to a member's records (dialInId, userInfoId, ocrBaseEntity, …)", body: R.OcrSaveBatchBody, response: R.OcrSaveBatchRes }),
  ocrJoin: route({ prefix: a1, path: '/ocr/ocrJoin', area: 'media', spec: cc, summary: 'Join OCR results into a question text (question, ocrBaseEntity, currentUserInfoId)', body: R.OcrJoinBody, response: R.OcrJoinRes }),
  getUpCode: route({ prefix: a1, path: '/user/ocr/getUpCode', area: 'media', spec: cc, summary: 'An auth code for uploading from another device (QR upload)', response: R.UpCodeRes }),
  getUpRes: route({ prefix: a1, path: '/user/ocr/getUpRes', area: 'media', spec: cc, summary: 'Result of an upload made with an auth code (polled silently)', body: R.UpResBody, response: R.UpResRes }),
  auditTextByBody: route({ prefix: PREFIX.serviceV1, path: '/audit/textByBody', area: 'system', spec: cc, summary: 'Content moderation of a text sent in the body', body: AuditTextBody, response: AuditTextRes }),
  uploadSearch: route({ prefix: a1, path: '/toc/user/upload/search', area: 'media', spec: ah, summary: "Search the user's uploaded files", body: R.UploadSearchBody, response: R.FolderPageRes }),
  uploadSave: route({ prefix: a1, path: '/toc/user/upload/save', area: 'media', spec: ah, summary: 'Save an uploaded file into the user’s files', body: R.UploadSaveBody, response: R.UploadSaveRes }),
} as const;
