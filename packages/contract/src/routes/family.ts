import { PREFIX, route } from './define.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Family members, health records and text audit (account-health §7 "Family and health records"; chat-core §7 "Other"). */
export const familyRoutes = {
  saveUserInfo: route({ prefix: v1, path: '/toc/userInfo/save', area: 'family', spec: ah, summary: 'Add a family member' }),
  editUserInfo: route({ prefix: v1, path: '/toc/userInfo/edit', area: 'family', spec: ah, summary: 'Edit a family member (or the account holder)' }),
  deleteUserInfo: route({ prefix: v1, path: '/toc/userInfo/delete', method: 'DELETE', area: 'family', spec: ah, summary: 'Delete a family member (query id)' }),
  findUserInfo: route({ prefix: v1, path: '/toc/userInfo/find', method: 'GET', area: 'family', spec: ah, summary: 'One family member' }),
  checkNameState: route({ prefix: v1, path: '/toc/userInfo/checkNameState', area: 'family', spec: ah, summary: 'Whether a member name is free for the role (name, roleCode, userInfoId)' }),
  userInfoIsShow: route({ prefix: v1, path: '/toc/userInfo/userInfoIsShow', area: 'family', spec: ah, summary: 'Whether the member-profile prompt is shown' }),
  updUserInfoIsShow: route({ prefix: v1, path: '/toc/userInfo/updUserInfoIsShow', area: 'family', spec: ah, summary: 'Update whether the member-profile prompt is shown' }),
  getItemChatOfMember: route({ prefix: v1, path: '/toc/userInfo/getItemChat', area: 'family', spec: ah, summary: 'The chat item linked to a family member' }),
  getImgUploadInfo: route({ prefix: v1, path: '/toc/userInfo/getImgUploadInfo', area: 'family', spec: ah, summary: "Image-upload info for a member's health profile" }),
  userHealthPageState: route({ prefix: v1, path: '/toc/userInfo/userHealthPageState', area: 'family', spec: ah, summary: "State of a member's health page (what to show)" }),
  getPersonalizedCare: route({ prefix: v1, path: '/toc/userInfo/getPersonalizedCare', area: 'family', spec: ah, summary: 'Personalised care suggestions for a member' }),
  currentConsultAdd: route({ prefix: v1, path: '/userInfo/currentConsult/add', area: 'family', spec: cc, summary: 'Set the member the consultation is about (deviceType, isDefault 1 or 0, userInfoId)' }),
  getPersonalRecord: route({ prefix: v1, path: '/toc/healthRecord/getPersonalRecord', method: 'GET', area: 'record', spec: ah, summary: "A member's personal health record" }),
  hasNewRecordState: route({ prefix: v1, path: '/toc/healthRecord/hasNewRecordState', method: 'GET', area: 'record', spec: ah, summary: 'Whether a member has new health records' }),
  userHealthRecordState: route({ prefix: v1, path: '/toc/healthRecord/userHealthRecordState', method: 'GET', area: 'record', spec: ah, summary: "State of a member's health records" }),
  recordDetail: route({ prefix: v1, path: '/toc/healthRecord/recordDetail', method: 'GET', area: 'record', spec: ah, summary: 'One health record' }),
  moveRecord: route({ prefix: v1, path: '/toc/healthRecord/moveRecord', area: 'record', spec: ah, summary: 'Move health records to another member' }),
  editRecord: route({ prefix: v1, path: '/toc/healthRecord/edit', area: 'record', spec: ah, summary: 'Edit a health record' }),
  batchSaveRecords: route({ prefix: v1, path: '/toc/healthRecord/batchSave', area: 'record', spec: ah, summary: 'Save several health records at once' }),
  keywordGetTemplate: route({ prefix: v1, path: '/toc/healthRecord/keyword/getTemplate', area: 'record', spec: ah, summary: 'Record template for a keyword (e.g. a disease)' }),
  keywordTemplateSuggestion: route({ prefix: v1, path: '/toc/healthRecord/keyword/templateSuggestion', area: 'record', spec: ah, summary: 'Keyword suggestions while typing a record' }),
  deleteRecord: route({ prefix: v1, path: '/toc/healthRecord/{id}', method: 'DELETE', area: 'record', spec: ah, summary: 'Delete a health record' }),
  deleteMaternityHistory: route({ prefix: v1, path: '/toc/healthRecordMaternityHistory/{a}/{b}', method: 'DELETE', area: 'record', spec: ah, summary: 'Delete a maternity-history entry (two path keys)' }),
  diseaseHistoryInfo: route({ prefix: v1, path: '/diseaseHistory/info', method: 'GET', area: 'record', spec: cc, summary: 'Disease history extracted for a dialog (dialInId)' }),
  auditText: route({ prefix: v1, path: '/toc/audit/text', area: 'system', spec: ah, summary: 'Content moderation of a text (query content)' }),
} as const;
