import { and, asc, count, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatDialogs, chatVerifications, consultations, doctorSessions, doctors, healthRecords, imMessages, members, planCheckIns, planRecords, rehabOrders, rehabPackages, rehabPlans, reports } from '../../db/schema.ts';

export type DoctorRow = typeof doctors.$inferSelect;
export type ConsultRow = typeof consultations.$inferSelect;
export type MessageRow = typeof imMessages.$inferSelect;
export type VerifyRow = typeof chatVerifications.$inferSelect;
export type PlanRow = typeof rehabPlans.$inferSelect;

/** Queries of the clinician side: doctors and their sessions, consultations, IM, verifications, plans. */
export class ClinicStore {
  constructor(private readonly db: Db) {}

  // ---- doctors --------------------------------------------------------------------------------
  doctorByPhone(phone: string): Promise<DoctorRow | undefined> {
    return this.db.select().from(doctors).where(eq(doctors.phone, phone)).limit(1).then((r) => r[0]);
  }
  doctor(id: number): Promise<DoctorRow | undefined> {
    return this.db.select().from(doctors).where(eq(doctors.id, id)).limit(1).then((r) => r[0]);
  }
  async setAccount(id: number, v: { phone: string; passwordHash: string; doctorRole: string; teamId: string; licenceNo: string; photo: string }): Promise<void> {
    await this.db.update(doctors).set(v).where(eq(doctors.id, id));
  }
  /** The team's doctors (role '1' first), with their open consultations: the least busy is picked. */
  async teamDoctors(teamId: string): Promise<Array<{ d: DoctorRow; open: number }>> {
    const ds = await this.db.select().from(doctors).where(and(eq(doctors.teamId, teamId), sql`${doctors.passwordHash} is not null`)).orderBy(asc(doctors.doctorRole), asc(doctors.id));
    if (ds.length === 0) return [];
    const open = await this.db.select({ d: consultations.doctorId, n: count() }).from(consultations).where(and(inArray(consultations.doctorId, ds.map((d) => d.id)), eq(consultations.status, 1))).groupBy(consultations.doctorId);
    const m = new Map(open.map((o) => [o.d, o.n]));
    return ds.map((d) => ({ d, open: m.get(d.id) ?? 0 }));
  }
  async addSession(doctorId: number, tokenHash: Buffer): Promise<void> {
    await this.db.insert(doctorSessions).values({ doctorId, tokenHash });
  }
  sessionDoctor(tokenHash: Buffer): Promise<DoctorRow | undefined> {
    return this.db.select({ d: doctors }).from(doctorSessions).innerJoin(doctors, eq(doctors.id, doctorSessions.doctorId)).where(and(eq(doctorSessions.tokenHash, tokenHash), isNull(doctorSessions.endsAt))).limit(1).then((r) => r[0]?.d);
  }
  /** The id of the open session of a token hash. */
  sessionIdOf(tokenHash: Buffer): Promise<number | undefined> {
    return this.db.select({ id: doctorSessions.id }).from(doctorSessions).where(and(eq(doctorSessions.tokenHash, tokenHash), isNull(doctorSessions.endsAt))).limit(1).then((r) => r[0]?.id);
  }
  /** Whether session `id` of doctor `doctorId` is still open (not logged out). */
  async sessionOpen(id: number, doctorId: number): Promise<boolean> {
    const r = await this.db.select({ id: doctorSessions.id }).from(doctorSessions).where(and(eq(doctorSessions.id, id), eq(doctorSessions.doctorId, doctorId), isNull(doctorSessions.endsAt))).limit(1);
    return r.length === 1;
  }
  async endSession(tokenHash: Buffer, at: Date): Promise<void> {
    await this.db.update(doctorSessions).set({ endsAt: at }).where(eq(doctorSessions.tokenHash, tokenHash));
  }

