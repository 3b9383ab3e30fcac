import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULT_STATUS, ERR, ORDER_STATUS, NOT_FOUND, allRoutes, routes, type AccessResource, type RouteDef } from '@chatdr/contract';
import * as S from '../db/schema.ts';
import { HOSTILE, jsonSchemaOf, leavesOf, reseed, sampleOf, setAt, setKnownValues, type Path } from '../test/fuzz.ts';
import { randomIp, randomPhone, startTestApp, type TestApp } from '../test/harness.ts';
import { groupIdOf } from '../modules/clinic/clinic.service.ts';
import { Access } from './access.ts';
import { POLICY, type Permission } from './policy.ts';

// The access matrix (docs/ARCHITECTURE.md "Access policy"): every route of the contract's table
// that names a resource by id, called by account B with account A's resource in that field (and B's
// own resources in every other id field), answers the not-found of that resource type — never the
// resource, never HTTP 500. The routes come from the route table and the id fields from their
// schemas, so a new route with an id field, or a new permission in the policy, fails here until it
// has its line below.

/** Fields that name a resource, whatever the route: by field name. */
const ID_FIELD = /^(id|ids)$|Ids?$|^orderNo$|^authCode$/u;

/** An id field's permission when the field name says it on every route. */
const BY_NAME: Partial<Record<string, Permission>> = {
  userInfoId: 'member',
  currentUserInfoId: 'member',
  reportId: 'report',
  reportIds: 'report',
  inputMediaId: 'media',
  inputMediaIds: 'media',
  dialInId: 'chatDialog',
  dialInIds: 'chatDialog',
  dialIds: 'chatDialog',
  shareId: 'chatShare',
  orderNo: 'order',
  authCode: 'uploadCode',
  medicineId: 'planMedicine',
  batchIds: 'folderBatch',
};

/** Why an id field is not a resource of the caller's that the policy checks. */
interface NotChecked {
  readonly why: string;
}
const catalogue: NotChecked = { why: 'an id of a public catalogue (tasks, packages, indicators, drugs)' };
const fresh: NotChecked = { why: 'a new id the client chooses (a question, batch or session to come)' };
const scoped: NotChecked = { why: "a scoped read or write: another account's id matches nothing and changes nothing" };

