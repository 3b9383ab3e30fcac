import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, date, index, integer, jsonb, pgTable, real, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** An account: one phone. `status` 'applicant' = unregistered phone waiting for approval. */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  status: text('status').notNull().default('active'),
  passwordHash: text('password_hash'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('users_phone_uq').on(t.phone)]);

/** Family members, the account holder's own profile (本人) included. */
export const members = pgTable('members', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  roleCode: text('role_code').notNull(),
  roleName: text('role_name').notNull(),
  roleTag: text('role_tag'),
  sex: text('sex'),
  birthDate: date('birth_date', { mode: 'string' }),
  height: real('height'),
  weight: real('weight'),
  isDefault: smallint('is_default').notNull().default(0),
  isSelf: boolean('is_self').notNull().default(false),
  smoking: text('smoking'),
  drinking: text('drinking'),
  specialPeriod: text('special_period'),
  pregnancyWeek: smallint('pregnancy_week'),
  menstrual: jsonb('menstrual').$type<Record<string, unknown>>(),
  /** When the user last looked at this member's records (for "new records" badges). */
  recordsViewedAt: ts('records_viewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('members_user_idx').on(t.userId)]);

/** Health-profile entries of a member: diseases, allergies, medicines, surgeries, family history, maternity. */
export const healthRecords = pgTable('health_records', {
  id: serial('id').primaryKey(),
  /** Owning account, kept on the row so every access check is one indexed comparison. */
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  name: text('name').notNull(),
  code: text('code'),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  source: text('source').notNull().default('user'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('health_records_member_idx').on(t.memberId, t.type), index('health_records_user_idx').on(t.userId)]);

/** Login sessions. Only the SHA-256 of the token is stored. */
export const sessions = pgTable('sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  publicId: text('public_id').notNull(),
  tokenHash: bytea('token_hash').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Start of the login this session descends from: the 30-day absolute lifetime runs from here. */
  loginAt: ts('login_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  /** Set when the token was rotated or ended: it stops working at this instant. */
  endsAt: ts('ends_at'),
  deviceType: text('device_type'),
  ua: text('ua'),
}, (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId), uniqueIndex('sessions_public_uq').on(t.publicId)]);

/** SMS codes: HMAC of the code, bound to phone and purpose; single use, 5 tries. */
export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  scene: text('scene').notNull(),
  codeHash: bytea('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt)]);

/** Single-use tickets proving a code was checked (forgot / set password). */
export const verifyTickets = pgTable('verify_tickets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: bytea('token_hash').notNull(),
  phone: text('phone').notNull(),
  scene: text('scene').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [uniqueIndex('verify_tickets_token_uq').on(t.tokenHash)]);

/** Applications of unregistered phones when registration is application-only. */
export const applications = pgTable('applications', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  reason: text('reason').notNull(),
  state: smallint('state').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
}, (t) => [uniqueIndex('applications_user_uq').on(t.userId)]);

/** Published app releases, for the version check. */
export const appReleases = pgTable('app_releases', {
  id: serial('id').primaryKey(),
  deviceType: text('device_type').notNull(),
  versionNumber: integer('version_number').notNull(),
  versionName: text('version_name').notNull(),
  downloadUrl: text('download_url').notNull(),
  upTip: text('up_tip').notNull().default(''),
  policyLevel: smallint('policy_level').notNull().default(1),
  md5: text('md5').notNull().default(''),
  androidStoreFlag: smallint('android_store_flag').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('app_releases_uq').on(t.deviceType, t.versionNumber)]);

/** Audit log of access to account and health data: ids and actions only, never contents. */
export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  action: text('action').notNull(),
  target: text('target'),
  traceId: text('trace_id'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('audit_user_idx').on(t.userId, t.at)]);

/** Chat sessions (a conversation). `privacy`: incognito (privacyMode=1), never listed nor searched. */
export const chatSessions = pgTable('chat_sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  deviceType: text('device_type'),
  privacy: boolean('privacy').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** Time of its last question (null: no question yet). */
  lastAt: ts('last_at'),
}, (t) => [index('chat_sessions_user_idx').on(t.userId, t.lastAt)]);

/**
 * A question and its answer (dialInId = id). Written as the answer streams: `status` 1 while
 * answering, 2 complete, -1 failed or cancelled (resendable); `code` is the last frame's code.
 */
