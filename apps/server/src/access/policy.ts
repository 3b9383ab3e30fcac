import { and, eq, inArray, isNull, ne, notInArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AccessResource } from '@chatdr/contract';
import { REMIND_TYPE } from '@chatdr/contract/remind/schemas';
import type { Db } from '../db/client.ts';
import { CONSULT_STATUS } from '@chatdr/contract';
import { imagingGrants, imagingPatients, imagingStudies } from '../db/schema.ts';
import { chatDialogs, chatSessions, chatShares, chatVerifications, consultations, folderFiles, healthRecords, media, memberIndicators, members, passkeys, rehabPlans, remindPlans, remindRecords, rehabOrders, reportPlans, reports, uploadCodes } from '../db/schema.ts';

/**
 * The access policy (docs/ARCHITECTURE.md "Access policy"), after Immich's
 * `requireAccess(permission, ids)`: every permission names the resource type whose not-found
 * answer it gives (`NOT_FOUND` in the contract's error catalogue) and one query that returns which
 * of a list of ids the account may use. Services call `Access.require` before they read or write.
 */
export interface Rule<I extends number | string> {
  readonly resource: AccessResource;
  /** Whose permission it is: an account's (the default) or a doctor's (the clinician workspace). */
  readonly principal?: 'doctor';
  /** The ids among `ids` (non-empty, distinct) that the principal `ownerId` (account or doctor) may use: one query. */
  readonly allowed: (db: Db, ownerId: number, ids: readonly I[]) => Promise<I[]>;
}

/** Rows of `table` whose `owner` is the account, by `id`, with any further conditions. */
function owned<I extends number | string>(resource: AccessResource, table: PgTable, id: PgColumn, owner: PgColumn, ...where: SQL[]): Rule<I> {
  return {
    resource,
    allowed: async (db, userId, ids) => {
      const rows = await db.selectDistinct({ id }).from(table).where(and(eq(owner, userId), inArray(id, [...ids]), ...where));
      return rows.map((r) => r.id as I);
    },
  };
}

/** The same rule with the principal a doctor: `owner` is a doctor id column. */
function doctors<I extends number | string>(rule: Rule<I>): Rule<I> {
  return { ...rule, principal: 'doctor' };
}

/** IM group ids (`G<consultId>`, clinic) mapped to consultation ids under a consultation rule. */
function byGroup(rule: Rule<number>): Rule<string> {
  return {
    resource: rule.resource,
    ...(rule.principal ? { principal: rule.principal } : {}),
    allowed: async (db, ownerId, ids) => {
      const ok = new Set(await rule.allowed(db, ownerId, [...new Set(ids.map((g) => Number(g.slice(1))))]));
      return ids.filter((g) => ok.has(Number(g.slice(1))));
    },
  };
}

const consultOfUser = owned<number>('consultation', consultations, consultations.id, consultations.userId);
/** A doctor reaches a member only through their own consultation, and only while it is open. */
const consultOfDoctor = doctors(owned<number>('patient', consultations, consultations.id, consultations.doctorId, eq(consultations.status, CONSULT_STATUS.open)));

const BP = 'bloodPressure';
const MEDICINE = ['medicine'];
const MEDICAL = ['medical'];
/** ocr/common: every understood document other than medical records and medicine boxes. */
const NOT_COMMON = ['medical', 'medicine'];

/**
 * Permission → rule. Adding a resource type: its message in `NOT_FOUND` (contract errors.ts), its
 * rule here, `await access.require(auth, '<permission>', ids)` in the service, and its case in
 * `access-matrix.int.test.ts` (the test fails for a permission without one).
 */
