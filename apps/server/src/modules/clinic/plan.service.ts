import type { z } from 'zod';
import { CLINIC_MSG, EXERCISE_FEEL, PLAN_LIMITS, nrsLabel, type ExerciseFeedbackReq, type SelfAssessReq } from '@chatdr/contract';
import type * as C from '@chatdr/contract';
import { dietAdvice, type DietRule } from '@chatdr/engine';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { DIET_GUIDE_2022, DIET_GUIDE_SOURCE } from '../health/guide.service.ts';
import type { ClinicService } from './clinic.service.ts';
import type { ClinicStore, PlanRow } from './clinic.store.ts';

type Out<T extends z.ZodType> = z.input<T>;
const DAY = 86_400_000;
const CST = 8 * 3600_000;
const dayOf = (ms: number) => new Date(ms + CST).toISOString().slice(0, 10);
const addDays = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY);
/** A pain self-assessment is due every this many days of the plan. */
const ASSESS_EVERY = 7;
/** NRS 7 or more: the notice asks the patient to tell the team. */
const PAIN_HIGH = 7;

interface Deps {
  store: ClinicStore;
  clinic: ClinicService;
  now: () => number;
}

/**
 * The rest of the plan calls (account-health §7 "Plan service"): stages, notices by date, pain
 * self-assessment (NRS-11 with body map), food list (the engine's sourced diet rules for the plan
 * and the member's conditions), questions answered from what the team wrote, recommended reading,
 * exercise completion and feedback, medicine taken. Every call goes through ClinicService.planOf
 * (the access policy: the caller's own plans only).
 */
export class PlanService {
  constructor(private readonly d: Deps) {}

  private today() {
    return dayOf(this.d.now());
  }

  private stages(p: PlanRow) {
    let start = p.startDate;
    const today = this.today();
    return p.stages.map((s, index) => {
      const endDate = addDays(start, s.days - 1);
      const out = { index, name: s.name, days: s.days, goal: s.goal, startDate: start, endDate, current: today >= start && today <= endDate };
      start = addDays(endDate, 1);
      return out;
    });
  }

  async stageList(auth: AuthContext, planId: number): Promise<Out<typeof C.StageListRes>> {
    return this.stages(await this.d.clinic.planOf(auth, planId));
  }

  async noticeByDate(auth: AuthContext, planId: number, date: string): Promise<Out<typeof C.NoticeByDateRes>> {
    const p = await this.d.clinic.planOf(auth, planId);
    if (!this.d.clinic.inPlan(p, date)) return [];
    const out: Out<typeof C.NoticeByDateRes> = [];
    const stages = this.stages(p);
    const stage = stages.find((s) => date >= s.startDate && date <= s.endDate);
    if (stage && stage.startDate === date) out.push({ kind: 'stage', text: `今天进入第${stage.index + 1}阶段「${stage.name}」${stage.goal ? `：${stage.goal}` : ''}` });
    const n = daysBetween(p.startDate, date);
    if (n > 0 && n % ASSESS_EVERY === 0) out.push({ kind: 'assess', text: '今天请做一次疼痛自评，结果会给康复团队参考' });
    const [latest] = await this.d.store.planRecords(p.id, 'assess', 1);
    const score = Number(latest?.data.painScore ?? -1);
    if (latest && score >= PAIN_HIGH && daysBetween(latest.day, date) >= 0 && daysBetween(latest.day, date) <= 2) out.push({ kind: 'pain', text: `最近一次疼痛自评为${score}分（${nrsLabel(score)}），请在问诊中告诉医生；疼痛剧烈或伴发热、伤口红肿请及时就医` });
    const day = await this.d.clinic.day(p, date);
    if (day.total > day.done) out.push({ kind: 'tasks', text: `今天还有${day.total - day.done}项任务未完成` });
    const last = stages[stages.length - 1];
    if (last && last.endDate === date) out.push({ kind: 'end', text: '今天是康复计划的最后一天，可以在问诊中和医生一起回顾' });
    return out;
  }

