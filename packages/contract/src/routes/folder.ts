import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';

const a1 = PREFIX.assistV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** OCR'd documents and file folders (account-health §7 "Medicine and files"; chat-core §7 "Media and OCR"). */
export const folderRoutes = {
  ocrMedicalPage: route({ prefix: a1, path: '/toc/user/ocr/medical/page', area: 'folder', spec: ah, summary: "A member's OCR'd medical records, paged", body: R.OcrPageBody, response: R.OcrPageRes }),
  ocrMedicalEdit: route({ prefix: a1, path: '/toc/user/ocr/medical/edit', area: 'folder', spec: ah, summary: "Edit an OCR'd medical record", body: R.OcrEditBody, response: R.OcrRecord }),
  ocrMedicalDelete: route({ prefix: a1, path: '/toc/user/ocr/medical/delete', area: 'folder', spec: ah, summary: "Delete OCR'd medical records", body: R.IdsBody, response: R.CountRes }),
  ocrCommonPage: route({ prefix: a1, path: '/toc/user/ocr/common/page', area: 'folder', spec: ah, summary: "A member's other OCR'd documents, paged", body: R.OcrPageBody, response: R.OcrPageRes }),
  ocrCommonDelete: route({ prefix: a1, path: '/toc/user/ocr/common/delete', area: 'folder', spec: ah, summary: "Delete OCR'd documents", body: R.IdsBody, response: R.CountRes }),
  ocrCommonDeleteAll: route({ prefix: a1, path: '/toc/user/ocr/common/deleteAll', area: 'folder', spec: ah, summary: "Delete all of a member's OCR'd documents", body: R.UserInfoBody, response: R.CountRes }),
  ocrCommonEdit: route({ prefix: a1, path: '/toc/user/ocr/common/edit', area: 'folder', spec: ah, summary: "Edit an OCR'd document", body: R.OcrEditBody, response: R.OcrRecord }),
  ocrReportTypeList: route({ prefix: a1, path: '/toc/user/ocr/reportTypeList', area: 'folder', spec: ah, summary: "Report types of OCR'd documents", body: R.ReportTypeListBody, response: R.ReportTypeListRes }),
  folderReportTypeList: route({ prefix: a1, path: '/toc/user/fileFolder/reportTypeList', area: 'folder', spec: ah, summary: 'Report types used to group the file folder', body: R.ReportTypeListBody, response: R.ReportTypeListRes }),
  folderPage: route({ prefix: a1, path: '/toc/user/fileFolder/page', area: 'folder', spec: ah, summary: "A member's file folder, paged", body: R.FolderPageBody, response: R.FolderPageRes }),
  folderEdit: route({ prefix: a1, path: '/toc/user/fileFolder/edit', area: 'folder', spec: ah, summary: 'Edit a file-folder entry', body: R.FolderEditBody, response: R.FolderFile }),
  folderDelete: route({ prefix: a1, path: '/toc/user/fileFolder/delete', area: 'folder', spec: ah, summary: 'Delete a file-folder batch (batchId)', body: R.FolderDeleteBody, response: R.CountRes }),
  folderMove: route({ prefix: a1, path: '/toc/user/fileFolder/move', area: 'folder', spec: ah, summary: 'Move file-folder entries to another member', body: R.FolderMoveBody, response: R.CountRes }),
  folderSendDial: route({ prefix: a1, path: '/user/fileFolder/sendDial', area: 'folder', spec: cc, summary: 'Send a file-folder batch into the chat as a dialog (batchId, dialInId)', body: R.SendDialBody, response: R.SendDialRes }),
} as const;