/** Per route (`METHOD path field`, the field's last name): fields the name alone does not decide. */
const BY_ROUTE: Record<string, Permission | NotChecked> = {
  'POST /toc/forceLogout sessionIds': scoped,
  'POST /toc/passkey/delete id': 'passkey',
  'POST /toc/passkey/register id': fresh,
  'POST /toc/passkey/register rawId': fresh,
  'POST /chatDial/breakChatDialSave questionId': scoped,
  'POST /chatDial/breakChatDialSave sessionId': scoped,
  'POST /getSessionDetail sessionId': 'chatSessionVisible',
  'POST /getSessionDetail lastId': { why: 'a paging cursor inside the checked session' },
  'POST /getSessionMediaCnt sessionIds': scoped,
  'POST /delHisBySessionId sessionId': 'chatSession',
  'POST /answer/moment questionId': 'chatQuestion',
  'POST /platform/activeSceneRecodes questionId': 'chatQuestionNotOthers',
  'POST /platform/activeSceneRecodes imageIds': { why: 'the images of a question to come: only their count is read' },
  'POST /platform/activeInquiry questionId': 'chatQuestion',
  'GET /getPersonalPortrayTag questionId': 'chatQuestion',
  'POST /savePersonalIndicator questionId': 'chatQuestion',
  'GET /getRecommend questionId': 'chatQuestion',
  'GET /getRisk questionId': 'chatQuestion',
  'POST /getSceneRecodesByBody questionId': { why: 'not read: scenes of the text only' },
  'POST /confirmRole sessionId': 'chatSession',
  'POST /confirmRole questionId': 'chatQuestion',
  'POST /addHistoryByImage questionId': { why: 'not read' },
  'POST /v4/getRoleByKieQuestion questionId': 'chatQuestionNotOthers',
  'POST /toc/chatMediaStore/pfUpload batchId': fresh,
  'POST /toc/chatMediaStore/fileOcr batchId': fresh,
  'POST /toc/chatMediaStore/fileUpload batchId': fresh,
  'POST /user/ocr/ocrSaveBatch batchId': fresh,
  'POST /ocr/ocrJoin indicatorId': catalogue,
  'POST /ocr/ocrJoin drugId': catalogue,
  'POST /toc/user/upload/save batchId': fresh,
  'GET /report/getReportReviewState questionId': { why: "compared with the checked report's question" },
  'POST /report/analysisReportById batchId': fresh,
  'POST /report/analysisReportById continueSessionId': fresh,
  'POST /report/analysisReportById questionId': fresh,
  'POST /toc/userInfo/edit id': 'member',
  'DELETE /toc/userInfo/delete id': 'member',
  'GET /toc/userInfo/find id': 'member',
  'GET /toc/healthRecord/recordDetail id': 'healthRecord',
  'POST /toc/healthRecord/moveRecord ids': 'healthRecord',
  'POST /toc/healthRecord/edit id': 'healthRecord',
  'DELETE /toc/healthRecord/{id} id': 'healthRecord',
  'DELETE /toc/healthRecordMaternityHistory/{a}/{b} a': 'member',
  'DELETE /toc/healthRecordMaternityHistory/{a}/{b} b': 'healthRecord',
  'POST /toc/user/medicine/delete ids': 'medicineFile',
  'POST /toc/user/medicine/edit id': 'medicineFile',
  'POST /toc/user/medicine/move ids': 'medicineFile',
  'POST /toc/user/ocr/medical/edit id': 'medicalFile',
  'POST /toc/user/ocr/medical/edit indicatorId': catalogue,
  'POST /toc/user/ocr/medical/delete ids': 'medicalFile',
  'POST /toc/user/ocr/common/delete ids': 'commonFile',
  'POST /toc/user/ocr/common/edit id': 'commonFile',
  'POST /toc/user/ocr/common/edit indicatorId': catalogue,
  'POST /toc/user/fileFolder/edit id': 'folderFile',
  'POST /toc/user/fileFolder/delete batchId': 'folderBatch',
  'POST /user/fileFolder/sendDial batchId': 'folderBatch',
  'POST /toc/reportPlan/delete ids': 'reviewPlan',
  'POST /toc/reportPlan/update id': 'reviewPlan',
  'POST /toc/reportPlan/checkDate id': 'reviewPlan',
  'POST /toc/medicineRemind/take ids': 'remindDose',
  'POST /toc/medicineRemind/skip ids': 'remindDose',
  'POST /toc/remindRecord/updateReadFlag id': 'remindRecord',
  'POST /toc/medicineRemind/save id': 'remindPlan',
  'POST /toc/medicineRemind/delete ids': 'remindPlan',
  'POST /imaging/saveShare relationIds': 'imagingStudy',
  'POST /toc/imaging/getImagingDetailUrl relationId': 'imagingStudy',
  'POST /toc/imaging/sendMsgCodeWithGrantId grantId': 'imagingGrant',
  'POST /toc/imaging/grantSwitch grantId': 'imagingGrant',
  'POST /toc/imaging/reGrantWithCode grantId': 'imagingGrant',
  'POST /toc/imaging/bindMember grantId': 'imagingGrant',
  'POST /toc/imaging/bindMember patientIds': 'imagingPatient',
  'POST /toc/imaging/imagingMembersUnBind patientIds': 'imagingPatient',
  'POST /toc/userBloodPressure/cancel id': 'bloodPressure',
  'POST /v1/toc/health/indicator/manage/del id': 'indicator',
  'POST /v1/toc/health/indicator/manage/edit id': 'indicator',
  'POST /v1/toc/health/indicator/manage/updateBmiById id': 'member',
  'GET /homePage/clickTask id': catalogue,
  'POST /toc/package/records packageId': catalogue,
  'POST /common/getSessionByMediaId inputMediaId': { why: "a scoped read: the caller's dialog naming the media (none: the dialog's not-found)" },
  'POST /toc/order/create packageId': catalogue,
  'POST /toc/message/read ids': scoped,
  'POST /toc/im/history groupId': 'consultation.group',
  'POST /toc/im/read groupId': 'consultation.group',
  'POST /toc/remindDoctor groupId': 'consultation.group',
  'POST /toc/chatVerify/apply dialogId': 'answer',
  'POST /toc/chatVerify/detail chatVerifyId': 'verification',
  'POST /toc/plan/calendarState planId': 'rehabPlan',
  'POST /toc/plan/dailyLife planId': 'rehabPlan',
  'POST /toc/plan/foodAdvice planId': 'rehabPlan',
  'POST /toc/plan/currentStage planId': 'rehabPlan',
  'POST /toc/plan/checkIn planId': 'rehabPlan',
  'POST /toc/plan/checkIn taskId': { why: 'a task inside the checked plan (计划中没有该项任务 otherwise)' },
  'POST /toc/plan/stageList planId': 'rehabPlan',
  'POST /toc/plan/noticeByDate planId': 'rehabPlan',
  'POST /toc/plan/selfAssess planId': 'rehabPlan',
  'POST /toc/plan/foodList planId': 'rehabPlan',
  'POST /toc/plan/foodList/refresh planId': 'rehabPlan',
  'POST /toc/plan/questions planId': 'rehabPlan',
  'POST /toc/plan/recommend/refresh planId': 'rehabPlan',
  'POST /toc/plan/recommendRead planId': 'rehabPlan',
  'POST /toc/plan/medicalTakeIn planId': 'rehabPlan',
  'POST /toc/plan/exercise/complete planId': 'rehabPlan',
  'POST /toc/plan/exercise/feedback planId': 'rehabPlan',
  'POST /toc/plan/medicalTakeIn taskId': { why: 'a task inside the checked plan (计划中没有该项任务 otherwise)' },
  'POST /toc/plan/exercise/complete taskId': { why: 'a task inside the checked plan (计划中没有该项任务 otherwise)' },
  'POST /toc/plan/exercise/feedback taskId': { why: 'a task inside the checked plan (计划中没有该项任务 otherwise)' },
  'POST /toc/plan/recommendRead articleId': { why: 'an article of the checked plan\'s recommended reading (推荐阅读不存在 otherwise)' },
  // The clinician workspace: called with a doctor's token (DOCTOR_SIDE below).
  'POST /doc/consult/file consultId': 'consultation.doctor',
  'POST /doc/consult/close consultId': 'consultation.doctor',
  'POST /doc/im/history groupId': 'consultation.doctor.group',
  'POST /doc/im/read groupId': 'consultation.doctor.group',
  'POST /doc/verify/submit chatVerifyId': 'verification.doctor',
  'POST /doc/plan/create consultId': 'consultation.doctor',
};