export const chatDialogs = pgTable('chat_dialogs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  questionId: text('question_id').notNull(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  sessionId: text('session_id').notNull(),
  privacy: boolean('privacy').notNull().default(false),
  question: text('question').notNull().default(''),
  answer: text('answer').notNull().default(''),
  status: smallint('status').notNull().default(0),
  code: integer('code'),
  msg: text('msg'),
  /** Saved by a failure (break record). */
  broken: boolean('broken').notNull().default(false),
  /**
   * Written by the client (breakChatDialSave) with no server answer behind it: its text is the
   * client's, not the AI's — never shown as an answer, never shared.
   */
  clientSaved: boolean('client_saved').notNull().default(false),
  inType: integer('in_type'),
  instructCode: text('instruct_code'),
  userInfoId: integer('user_info_id'),
  /** The question emit's other fields (media ids, scene, location…). */
  input: jsonb('input').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  deepThink: text('deep_think').notNull().default(''),
  /** Engine events other than text kept with the answer, by type (sources, scene, followUps, …). */
  extras: jsonb('extras').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  /** The instance answering it (chat_instances.id) while status is 1: a resend takes it over once that instance's heartbeat is stale. */
  owner: text('owner'),
  collectedAt: ts('collected_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('chat_dialogs_question_uq').on(t.questionId),
  index('chat_dialogs_user_session_idx').on(t.userId, t.sessionId, t.id),
  index('chat_dialogs_user_idx').on(t.userId, t.id),
  index('chat_dialogs_answering_idx').on(t.status, t.updatedAt),
]);

/**
 * The server instances answering chat questions, each refreshing its heartbeat every few seconds
 * (database time). A question whose owner's heartbeat is stale was left by a dead instance: a
 * resend takes it over at once, and the sweep marks it failed.
 */
export const chatInstances = pgTable('chat_instances', {
  id: text('id').primaryKey(),
  heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
});

/** Share links of dialogs: the token is the link; the dialogs are read-only behind it. */
export const chatShares = pgTable('chat_shares', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  dialogIds: jsonb('dialog_ids').$type<number[]>().notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** After it the link answers 4104 (SHARE_TTL_DAYS). */
  expiresAt: ts('expires_at').notNull(),
  /** Revoked by its owner (chatShare/revoke): answers 4104. */
  revokedAt: ts('revoked_at'),
}, (t) => [index('chat_shares_user_idx').on(t.userId, t.createdAt)]);

// ---------------------------------------------------------------------------------------------
// Media (uploads, OCR) — modules/media. Files live encrypted in MediaStorage; rows hold metadata.

/**
 * An uploaded file. `id` is the public `inputMediaId` (random, server-chosen); `storageKey` names
 * the encrypted blob; `ocr` is the understood document (ocrBaseEntity) once read.
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Which call stored it: 'pf' (skin/body photo), 'ocr' (fileOcr), 'upload' (fileUpload), 'cover' (a PDF's cover image). */
  kind: text('kind').notNull(),
  fileType: text('file_type').notNull(),
  mime: text('mime').notNull(),
  fileName: text('file_name').notNull(),
  /** Bytes of the stored (re-encoded) content, before encryption. */
  size: integer('size').notNull(),
  md5: text('md5').notNull(),
  width: integer('width'),
  height: integer('height'),
  pages: integer('pages'),
  storageKey: text('storage_key').notNull(),
  shared: boolean('shared').notNull().default(false),
  reportType: smallint('report_type').notNull().default(0),
  folderType: text('folder_type'),
  /** 'none' (not asked), 'done', 'failed'. */
  ocrStatus: text('ocr_status').notNull().default('none'),
  ocr: jsonb('ocr').$type<Record<string, unknown>>(),
  /** A PDF's first-page cover image (another media row of kind 'cover'). */
  coverId: text('cover_id'),
  batchId: text('batch_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('media_user_idx').on(t.userId, t.createdAt),
  index('media_user_batch_idx').on(t.userId, t.batchId),
]);

// ---------------------------------------------------------------------------------------------
// Insight (health profile in chat, chat extras, medical lookup, evaluation, home) — modules/insight.

