import type { z } from 'zod';
import { REMIND_LIMITS, REMIND_MSG, REMIND_STATUS, REMIND_TYPE, type CycleType, type MealTiming, type Notice, type RemindPlan, type RemindRecord, type ReportPlanItem } from '@chatdr/contract/remind/schemas';
import type * as S from '@chatdr/contract/remind/schemas';
import { REPORT_STATUS, type ReportResult } from '@chatdr/contract/report/schemas';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { Access } from '../../access/access.ts';
import type { FamilyService } from '../family/family.service.ts';
import { addDays, isoWeekday, localDate, nextOccurrence, occurrencesOn } from './calendar.ts';
import { followUpsOf } from './follow-up.ts';
import { doseText, noticeOf, recordOut } from './format.ts';
import type { PlanRow, RemindStore, ReportPlanRow } from './remind.store.ts';
import { reviewDueAt } from './scheduler.ts';
import type { PushStore } from './web-push.ts';

type In<T extends z.ZodType> = z.output<T>;

export interface RemindServiceDeps {
  access: Access;
  store: RemindStore;
  push: PushStore;
  /** VAPID public key (null: Web Push not configured). */
  vapidPublicKey: string | null;
  family: FamilyService;
  now: () => number;
  /** A pending dose older than this is missed (REMIND_GRACE_MINUTES). */
  graceMs: number;
}

const unique = (ids: number[]) => [...new Set(ids)];

/**
 * Medication reminder plans and their doses, review plans from report readings, and the
 * reminder messages. Every call checks the member (or the row) against the caller's account;
 * the scheduler (scheduler.ts) delivers what these set up.
 */
export class RemindService {
  private readonly store: RemindStore;
  constructor(private readonly deps: RemindServiceDeps) {
    this.store = deps.store;
  }

  private nowDate(): Date {
    return new Date(this.deps.now());
  }

  planOut(p: PlanRow): RemindPlan {
    const next = nextOccurrence(p, this.nowDate());
    return {
      id: p.id,
      userInfoId: p.memberId,
      medicineName: p.medicineName,
      medicineId: p.medicineId,
      dose: p.dose,
      doseUnit: p.doseUnit,
      times: p.times,
      cycleType: p.cycleType as CycleType,
      weekdays: p.weekdays,
      intervalDays: p.intervalDays,
      startDate: p.startDate,
      endDate: p.endDate,
      meal: p.meal as MealTiming,
      timeZone: p.timeZone,
      note: p.note,
      nextRemindTime: next?.at.toISOString() ?? null,
    };
  }

  // --- plans -------------------------------------------------------------------------------------