  async selfAssess(auth: AuthContext, v: z.output<typeof SelfAssessReq>): Promise<Out<typeof C.SelfAssessRes>> {
    const p = await this.d.clinic.planOf(auth, v.planId);
    if (v.painScore !== undefined) {
      const today = this.today();
      if (!this.d.clinic.inPlan(p, today)) throw fail('badRequest', { msg: CLINIC_MSG.notPlanDay });
      await this.d.store.addRecord({ planId: p.id, kind: 'assess', day: today, data: { painScore: v.painScore, areas: [...new Set(v.areas)], note: v.note }, at: new Date(this.d.now()) });
    }
    const list = (await this.d.store.planRecords(p.id, 'assess', PLAN_LIMITS.assessHistory)).map((r) => {
      const painScore = Number(r.data.painScore ?? 0);
      return { date: r.day, painScore, level: nrsLabel(painScore), areas: Array.isArray(r.data.areas) ? r.data.areas.map(String) : [], note: String(r.data.note ?? ''), at: r.at.toISOString() };
    });
    return { list, latest: list[0] ?? null };
  }

  /** The diet rules for the plan: conditions named in its title and advice, and the member's ongoing ones. */
  private async rules(p: PlanRow): Promise<DietRule[]> {
    const diseases = await this.d.store.diseaseNames(p.memberId);
    return dietAdvice({ text: `${p.title} ${p.foodAdvice}`, diseases }, 6).map((a) => a.rule);
  }

  private async foodPool(p: PlanRow): Promise<Array<Out<typeof C.FoodItem>>> {
    const rules = await this.rules(p);
    const pool: Array<Out<typeof C.FoodItem>> = rules.flatMap((r) => [
      ...r.recommend.map((name) => ({ name, kind: 'recommend' as const, condition: r.condition, source: r.source })),
      ...r.limit.map((name) => ({ name, kind: 'limit' as const, condition: r.condition, source: r.source })),
    ]);
    // Everyone's guideline after the condition rules (or alone when none matched).
    for (const name of DIET_GUIDE_2022) pool.push({ name, kind: 'principle', condition: '一般人群', source: DIET_GUIDE_SOURCE });
    return pool;
  }

  async foodList(auth: AuthContext, planId: number, refresh: boolean): Promise<Out<typeof C.FoodListRes>> {
    const p = await this.d.clinic.planOf(auth, planId);
    if (refresh) await this.d.store.addRecord({ planId: p.id, kind: 'food-refresh', day: this.today(), at: new Date(this.d.now()) });
    const pool = await this.foodPool(p);
    const batches = Math.max(1, Math.ceil(pool.length / PLAN_LIMITS.foodPage));
    const batch = (await this.d.store.countRecords(p.id, 'food-refresh')) % batches;
    return { foodAdvice: p.foodAdvice, batch: batch + 1, batches, items: pool.slice(batch * PLAN_LIMITS.foodPage, (batch + 1) * PLAN_LIMITS.foodPage) };
  }

  /** Questions a patient asks about a plan, answered with what the team wrote in it. */
  async questions(auth: AuthContext, v: { planId: number; pageNum: number; pageSize: number }): Promise<Out<typeof C.QuestionsRes>> {
    const p = await this.d.clinic.planOf(auth, v.planId);
    const plan = await this.d.clinic.currentStage(auth, p.id);
    const by = plan.plan?.doctorName ? `${plan.plan.doctorName}（康复团队）` : '康复团队';
    const all: Array<Out<typeof C.QuestionsRes>['list'][number]> = [];
    const stages = this.stages(p);
    all.push({ id: 'plan', question: '这个康复计划怎么安排？', answer: `「${p.title}」共${stages.length}个阶段，${stages[0]?.startDate ?? p.startDate} 至 ${stages[stages.length - 1]?.endDate ?? p.startDate}：${stages.map((s) => `${s.name}（${s.days}天）`).join('、')}。`, by });
    for (const s of stages) if (s.goal) all.push({ id: `stage-${s.index + 1}`, question: `第${s.index + 1}阶段「${s.name}」要达到什么目标？`, answer: `${s.goal}（${s.startDate} 至 ${s.endDate}）`, by });
    for (const t of p.tasks) if (t.detail) all.push({ id: `task-${t.taskId}`, question: `「${t.name}」怎么做？`, answer: t.detail, by });
    if (p.foodAdvice) all.push({ id: 'food', question: '饮食上要注意什么？', answer: p.foodAdvice, by });
    all.push({ id: 'pain', question: '训练后疼痛加重怎么办？', answer: '先停止当天训练并休息，在「疼痛自评」中记录评分和部位；评分7分及以上、疼痛持续不缓解，或伴发热、伤口红肿渗液，请在问诊中告诉医生或及时就医。', by: '康复团队' });
    const start = (v.pageNum - 1) * v.pageSize;
    return { total: all.length, list: all.slice(start, start + v.pageSize) };
  }