/** Routes of the clinician workspace: the caller is the account's doctor (a second kind of principal). */
const DOCTOR_SIDE = (r: RouteDef) => r.path.startsWith('/doc/');

/** Fields a route reads only when another is absent: left out when the field is the one checked. */
const WITHOUT: Record<string, string[]> = {
  'POST /structure/detail inputMediaId': ['reportId'],
  'POST /v3/structure/getDetailId inputMediaId': ['reportId'],
};

/** Routes that answer not-found even for the caller's own seeded resources, and why. */
const CONTROL_NOT_FOUND: Record<string, string> = {
  'POST /addHistoryByImage': 'the seeded media has no OCR reading (资料不存在或尚未识别)',
};

interface IdLeaf {
  part: 'params' | 'query' | 'body';
  path: Path;
  /** The field's own name (the last string of the path). */
  name: string;
  kind: 'string' | 'integer' | 'number';
}

/** The id fields of a route: path parameters, and fields of its body or query with an id's name. */
function idLeaves(r: RouteDef): IdLeaf[] {
  const out: IdLeaf[] = [];
  for (const part of ['params', 'query', 'body'] as const) {
    const s = r[part];
    if (!s) continue;
    for (const l of leavesOf(jsonSchemaOf(s))) {
      const name = [...l.path].reverse().find((k): k is string => typeof k === 'string') ?? '';
      if (part === 'params' || ID_FIELD.test(name)) out.push({ part, path: l.path, name, kind: l.kind });
    }
  }
  return out;
}

const keyOf = (r: RouteDef, l: IdLeaf) => `${r.method} ${r.path} ${l.name}`;
const ruleOf = (r: RouteDef, l: IdLeaf): Permission | NotChecked | undefined => BY_ROUTE[keyOf(r, l)] ?? BY_NAME[l.name];
const isPermission = (v: Permission | NotChecked | undefined): v is Permission => typeof v === 'string';

/** Every closed route of the table with its id fields. */
let idRoutesMemo: Array<{ r: RouteDef; leaves: IdLeaf[] }> | undefined;
const idRoutes = () =>
  (idRoutesMemo ??= allRoutes()
    .filter((r) => !r.public)
    .map((r) => ({ r, leaves: idLeaves(r) }))
    .filter((x) => x.leaves.length > 0));

