import { z } from 'zod';
import { PREFIX, route } from './define.ts';
import * as i from '../insight/schemas.ts';
import * as f from '../schemas/family.ts';
import { Member } from '../schemas/auth.ts';
import { emptyBody } from '../schemas/common.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Family members, health records and text audit (account-health §7 "Family and health records"; chat-core §7 "Other"). */
export const familyRoutes = {
  saveUserInfo: route({ prefix: v1, path: '/toc/userInfo/save', area: 'family', spec: ah, summary: 'Add a family member', body: f.MemberSaveReq, response: f.MemberDetail }),
  editUserInfo: route({ prefix: v1, path: '/toc/userInfo/edit', area: 'family', spec: ah, summary: 'Edit a family member (or the account holder)', body: f.MemberEditReq, response: f.MemberDetail }),
  deleteUserInfo: route({ prefix: v1, path: '/toc/userInfo/delete', method: 'DELETE', area: 'family', spec: ah, summary: 'Delete a family member (query id)', query: f.IdQuery, response: z.null() }),
  findUserInfo: route({ prefix: v1, path: '/toc/userInfo/find', method: 'GET', area: 'family', spec: ah, summary: 'One family member', query: f.OptionalIdQuery, response: z.union([f.MemberDetail, z.array(f.MemberDetail)]) }),
  checkNameState: route({ prefix: v1, path: '/toc/userInfo/checkNameState', area: 'family', spec: ah, summary: 'Whether a member name is free for the role (name, roleCode, userInfoId)', body: f.CheckNameReq, response: f.CheckNameRes }),
  userInfoIsShow: route({ prefix: v1, path: '/toc/userInfo/userInfoIsShow', area: 'family', spec: ah, summary: 'Whether the member-profile prompt is shown', body: emptyBody, response: f.IsShowRes }),
  updUserInfoIsShow: route({ prefix: v1, path: '/toc/userInfo/updUserInfoIsShow', area: 'family', spec: ah, summary: 'Update whether the member-profile prompt is shown', body: f.UpdIsShowReq, response: f.IsShowRes }),
  getItemChatOfMember: route({ prefix: v1, path: '/toc/userInfo/getItemChat', area: 'family', spec: ah, summary: 'The chat item linked to a family member' }),
  getImgUploadInfo: route({ prefix: v1, path: '/toc/userInfo/getImgUploadInfo', area: 'family', spec: ah, summary: "Image-upload info for a member's health profile", body: emptyBody, response: f.ImgUploadInfoRes }),
  userHealthPageState: route({ prefix: v1, path: '/toc/userInfo/userHealthPageState', area: 'family', spec: ah, summary: "State of a member's health page (what to show)", body: f.HealthPageReq.optional(), response: f.HealthSummary }),
  getPersonalizedCare: route({ prefix: v1, path: '/toc/userInfo/getPersonalizedCare', area: 'family', spec: ah, summary: 'Personalised care suggestions for a member', body: f.HealthPageReq.optional(), response: f.PersonalizedCareRes }),
  currentConsultAdd: route({ prefix: v1, path: '/userInfo/currentConsult/add', area: 'family', spec: cc, summary: 'Set the member the consultation is about (deviceType, isDefault 1 or 0, userInfoId)', body: f.CurrentConsultReq, response: z.array(Member) }),
  getPersonalRecord: route({ prefix: v1, path: '/toc/healthRecord/getPersonalRecord', method: 'GET', area: 'record', spec: ah, summary: "A member's personal health record", query: f.UserInfoQuery, response: f.PersonalRecord }),
  hasNewRecordState: route({ prefix: v1, path: '/toc/healthRecord/hasNewRecordState', method: 'GET', area: 'record', spec: ah, summary: 'Whether a member has new health records', query: f.UserInfoQuery, response: f.HasNewRes }),
  userHealthRecordState: route({ prefix: v1, path: '/toc/healthRecord/userHealthRecordState', method: 'GET', area: 'record', spec: ah, summary: "State of a member's health records", query: f.UserInfoQuery, response: f.RecordState }),
  recordDetail: route({ prefix: v1, path: '/toc/healthRecord/recordDetail', method: 'GET', area: 'record', spec: ah, summary: 'One health record', query: f.IdQuery, response: f.HealthRecord }),
  moveRecord: route({ prefix: v1, path: '/toc/healthRecord/moveRecord', area: 'record', spec: ah, summary: 'Move health records to another member', body: f.MoveRecordReq, response: z.object({ moved: z.number().int() }) }),
  editRecord: route({ prefix: v1, path: '/toc/healthRecord/edit', area: 'record', spec: ah, summary: 'Edit a health record', body: f.RecordEditReq, response: f.HealthRecord }),
  checkRecords: route({ prefix: v1, path: '/toc/healthRecord/check', area: 'record', spec: 'extension', summary: 'Check records before they are added against the rest of the member\'s profile (allergy classes, conditions, pregnancy, interactions): warnings for the form, nothing stored', body: f.RecordCheckReq, response: f.RecordCheckRes }),
  batchSaveRecords: route({ prefix: v1, path: '/toc/healthRecord/batchSave', area: 'record', spec: ah, summary: 'Save several health records at once', body: f.BatchSaveReq, response: z.array(f.HealthRecord) }),
  keywordGetTemplate: route({ prefix: v1, path: '/toc/healthRecord/keyword/getTemplate', area: 'record', spec: ah, summary: 'Record template for a keyword (e.g. a disease)', body: f.KeywordTemplateReq, response: f.KeywordListRes }),
  keywordTemplateSuggestion: route({ prefix: v1, path: '/toc/healthRecord/keyword/templateSuggestion', area: 'record', spec: ah, summary: 'Keyword suggestions while typing a record', body: f.KeywordSuggestReq, response: f.KeywordListRes }),
  deleteRecord: route({ prefix: v1, path: '/toc/healthRecord/{id}', method: 'DELETE', area: 'record', spec: ah, summary: 'Delete a health record', params: f.RecordIdParams, response: z.null() }),
  deleteMaternityHistory: route({ prefix: v1, path: '/toc/healthRecordMaternityHistory/{a}/{b}', method: 'DELETE', area: 'record', spec: ah, summary: 'Delete a maternity-history entry (two path keys)', params: f.MaternityParams, response: z.null() }),
  diseaseHistoryInfo: route({ prefix: v1, path: '/diseaseHistory/info', method: 'GET', area: 'record', spec: cc, summary: 'Disease history extracted for a dialog (dialInId)', query: i.DialInIdQuery, response: i.DiseaseHistoryRes }),
  auditText: route({ prefix: v1, path: '/toc/audit/text', area: 'system', spec: ah, summary: 'Content moderation of a text (query content)', query: f.AuditTextQuery, response: f.AuditTextRes }),
} as const;
