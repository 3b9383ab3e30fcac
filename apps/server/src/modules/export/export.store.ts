import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chatDialogs, feedback, healthRecords, media, memberIndicators, members, messages, rehabOrders, rehabPackages, remindPlans, remindRecords, reportPlans, reports, users } from '../../db/schema.ts';

export type ExportMember = typeof members.$inferSelect;
export type ExportRecord = typeof healthRecords.$inferSelect;
export type ExportIndicator = typeof memberIndicators.$inferSelect;
export type ExportReport = typeof reports.$inferSelect;
export type ExportPlan = typeof remindPlans.$inferSelect;
export type ExportMedia = typeof media.$inferSelect;

export interface AccountData {
  user: { id: number; phone: string; createdAt: Date };
  members: ExportMember[];
  records: ExportRecord[];
  indicators: ExportIndicator[];
  reports: ExportReport[];
  plans: ExportPlan[];
  reviewPlans: Array<typeof reportPlans.$inferSelect>;
  reminders: Array<typeof remindRecords.$inferSelect>;
  chats: Array<Pick<typeof chatDialogs.$inferSelect, 'questionId' | 'sessionId' | 'question' | 'answer' | 'status' | 'userInfoId' | 'createdAt'>>;
  orders: Array<typeof rehabOrders.$inferSelect & { packageName: string }>;
  feedback: Array<typeof feedback.$inferSelect>;
  messages: Array<typeof messages.$inferSelect>;
  media: ExportMedia[];
}

/** Every row of one account, for the export (each query filtered by the account's id). */
export class ExportStore {
  constructor(private readonly db: Db) {}

  async account(userId: number): Promise<AccountData | null> {
    const [user] = await this.db.select({ id: users.id, phone: users.phone, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
    if (!user) return null;
    const d = this.db;
    const [m, rec, ind, rep, pl, rp, rr, ch, ord, fb, msg, med] = await Promise.all([
      d.select().from(members).where(eq(members.userId, userId)).orderBy(asc(members.id)),
      d.select().from(healthRecords).where(eq(healthRecords.userId, userId)).orderBy(asc(healthRecords.id)),
      d.select().from(memberIndicators).where(eq(memberIndicators.userId, userId)).orderBy(asc(memberIndicators.measuredAt)),
      d.select().from(reports).where(eq(reports.userId, userId)).orderBy(asc(reports.createdAt)),
      d.select().from(remindPlans).where(eq(remindPlans.userId, userId)).orderBy(asc(remindPlans.id)),
      d.select().from(reportPlans).where(eq(reportPlans.userId, userId)).orderBy(asc(reportPlans.id)),
      d.select().from(remindRecords).where(eq(remindRecords.userId, userId)).orderBy(asc(remindRecords.dueAt)),
      d.select({ questionId: chatDialogs.questionId, sessionId: chatDialogs.sessionId, question: chatDialogs.question, answer: chatDialogs.answer, status: chatDialogs.status, userInfoId: chatDialogs.userInfoId, createdAt: chatDialogs.createdAt }).from(chatDialogs).where(eq(chatDialogs.userId, userId)).orderBy(asc(chatDialogs.id)),
      d.select({ o: rehabOrders, packageName: rehabPackages.name }).from(rehabOrders).innerJoin(rehabPackages, eq(rehabPackages.id, rehabOrders.packageId)).where(eq(rehabOrders.userId, userId)).orderBy(asc(rehabOrders.createdAt)),
      d.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.id)),
      d.select().from(messages).where(eq(messages.userId, userId)).orderBy(asc(messages.id)),
      d.select().from(media).where(and(eq(media.userId, userId), ne(media.kind, 'cover'))).orderBy(asc(media.createdAt)),
    ]);
    return { user, members: m, records: rec, indicators: ind, reports: rep, plans: pl, reviewPlans: rp, reminders: rr, chats: ch, orders: ord.map((r) => ({ ...r.o, packageName: r.packageName })), feedback: fb, messages: msg, media: med };
  }
}