/** One resource of each permission, owned by one account. */
type Owned = Record<Permission, number | string>;

let t: TestApp;
/** An account, its doctor (whose token calls the clinician workspace) and one resource of every permission. */
interface User {
  token: string;
  userId: number;
  doctor: { id: number; token: string };
  owned: Owned;
}
const users: User[] = [];
const tokenOf = (r: RouteDef, u: User) => (DOCTOR_SIDE(r) ? u.doctor.token : u.token);

/** A doctor with a workspace account, logged in. */
async function addDoctor(name: string): Promise<{ id: number; token: string }> {
  const d = await t.rt.services.insight.addDoctor({ name, title: '主治医师', department: '康复医学科', hospital: '某某医院' });
  const phone = randomPhone();
  const password = 'Doctor2026x';
  await t.rt.services.clinic.setAccount(Number(d.id), { phone, password, teamId: `access-matrix-${randomBytes(4).toString('hex')}`, licenceNo: `L${randomBytes(4).toString('hex')}` });
  const res = await t.call(routes.clinic.login, { body: { phone, password }, ip: randomIp() });
  const token = (res.data as { token?: string } | null)?.token;
  if (!token) throw new Error(`doctor login: ${res.code} ${res.msg}`);
  return { id: Number(d.id), token };
}
const rid = (prefix: string) => prefix + randomBytes(12).toString('hex');

