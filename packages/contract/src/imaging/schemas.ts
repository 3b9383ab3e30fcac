import { z } from 'zod';
import { idParam, phone, smsCode } from '../schemas/common.ts';
import { IMAGING_LIMITS } from './messages.ts';

export * from './messages.ts';

const pageSize = z.coerce.number().int().min(1).max(IMAGING_LIMITS.pageSizeMax).default(20);
const pageNum = z.coerce.number().int().min(1).max(10_000).default(1);

/** sendMsgCode: a code to the hospital patient's phone. */
export const ImagingSendCodeReq = z.object({ phone });
/** current/sendMsgCode: a code to the account's own phone. */
export const ImagingCurrentCodeReq = z.object({}).passthrough().nullish();
export const ImagingGrantIdReq = z.object({ grantId: idParam });
export const ImagingSendCodeRes = z.object({ resendAfter: z.number().int(), phone: z.string() });

/** getPatientListWithCode: phone absent = the account's own phone (current/sendMsgCode). */
export const PatientListWithCodeReq = z.object({ phone: phone.optional(), code: smsCode });
export const ReGrantReq = z.object({ grantId: idParam, code: smsCode });

export const ImagingPatient = z.object({
  /** Our id of the hospital patient (bindMember, imagingMembersUnBind). */
  patientId: z.number().int(),
  /** The hospital's patient number, masked. */
  hospitalPatientId: z.string(),
  name: z.string(),
  sex: z.string().nullable(),
  birthDate: z.string().nullable(),
  hospital: z.string().nullable(),
  studyCount: z.number().int(),
  grantId: z.number().int(),
  /** The family member it is bound to, or null. */
  userInfoId: z.number().int().nullable(),
  memberName: z.string().nullable(),
});
export type ImagingPatient = z.infer<typeof ImagingPatient>;
export const PatientListWithCodeRes = z.object({ grantId: z.number().int(), patients: z.array(ImagingPatient) });

export const BindMemberReq = z.object({ grantId: idParam.optional(), patientIds: z.array(idParam).min(1).max(IMAGING_LIMITS.patientIdsMax), userInfoId: idParam });
export const UnbindReq = z.object({ patientIds: z.array(idParam).min(1).max(IMAGING_LIMITS.patientIdsMax), userInfoId: idParam.optional() });
export const CountRes = z.object({ count: z.number().int() });
export const MemberFilterReq = z.object({ userInfoId: idParam.optional() }).nullish();
export const PatientListRes = z.object({ list: z.array(ImagingPatient) });
export const CheckNewPatientRes = z.object({ hasNewPatient: z.boolean(), count: z.number().int() });

export const ImagingStudy = z.object({
  /** Our id of the study (getImagingDetailUrl, saveShare's relationIds). */
  relationId: z.number().int(),
  studyDate: z.string().nullable(),
  modality: z.string().nullable(),
  description: z.string(),
  hospital: z.string().nullable(),
  patientName: z.string(),
  seriesCount: z.number().int(),
  instanceCount: z.number().int(),
  /** `hospital` (from the PACS through a grant) or `upload` (the user's own DICOM files). */
  source: z.enum(['hospital', 'upload']),
  /** Not opened yet. */
  isNew: z.boolean(),
  userInfoId: z.number().int().nullable(),
});
export type ImagingStudy = z.infer<typeof ImagingStudy>;
export const DetailListReq = z.object({ userInfoId: idParam.optional(), pageNum, pageSize }).nullish();
export const DetailListRes = z.object({ list: z.array(ImagingStudy), total: z.number().int(), hospitalConfigured: z.boolean() });

export const ImagingTotalRes = z.object({
  caseNum: z.number().int(),
  grantFlag: z.number().int(),
  hasNewCase: z.boolean(),
  hasNewPatient: z.boolean(),
  modalits: z.array(z.string()),
});

export const DetailUrlReq = z.object({ relationId: idParam });
export const ImagingSeries = z.object({
  seriesUid: z.string(),
  description: z.string(),
  modality: z.string().nullable(),
  /** Signed, short-lived links to each instance's Part-10 bytes, in slice order. */
  instances: z.array(z.string()),
});
export const ImagingStudyDetail = ImagingStudy.extend({ series: z.array(ImagingSeries) });
export type ImagingStudyDetail = z.infer<typeof ImagingStudyDetail>;
export const DetailUrlRes = z.object({ url: z.string(), study: ImagingStudyDetail });

export const ImagingGrant = z.object({
  grantId: z.number().int(),
  phone: z.string(),
  /** 1 on, 0 off (grantSwitch). */
  status: z.number().int(),
  expired: z.boolean(),
  expiresAt: z.string(),
  patientCount: z.number().int(),
  members: z.array(z.string()),
});
export const GrantListRes = z.object({ list: z.array(ImagingGrant) });
export const GrantSwitchReq = z.object({ grantId: idParam, status: z.coerce.number().int().min(0).max(1) });

/** The read-only share page. */
export const ShareParams = z.object({ shareId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });
export const ShareViewRes = z.object({ studies: z.array(ImagingStudyDetail), expiresAt: z.string() });
/** A signed instance link's token (in the query: path parameters are capped at 100 characters). */
export const InstanceQuery = z.object({ t: z.string().regex(/^[A-Za-z0-9_.-]{20,600}$/) });
export const UploadQuery = z.object({ userInfoId: idParam });
export const UploadRes = z.object({ relationId: z.number().int(), instances: z.number().int() });