  // ---- consultations --------------------------------------------------------------------------
  orderOf(userId: number, orderNo: string) {
    return this.db.select({ o: rehabOrders, p: rehabPackages }).from(rehabOrders).innerJoin(rehabPackages, eq(rehabPackages.id, rehabOrders.packageId)).where(and(eq(rehabOrders.userId, userId), eq(rehabOrders.orderNo, orderNo))).limit(1).then((r) => r[0]);
  }
  consultByOrder(orderId: number): Promise<ConsultRow | undefined> {
    return this.db.select().from(consultations).where(eq(consultations.orderId, orderId)).limit(1).then((r) => r[0]);
  }
  async insertConsult(v: typeof consultations.$inferInsert): Promise<ConsultRow | undefined> {
    const [c] = await this.db.insert(consultations).values(v).onConflictDoNothing({ target: consultations.orderId }).returning();
    return c;
  }
  /** Closes the open consultations of orders no longer held (refund requested, refunded, cancelled, completed). */
  async closeEnded(at: Date): Promise<ConsultRow[]> {
    return this.db.update(consultations).set({ status: 2, closedAt: at }).where(and(eq(consultations.status, 1), sql`${consultations.orderId} in (select id from rehab_orders where status not in (2, 3))`)).returning();
  }
  consult(id: number): Promise<ConsultRow | undefined> {
    return this.db.select().from(consultations).where(eq(consultations.id, id)).limit(1).then((r) => r[0]);
  }
  async setConsultStatus(id: number, status: number, at: Date): Promise<ConsultRow | undefined> {
    const [c] = await this.db.update(consultations).set({ status, closedAt: status === 2 ? at : null }).where(eq(consultations.id, id)).returning();
    return c;
  }
  /** Consultations with what a list shows: order, package, member, doctor, last message. */
  consultRows(where: { doctorId: number } | { userId: number }) {
    const w = 'doctorId' in where ? eq(consultations.doctorId, where.doctorId) : eq(consultations.userId, where.userId);
    return this.db
      .select({ c: consultations, orderNo: rehabOrders.orderNo, packageName: rehabPackages.name, memberName: members.name, d: doctors })
      .from(consultations)
      .innerJoin(rehabOrders, eq(rehabOrders.id, consultations.orderId))
      .innerJoin(rehabPackages, eq(rehabPackages.id, rehabOrders.packageId))
      .innerJoin(members, eq(members.id, consultations.memberId))
      .innerJoin(doctors, eq(doctors.id, consultations.doctorId))
      .where(w)
      .orderBy(asc(consultations.status), desc(consultations.openedAt), desc(consultations.id));
  }
  async lastMessages(ids: number[]): Promise<Map<number, { seq: number; text: string; kind: string; sender: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectDistinctOn([imMessages.consultationId], { c: imMessages.consultationId, seq: imMessages.seq, text: imMessages.text, kind: imMessages.kind, sender: imMessages.sender }).from(imMessages).where(inArray(imMessages.consultationId, ids)).orderBy(imMessages.consultationId, desc(imMessages.seq));
    return new Map(rows.map((r) => [r.c, r]));
  }
  async unread(ids: number[], side: 'user' | 'doctor'): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const other = side === 'user' ? 'doctor' : 'user';
    const readCol = side === 'user' ? consultations.userReadSeq : consultations.doctorReadSeq;
    const rows = await this.db.select({ c: imMessages.consultationId, n: count() }).from(imMessages).innerJoin(consultations, eq(consultations.id, imMessages.consultationId)).where(and(inArray(imMessages.consultationId, ids), inArray(imMessages.sender, [other, 'system']), gt(imMessages.seq, readCol))).groupBy(imMessages.consultationId);
    return new Map(rows.map((r) => [r.c, r.n]));
  }

  // ---- messages -------------------------------------------------------------------------------
  /** Inserts a message once per (consultation, sender, clientMsgId); a resend answers the stored one. */
  async insertMessage(v: typeof imMessages.$inferInsert): Promise<{ row: MessageRow; fresh: boolean }> {
    const [m] = await this.db.insert(imMessages).values(v).onConflictDoNothing({ target: [imMessages.consultationId, imMessages.sender, imMessages.clientMsgId] }).returning();
    if (m) return { row: m, fresh: true };
    const [again] = await this.db.select().from(imMessages).where(and(eq(imMessages.consultationId, v.consultationId), eq(imMessages.sender, v.sender), eq(imMessages.clientMsgId, v.clientMsgId))).limit(1);
    if (!again) throw new Error('im message neither inserted nor found');
    return { row: again, fresh: false };
  }
  messagesBefore(consultId: number, beforeSeq: number | undefined, limit: number): Promise<MessageRow[]> {
    const w = beforeSeq === undefined ? eq(imMessages.consultationId, consultId) : and(eq(imMessages.consultationId, consultId), lt(imMessages.seq, beforeSeq));
    return this.db.select().from(imMessages).where(w).orderBy(desc(imMessages.seq)).limit(limit);
  }
  messagesAfter(consultId: number, afterSeq: number, limit: number): Promise<MessageRow[]> {
    return this.db.select().from(imMessages).where(and(eq(imMessages.consultationId, consultId), gt(imMessages.seq, afterSeq))).orderBy(asc(imMessages.seq)).limit(limit);
  }
  /** Moves a side's read position forward (never back); answers the position now stored. */
  async markRead(consultId: number, side: 'user' | 'doctor', seq: number): Promise<number> {
    const col = side === 'user' ? consultations.userReadSeq : consultations.doctorReadSeq;
    const [r] = await this.db.update(consultations).set(side === 'user' ? { userReadSeq: sql`greatest(${col}, ${seq})` } : { doctorReadSeq: sql`greatest(${col}, ${seq})` }).where(eq(consultations.id, consultId)).returning({ user: consultations.userReadSeq, doctor: consultations.doctorReadSeq });
    return side === 'user' ? (r?.user ?? 0) : (r?.doctor ?? 0);
  }
  async setReminded(consultId: number, since: Date, at: Date): Promise<boolean> {
    const r = await this.db.update(consultations).set({ remindedAt: at }).where(and(eq(consultations.id, consultId), sql`(${consultations.remindedAt} is null or ${consultations.remindedAt} < ${since})`)).returning({ id: consultations.id });
    return r.length === 1;
  }

  // ---- the member's file ----------------------------------------------------------------------
  member(id: number) {
    return this.db.select().from(members).where(eq(members.id, id)).limit(1).then((r) => r[0]);
  }
  records(memberId: number) {
    return this.db.select({ type: healthRecords.type, name: healthRecords.name }).from(healthRecords).where(eq(healthRecords.memberId, memberId)).orderBy(asc(healthRecords.type), asc(healthRecords.id));
  }
  reports(memberId: number) {
    return this.db.select({ id: reports.id, title: reports.name, createdAt: reports.createdAt }).from(reports).where(and(eq(reports.memberId, memberId), eq(reports.privacy, false))).orderBy(desc(reports.createdAt)).limit(50);
  }
  /** The member's AI conversation (never incognito questions, never client-saved text). */
  dialogs(userId: number, memberId: number, limit: number) {
    return this.db.select({ id: chatDialogs.id, question: chatDialogs.question, answer: chatDialogs.answer, createdAt: chatDialogs.createdAt }).from(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.userInfoId, memberId), eq(chatDialogs.privacy, false), eq(chatDialogs.clientSaved, false), eq(chatDialogs.status, 2))).orderBy(desc(chatDialogs.id)).limit(limit);
  }
  orderSubmitInfo(orderId: number) {
    return this.db.select({ s: rehabOrders.submitInfo }).from(rehabOrders).where(eq(rehabOrders.id, orderId)).limit(1).then((r) => r[0]?.s ?? null);
  }

  // ---- verifications --------------------------------------------------------------------------
  dialog(userId: number, id: number) {
    return this.db.select().from(chatDialogs).where(and(eq(chatDialogs.userId, userId), eq(chatDialogs.id, id), eq(chatDialogs.clientSaved, false))).limit(1).then((r) => r[0]);
  }
  openConsultOf(userId: number, memberId: number | null): Promise<ConsultRow | undefined> {
    const w = memberId === null ? and(eq(consultations.userId, userId), eq(consultations.status, 1)) : and(eq(consultations.userId, userId), eq(consultations.status, 1), eq(consultations.memberId, memberId));
    return this.db.select().from(consultations).where(w).orderBy(desc(consultations.id)).limit(1).then((r) => r[0]);
  }
  async insertVerify(v: typeof chatVerifications.$inferInsert): Promise<VerifyRow | undefined> {
    const [r] = await this.db.insert(chatVerifications).values(v).onConflictDoNothing({ target: chatVerifications.dialogId }).returning();
    return r;
  }
  verifyByDialog(dialogId: number): Promise<VerifyRow | undefined> {
    return this.db.select().from(chatVerifications).where(eq(chatVerifications.dialogId, dialogId)).limit(1).then((r) => r[0]);
  }
  verify(id: number): Promise<VerifyRow | undefined> {
    return this.db.select().from(chatVerifications).where(eq(chatVerifications.id, id)).limit(1).then((r) => r[0]);
  }
  verifiesOfDoctor(doctorId: number): Promise<VerifyRow[]> {
    return this.db.select().from(chatVerifications).where(eq(chatVerifications.doctorId, doctorId)).orderBy(asc(chatVerifications.status), desc(chatVerifications.id)).limit(100);
  }
  /** Verified dialogs of an account among `ids` (the chat's 医生已审核 mark). */
  verifiedDialogs(userId: number, ids: number[]): Promise<VerifyRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.select().from(chatVerifications).where(and(eq(chatVerifications.userId, userId), inArray(chatVerifications.dialogId, ids)));
  }
  async setVerdict(id: number, doctorId: number, v: { status: number; answerType: string; remark: string; verifiedAt: Date }): Promise<VerifyRow | undefined> {
    const [r] = await this.db.update(chatVerifications).set(v).where(and(eq(chatVerifications.id, id), eq(chatVerifications.doctorId, doctorId))).returning();
    return r;
  }
  dialogById(id: number) {
    return this.db.select().from(chatDialogs).where(eq(chatDialogs.id, id)).limit(1).then((r) => r[0]);
  }

  // ---- plans ----------------------------------------------------------------------------------
  async insertPlan(v: typeof rehabPlans.$inferInsert): Promise<PlanRow> {
    const [p] = await this.db.insert(rehabPlans).values(v).returning();
    if (!p) throw new Error('insert rehab_plans returned nothing');
    return p;
  }
  plan(userId: number, id: number | undefined): Promise<PlanRow | undefined> {
    const w = id === undefined ? eq(rehabPlans.userId, userId) : and(eq(rehabPlans.userId, userId), eq(rehabPlans.id, id));
    return this.db.select().from(rehabPlans).where(w).orderBy(desc(rehabPlans.id)).limit(1).then((r) => r[0]);
  }
  async checkIn(planId: number, day: string, taskId: string, at: Date): Promise<void> {
    await this.db.insert(planCheckIns).values({ planId, day, taskId, at }).onConflictDoNothing();
  }
  async addRecord(v: typeof planRecords.$inferInsert): Promise<void> {
    await this.db.insert(planRecords).values(v);
  }
  planRecords(planId: number, kind: string, limit = 1000) {
    return this.db.select().from(planRecords).where(and(eq(planRecords.planId, planId), eq(planRecords.kind, kind))).orderBy(desc(planRecords.id)).limit(limit);
  }
  async countRecords(planId: number, kind: string): Promise<number> {
    const [n] = await this.db.select({ n: count() }).from(planRecords).where(and(eq(planRecords.planId, planId), eq(planRecords.kind, kind)));
    return n?.n ?? 0;
  }
  /** Names of the member's ongoing conditions in the health profile (diet rules match them). */
  async diseaseNames(memberId: number): Promise<string[]> {
    const rows = await this.db.select({ name: healthRecords.name }).from(healthRecords).where(and(eq(healthRecords.memberId, memberId), eq(healthRecords.type, 'disease')));
    return rows.map((r) => r.name);
  }
  checkIns(planId: number, from: string, to: string) {
    return this.db.select({ day: planCheckIns.day, taskId: planCheckIns.taskId }).from(planCheckIns).where(and(eq(planCheckIns.planId, planId), sql`${planCheckIns.day} between ${from} and ${to}`));
  }
}