/** Writes one resource of every permission for the account (rows, not calls: the matrix is about reads of them). */
async function seed(userId: number, doctorId: number): Promise<Owned> {
  const db = t.rt.database.db;
  const [self] = await db.select({ id: S.members.id }).from(S.members).where(and(eq(S.members.userId, userId), eq(S.members.isSelf, true)));
  if (!self) throw new Error('no self member');
  const memberId = self.id;
  const now = new Date(t.clock.now());
  const later = new Date(t.clock.now() + 86_400_000);
  const mediaRow = (id: string) => ({ id, userId, kind: 'upload', fileType: 'image', mime: 'image/jpeg', fileName: `${id}.jpg`, size: 1, md5: id, storageKey: `missing/${id}` });
  const mediaIds = [rid('m'), rid('m'), rid('m'), rid('m'), rid('m')];
  await db.insert(S.media).values(mediaIds.map(mediaRow));
  const [m0, m1, m2, m3, m4] = mediaIds as [string, string, string, string, string];
  const [record] = await db.insert(S.healthRecords).values({ userId, memberId, type: 'maternity', name: '顺产' }).returning({ id: S.healthRecords.id });
  const [bp] = await db.insert(S.memberIndicators).values({ userId, memberId, type: 'bloodPressure', value: 120, value2: 80, unit: 'mmHg', measuredAt: now }).returning({ id: S.memberIndicators.id });
  const [weight] = await db.insert(S.memberIndicators).values({ userId, memberId, type: 'weight', value: 60, unit: 'kg', measuredAt: now }).returning({ id: S.memberIndicators.id });
  const reportId = rid('r');
  await db.insert(S.reports).values({ id: reportId, userId, memberId, inputMediaId: m0, name: '报告', status: 4 });
  const batchId = rid('b');
  const file = (mediaId: string, folderType: string) => ({ userId, memberId, mediaId, batchId, folderType, name: folderType, source: 'upload' });
  const files = await db.insert(S.folderFiles).values([file(m1, 'report'), file(m2, 'medicine'), file(m3, 'medical'), file(m4, 'other')]).returning({ id: S.folderFiles.id, t: S.folderFiles.folderType });
  const fileOf = (type: string) => files.find((f) => f.t === type)?.id ?? 0;
  const sessionId = rid('s');
  await db.insert(S.chatSessions).values({ id: sessionId, userId });
  const questionId = rid('q');
  const [dialog] = await db.insert(S.chatDialogs).values({ questionId, userId, sessionId, question: '头疼怎么办', answer: '休息', status: 2 }).returning({ id: S.chatDialogs.id });
  const shareId = rid('sh');
  await db.insert(S.chatShares).values({ id: shareId, userId, dialogIds: [dialog?.id ?? 0], expiresAt: later });
  const [plan] = await db.insert(S.remindPlans).values({ userId, memberId, medicineName: '阿司匹林', dose: 1, doseUnit: '片', times: ['08:00'], cycleType: 'daily', startDate: '2024-01-01', timeZone: 'Asia/Shanghai' }).returning({ id: S.remindPlans.id });
  const [dose] = await db.insert(S.remindRecords).values({ userId, memberId, type: 1, planId: plan?.id ?? null, name: '阿司匹林', detail: '1片', localDate: '2024-01-01', localTime: '08:00', dueAt: now }).returning({ id: S.remindRecords.id });
  const [review] = await db.insert(S.reportPlans).values({ userId, memberId, reportId, ruleKey: 'x', item: '复查', reason: '复查', interval: '3个月', intervalDays: 90, checkDate: '2030-01-01', timeZone: 'Asia/Shanghai' }).returning({ id: S.reportPlans.id });
  const code = randomBytes(18).toString('base64url');
  await db.insert(S.uploadCodes).values({ code, userId, expiresAt: later });
  const [pkg] = await db.insert(S.rehabPackages).values({ name: '康复', priceFen: 100, durationDays: 30, team: '团队', includes: [] }).returning({ id: S.rehabPackages.id });
  const orderNo = `RO${randomBytes(8).toString('hex').toUpperCase()}`;
  await db.insert(S.rehabOrders).values({ orderNo, userId, memberId, packageId: pkg?.id ?? 0, amountFen: 100, status: ORDER_STATUS.paid, idempotencyKey: rid('k'), expiresAt: later, createdAt: now, updatedAt: now });
  // Paid: a consultation belongs to a paid order (a consultation whose order is not paid or in service is closed by ClinicService.settle).
  const [order] = await db.select({ id: S.rehabOrders.id }).from(S.rehabOrders).where(eq(S.rehabOrders.orderNo, orderNo));
  const [consult] = await db.insert(S.consultations).values({ orderId: order?.id ?? 0, userId, memberId, doctorId, status: CONSULT_STATUS.open, openedAt: now }).returning({ id: S.consultations.id });
  const consultId = consult?.id ?? 0;
  const [verify] = await db.insert(S.chatVerifications).values({ dialogId: dialog?.id ?? 0, userId, consultationId: consultId, doctorId, createdAt: now }).returning({ id: S.chatVerifications.id });
  const [rehab] = await db
    .insert(S.rehabPlans)
    .values({ consultationId: consultId, userId, memberId, doctorId, title: '膝关节术后康复', startDate: '2024-01-01', stages: [{ name: '第一阶段', days: 14, goal: '消肿' }], tasks: [{ taskId: 't1', kind: 'exercise', name: '直腿抬高', detail: '每组10次' }], foodAdvice: '清淡饮食', createdAt: now })
    .returning({ id: S.rehabPlans.id });
  const [passkey] = await db.insert(S.passkeys).values({ userId, credentialId: rid('c'), publicKey: randomBytes(77), deviceName: '本机' }).returning({ id: S.passkeys.id });
  const [grant] = await db.insert(S.imagingGrants).values({ userId, phone: randomPhone(), expiresAt: later }).returning({ id: S.imagingGrants.id });
  const [patient] = await db.insert(S.imagingPatients).values({ userId, grantId: grant?.id ?? 0, hospitalPatientId: rid('P'), name: '张伟', memberId }).returning({ id: S.imagingPatients.id });
  const [study] = await db.insert(S.imagingStudies).values({ userId, memberId, source: 'upload', studyUid: `1.2.826.0.${randomBytes(6).readUIntBE(0, 6)}`, description: '胸部CT', patientName: '张伟' }).returning({ id: S.imagingStudies.id });
  const owned: Owned = {
    member: memberId,
    healthRecord: record?.id ?? 0,
    bloodPressure: bp?.id ?? 0,
    indicator: weight?.id ?? 0,
    report: reportId,
    folderFile: fileOf('report'),
    medicineFile: fileOf('medicine'),
    medicalFile: fileOf('medical'),
    commonFile: fileOf('other'),
    folderBatch: batchId,
    planMedicine: fileOf('medicine'),
    media: m0,
    chatSession: sessionId,
    chatSessionVisible: sessionId,
    chatDialog: dialog?.id ?? 0,
    chatQuestion: questionId,
    chatQuestionNotOthers: questionId,
    chatShare: shareId,
    remindPlan: plan?.id ?? 0,
    remindRecord: dose?.id ?? 0,
    remindDose: dose?.id ?? 0,
    reviewPlan: review?.id ?? 0,
    uploadCode: code,
    order: orderNo,
    'consultation.group': groupIdOf(consultId),
    'consultation.doctor': consultId,
    'consultation.doctor.group': groupIdOf(consultId),
    answer: dialog?.id ?? 0,
    verification: verify?.id ?? 0,
    passkey: passkey?.id ?? 0,
    'verification.doctor': verify?.id ?? 0,
    rehabPlan: rehab?.id ?? 0,
    imagingGrant: grant?.id ?? 0,
    imagingPatient: patient?.id ?? 0,
    imagingStudy: study?.id ?? 0,
  };
  return owned;
}

