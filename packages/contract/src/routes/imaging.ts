import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';
import * as I from '../imaging/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;
const ext = 'extension' as const;

/**
 * Medical imaging from hospitals (account-health §7 "Imaging"; chat-core §7 "Media and OCR"):
 * studies come from the hospital's PACS over DICOMweb (QIDO-RS / WADO-RS) once the patient's
 * phone has authorised access with an SMS code, or from the user's own DICOM uploads.
 */
export const imagingRoutes = {
  getImagingDetailList: route({ prefix: v1, path: '/toc/imaging/getImagingDetailList', area: 'imaging', spec: ah, summary: "Imaging studies of the account or of one member (userInfoId), newest first", body: I.DetailListReq, response: I.DetailListRes }),
  checkNewPatient: route({ prefix: v1, path: '/toc/imaging/checkNewPatient', area: 'imaging', spec: ah, summary: 'Whether hospital patients found through a grant are not bound to a member yet', body: I.ImagingCurrentCodeReq, response: I.CheckNewPatientRes }),
  imagingMembersUnBind: route({ prefix: v1, path: '/toc/imaging/imagingMembersUnBind', area: 'imaging', spec: ah, summary: 'Unbind hospital patients from their member', body: I.UnbindReq, response: I.CountRes }),
  getImagingDetailUrl: route({ prefix: v1, path: '/toc/imaging/getImagingDetailUrl', area: 'imaging', spec: ah, summary: 'The viewer route of a study with its series and signed instance links', body: I.DetailUrlReq, response: I.DetailUrlRes }),
  getImagingTotal: route({ prefix: v1, path: '/toc/imaging/getImagingTotal', area: 'imaging', spec: ah, summary: 'Count of imaging studies (caseNum, grantFlag, hasNewCase, hasNewPatient, modalits)', body: I.MemberFilterReq, response: I.ImagingTotalRes }),
  memberGrantList: route({ prefix: v1, path: '/toc/imaging/memberGrantList', area: 'imaging', spec: ah, summary: 'Imaging access grants of the account with their bound members', body: I.ImagingCurrentCodeReq, response: I.GrantListRes }),
  grantSwitch: route({ prefix: v1, path: '/toc/imaging/grantSwitch', area: 'imaging', spec: ah, summary: 'Turn an imaging access grant on (1) or off (0)', body: I.GrantSwitchReq, response: I.ImagingGrant }),
  currentSendMsgCode: route({ prefix: v1, path: '/toc/imaging/current/sendMsgCode', area: 'imaging', spec: ah, summary: "Send an SMS code to the account's own phone to authorise imaging access", body: I.ImagingCurrentCodeReq, response: I.ImagingSendCodeRes }),
  sendMsgCode: route({ prefix: v1, path: '/toc/imaging/sendMsgCode', area: 'imaging', spec: ah, summary: "Send an SMS code to the patient's phone to authorise imaging access", body: I.ImagingSendCodeReq, response: I.ImagingSendCodeRes }),
  sendMsgCodeWithGrantId: route({ prefix: v1, path: '/toc/imaging/sendMsgCodeWithGrantId', area: 'imaging', spec: ah, summary: 'Send an SMS code to the phone of an existing grant, to renew it', body: I.ImagingGrantIdReq, response: I.ImagingSendCodeRes }),
  getPatientListWithCode: route({ prefix: v1, path: '/toc/imaging/getPatientListWithCode', area: 'imaging', spec: ah, summary: "Check the phone's SMS code, grant access and list the hospital patients of that phone", body: I.PatientListWithCodeReq, response: I.PatientListWithCodeRes }),
  bindMember: route({ prefix: v1, path: '/toc/imaging/bindMember', area: 'imaging', spec: ah, summary: 'Bind hospital patients to a member', body: I.BindMemberReq, response: I.CountRes }),
  getPatientList: route({ prefix: v1, path: '/toc/imaging/getPatientList', area: 'imaging', spec: ah, summary: 'Hospital patients of the account (or bound to one member)', body: I.MemberFilterReq, response: I.PatientListRes }),
  reGrantWithCode: route({ prefix: v1, path: '/toc/imaging/reGrantWithCode', area: 'imaging', spec: ah, summary: 'Renew an imaging access grant with an SMS code', body: I.ReGrantReq, response: I.ImagingGrant }),
  saveShare: route({ prefix: v1, path: '/imaging/saveShare', area: 'imaging', spec: cc, summary: 'Create a read-only share of imaging studies (relationIds)', body: R.ImagingShareBody, response: R.ImagingShareRes }),
  shareView: route({ prefix: v1, method: 'GET', path: '/pb/imaging/share/{shareId}', area: 'imaging', spec: ext, summary: 'The studies of a read-only share, with signed instance links', params: I.ShareParams, response: I.ShareViewRes }),
  instance: route({ prefix: v1, method: 'GET', path: '/pb/imaging/instance', area: 'imaging', spec: ext, summary: 'The DICOM Part-10 bytes of one instance behind a signed, short-lived token t (application/dicom)', query: I.InstanceQuery }),
  upload: route({ prefix: v1, path: '/toc/imaging/upload', area: 'imaging', spec: ext, multipart: true, summary: "Upload DICOM files (form field file, up to 5 per request) as a member's study (stored encrypted)", query: I.UploadQuery, response: I.UploadRes }),
} as const;
