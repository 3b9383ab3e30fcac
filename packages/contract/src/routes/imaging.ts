import { PREFIX, route } from './define.ts';
import * as R from '../report/schemas.ts';

const v1 = PREFIX.serviceV1;
const cc = 'chat-core' as const;
const ah = 'account-health' as const;

/** Medical imaging from hospitals (account-health §7 "Imaging"; chat-core §7 "Media and OCR"). */
export const imagingRoutes = {
  getImagingDetailList: route({ prefix: v1, path: '/toc/imaging/getImagingDetailList', area: 'imaging', spec: ah, summary: "A member's imaging studies" }),
  checkNewPatient: route({ prefix: v1, path: '/toc/imaging/checkNewPatient', area: 'imaging', spec: ah, summary: 'Whether new hospital patient records are available to bind' }),
  imagingMembersUnBind: route({ prefix: v1, path: '/toc/imaging/imagingMembersUnBind', area: 'imaging', spec: ah, summary: 'Unbind a hospital patient from a member' }),
  getImagingDetailUrl: route({ prefix: v1, path: '/toc/imaging/getImagingDetailUrl', area: 'imaging', spec: ah, summary: 'Viewer URL of an imaging study' }),
  getImagingTotal: route({ prefix: v1, path: '/toc/imaging/getImagingTotal', area: 'imaging', spec: ah, summary: 'Count of imaging studies' }),
  memberGrantList: route({ prefix: v1, path: '/toc/imaging/memberGrantList', area: 'imaging', spec: ah, summary: 'Imaging access grants of the members' }),
  grantSwitch: route({ prefix: v1, path: '/toc/imaging/grantSwitch', area: 'imaging', spec: ah, summary: 'Turn an imaging access grant on or off' }),
  currentSendMsgCode: route({ prefix: v1, path: '/toc/imaging/current/sendMsgCode', area: 'imaging', spec: ah, summary: "Send an SMS code to the account's own phone to authorise imaging access" }),
  sendMsgCode: route({ prefix: v1, path: '/toc/imaging/sendMsgCode', area: 'imaging', spec: ah, summary: "Send an SMS code to the patient's phone to authorise imaging access" }),
  sendMsgCodeWithGrantId: route({ prefix: v1, path: '/toc/imaging/sendMsgCodeWithGrantId', area: 'imaging', spec: ah, summary: 'Send an SMS code to renew an existing grant' }),
  getPatientListWithCode: route({ prefix: v1, path: '/toc/imaging/getPatientListWithCode', area: 'imaging', spec: ah, summary: 'Hospital patients of a phone, after checking its SMS code' }),
  bindMember: route({ prefix: v1, path: '/toc/imaging/bindMember', area: 'imaging', spec: ah, summary: 'Bind hospital patients to a member' }),
  getPatientList: route({ prefix: v1, path: '/toc/imaging/getPatientList', area: 'imaging', spec: ah, summary: 'Hospital patients bound to a member' }),
  reGrantWithCode: route({ prefix: v1, path: '/toc/imaging/reGrantWithCode', area: 'imaging', spec: ah, summary: 'Renew an imaging access grant with an SMS code' }),
  saveShare: route({ prefix: v1, path: '/imaging/saveShare', area: 'imaging', spec: cc, summary: 'Create a share of imaging studies (relationIds)', body: R.ImagingShareBody, response: R.ImagingShareRes }),
} as const;