beforeAll(async () => {
  // Valid values of the fields a sample cannot guess (the calls must get past validation).
  setKnownValues({ timeZone: 'Asia/Shanghai', month: '2024-01', taskId: 't1', articleId: 'diet-guide-2022' });
  t = await startTestApp();
  for (let i = 0; i < 2; i++) {
    const u = await t.login();
    const doctor = await addDoctor(`医生${i}`);
    users.push({ token: u.token, userId: u.userId, doctor, owned: await seed(u.userId, doctor.id) });
  }
});
afterAll(async () => {
  await t.close();
});

/** A request to `r` as account `caller`: every checked id field holds the caller's own resource. */
function requestOf(r: RouteDef, leaves: IdLeaf[], own: Owned): Record<'params' | 'query' | 'body', unknown> {
  reseed();
  const parts: Record<'params' | 'query' | 'body', unknown> = { params: undefined, query: undefined, body: undefined };
  for (const part of ['params', 'query', 'body'] as const) {
    const s = r[part];
    if (!s) continue;
    let v = sampleOf(jsonSchemaOf(s));
    for (const l of leaves.filter((x) => x.part === part)) {
      const rule = ruleOf(r, l);
      if (isPermission(rule)) v = setAt(v, l.path, own[rule]);
    }
    parts[part] = v;
  }
  return parts;
}

const asStrings = (v: unknown): Record<string, string> | undefined =>
  v && typeof v === 'object' ? Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined && x !== null).map(([k, x]) => [k, String(x)])) : undefined;

async function send(r: RouteDef, parts: Record<'params' | 'query' | 'body', unknown>, token: string) {
  return t.call(r, { token, ...(parts.params ? { params: asStrings(parts.params) } : {}), ...(parts.query ? { query: asStrings(parts.query) } : {}), ...(parts.body !== undefined ? { body: parts.body } : r.method === 'POST' ? { body: {} } : {}) });
}

describe('the access policy', () => {
  it('has a rule for every resource type of the catalogue, and a message for every rule', () => {
    const ruled = new Set(Object.values(POLICY).map((p) => p.resource));
    expect(Object.keys(NOT_FOUND).filter((k) => !ruled.has(k as AccessResource))).toEqual([]);
    for (const p of Object.values(POLICY)) expect(NOT_FOUND[p.resource]).toBeTruthy();
  });

  it('every id field of every route of the table is either checked by a permission or says why not', () => {
    const unknown = idRoutes().flatMap(({ r, leaves }) => leaves.filter((l) => ruleOf(r, l) === undefined).map((l) => keyOf(r, l)));
    expect(unknown, 'id fields without a line in BY_ROUTE / BY_NAME').toEqual([]);
    const stale = Object.keys(BY_ROUTE).filter((k) => !idRoutes().some(({ r, leaves }) => leaves.some((l) => keyOf(r, l) === k)));
    expect(stale, 'BY_ROUTE lines no route has').toEqual([]);
  });

  it('every permission of the policy is exercised by at least one route', () => {
    const used = new Set(idRoutes().flatMap(({ r, leaves }) => leaves.map((l) => ruleOf(r, l)).filter(isPermission)));
    expect((Object.keys(POLICY) as Permission[]).filter((p) => !used.has(p))).toEqual([]);
  });
});

