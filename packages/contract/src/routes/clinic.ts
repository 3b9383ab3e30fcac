import { emptyBody } from '../schemas/common.ts';
import { PREFIX, route } from './define.ts';
import * as c from '../clinic/schemas.ts';

const p = PREFIX.clinic;

/**
 * The clinician workspace (issue 21; not in the spec: 'extension'). Every call but login needs a
 * doctor's token (Authorization), never a user's; a doctor reaches a member's data only through
 * their own open consultation.
 */
export const clinicRoutes = {
  login: route({ prefix: p, path: '/pb/doctor/login', area: 'clinic', spec: 'extension', summary: 'Doctor login by phone and password (same throttling as users)', body: c.DoctorLoginReq, response: c.DoctorLoginRes }),
  logout: route({ prefix: p, path: '/doc/logout', area: 'clinic', spec: 'extension', summary: "End the doctor's session", body: emptyBody }),
  me: route({ prefix: p, path: '/doc/me', area: 'clinic', spec: 'extension', summary: 'The logged-in doctor', body: emptyBody, response: c.Doctor }),
  imToken: route({ prefix: p, path: '/doc/im/token', area: 'clinic', spec: 'extension', summary: "The doctor's token for the IM socket", body: emptyBody, response: c.ImTokenRes }),
  consults: route({ prefix: p, path: '/doc/consult/list', area: 'clinic', spec: 'extension', summary: "The doctor's consultations (orders), open first", body: emptyBody, response: c.ConsultListRes }),
  memberFile: route({ prefix: p, path: '/doc/consult/file', area: 'clinic', spec: 'extension', summary: "The member's file (profile, records, reports, AI conversation) of the doctor's own open consultation", body: c.ConsultIdReq, response: c.MemberFile }),
  close: route({ prefix: p, path: '/doc/consult/close', area: 'clinic', spec: 'extension', summary: 'Close a consultation', body: c.ConsultIdReq, response: c.Consultation }),
  history: route({ prefix: p, path: '/doc/im/history', area: 'clinic', spec: 'extension', summary: 'Message history of a consultation', body: c.ImHistoryReq, response: c.ImHistoryRes }),
  read: route({ prefix: p, path: '/doc/im/read', area: 'clinic', spec: 'extension', summary: "Mark a consultation's messages read up to seq", body: c.ImReadReq, response: c.ImReadRes }),
  verifyList: route({ prefix: p, path: '/doc/verify/list', area: 'clinic', spec: 'extension', summary: 'Verification requests addressed to the doctor', body: emptyBody, response: c.Verification.array() }),
  verifySubmit: route({ prefix: p, path: '/doc/verify/submit', area: 'clinic', spec: 'extension', summary: 'Mark an AI answer agreed or corrected with a comment', body: c.VerifySubmitReq, response: c.Verification }),
  planCreate: route({ prefix: p, path: '/doc/plan/create', area: 'clinic', spec: 'extension', summary: "Create a rehab plan for the member of the doctor's open consultation", body: c.PlanCreateReq, response: c.Plan }),
} as const;