/** A member's indicator values: confirmed in the chat, read from reports (`lab.<id>`), typed, and blood pressures. */
export const memberIndicators = pgTable('member_indicators', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  /** bloodPressure, weight, height, glucose, temperature, heartRate, spo2. */
  type: text('type').notNull(),
  value: real('value').notNull(),
  /** Diastolic pressure of a bloodPressure reading. */
  value2: real('value2'),
  unit: text('unit').notNull(),
  /** Pulse (beats/min) measured with a bloodPressure reading. */
  pulse: real('pulse'),
  /** Extra facts of the reading: a blood pressure's arm and position, the user's remark. */
  detail: jsonb('detail').$type<{ arm?: string; position?: string; remark?: string }>(),
  /** chat, ocr, report, manual. */
  source: text('source').notNull().default('chat'),
  questionId: text('question_id'),
  measuredAt: ts('measured_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('member_indicators_member_idx').on(t.userId, t.memberId, t.type, t.measuredAt)]);

/** The member a consultation is about, confirmed by the user for a chat session or a question. */
export const chatRoleConfirms = pgTable('chat_role_confirms', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  /** '' when not given: the scope key is (session, question). */
  sessionId: text('session_id').notNull().default(''),
  questionId: text('question_id').notNull().default(''),
  confirmedAt: ts('confirmed_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('chat_role_confirms_scope_uq').on(t.userId, t.sessionId, t.questionId)]);

/** Chat-socket connection events reported by the client: no health data, no message text. */
export const wsConnectLogs = pgTable('ws_connect_logs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  event: text('event').notNull(),
  deviceType: text('device_type'),
  reason: text('reason'),
  attempt: integer('attempt'),
  durationMs: integer('duration_ms'),
  networkType: text('network_type'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('ws_connect_logs_user_idx').on(t.userId, t.at)]);

/** A user's rating of one answer (/toc/evaluation); one per dialog, updated on re-rating. */
export const answerEvaluations = pgTable('answer_evaluations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  dialogId: bigint('dialog_id', { mode: 'number' }).notNull().references(() => chatDialogs.id, { onDelete: 'cascade' }),
  score: smallint('score').notNull(),
  comment: text('comment').notNull().default(''),
  tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('answer_evaluations_dialog_uq').on(t.dialogId), index('answer_evaluations_user_idx').on(t.userId)]);

/**
 * Per-user evaluation state: the product evaluation (userEvaluation) and the rating-dialog rules of
 * chat-core §4 (threshold of dial-ins, when the dialog was last shown).
 */
export const userEvaluations = pgTable('user_evaluations', {
  userId: integer('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  score: smallint('score'),
  content: text('content'),
  tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  evaluatedAt: ts('evaluated_at'),
  /** Dial-ins needed before the rating dialog: random 2–7 for a new user, then 17. */
  threshold: smallint('threshold').notNull(),
  lastEjectAt: ts('last_eject_at'),
  ejectCount: integer('eject_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** App-store rating popup actions (account-health §3 rating record: pop, score, cancel). */
export const appEvaluateRecords = pgTable('app_evaluate_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  actionType: text('action_type').notNull(),
  score: smallint('score'),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('app_evaluate_records_user_idx').on(t.userId, t.at)]);

/** Clicks on home-page tasks; user null for the public (logged-out) call. */
export const taskClicks = pgTable('task_clicks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  taskId: text('task_id').notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('task_clicks_user_idx').on(t.userId, t.taskId)]);

/**
 * Logged-out clicks on home-page tasks, as totals per task: counted in memory per instance and
 * added here in batches (a row per request would let anyone grow the table without bound).
 */
export const taskClickCounts = pgTable('task_click_counts', {
  taskId: text('task_id').primaryKey(),
  clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The operator's own doctors (managed with `npm run admin -- doctor add|list|remove`). */
export const doctors = pgTable('doctors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  department: text('department').notNull(),
  hospital: text('hospital').notNull(),
  intro: text('intro').notNull().default(''),
  /** Clinician-workspace login (issue 21): phone and Argon2id password; null = a listed doctor without an account. */
  phone: text('phone'),
  passwordHash: text('password_hash'),
  /** The spec's doctorRole ('1' doctor, '2' therapist, '3' nutritionist, '4' team lead) and teamId (a package's team). */
  doctorRole: text('doctor_role').notNull().default('1'),
  teamId: text('team_id').notNull().default(''),
  licenceNo: text('licence_no').notNull().default(''),
  photo: text('photo').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('doctors_department_idx').on(t.department), uniqueIndex('doctors_phone_uq').on(t.phone), index('doctors_team_idx').on(t.teamId)]);

/** Doctor sessions (clinician workspace). Only the SHA-256 of the token is stored. */
export const doctorSessions = pgTable('doctor_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tokenHash: bytea('token_hash').notNull(),
  doctorId: integer('doctor_id').notNull().references(() => doctors.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  endsAt: ts('ends_at'),
}, (t) => [uniqueIndex('doctor_sessions_token_uq').on(t.tokenHash)]);

/**
 * A consultation: the doctor of a paid order's package team with the order's member. The doctor
 * reaches the member's file only through it, and only while status is open (1).
 */
export const consultations = pgTable('consultations', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull().references(() => rehabOrders.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  doctorId: integer('doctor_id').notNull().references(() => doctors.id),
  status: smallint('status').notNull().default(1),
  /** Read positions (im_messages.seq) of each side. */
  userReadSeq: bigint('user_read_seq', { mode: 'number' }).notNull().default(0),
  doctorReadSeq: bigint('doctor_read_seq', { mode: 'number' }).notNull().default(0),
  remindedAt: ts('reminded_at'),
  openedAt: ts('opened_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
}, (t) => [uniqueIndex('consultations_order_uq').on(t.orderId), index('consultations_doctor_idx').on(t.doctorId, t.status), index('consultations_user_idx').on(t.userId)]);

/** IM messages of a consultation; `seq` orders them; (consultation, sender, client id) makes a resend idempotent. */
export const imMessages = pgTable('im_messages', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  consultationId: integer('consultation_id').notNull().references(() => consultations.id, { onDelete: 'cascade' }),
  sender: text('sender').notNull(),
  clientMsgId: text('client_msg_id').notNull(),
  kind: text('kind').notNull(),
  text: text('text').notNull().default(''),
  mediaId: text('media_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('im_messages_client_uq').on(t.consultationId, t.sender, t.clientMsgId), index('im_messages_consult_idx').on(t.consultationId, t.seq)]);

/** A user's request that a doctor verify an AI answer, and the doctor's verdict. */
export const chatVerifications = pgTable('chat_verifications', {
  id: serial('id').primaryKey(),
  dialogId: bigint('dialog_id', { mode: 'number' }).notNull().references(() => chatDialogs.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  consultationId: integer('consultation_id').notNull().references(() => consultations.id, { onDelete: 'cascade' }),
  doctorId: integer('doctor_id').notNull().references(() => doctors.id),
  status: smallint('status').notNull().default(0),
  answerType: text('answer_type'),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  verifiedAt: ts('verified_at'),
}, (t) => [uniqueIndex('chat_verifications_dialog_uq').on(t.dialogId), index('chat_verifications_doctor_idx').on(t.doctorId, t.status)]);

/** A rehab plan made by the doctor for the member of a consultation. */
export const rehabPlans = pgTable('rehab_plans', {
  id: serial('id').primaryKey(),
  consultationId: integer('consultation_id').notNull().references(() => consultations.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  doctorId: integer('doctor_id').notNull().references(() => doctors.id),
  title: text('title').notNull(),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  stages: jsonb('stages').$type<Array<{ name: string; days: number; goal: string }>>().notNull(),
  tasks: jsonb('tasks').$type<Array<{ taskId: string; kind: 'exercise' | 'medicine' | 'life'; name: string; detail: string }>>().notNull(),
  foodAdvice: text('food_advice').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('rehab_plans_user_idx').on(t.userId, t.id)]);

/** Check-ins of plan tasks, one per task and day. */
export const planCheckIns = pgTable('plan_check_ins', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  planId: integer('plan_id').notNull().references(() => rehabPlans.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  taskId: text('task_id').notNull(),
  at: ts('at').notNull().defaultNow(),
}, (t) => [uniqueIndex('plan_check_ins_uq').on(t.planId, t.day, t.taskId)]);

/**
 * What the patient records on a plan besides check-ins: pain self-assessments (kind `assess`, data
 * { painScore, areas, note }), exercise feedback (`feedback`, ref = taskId), articles read (`read`,
 * ref = article id), and the batch counters of the food list and reading (`food-refresh`, `read-refresh`).
 */
export const planRecords = pgTable('plan_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  planId: integer('plan_id').notNull().references(() => rehabPlans.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  ref: text('ref').notNull().default(''),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('plan_records_plan_idx').on(t.planId, t.kind, t.day)]);

// ---------------------------------------------------------------------------------------------
// Reports and folder — modules/report.

/**
 * A report reading (chat-core §4 PDF message): an uploaded file read for a member, moving
 * 0 → 1 → 2 → 3 → 4 (or 98). The state lives here so a restart resumes it (`next_at`).
 */
export const reports = pgTable('reports', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  inputMediaId: text('input_media_id').notNull().references(() => media.id, { onDelete: 'cascade' }),
  questionId: text('question_id'),
  batchId: text('batch_id'),
  sessionId: text('session_id'),
  name: text('name').notNull(),
  privacy: boolean('privacy').notNull().default(false),
  /** 0 uploading, 1–3 progress, 4 complete, 98 failed. */
  status: smallint('status').notNull().default(0),
  /** When the next step is due (null once finished). */
  nextAt: ts('next_at'),
  step1At: ts('step1_at'),
  step2At: ts('step2_at'),
  step3At: ts('step3_at'),
  finishedAt: ts('finished_at'),
  /** The engine's reading (shown once complete). */
  result: jsonb('result').$type<Record<string, unknown>>(),
  error: text('error'),
  evalScore: smallint('eval_score'),
  evalContent: text('eval_content'),
  evalAt: ts('eval_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('reports_user_member_idx').on(t.userId, t.memberId, t.createdAt),
  index('reports_unfinished_idx').on(t.status, t.nextAt),
]);

/** A member's file folder: uploaded files filed under a member (reports, records, medicine boxes…). */
export const folderFiles = pgTable('folder_files', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  mediaId: text('media_id').notNull().references(() => media.id, { onDelete: 'cascade' }),
  batchId: text('batch_id').notNull(),
  /** FOLDER_TYPES key. */
  folderType: text('folder_type').notNull(),
  reportType: smallint('report_type').notNull().default(0),
  name: text('name').notNull(),
  /** The understood document, as corrected by the user (starts as the upload's OCR). */
  ocr: jsonb('ocr').$type<Record<string, unknown>>(),
  dialInId: bigint('dial_in_id', { mode: 'number' }),
  /** 'report', 'ocr', 'upload'. */
  source: text('source').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('folder_files_media_uq').on(t.userId, t.mediaId),
  index('folder_files_member_idx').on(t.userId, t.memberId, t.folderType, t.createdAt),
  index('folder_files_batch_idx').on(t.userId, t.batchId),
]);

/** Upload auth codes (getUpCode): another device uploads with the code, this one polls getUpRes. */
export const uploadCodes = pgTable('upload_codes', {
  code: text('code').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('upload_codes_user_idx').on(t.userId)]);

/** A medication reminder plan: one member, one medicine, its dose times (modules/remind). */
export const remindPlans = pgTable('remind_plans', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  medicineName: text('medicine_name').notNull(),
  /** The medicine-box entry (folder_files) it came from, if any. */
  medicineId: integer('medicine_id'),
  dose: real('dose').notNull(),
  doseUnit: text('dose_unit').notNull(),
  /** Local times of day, 'HH:mm', sorted. */
  times: jsonb('times').$type<string[]>().notNull(),
  /** 'daily', 'weekly' (weekdays 1–7), 'interval' (every intervalDays from startDate). */
  cycleType: text('cycle_type').notNull(),
  weekdays: jsonb('weekdays').$type<number[]>(),
  intervalDays: integer('interval_days'),
  startDate: date('start_date', { mode: 'string' }).notNull(),
  endDate: date('end_date', { mode: 'string' }),
  meal: text('meal').notNull().default('none'),
  timeZone: text('time_zone').notNull(),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [index('remind_plans_member_idx').on(t.userId, t.memberId)]);

/** A follow-up check proposed from a report reading (reportPlan/*): its date drives a review reminder. */
export const reportPlans = pgTable('report_plans', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  reportId: text('report_id').references(() => reports.id, { onDelete: 'set null' }),
  /** Rule key of the proposal (one per report and rule). */
  ruleKey: text('rule_key').notNull(),
  item: text('item').notNull(),
  reason: text('reason').notNull(),
  interval: text('interval').notNull(),
  /** Days of the recommended interval (checkDate warns when earlier). */
  intervalDays: integer('interval_days').notNull(),
  checkDate: date('check_date', { mode: 'string' }).notNull(),
  timeZone: text('time_zone').notNull(),
  /** 0 planned, 1 done. */
  status: smallint('status').notNull().default(0),
  remark: text('remark'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  index('report_plans_member_idx').on(t.userId, t.memberId, t.checkDate),
  uniqueIndex('report_plans_report_rule_uq').on(t.reportId, t.ruleKey),
]);

/**
 * One occurrence of a reminder: a dose of a medication plan, or a review date. Created when a day
 * is listed or when the scheduler reaches it; once delivered (`notifiedAt`) it is also the in-app
 * message (title, content, readFlag). Unique per plan and time: a dose exists once.
 */
export const remindRecords = pgTable('remind_records', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  /** 1 medicine, 2 review. */
  type: smallint('type').notNull(),
  planId: integer('plan_id').references(() => remindPlans.id, { onDelete: 'set null' }),
  reportPlanId: integer('report_plan_id').references(() => reportPlans.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  detail: text('detail').notNull(),
  localDate: date('local_date', { mode: 'string' }).notNull(),
  localTime: text('local_time').notNull(),
  dueAt: ts('due_at').notNull(),
  /** 0 pending, 1 taken, 2 skipped, 3 missed. */
  status: smallint('status').notNull().default(0),
  actedAt: ts('acted_at'),
  notifiedAt: ts('notified_at'),
  title: text('title'),
  content: text('content'),
  readFlag: boolean('read_flag').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('remind_records_plan_due_uq').on(t.planId, t.dueAt),
  uniqueIndex('remind_records_review_uq').on(t.reportPlanId, t.dueAt),
  index('remind_records_member_idx').on(t.userId, t.memberId, t.dueAt),
  index('remind_records_pending_idx').on(t.status, t.dueAt),
  index('remind_records_notified_idx').on(t.userId, t.notifiedAt),
]);

/**
 * The durable scheduler's jobs: one row per plan ('medicine' → remind_plans, 'review' →
 * report_plans) holding when it next has to deliver. Workers claim due rows in batches (an
 * UPDATE … FOR UPDATE SKIP LOCKED … RETURNING that sets a lease), deliver the batch and move `runAt`
 * on in one transaction; a killed worker's claims are free again when their lease runs out.
 */
export const remindJobs = pgTable('remind_jobs', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  refId: integer('ref_id').notNull(),
  /** The occurrence it delivers (a dose's time, a review's morning). */
  dueAt: ts('due_at').notNull(),
  /** When to try: dueAt, or later after a failed attempt. */
  runAt: ts('run_at').notNull(),
  attempts: integer('attempts').notNull().default(0),
  /** The scheduler instance that claimed the job, and until when: past it, another may claim it again. */
  leaseOwner: text('lease_owner'),
  leaseUntil: ts('lease_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('remind_jobs_ref_uq').on(t.kind, t.refId), index('remind_jobs_due_idx').on(t.runAt)]);

/**
 * The SMS reminder channel's outbox: one row per delivered reminder of an account whose 提醒
 * setting has SMS on, written in the delivery transaction (so once per reminder), sent after the
 * commit by whichever instance claims it (lease owner/until, like remind_jobs), then `sent_at`.
 */
export const remindSms = pgTable('remind_sms', {
  id: serial('id').primaryKey(),
  recordId: integer('record_id').notNull().references(() => remindRecords.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseUntil: ts('lease_until'),
  sentAt: ts('sent_at'),
  /** Why the last attempt failed (the gateway's status, never the text). */
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('remind_sms_record_uq').on(t.recordId), index('remind_sms_unsent_idx').on(t.sentAt, t.createdAt)]);

/** Web Push subscriptions of an account's browsers (the web-push reminder channel). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  endpoint: text('endpoint').notNull(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('push_subscriptions_endpoint_uq').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)]);
// ---------------------------------------------------------------------------------------------
// Rehab packages, orders and payment — modules/pkg. Amounts in integer fen.

/** A rehab or follow-up package defined by an operator (`npm run admin -- package add`). */
export const rehabPackages = pgTable('rehab_packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceFen: integer('price_fen').notNull(),
  durationDays: integer('duration_days').notNull(),
  team: text('team').notNull(),
  includes: jsonb('includes').$type<string[]>().notNull(),
  intro: text('intro').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * An order: created(1) → paid(2) → in service(3) → completed(4); created → cancelled(9) (by the
 * user or on expiry); paid/in service → refund requested(5) → refunded(6). (user_id,
 * idempotency_key) is unique: a retried create answers the same order.
 */
export const rehabOrders = pgTable('rehab_orders', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull().unique(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
  packageId: integer('package_id').notNull().references(() => rehabPackages.id),
  amountFen: integer('amount_fen').notNull(),
  status: smallint('status').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  tradeNo: text('trade_no'),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  serviceStart: ts('service_start'),
  serviceEnd: ts('service_end'),
  /** userSubmitInfo: health data, never logged. */
  submitInfo: jsonb('submit_info').$type<Record<string, unknown>>(),
  refundReason: text('refund_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('rehab_orders_idem_uq').on(t.userId, t.idempotencyKey), index('rehab_orders_user_idx').on(t.userId, t.createdAt), index('rehab_orders_pkg_status_idx').on(t.packageId, t.status)]);

/** Audit trail of every order transition: who moved it, from and to which state. */
export const rehabOrderEvents = pgTable('rehab_order_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id').notNull().references(() => rehabOrders.id, { onDelete: 'cascade' }),
  fromStatus: smallint('from_status'),
  toStatus: smallint('to_status').notNull(),
  actor: text('actor').notNull(),
  note: text('note').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
}, (t) => [index('rehab_order_events_order_idx').on(t.orderId, t.at)]);

/** Accepted (signature-checked) payment notifications: a replayed notify id is refused. */
export const payNotifications = pgTable('pay_notifications', {
  notifyId: text('notify_id').primaryKey(),
  provider: text('provider').notNull(),
  orderNo: text('order_no').notNull(),
  event: text('event').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/** The embedded sandbox provider's own ledger (what a real provider keeps on its side). */
export const sandboxTrades = pgTable('sandbox_trades', {
  tradeNo: text('trade_no').primaryKey(),
  orderNo: text('order_no').notNull(),
  kind: text('kind').notNull(),
  amountFen: integer('amount_fen').notNull(),
  subject: text('subject').notNull(),
  /** pending | succeeded | failed | timeout | closed */
  status: text('status').notNull(),
  /** A payment not confirmed by then can no longer be paid. */
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('sandbox_trades_order_idx').on(t.orderNo)]);

// ---------------------------------------------------------------------------------------------
// Feedback, complaints and the message centre — modules/feedback, modules/message.

/** A suggestion (/user/feedback) or a complaint (/user/about/report), with the operator's reply. */
export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  /** Null for a suggestion sent logged out (/pb/chatSuggestion/add). */
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** 'suggestion' or 'complaint'. */
  kind: text('kind').notNull(),
  type: text('type').notNull(),
  content: text('content').notNull(),
  /** Media ids (kind 'feedback') of the pictures, in the encrypted media store. */
  pictures: jsonb('pictures').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  contact: text('contact'),
  replyContent: text('reply_content'),
  repliedAt: ts('replied_at'),
  /** Whether the author has seen the reply. */
  replyRead: boolean('reply_read').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('feedback_user_idx').on(t.userId, t.kind, t.createdAt), index('feedback_open_idx').on(t.kind, t.repliedAt)]);

/**
 * The account's messages other than reminders (those are the reminder records themselves):
 * feedback and complaint replies, order and consultation events, system notices.
 */
export const messages = pgTable('messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** suggestion | complaint | order | consult | system */
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  link: text('link').notNull(),
  /** What it is about (a feedback id, an order number), for de-duplication. */
  refId: text('ref_id'),
  readFlag: boolean('read_flag').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [index('messages_user_idx').on(t.userId, t.createdAt), index('messages_unread_idx').on(t.userId, t.kind, t.readFlag)]);

/** Every change of an account's phone (updatePhone): kept with the account, removed with it. */
export const phoneChanges = pgTable('phone_changes', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  oldPhone: text('old_phone').notNull(),
  newPhone: text('new_phone').notNull(),
  /** Other sessions ended by the change. */
  endedSessions: integer('ended_sessions').notNull().default(0),
  changedAt: ts('changed_at').notNull().defaultNow(),
}, (t) => [index('phone_changes_user_idx').on(t.userId, t.changedAt)]);

/**
 * Passkeys (WebAuthn platform authenticators) of an account: biometric unlock. The public key is
 * a COSE key, the counter guards against cloned authenticators.
 */
export const passkeys = pgTable('passkeys', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** The credential id, base64url. */
  credentialId: text('credential_id').notNull(),
  publicKey: bytea('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').notNull().default(''),
  deviceName: text('device_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastUsedAt: ts('last_used_at'),
}, (t) => [uniqueIndex('passkeys_credential_uq').on(t.credentialId), index('passkeys_user_idx').on(t.userId)]);

/** WebAuthn challenges: single use, 5 minutes; a registration's is bound to its account. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  challenge: text('challenge').notNull(),
  purpose: text('purpose').notNull(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
}, (t) => [uniqueIndex('webauthn_challenges_uq').on(t.challenge), index('webauthn_challenges_expiry_idx').on(t.expiresAt)]);
// ---------------------------------------------------------------------------------------------
// Hospital imaging (modules/imaging): grants by SMS code, hospital patients, studies, uploads, shares.

/** Access to a phone's hospital imaging, authorised with an SMS code to that phone. */
export const imagingGrants = pgTable('imaging_grants', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  /** 1 on, 0 off (grantSwitch). */
  status: smallint('status').notNull().default(1),
  grantedAt: ts('granted_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
}, (t) => [uniqueIndex('imaging_grants_user_phone_uq').on(t.userId, t.phone)]);

/** A hospital patient (DICOM PatientID) found through a grant, bound to a member or not yet. */
export const imagingPatients = pgTable('imaging_patients', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  grantId: integer('grant_id').notNull().references(() => imagingGrants.id, { onDelete: 'cascade' }),
  hospitalPatientId: text('hospital_patient_id').notNull(),
  name: text('name').notNull(),
  sex: text('sex'),
  birthDate: text('birth_date'),
  hospital: text('hospital'),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('imaging_patients_user_pid_uq').on(t.userId, t.hospitalPatientId), index('imaging_patients_member_idx').on(t.memberId)]);

/** A study the account may open: from the PACS (patientId set) or uploaded (source 'upload'). */
export const imagingStudies = pgTable('imaging_studies', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  patientId: integer('patient_id').references(() => imagingPatients.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
  source: text('source').notNull(),
  studyUid: text('study_uid').notNull(),
  studyDate: text('study_date'),
  modality: text('modality'),
  description: text('description').notNull().default(''),
  hospital: text('hospital'),
  patientName: text('patient_name').notNull().default(''),
  seriesCount: integer('series_count').notNull().default(0),
  instanceCount: integer('instance_count').notNull().default(0),
  openedAt: ts('opened_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('imaging_studies_user_uid_uq').on(t.userId, t.source, t.studyUid), index('imaging_studies_member_idx').on(t.userId, t.memberId)]);

/** One uploaded DICOM instance: its bytes are a media row (encrypted like every upload). */
export const imagingFiles = pgTable('imaging_files', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  studyId: integer('study_id').notNull().references(() => imagingStudies.id, { onDelete: 'cascade' }),
  seriesUid: text('series_uid').notNull(),
  seriesDescription: text('series_description').notNull().default(''),
  modality: text('modality'),
  sopUid: text('sop_uid').notNull(),
  instanceNumber: integer('instance_number').notNull().default(0),
  mediaId: text('media_id').notNull(),
}, (t) => [uniqueIndex('imaging_files_study_sop_uq').on(t.studyId, t.sopUid)]);

/** A read-only share of studies (imaging/saveShare). */
export const imagingShares = pgTable('imaging_shares', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  studyIds: jsonb('study_ids').$type<number[]>().notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Real-name verification of a member (/user/auth/:id): name and identity number sealed (AES-256-GCM,
 * the media store's scheme, bound to the member); only the masked forms are ever answered.
 */
export const realNames = pgTable('real_names', {
  memberId: integer('member_id').primaryKey().references(() => members.id, { onDelete: 'cascade' }),
  userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  nameSealed: bytea('name_sealed').notNull(),
  idSealed: bytea('id_sealed').notNull(),
  /** `format` or `identity`. */
  level: text('level').notNull(),
  provider: text('provider').notNull(),
  verifiedAt: ts('verified_at').notNull(),
}, (t) => [index('real_names_user_idx').on(t.userId)]);