describe('Access', () => {
  it('require: every id or the not-found; duplicates count once; an empty list asks nothing', async () => {
    const access = new Access(t.rt.database.db);
    const [a, b] = users as [(typeof users)[0], (typeof users)[0]];
    const report = String(a.owned.report);
    await expect(access.require(a, 'report', [report, report])).resolves.toBeUndefined();
    await expect(access.require(a, 'report', [])).resolves.toBeUndefined();
    await expect(access.require(b, 'report', [report])).rejects.toMatchObject({ code: ERR.notFound.code, message: NOT_FOUND.report });
    await expect(access.require(a, 'report', [report, 'rnot-there-0000'])).rejects.toMatchObject({ code: ERR.notFound.code });
    // Same id, narrower permission: a medicine-box entry is a folder entry, not a medical record.
    await expect(access.require(a, 'folderFile', [Number(a.owned.medicineFile)])).resolves.toBeUndefined();
    await expect(access.require(a, 'medicalFile', [Number(a.owned.medicineFile)])).rejects.toMatchObject({ message: NOT_FOUND.folderFile });
  });

  it('requireSome: the usable ids, or the not-found when there is none; check: the usable set', async () => {
    const access = new Access(t.rt.database.db);
    const [a, b] = users as [(typeof users)[0], (typeof users)[0]];
    const mine = Number(a.owned.healthRecord);
    const theirs = Number(b.owned.healthRecord);
    expect(await access.requireSome(a, 'healthRecord', [mine, theirs])).toEqual([mine]);
    await expect(access.requireSome(a, 'healthRecord', [theirs])).rejects.toMatchObject({ code: ERR.notFound.code });
    expect(await access.check(b, 'healthRecord', [mine, theirs])).toEqual(new Set([theirs]));
    // chatQuestionNotOthers: a questionId nobody asked yet is usable; another account's is not.
    expect(await access.check(b, 'chatQuestionNotOthers', ['q-not-asked-yet', String(a.owned.chatQuestion), String(b.owned.chatQuestion)])).toEqual(new Set(['q-not-asked-yet', String(b.owned.chatQuestion)]));
  });

  it('found: a row, true or a non-zero count passes; nothing is the resource type’s not-found', () => {
    const access = new Access(t.rt.database.db);
    expect(access.found('order', { id: 1 })).toEqual({ id: 1 });
    expect(access.found('chatShare', true)).toBe(true);
    expect(access.found('folderBatch', 3)).toBe(3);
    for (const none of [undefined, null, false, 0] as const) expect(() => access.found('order', none)).toThrow(NOT_FOUND.order);
  });
});