  private async articles(p: PlanRow): Promise<Array<Omit<Out<typeof C.Article>, 'read'>>> {
    const rules = await this.rules(p);
    const list = rules.map((r) => ({ id: r.id, title: `${r.condition}怎么吃`, summary: r.principles[0] ?? '', points: [...r.principles, ...r.limit.map((l) => `少吃或避免：${l}`)], source: r.source }));
    list.push({ id: 'diet-guide-2022', title: '中国居民膳食指南八条准则', summary: DIET_GUIDE_2022[0] ?? '', points: [...DIET_GUIDE_2022], source: DIET_GUIDE_SOURCE });
    return list;
  }

  async recommend(auth: AuthContext, planId: number, o: { refresh?: boolean; read?: string }): Promise<Out<typeof C.PlanRecommendRes>> {
    const p = await this.d.clinic.planOf(auth, planId);
    const pool = await this.articles(p);
    const at = new Date(this.d.now());
    if (o.read !== undefined) {
      if (!pool.some((a) => a.id === o.read)) throw fail('notFound', { msg: CLINIC_MSG.articleGone });
      const done = await this.d.store.planRecords(p.id, 'read');
      if (!done.some((r) => r.ref === o.read)) await this.d.store.addRecord({ planId: p.id, kind: 'read', day: this.today(), ref: o.read, at });
    }
    if (o.refresh) await this.d.store.addRecord({ planId: p.id, kind: 'read-refresh', day: this.today(), at });
    const batches = Math.max(1, Math.ceil(pool.length / PLAN_LIMITS.readPage));
    const batch = (await this.d.store.countRecords(p.id, 'read-refresh')) % batches;
    const read = new Set((await this.d.store.planRecords(p.id, 'read')).map((r) => r.ref));
    return { batch: batch + 1, list: pool.slice(batch * PLAN_LIMITS.readPage, (batch + 1) * PLAN_LIMITS.readPage).map((a) => ({ ...a, read: read.has(a.id) })) };
  }

  /** Checks in a task of one kind (exercise/complete, medicalTakeIn). */
  async doTask(auth: AuthContext, v: { planId: number; currentDate: string; taskId: string }, kind: 'exercise' | 'medicine'): Promise<Out<typeof C.DailyLifeRes>> {
    const p = await this.d.clinic.planOf(auth, v.planId);
    const t = p.tasks.find((x) => x.taskId === v.taskId);
    if (!t) throw fail('badRequest', { msg: CLINIC_MSG.taskGone });
    if (t.kind !== kind) throw fail('badRequest', { msg: kind === 'exercise' ? CLINIC_MSG.notExercise : CLINIC_MSG.notMedicine });
    return this.d.clinic.checkIn(auth, v);
  }

  async exerciseFeedback(auth: AuthContext, v: z.output<typeof ExerciseFeedbackReq>): Promise<Out<typeof C.ExerciseFeedbackRes>> {
    const p = await this.d.clinic.planOf(auth, v.planId);
    const t = p.tasks.find((x) => x.taskId === v.taskId);
    if (!t) throw fail('badRequest', { msg: CLINIC_MSG.taskGone });
    if (t.kind !== 'exercise') throw fail('badRequest', { msg: CLINIC_MSG.notExercise });
    if (!this.d.clinic.inPlan(p, v.currentDate) || v.currentDate > this.today()) throw fail('badRequest', { msg: CLINIC_MSG.notPlanDay });
    await this.d.store.addRecord({ planId: p.id, kind: 'feedback', day: v.currentDate, ref: v.taskId, data: { assessResult: v.assessResult, assessResultSub: [...new Set(v.assessResultSub)], assessDesc: v.assessDesc }, at: new Date(this.d.now()) });
    return (await this.d.store.planRecords(p.id, 'feedback', 200))
      .filter((r) => r.day === v.currentDate)
      .map((r) => {
        const res = Number(r.data.assessResult ?? 2) as 1 | 2 | 3;
        return { taskId: r.ref, date: r.day, assessResult: res, feel: EXERCISE_FEEL[res] ?? '', assessResultSub: Array.isArray(r.data.assessResultSub) ? r.data.assessResultSub.map(String) : [], assessDesc: String(r.data.assessDesc ?? ''), at: r.at.toISOString() };
      });
  }
}