export const POLICY = {
  member: owned<number>('member', members, members.id, members.userId),
  healthRecord: owned<number>('healthRecord', healthRecords, healthRecords.id, healthRecords.userId),
  /** A blood-pressure reading (bp/cancel). */
  bloodPressure: owned<number>('indicator', memberIndicators, memberIndicators.id, memberIndicators.userId, eq(memberIndicators.type, BP)),
  /** Any other indicator value (indicator/edit, delete). */
  indicator: owned<number>('indicator', memberIndicators, memberIndicators.id, memberIndicators.userId, ne(memberIndicators.type, BP)),
  report: owned<string>('report', reports, reports.id, reports.userId),
  folderFile: owned<number>('folderFile', folderFiles, folderFiles.id, folderFiles.userId),
  /** A folder entry of the medicine box. */
  medicineFile: owned<number>('folderFile', folderFiles, folderFiles.id, folderFiles.userId, inArray(folderFiles.folderType, MEDICINE)),
  /** A medical-record (病历) entry. */
  medicalFile: owned<number>('folderFile', folderFiles, folderFiles.id, folderFiles.userId, inArray(folderFiles.folderType, MEDICAL)),
  /** Any other understood document (ocr/common). */
  commonFile: owned<number>('folderFile', folderFiles, folderFiles.id, folderFiles.userId, notInArray(folderFiles.folderType, NOT_COMMON)),
  /** A batch of folder entries (by batchId). */
  folderBatch: owned<string>('folderFile', folderFiles, folderFiles.batchId, folderFiles.userId),
  /** The medicine a reminder plan names (a medicine-box entry). */
  planMedicine: owned<number>('medicine', folderFiles, folderFiles.id, folderFiles.userId, inArray(folderFiles.folderType, MEDICINE)),
  media: owned<string>('media', media, media.id, media.userId),
  chatSession: owned<string>('chatSession', chatSessions, chatSessions.id, chatSessions.userId),
  /** A session shown again: incognito ones never are. */
  chatSessionVisible: owned<string>('chatSession', chatSessions, chatSessions.id, chatSessions.userId, eq(chatSessions.privacy, false)),
  chatDialog: owned<number>('chatDialog', chatDialogs, chatDialogs.id, chatDialogs.userId),
  /** A dialog by its questionId. */
  chatQuestion: owned<string>('chatDialog', chatDialogs, chatDialogs.questionId, chatDialogs.userId),
  /** A questionId not asked yet, or asked by the account: never another account's. */
  chatQuestionNotOthers: {
    resource: 'chatDialog',
    allowed: async (db, userId, ids) => {
      const others = await db.selectDistinct({ id: chatDialogs.questionId }).from(chatDialogs).where(and(inArray(chatDialogs.questionId, [...ids]), ne(chatDialogs.userId, userId)));
      const taken = new Set(others.map((r) => r.id));
      return ids.filter((id) => !taken.has(id));
    },
  } satisfies Rule<string>,
  /** A share link not revoked. */
  chatShare: owned<string>('chatShare', chatShares, chatShares.id, chatShares.userId, isNull(chatShares.revokedAt)),
  remindPlan: owned<number>('remindPlan', remindPlans, remindPlans.id, remindPlans.userId),
  remindRecord: owned<number>('remindRecord', remindRecords, remindRecords.id, remindRecords.userId),
  /** A medication dose (take / skip). */
  remindDose: owned<number>('remindRecord', remindRecords, remindRecords.id, remindRecords.userId, eq(remindRecords.type, REMIND_TYPE.medicine)),
  reviewPlan: owned<number>('reviewPlan', reportPlans, reportPlans.id, reportPlans.userId),
  /** A code another device uploads with (report/getUpRes). */
  uploadCode: owned<string>('uploadCode', uploadCodes, uploadCodes.code, uploadCodes.userId),
  /** A rehab order, by orderNo. */
  order: owned<string>('order', rehabOrders, rehabOrders.orderNo, rehabOrders.userId),
  /** A consultation of the account, by IM groupId (clinic); the patient keeps reading a closed one. */
  'consultation.group': byGroup(consultOfUser),
  /** A doctor's own consultation while it is open, by consultId: the member file, close, plans. */
  'consultation.doctor': consultOfDoctor,
  /** The same, by IM groupId: history and read receipts of the doctor's side. */
  'consultation.doctor.group': byGroup(consultOfDoctor),
  /** An AI answer of the account's, answered (status 2): what a verification is asked for. */
  answer: owned<number>('answer', chatDialogs, chatDialogs.id, chatDialogs.userId, eq(chatDialogs.status, 2)),
  verification: owned<number>('verification', chatVerifications, chatVerifications.id, chatVerifications.userId),
  /** A passkey (biometric unlock on one device). */
  passkey: owned<number>('passkey', passkeys, passkeys.id, passkeys.userId),
  /** A verification assigned to the doctor. */
  'verification.doctor': doctors(owned<number>('verification', chatVerifications, chatVerifications.id, chatVerifications.doctorId)),
  /** A rehab plan of the account (a doctor writes it for the account's member). */
  rehabPlan: owned<number>('rehabPlan', rehabPlans, rehabPlans.id, rehabPlans.userId),
  /** An imaging study (relationId): a hospital study found through a grant, or an upload. */
  imagingStudy: owned<number>('imagingStudy', imagingStudies, imagingStudies.id, imagingStudies.userId),
  /** A hospital patient found through one of the account's grants. */
  imagingPatient: owned<number>('imagingPatient', imagingPatients, imagingPatients.id, imagingPatients.userId),
  /** An SMS authorisation of a phone's hospital imaging. */
  imagingGrant: owned<number>('imagingGrant', imagingGrants, imagingGrants.id, imagingGrants.userId),
} as const satisfies Record<string, Rule<number> | Rule<string>>;

export type Permission = keyof typeof POLICY;
/** The id type a permission takes (number or string). */
export type IdOf<P extends Permission> = (typeof POLICY)[P] extends Rule<infer I> ? I : never;