  async savePlan(auth: AuthContext, b: In<typeof S.RemindPlanSaveBody>): Promise<RemindPlan> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    if (b.medicineId !== undefined) await this.deps.access.require(auth, 'planMedicine', [b.medicineId]);
    if (b.id !== undefined) await this.deps.access.require(auth, 'remindPlan', [b.id]);
    const now = this.nowDate();
    const values = {
      memberId: b.userInfoId,
      medicineName: b.medicineName,
      medicineId: b.medicineId ?? null,
      dose: b.dose,
      doseUnit: b.doseUnit,
      times: [...b.times].sort(),
      cycleType: b.cycleType,
      weekdays: b.cycleType === 'weekly' ? unique(b.weekdays ?? []).sort() : null,
      intervalDays: b.cycleType === 'interval' ? (b.intervalDays ?? null) : null,
      startDate: b.startDate,
      endDate: b.endDate ?? null,
      meal: b.meal,
      note: b.note || null,
      updatedAt: now,
    };
    const plan = await this.store.transaction(async (s) => {
      if (b.id !== undefined) {
        const old = this.deps.access.found('remindPlan', await s.plan(auth.userId, b.id));
        // Doses to come follow the new plan; those delivered or acted on stay as they were.
        await s.dropFutureDoses([old.id], now);
        return this.deps.access.found('remindPlan', await s.updatePlan(auth.userId, b.id, { ...values, timeZone: b.timeZone ?? old.timeZone }));
      }
      if ((await s.countPlans(auth.userId, b.userInfoId)) >= REMIND_LIMITS.plansPerMember) throw fail('badRequest', { msg: REMIND_MSG.tooManyPlans });
      return s.insertPlan({ ...values, userId: auth.userId, timeZone: b.timeZone ?? REMIND_LIMITS.defaultTimeZone, createdAt: now });
    });
    // The scheduler's job: the next dose from now on (a time already past today waits for its next day).
    const next = nextOccurrence(plan, now);
    if (next) await this.store.setJob('medicine', plan.id, next.at);
    else await this.store.dropJobs('medicine', [plan.id]);
    return this.planOut(plan);
  }

  async planList(auth: AuthContext, userInfoId: number): Promise<{ list: RemindPlan[] }> {
    await this.deps.family.requireMember(auth, userInfoId);
    return { list: (await this.store.plansOf(auth.userId, userInfoId)).map((p) => this.planOut(p)) };
  }

  async deletePlans(auth: AuthContext, ids: number[]): Promise<{ count: number }> {
    const want = unique(ids);
    await this.deps.access.require(auth, 'remindPlan', want);
    await this.store.transaction(async (s) => {
      await s.dropFutureDoses(want, this.nowDate());
      await s.dropJobs('medicine', want);
      await s.deletePlans(auth.userId, want);
    });
    return { count: want.length };
  }

  // --- doses -------------------------------------------------------------------------------------

  /** "Today" of a member: in the time zone of their plans (the first), else the default zone. */
  private today(plans: PlanRow[], callerZone?: string): string {
    return localDate(this.nowDate(), plans[0]?.timeZone ?? callerZone ?? REMIND_LIMITS.defaultTimeZone);
  }

  async queryRecord(auth: AuthContext, b: In<typeof S.QueryRecordBody>): Promise<{ date: string; list: RemindRecord[] }> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const plans = await this.store.plansOf(auth.userId, b.userInfoId);
    const today = this.today(plans, b.timeZone);
    const date = b.date ?? today;
    // The doses of a day exist as rows from the first look on (take and skip work by id before
    // the reminder fires); past days show what was recorded.
    if (date >= today) {
      const rows = plans.flatMap((p) => occurrencesOn(p, date).map((o) => ({ userId: auth.userId, memberId: p.memberId, type: REMIND_TYPE.medicine, planId: p.id, name: p.medicineName, detail: doseText(p), localDate: o.date, localTime: o.time, dueAt: o.at })));
      await this.store.ensureDoses(rows);
    }
    await this.store.markMissed(new Date(this.deps.now() - this.deps.graceMs), auth.userId);
    return { date, list: (await this.store.dosesOfDay(auth.userId, b.userInfoId, date)).map(recordOut) };
  }

  async queryHisRecord(auth: AuthContext, b: In<typeof S.QueryHisRecordBody>): Promise<z.input<typeof S.QueryHisRecordRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const now = this.nowDate();
    await this.store.markMissed(new Date(now.getTime() - this.deps.graceMs), auth.userId);
    const { rows, total } = await this.store.historyPage(auth.userId, b.userInfoId, now, (b.pageNum - 1) * b.pageSize, b.pageSize);
    // Adherence of the last four weeks (Monday to Sunday), doses due so far; pending ones not counted.
    const today = this.today(await this.store.plansOf(auth.userId, b.userInfoId));
    const monday = addDays(today, 1 - isoWeekday(today));
    const from = addDays(monday, -21);
    const doses = await this.store.dosesBetween(auth.userId, b.userInfoId, from, today, now);
    const adherence = [0, 1, 2, 3].map((w) => {
      const weekStart = addDays(from, w * 7);
      const end = addDays(weekStart, 6);
      const week = doses.filter((d) => d.localDate >= weekStart && d.localDate <= end && d.status !== REMIND_STATUS.pending);
      const taken = week.filter((d) => d.status === REMIND_STATUS.taken).length;
      return { weekStart, taken, total: week.length, rate: week.length ? Math.round((taken / week.length) * 100) / 100 : 0 };
    });
    return { list: rows.map(recordOut), total, pageNum: b.pageNum, pageSize: b.pageSize, adherence };
  }

  /** Take (pending or missed doses: taken late counts) or skip (pending doses) by ids. */
  async act(auth: AuthContext, ids: number[], what: 'take' | 'skip'): Promise<{ count: number; list: RemindRecord[] }> {
    const want = unique(ids);
    await this.deps.access.require(auth, 'remindDose', want);
    const from = what === 'take' ? [REMIND_STATUS.pending, REMIND_STATUS.missed] : [REMIND_STATUS.pending];
    const changed = await this.store.act(auth.userId, want, from, what === 'take' ? REMIND_STATUS.taken : REMIND_STATUS.skipped, this.nowDate());
    const after = await this.store.recordsByIds(auth.userId, want);
    return { count: changed.length, list: after.map(recordOut) };
  }

  async updateReadFlag(auth: AuthContext, id: number): Promise<null> {
    await this.deps.access.require(auth, 'remindRecord', [id]);
    this.deps.access.found('remindRecord', await this.store.setRead(auth.userId, id));
    return null;
  }

  async notices(auth: AuthContext, userInfoId: number | undefined): Promise<{ list: Notice[]; unread: number }> {
    if (userInfoId !== undefined) await this.deps.family.requireMember(auth, userInfoId);
    const [rows, unread] = await Promise.all([this.store.notices(auth.userId, userInfoId, 50), this.store.unread(auth.userId, userInfoId)]);
    return { list: rows.map(noticeOf), unread };
  }

  // --- Web Push subscriptions ---------------------------------------------------------------------

  vapidKey(): { publicKey: string | null } {
    return { publicKey: this.deps.vapidPublicKey };
  }

  async subscribe(auth: AuthContext, b: In<typeof S.PushSubscribeBody>): Promise<null> {
    if (!this.deps.vapidPublicKey) throw fail('badRequest', { msg: '系统通知暂未开通' });
    await this.deps.push.save(auth.userId, { endpoint: b.endpoint, p256dh: b.keys.p256dh, auth: b.keys.auth });
    return null;
  }

  async unsubscribe(auth: AuthContext, endpoint: string): Promise<null> {
    await this.deps.push.remove(auth.userId, endpoint);
    return null;
  }

  // --- review plans ------------------------------------------------------------------------------

  private reviewOut(p: ReportPlanRow): ReportPlanItem {
    return { id: p.id, userInfoId: p.memberId, reportId: p.reportId, item: p.item, reason: p.reason, interval: p.interval, checkDate: p.checkDate, status: p.status, remark: p.remark, createTime: p.createdAt.toISOString() };
  }

  private async scheduleReview(p: ReportPlanRow): Promise<void> {
    if (p.status === 0) await this.store.setJob('review', p.id, reviewDueAt(p.checkDate, p.timeZone));
    else await this.store.dropJobs('review', [p.id]);
  }

  async generate(auth: AuthContext, b: In<typeof S.ReportPlanGenerateBody>): Promise<{ list: ReportPlanItem[] }> {
    await this.deps.access.require(auth, 'report', [b.reportId]);
    const report = this.deps.access.found('report', await this.store.report(auth.userId, b.reportId));
    const result = report.result as ReportResult | null;
    if (report.status !== REPORT_STATUS.complete || !result || !Array.isArray(result.items)) throw fail('badRequest', { msg: REMIND_MSG.reportNotReady });
    const tz = b.timeZone ?? REMIND_LIMITS.defaultTimeZone;
    const today = localDate(this.nowDate(), tz);
    const rows = followUpsOf(result.items).map((f) => ({ userId: auth.userId, memberId: report.memberId, reportId: report.id, ruleKey: f.rule.key, item: f.rule.item, reason: f.reason, interval: f.rule.interval, intervalDays: f.rule.days, checkDate: addDays(today, f.rule.days), timeZone: tz, createdAt: this.nowDate() }));
    const { created, all } = await this.store.insertReportPlans(auth.userId, report.id, rows);
    for (const p of created) await this.scheduleReview(p);
    return { list: all.map((p) => this.reviewOut(p)) };
  }

  /** The date rules of a review: not before today, at most two years ahead; earlier than advised is allowed with a note. */
  private judgeDate(checkDate: string, tz: string, plan: ReportPlanRow | undefined): { valid: boolean; msg: string | null; suggestedDate: string | null } {
    const today = localDate(this.nowDate(), tz);
    if (checkDate < today) return { valid: false, msg: REMIND_MSG.checkDatePast, suggestedDate: today };
    if (checkDate > addDays(today, REMIND_LIMITS.reviewMaxDays)) return { valid: false, msg: REMIND_MSG.checkDateTooFar, suggestedDate: addDays(today, REMIND_LIMITS.reviewMaxDays) };
    if (plan) {
      const advised = addDays(localDate(plan.createdAt, tz), plan.intervalDays);
      if (checkDate < advised) return { valid: true, msg: REMIND_MSG.checkDateEarly, suggestedDate: advised };
    }
    return { valid: true, msg: null, suggestedDate: null };
  }

  async checkDate(auth: AuthContext, b: In<typeof S.ReportPlanCheckDateBody>): Promise<{ valid: boolean; msg: string | null; suggestedDate: string | null }> {
    if (b.id !== undefined) await this.deps.access.require(auth, 'reviewPlan', [b.id]);
    const plan = b.id !== undefined ? this.deps.access.found('reviewPlan', await this.store.reportPlan(auth.userId, b.id)) : undefined;
    return this.judgeDate(b.checkDate, b.timeZone ?? plan?.timeZone ?? REMIND_LIMITS.defaultTimeZone, plan);
  }

  async updateReview(auth: AuthContext, b: In<typeof S.ReportPlanUpdateBody>): Promise<ReportPlanItem> {
    await this.deps.access.require(auth, 'reviewPlan', [b.id]);
    const plan = this.deps.access.found('reviewPlan', await this.store.reportPlan(auth.userId, b.id));
    const tz = b.timeZone ?? plan.timeZone;
    if (b.checkDate !== undefined && b.checkDate !== plan.checkDate) {
      const j = this.judgeDate(b.checkDate, tz, plan);
      if (!j.valid) throw fail('badRequest', { msg: j.msg ?? REMIND_MSG.checkDatePast });
    }
    const p = await this.store.updateReportPlan(auth.userId, b.id, {
      ...(b.checkDate !== undefined ? { checkDate: b.checkDate } : {}),
      ...(b.status !== undefined ? { status: b.status } : {}),
      ...(b.remark !== undefined ? { remark: b.remark || null } : {}),
      timeZone: tz,
    });
    const saved = this.deps.access.found('reviewPlan', p);
    await this.scheduleReview(saved);
    return this.reviewOut(saved);
  }

  async deleteReviews(auth: AuthContext, ids: number[]): Promise<{ count: number }> {
    const want = unique(ids);
    await this.deps.access.require(auth, 'reviewPlan', want);
    await this.store.dropJobs('review', want);
    return { count: (await this.store.deleteReportPlans(auth.userId, want)).length };
  }

  async reviewPage(auth: AuthContext, b: In<typeof S.ReportPlanPageBody>): Promise<z.input<typeof S.ReportPlanPageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const { rows, total } = await this.store.reportPlanPage(auth.userId, b.userInfoId, b.status, (b.pageNum - 1) * b.pageSize, b.pageSize);
    return { list: rows.map((p) => this.reviewOut(p)), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }

  async reviewRecord(auth: AuthContext, b: In<typeof S.ReviewRecordBody>): Promise<{ list: ReportPlanItem[] }> {
    const userInfoId = b.userInfoId;
    await this.deps.family.requireMember(auth, userInfoId);
    const today = localDate(this.nowDate(), b.timeZone ?? REMIND_LIMITS.defaultTimeZone);
    return { list: (await this.store.upcomingReviews(auth.userId, userInfoId, today)).map((p) => this.reviewOut(p)) };
  }

  async reviewHisRecord(auth: AuthContext, b: In<typeof S.ReviewHisBody>): Promise<z.input<typeof S.ReportPlanPageRes>> {
    await this.deps.family.requireMember(auth, b.userInfoId);
    const today = localDate(this.nowDate(), b.timeZone ?? REMIND_LIMITS.defaultTimeZone);
    const { rows, total } = await this.store.pastReviews(auth.userId, b.userInfoId, today, (b.pageNum - 1) * b.pageSize, b.pageSize);
    return { list: rows.map((p) => this.reviewOut(p)), total, pageNum: b.pageNum, pageSize: b.pageSize };
  }
}