describe('access matrix: account B never reaches account A’s resource', () => {
  it('answers the resource type’s not-found for A’s id in every checked field of every route, B’s own ids elsewhere', async () => {
    const [a, b] = users as [(typeof users)[0], (typeof users)[0]];
    const wrong: string[] = [];
    let cases = 0;
    for (const { r, leaves } of idRoutes()) {
      for (const l of leaves) {
        const perm = ruleOf(r, l);
        if (!isPermission(perm)) continue;
        // B's resources afresh for each case: the calls before may have deleted or moved them.
        const own = await seed(b.userId, b.doctor.id);
        const parts = requestOf(r, leaves, own);
        parts[l.part] = setAt(parts[l.part], l.path, a.owned[perm]);
        for (const k of WITHOUT[keyOf(r, l)] ?? []) delete (parts[l.part] as Record<string, unknown>)[k];
        const res = await send(r, parts, tokenOf(r, b));
        cases++;
        // The control: the same call with B's own resource there is not refused as not found.
        parts[l.part] = setAt(parts[l.part], l.path, own[perm]);
        const mine = await send(r, parts, tokenOf(r, b));
        if (mine.code === ERR.notFound.code && !CONTROL_NOT_FOUND[`${r.method} ${r.path}`]) wrong.push(`control ${keyOf(r, l)}: ${mine.msg}`);
        const want = { status: 200, code: ERR.notFound.code, msg: NOT_FOUND[POLICY[perm].resource] };
        const got = { status: res.status, code: res.code, msg: res.msg };
        if (JSON.stringify(got) !== JSON.stringify(want)) wrong.push(`${keyOf(r, l)} (${perm}): ${got.status} ${got.code} ${got.msg}, want ${want.code} ${want.msg}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(cases).toBeGreaterThan(80);
  }, 180_000);
});

describe('the doctor as a principal: only their own consultations, only while open', () => {
  const C = routes.clinic;
  it('doctor B cannot read doctor A’s consultation, member file, messages or verification; a closed consultation is refused; accounts and doctors do not cross', async () => {
    const [a, b] = users as [User, User];
    const own = await seed(a.userId, a.doctor.id);
    const consultId = Number(own['consultation.doctor']);
    const groupId = groupIdOf(consultId);
    const patient = { code: ERR.notFound.code, msg: NOT_FOUND.patient };
    const pick = (x: { code: number; msg: string }) => ({ code: x.code, msg: x.msg });
    // Doctor B, on doctor A's open consultation.
    expect(pick(await t.call(C.memberFile, { token: b.doctor.token, body: { consultId } }))).toEqual(patient);
    expect(pick(await t.call(C.history, { token: b.doctor.token, body: { groupId, pageSize: 20 } }))).toEqual(patient);
    expect(pick(await t.call(C.verifySubmit, { token: b.doctor.token, body: { chatVerifyId: Number(own.verification), verifyAnswerType: 'agreed', verifyRemark: '' } }))).toEqual({ code: ERR.notFound.code, msg: NOT_FOUND.verification });
    // Doctor A reads it while open …
    expect((await t.call(C.memberFile, { token: a.doctor.token, body: { consultId } })).code).toBe(1);
    expect((await t.call(C.history, { token: a.doctor.token, body: { groupId, pageSize: 20 } })).code).toBe(1);
    // … and not after it closed; the patient keeps reading it.
    await t.rt.database.db.update(S.consultations).set({ status: CONSULT_STATUS.closed, closedAt: new Date(t.clock.now()) }).where(eq(S.consultations.id, consultId));
    expect(pick(await t.call(C.memberFile, { token: a.doctor.token, body: { consultId } }))).toEqual(patient);
    expect(pick(await t.call(C.history, { token: a.doctor.token, body: { groupId, pageSize: 20 } }))).toEqual(patient);
    expect(pick(await t.call(C.close, { token: a.doctor.token, body: { consultId } }))).toEqual(patient);
    expect((await t.call(routes.rehab.imHistory, { token: a.token, body: { groupId, pageSize: 20 } })).code).toBe(1);
    // A doctor's permission asked for an account allows nothing, and the reverse.
    const access = new Access(t.rt.database.db);
    expect(await access.check({ userId: a.userId }, 'consultation.doctor', [consultId])).toEqual(new Set());
    expect(await access.check({ doctorId: a.doctor.id }, 'consultation.group', [groupId])).toEqual(new Set());
    expect(await access.check({ userId: a.userId }, 'consultation.group', [groupId])).toEqual(new Set([groupId]));
  });
});

describe('fuzz: malformed ids and bodies on the routes that take ids', () => {
  const BAD_IDS: Record<IdLeaf['kind'], unknown[]> = {
    string: [...HOSTILE.string, '', ' ', 'x'.repeat(5000), '../../etc/passwd', "1' OR '1'='1", '%00', 12, -1, null, true, {}, []],
    integer: [...HOSTILE.integer, 0, -1, 1.5, '1', 'abc', null, true, {}, [], Number.NaN],
    number: [...HOSTILE.number, -1, 'abc', null, {}, []],
  };
  it('never answers HTTP 500', async () => {
    const b = users[1];
    if (!b) throw new Error('no user');
    const failures: string[] = [];
    let n = 0;
    for (const { r, leaves } of idRoutes()) {
      for (const l of leaves) {
        for (const bad of BAD_IDS[l.kind]) {
          const parts = requestOf(r, leaves, b.owned);
          parts[l.part] = setAt(parts[l.part], l.path, bad);
          const res = await send(r, parts, tokenOf(r, b));
          n++;
          if (res.status >= 500 || res.code === ERR.internal.code) failures.push(`${keyOf(r, l)} ${JSON.stringify(bad)?.slice(0, 30)} → ${res.status} ${res.code} ${res.msg}`);
        }
      }
      // The whole body or query replaced by something else entirely.
      for (const junk of [null, [], 'x', 42, { [leaves[0]?.name ?? 'id']: { $ne: 1 } }]) {
        const parts = requestOf(r, leaves, b.owned);
        if (r.body) parts.body = junk;
        else if (r.query) parts.query = { [leaves[0]?.name ?? 'id']: JSON.stringify(junk) };
        const res = await send(r, parts, tokenOf(r, b));
        n++;
        if (res.status >= 500 || res.code === ERR.internal.code) failures.push(`${r.method} ${r.path} body ${JSON.stringify(junk)} → ${res.status} ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect(n).toBeGreaterThan(1000);
  }, 180_000);
});
