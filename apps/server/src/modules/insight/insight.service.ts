import { randomInt } from 'node:crypto';
import {
  CHAT_DEFAULT_QUESTIONS,
  DAY_PART_ZH,
  INSIGHT_LIMITS,
  dayPartOf,
  type IndicatorType,
  type MemberContext,
  type MemberDetail,
  type RecordInput,
} from '@chatdr/contract';
import type * as I from '@chatdr/contract';
import {
  HOSPITALS,
  checkRole,
  departmentByName,
  departmentFor,
  extract,
  findHospitals,
  resolveCity,
  triage,
  type AnswerEvent,
  type Department,
  type TriageLevel,
  type Who,
} from '@chatdr/engine';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { Access } from '../../access/access.ts';
import type { ChatService, DialogRow } from '../chat/chat.service.ts';
import { answerOnce, sceneInput } from '../chat/engine-adapter.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { MediaService } from '../media/index.ts';
import type { RateLimiter } from '../../providers/rate-limit.ts';
import type { TaskClickCounter } from './click-counter.ts';
import type { DoctorRow, IndicatorRow, InsightStore, UserEvaluationRow } from './insight.store.ts';
import {
  INDICATOR_RULES,
  chinaDay,
  chinaHour,
  commonCards,
  extra,
  hospitalItem,
  indicatorProblem,
  indicatorsOf,
  isObj,
  objs,
  personalCards,
  portrayTags,
  questionsFromText,
  str,
  strs,
} from './insight.rules.ts';

type Out<S extends z.ZodType> = z.input<S>;
type In<S extends z.ZodType> = z.output<S>;

const DAY = 86_400_000;
const LEVEL_ORDER: readonly TriageLevel[] = ['selfcare', 'routine', 'urgent', 'emergency'];
const RISK_OF: Readonly<Record<TriageLevel, number>> = { emergency: 3, urgent: 2, routine: 1, selfcare: 1 };
const LEVEL_TIP: Readonly<Record<TriageLevel, string>> = {
  emergency: '情况可能危急，请立即拨打120或尽快到最近医院急诊。',
  urgent: '建议今天内到医院就诊，不要拖延。',
  routine: '建议择期到医院门诊就诊，明确原因。',
  selfcare: '可先在家观察和自我照护，如症状加重或持续不缓解请及时就医。',
};
const SKILL_OF_SCENE: Readonly<Record<string, string>> = { 症状自查: 'zzzc', 用药咨询: 'yyjy', 报告解读: 'bgjd' };
const REPORT_SCENE = ['诊疗', '检查', '报告解读'] as const;

/** Home-page tasks: each one's done state comes from the user's own data. */
const TASKS = [
  { id: 'profile', title: '完善健康档案', desc: '补充既往病史、过敏史和长期用药，回答更贴合你的情况', path: '/user/mine' },
  { id: 'family', title: '添加家庭成员', desc: '为家人建立档案，一起管理全家健康', path: '/user/role' },
  { id: 'consult', title: '完成一次健康咨询', desc: '向晓医描述症状、用药或检查结果', path: '/' },
  { id: 'indicator', title: '记录一次健康指标', desc: '记录血压、血糖、体重等指标，跟踪变化', path: '/indicator/list' },
  { id: 'rate', title: '评价一次回答', desc: '告诉我们回答是否有帮助', path: '/' },
] as const;
type TaskId = (typeof TASKS)[number]['id'];

const WHO_ROLES: Readonly<Record<Exclude<Who, 'self' | 'other'>, readonly string[]>> = {
  child: ['ROLE_3000', 'ROLE_3100', 'boy', 'girl'],
  mother: ['ROLE_1100'],
  father: ['ROLE_1000'],
  spouse: ['ROLE_2000', 'ROLE_2100'],
  elder: ['ROLE_1000', 'ROLE_1100'],
};

export interface InsightDeps {
  store: InsightStore;
  access: Access;
  chat: ChatService;
  family: FamilyService;
  media: MediaService;
  /** Per-IP limit of logged-out task clicks. */
  limiter: RateLimiter;
  /** Logged-out task clicks, counted and written in batches. */
  clicks: TaskClickCounter;
  now: () => number;
}

/** Health profile in chat, chat extras, medical lookup, evaluation and home: rules and access checks. */
export class InsightService {
  private readonly store: InsightStore;
  private readonly access: Access;
  private readonly chat: ChatService;
  private readonly family: FamilyService;
  private readonly media: MediaService;
  private readonly limiter: RateLimiter;
  private readonly clicks: TaskClickCounter;
  private readonly now: () => number;

  constructor(deps: InsightDeps) {
    this.store = deps.store;
    this.access = deps.access;
    this.chat = deps.chat;
    this.family = deps.family;
    this.media = deps.media;
    this.limiter = deps.limiter;
    this.clicks = deps.clicks;
    this.now = deps.now;
  }

  // --- access helpers ---------------------------------------------------------------------------

  /** The caller's dialog of a question; another account's (or none) is 404 with nothing leaked. */
  private async dialogOf(auth: AuthContext, questionId: string): Promise<DialogRow> {
    await this.access.require(auth, 'chatQuestion', [questionId]);
    return this.access.found('chatQuestion', await this.chat.dialogByQuestion(questionId));
  }
  private async dialogById(auth: AuthContext, id: number): Promise<DialogRow> {
    await this.access.require(auth, 'chatDialog', [id]);
    return this.access.found('chatDialog', await this.chat.dialog(auth.userId, id));
  }
  /** The profile a dialog was answered with, when its member still exists (null otherwise). */
  private async contextOf(auth: AuthContext, memberId: number | null): Promise<MemberContext | null> {
    if (!memberId) return null;
    return this.family.memberContext(auth, memberId).catch(() => null);
  }
  private async members(auth: AuthContext): Promise<MemberDetail[]> {
    const all = await this.family.find(auth, undefined);
    return Array.isArray(all) ? all : [all];
  }
  private async selfMember(auth: AuthContext): Promise<MemberDetail | undefined> {
    return (await this.members(auth)).find((m) => m.isSelf);
  }

  // --- health profile in chat -------------------------------------------------------------------

  async portrayTags(auth: AuthContext, q: In<typeof I.PortrayTagQuery>): Promise<Out<typeof I.PortrayTagRes>> {
    const d = await this.dialogOf(auth, q.questionId);
    // The member asked for, else the one the dialog was answered for, else the one confirmed for its session.
    const memberId = q.userInfoId ?? d.userInfoId ?? (await this.store.confirmedMember(auth.userId, d.sessionId)) ?? null;
    if (!memberId) return { questionId: q.questionId, userInfoId: null, tags: [] };
    // An explicit member must be the caller's (404 otherwise); the dialog's own may have been deleted.
    const ctx = q.userInfoId ? await this.family.memberContext(auth, q.userInfoId) : await this.contextOf(auth, memberId);
    return { questionId: q.questionId, userInfoId: ctx ? memberId : null, tags: ctx ? portrayTags(ctx, d.question) : [] };
  }

  async saveIndicators(auth: AuthContext, b: In<typeof I.SaveIndicatorBody>): Promise<Out<typeof I.SaveIndicatorRes>> {
    const m = await this.family.requireMember(auth, b.userInfoId);
    const d = b.questionId ? await this.dialogOf(auth, b.questionId) : null;
    const inputs = b.indicators ?? (d ? indicatorsOf(extract(d.question, d.createdAt)) : []);
    if (inputs.length === 0) throw fail('badRequest', { msg: '问题中没有可保存的指标' });
    const now = this.now();
    const rows = inputs.map((x) => {
      const problem = indicatorProblem(x.type, x.value, x.value2);
      if (problem) throw fail('badRequest', { msg: problem });
      const at = 'measuredAt' in x && typeof x.measuredAt === 'number' ? x.measuredAt : (d?.createdAt.getTime() ?? now);
      if (at > now + 60_000) throw fail('badRequest', { msg: '测量时间不能晚于现在' });
      return {
        userId: auth.userId,
        memberId: m.id,
        type: x.type,
        value: x.value,
        value2: x.type === 'bloodPressure' ? (x.value2 ?? null) : null,
        unit: INDICATOR_RULES[x.type].unit,
        source: 'chat',
        questionId: d?.questionId ?? null,
        measuredAt: new Date(at),
      };
    });
    return (await this.store.insertIndicators(rows)).map(indicatorOut);
  }

  async recommend(auth: AuthContext, q: In<typeof I.RecommendQuery>): Promise<Out<typeof I.RecommendRes>> {
    const d = await this.dialogOf(auth, q.questionId);
    const x = d.extras;
    const list: Out<typeof I.RecommendRes>['list'] = [];
    const dept = str(extra(x, 'recommend', 'department')) ?? str(extra(x, 'conclusion', 'department'));
    if (dept) list.push({ type: 'department', name: dept, detail: departmentByName(dept)?.scope ?? null, reasons: [], scene: ['就医', '就医信息', '推荐科室'] });
    const dis = str(extra(x, 'recommend', 'disease'));
    if (dis) list.push({ type: 'condition', name: dis, detail: null, reasons: [], scene: [] });
    for (const c of objs(extra(x, 'conclusion', 'conditions'))) {
      const name = str(c.name);
      if (name && !list.some((l) => l.type === 'condition' && l.name === name)) list.push({ type: 'condition', name, detail: str(c.likelihood), reasons: [], scene: [] });
    }
    const drug = str(extra(x, 'recommend', 'drug'));
    if (drug) list.push({ type: 'drug', name: drug, detail: null, reasons: [], scene: [] });
    const hScene = strs(extra(x, 'hospitals', 'scene'));
    for (const h of objs(extra(x, 'hospitals', 'items'))) {
      const name = str(h.name);
      if (name) list.push({ type: 'hospital', name, detail: str(h.level), reasons: strs(h.reasons), scene: hScene });
    }
    const dScene = strs(extra(x, 'doctors', 'scene'));
    for (const doc of objs(extra(x, 'doctors', 'items'))) {
      const name = str(doc.name);
      if (name) list.push({ type: 'doctor', name, detail: [str(doc.title), str(doc.department), str(doc.hospital)].filter(Boolean).join(' · ') || null, reasons: [], scene: dScene });
    }
    // A hospital finder's answer (杭州哪家医院看心脏好) recommends hospitals first: they are what was
    // asked; its department (心血管内科) follows.
    const ordered = hScene.includes('推荐医院') ? [...list.filter((l) => l.type === 'hospital'), ...list.filter((l) => l.type !== 'hospital')] : list;
    return { questionId: q.questionId, list: ordered.slice(0, q.topNum) };
  }

  async risk(auth: AuthContext, questionId: string): Promise<Out<typeof I.RiskRes>> {
    const d = await this.dialogOf(auth, questionId);
    const ctx = await this.contextOf(auth, d.userInfoId);
    const stored = str(extra(d.extras, 'triage', 'level'));
    const storedLevel = LEVEL_ORDER.find((l) => l === stored) ?? null;
    // The red flags of the question (the stored level is never lowered).
    const t = d.question.trim() ? triage(d.question, ctx ?? undefined, d.createdAt) : null;
    const levels = [storedLevel, t && t.matched.length ? t.level : null].filter((l): l is TriageLevel => l !== null);
    const level = levels.length ? levels.reduce((a, b) => (LEVEL_ORDER.indexOf(b) > LEVEL_ORDER.indexOf(a) ? b : a)) : (t?.level ?? null);
    const actions = t ? [...t.actions] : [];
    return {
      questionId,
      level,
      riskLevel: level ? RISK_OF[level] : 0,
      redFlags: t ? t.matched.map((m) => ({ ruleId: m.ruleId, name: m.name, level: m.level })) : [],
      actions,
      department: t?.department ?? str(extra(d.extras, 'recommend', 'department')),
      tips: level ? [LEVEL_TIP[level]] : [],
    };
  }

  /** Scene codes of a question by the engine; never fails (an error gives an empty list). */
  async scenes(question: string): Promise<Out<typeof I.SceneRes>> {
    if (!question.trim()) return [];
    try {
      const events = await answerOnce(sceneInput(question));
      const intent = events.find((e): e is Extract<AnswerEvent, { type: 'intent' }> => e.type === 'intent')?.intent ?? null;
      const out: Out<typeof I.SceneRes> = [];
      const add = (path: readonly string[]) => {
        const code = path.join('-');
        if (!out.some((s) => s.code === code)) out.push({ path: [...path], code, intent });
      };
      for (const e of events) {
        if (e.type === 'scene') add(e.path);
        else if (e.type === 'hospitals' || e.type === 'doctors') add(e.scene);
      }
      return out;
    } catch {
      return [];
    }
  }

  async healthRate(auth: AuthContext, userInfoId: number): Promise<Out<typeof I.HealthRateRes>> {
    const state = await this.family.recordState(auth, userInfoId);
    const [uses, indicators] = await Promise.all([this.chat.countDialogs(auth.userId, { memberId: userInfoId }), this.store.countIndicators(auth.userId, userInfoId)]);
    const { percent, ...progress } = state;
    return { userInfoId, healthRate: percent, usePersonasCount: uses, userDataProgress: progress, indicatorCount: indicators };
  }

  async confirmRole(auth: AuthContext, b: In<typeof I.ConfirmRoleBody>): Promise<Out<typeof I.ConfirmRoleRes>> {
    const m = await this.family.requireMember(auth, b.userInfoId);
    if (b.questionId) await this.dialogOf(auth, b.questionId);
    if (b.sessionId) await this.access.require(auth, 'chatSession', [b.sessionId]);
    const r = await this.store.confirmRole({ userId: auth.userId, memberId: m.id, sessionId: b.sessionId ?? '', questionId: b.questionId ?? '', at: new Date(this.now()) });
    return { userInfoId: m.id, sessionId: r.sessionId || null, questionId: r.questionId || null, roleName: m.roleName, name: m.name, confirmTime: r.confirmedAt.getTime() };
  }

  /**
   * Which member a question is about: the engine's `who` matched against the account's members by
   * role, sex and age (a member's name in the text counts first). Result type: 1 self, 2 one
   * member, 3 several, 4 none in the family, 5 someone outside the family, 6 nobody named.
   */
  async roleByQuestion(auth: AuthContext, b: In<typeof I.RoleByQuestionBody>): Promise<Out<typeof I.RoleByQuestionRes>> {
    // The member being consulted: the one given, else the one confirmed for the question's session.
    if (b.questionId) await this.access.require(auth, 'chatQuestionNotOthers', [b.questionId]);
    const dialog = b.questionId ? await this.chat.dialogByQuestion(b.questionId) : undefined;
    const confirmed = !b.userInfoId && dialog ? await this.store.confirmedMember(auth.userId, dialog.sessionId) : undefined;
    const currentId = b.userInfoId ?? confirmed;
    const current = currentId ? await (b.userInfoId ? this.family.memberContext(auth, currentId) : this.contextOf(auth, currentId)) : null;
    const members = await this.members(auth);
    const ex = extract(b.question, new Date(this.now()));
    const who = ex.who;
    const cand = (m: MemberDetail) => ({ userInfoId: m.id, name: m.name, roleName: m.roleName, roleCode: m.roleCode, sex: m.sex, age: m.age });
    const self = members.find((m) => m.isSelf);
    const byName = members.filter((m) => !m.isSelf && m.name.length >= 2 && b.question.includes(m.name));
    const currentRow = current ? members.find((m) => m.id === current.userInfoId) : undefined;
    const check = checkRole(who, current);
    if (who === null) {
      if (byName.length === 1 && byName[0]) return { who, type: 2, roleStatus: 0, member: cand(byName[0]), candidates: [cand(byName[0])], text: null };
      return { who, type: 6, roleStatus: 0, member: currentRow ? cand(currentRow) : null, candidates: [], text: null };
    }
    if (who === 'self') return { who, type: 1, roleStatus: 0, member: self ? cand(self) : null, candidates: self ? [cand(self)] : [], text: null };
    if (who === 'other') return { who, type: 5, roleStatus: -4, member: null, candidates: [], text: check?.text ?? null };
    let matches = members.filter((m) => !m.isSelf && fitsWho(who, m));
    if (who === 'child' && ex.sexHint) {
      const bySex = matches.filter((m) => m.sex === ex.sexHint);
      if (bySex.length) matches = bySex;
    }
    const named = matches.filter((m) => byName.includes(m));
    if (named.length) matches = named;
    // The member being consulted already fits: keep it.
    if (currentRow && !currentRow.isSelf && check === null && matches.some((m) => m.id === currentRow.id)) return { who, type: 2, roleStatus: 0, member: cand(currentRow), candidates: matches.map(cand), text: null };
    if (matches.length === 1 && matches[0]) return { who, type: 2, roleStatus: 0, member: cand(matches[0]), candidates: [cand(matches[0])], text: null };
    const status = check?.status ?? -1;
    if (matches.length > 1) return { who, type: 3, roleStatus: status, member: null, candidates: matches.map(cand), text: check?.text ?? '请选择这次咨询的家庭成员' };
    return { who, type: 4, roleStatus: status, member: null, candidates: [], text: check?.text ?? '家庭成员中没有对应的人，可以先添加TA' };
  }

  /** Records named on the member's understood images (diseases, medicines, allergies, surgeries) join their profile. */
  async addHistoryByImage(auth: AuthContext, b: In<typeof I.AddHistoryByImageBody>): Promise<Out<typeof I.AddHistoryByImageRes>> {
    await this.family.requireMember(auth, b.userInfoId);
    const ids = [...new Set(b.inputMediaIds)];
    await this.access.require(auth, 'media', ids);
    const inputs: RecordInput[] = [];
    for (const id of ids) {
      const ocr = await this.media.ocrOf(auth.userId, id);
      if (!ocr) throw fail('notFound', { msg: '资料不存在或尚未识别' });
      const ex = extract([ocr.title ?? '', ocr.text].join('\n'));
      for (const d of ex.diseases) if (!d.negated) inputs.push({ type: 'disease', name: d.name, code: d.id });
      for (const d of ex.drugs) if (!d.negated) inputs.push({ type: 'medicine', name: d.name, code: d.id });
      if (ocr.drug?.drugName) inputs.push({ type: 'medicine', name: ocr.drug.drugName, code: ocr.drug.drugId });
      for (const a of ex.allergens) if (!a.negated) inputs.push({ type: 'allergy', name: a.name, code: a.id });
      for (const s of ex.surgeries) if (!s.negated) inputs.push({ type: 'surgery', name: s.name, code: s.id });
    }
    const saved = inputs.length ? await this.family.batchSave(auth, b.userInfoId, inputs, 'report') : [];
    return { added: saved.map((r) => ({ id: r.id, type: r.type, name: r.name })), found: new Set(inputs.map((i) => `${i.type}:${i.name}`)).size };
  }

  async sessionByMedia(auth: AuthContext, inputMediaId: string): Promise<Out<typeof I.SessionByMediaRes>> {
    const d = this.access.found('chatDialog', await this.chat.dialogByMedia(auth.userId, inputMediaId));
    return { inputMediaId, sessionId: d.sessionId, dialInId: d.id, questionId: d.questionId };
  }

  // --- chat extras ------------------------------------------------------------------------------

  /** Up to 3 questions: the answer's follow-ups, else from the typed text, else the member's diseases, else defaults. */
  async recommendQuestions(auth: AuthContext, b: In<typeof I.RecommendQuestionsBody>): Promise<string[]> {
    const out: string[] = [];
    if (b?.dialInId) out.push(...strs(extra((await this.dialogById(auth, b.dialInId)).extras, 'followUps', 'questions')));
    if (b?.question?.trim()) out.push(...questionsFromText(b.question));
    if (b?.userInfoId) {
      const ctx = await this.family.memberContext(auth, b.userInfoId);
      for (const d of ctx.diseases.filter((x) => x.ongoing).slice(0, 2)) out.push(`${d.name}平时需要注意什么？`);
      if (ctx.pregnant) out.push('孕期哪些药不能吃？');
    }
    out.push(...CHAT_DEFAULT_QUESTIONS);
    return [...new Set(out)].slice(0, 3);
  }

  async wsConnectLog(auth: AuthContext, b: In<typeof I.WsConnectLogBody>, headerDevice: string | null): Promise<Out<typeof I.WsConnectLogRes>> {
    const id = await this.store.insertWsLog({
      userId: auth.userId,
      event: b.event,
      deviceType: b.deviceType ?? headerDevice,
      reason: b.reason ?? null,
      attempt: b.attempt ?? null,
      durationMs: b.durationMs ?? null,
      networkType: b.networkType ?? null,
      at: new Date(this.now()),
    });
    return { id };
  }

  /** Scenes recognised for a question with its images or OCR data (report → 报告解读). */
  async activeScenes(auth: AuthContext, b: In<typeof I.ActiveScenesBody>): Promise<Out<typeof I.ActiveScenesRes>> {
    if (b.questionId) {
      // A question not asked yet is fine; another account's is not.
      await this.access.require(auth, 'chatQuestionNotOthers', [b.questionId]);
    }
    const scenes = await this.scenes(b.question);
    const hasReport = (b.imageIds?.length ?? 0) > 0 || (b.ocrData !== undefined && b.ocrData !== null && b.ocrData !== '');
    if (hasReport && !scenes.some((s) => s.code === REPORT_SCENE.join('-'))) scenes.unshift({ path: [...REPORT_SCENE], code: REPORT_SCENE.join('-'), intent: '指标解读' });
    const first = scenes[0];
    return { scenes, command: first ? (SKILL_OF_SCENE[first.path[2] ?? ''] ?? null) : null };
  }

  async activeInquiry(auth: AuthContext, b: In<typeof I.ActiveInquiryBody>): Promise<Out<typeof I.ActiveInquiryRes>> {
    const d = await this.dialogOf(auth, b.questionId);
    const questions = strs(extra(d.extras, 'followUps', 'questions')).slice(0, 3);
    const iv = d.extras.interview;
    const interview = isObj(iv) && typeof iv.question === 'string' && typeof iv.step === 'number' && typeof iv.max === 'number' ? { step: iv.step, max: iv.max, question: iv.question } : null;
    const fromText = questions.length || interview ? [] : questionsFromText(d.question);
    return { questionId: d.questionId, dialInId: d.id, inquiry: interview?.question ?? questions[0] ?? fromText[0] ?? null, questions: questions.length ? questions : fromText, interview };
  }

  welcome(hour: number | undefined): Out<typeof I.WelcomeRes> {
    const part = dayPartOf(hour ?? chinaHour(this.now()));
    return {
      dayPart: part,
      greeting: `${DAY_PART_ZH[part]}好，我是晓医，你的 AI 健康助手`,
      intro: '我学习了医学书籍和诊疗指南，可以帮你做症状自查、用药咨询、报告解读，也能推荐就诊科室和医院。',
      questions: CHAT_DEFAULT_QUESTIONS.slice(0, 3),
    };
  }

  // --- medical lookup ---------------------------------------------------------------------------

  hospitals(b: In<typeof I.HospitalsBody>): Out<typeof I.HospitalsRes> {
    const city = b.city ? resolveCity(b.city) : b.province ? resolveCity(b.province) : null;
    const kw = b.keyword?.trim() ?? '';
    // A city the directory does not know has no hospitals; no city and no keyword is a bad request.
    if ((b.city || b.province) && !city && !kw) return { city: null, list: [] };
    if (!city && !kw) throw fail('badRequest', { msg: '请选择城市或输入医院名称' });
    const matchesKw = (h: (typeof HOSPITALS)[number]) => !kw || [h.name, ...h.aliases, h.address ?? '', h.district ?? '', ...h.strongDepartments].some((s) => s.includes(kw));
    if (city) {
      const found = findHospitals({ city, district: b.district ?? null, department: b.department ?? null, ageYears: b.ageYears ?? null, pregnant: b.pregnant ?? false, limit: kw ? HOSPITALS.length : b.limit });
      return { city, list: found.filter((m) => matchesKw(m.hospital)).slice(0, b.limit).map((m) => hospitalItem(m.hospital, m.reasons)) };
    }
    const dept = b.department ? departmentByName(b.department)?.name : undefined;
    const list = HOSPITALS.filter((h) => matchesKw(h) && (!dept || h.strongDepartments.includes(dept)));
    return { city: null, list: list.slice(0, b.limit).map((h) => hospitalItem(h)) };
  }

  queryHospital(b: In<typeof I.QueryHospitalBody>): Out<typeof I.HospitalsRes> {
    const city = b.city ? resolveCity(b.city) : null;
    const kw = b.keyword;
    const exact = HOSPITALS.filter((h) => (!city || h.city === city) && (h.name === kw || h.aliases.includes(kw)));
    const partial = HOSPITALS.filter((h) => (!city || h.city === city) && !exact.includes(h) && [h.name, ...h.aliases].some((s) => s.includes(kw)));
    return { city, list: [...exact, ...partial].slice(0, b.limit).map((h) => hospitalItem(h)) };
  }

  async medicalQuery(auth: AuthContext, b: In<typeof I.MedicalQueryBody>): Promise<Out<typeof I.MedicalQueryRes>> {
    const ctx = b.userInfoId ? await this.family.memberContext(auth, b.userInfoId) : null;
    const member = ctx ? { age: ctx.age, sex: ctx.sex, pregnant: ctx.pregnant } : undefined;
    const named = departmentByName(b.keyword);
    const advice = named ? { department: named.name, reason: named.scope, alternatives: [] as readonly string[] } : departmentFor(b.keyword, member);
    const dept = departmentByName(advice.department);
    const city = b.city ? resolveCity(b.city) : resolveCity(b.keyword);
    const hospitals = city ? findHospitals({ city, district: b.district ?? null, department: advice.department, ageYears: ctx?.age ?? null, pregnant: ctx?.pregnant ?? false, limit: 5 }).map((m) => hospitalItem(m.hospital, m.reasons)) : [];
    return {
      department: dept ? deptItem(dept) : { name: advice.department, scope: '', source: '' },
      reason: advice.reason,
      alternatives: advice.alternatives.map((n) => departmentByName(n)).filter((d): d is Department => d !== undefined).map(deptItem),
      city,
      hospitals,
    };
  }

  /** The operator's doctors by department (name or alias) and keyword. */
  async queryDoctors(b: In<typeof I.QueryDoctorBody>): Promise<Out<typeof I.QueryDoctorRes>> {
    const page = b?.page ?? 1;
    const size = b?.size ?? 10;
    const dep = b?.department?.trim();
    const known = dep ? departmentByName(dep) : undefined;
    const departments = dep ? [...new Set([dep, ...(known ? [known.name, ...known.aliases] : [])])] : undefined;
    const { rows, total } = await this.store.doctors({ ...(departments ? { departments } : {}), ...(b?.keyword?.trim() ? { keyword: b.keyword.trim() } : {}), ...(b?.hospital?.trim() ? { hospital: b.hospital.trim() } : {}), page, size });
    return { list: rows.map(doctorOut), total, page, size };
  }

  // Admin (CLI) ------------------------------------------------------------------------------------
  async addDoctor(v: { name: string; title: string; department: string; hospital: string; intro?: string }): Promise<Out<typeof I.DoctorItem>> {
    const clean = (s: string, what: string, max: number) => {
      const t = s.trim();
      if (!t || t.length > max) throw fail('badRequest', { msg: `${what}需为1-${max}个字` });
      return t;
    };
    const department = clean(v.department, '科室', 30);
    const row = await this.store.insertDoctor({
      name: clean(v.name, '姓名', 30),
      title: clean(v.title, '职称', 30),
      department: departmentByName(department)?.name ?? department,
      hospital: clean(v.hospital, '医院', 60),
      intro: (v.intro ?? '').trim().slice(0, 500),
    });
    return doctorOut(row);
  }
  async listDoctors(): Promise<Array<Out<typeof I.DoctorItem>>> {
    return (await this.store.doctors({ page: 1, size: 10_000 })).rows.map(doctorOut);
  }
  removeDoctor(id: number): Promise<boolean> {
    return this.store.deleteDoctor(id);
  }

  // --- evaluation -------------------------------------------------------------------------------

  async evaluate(auth: AuthContext, b: In<typeof I.EvaluateBody>): Promise<Out<typeof I.EvaluateRes>> {
    const d = await this.dialogById(auth, b.dialInId);
    if (d.status === 1) throw fail('badRequest', { msg: '回答完成后才能评价' });
    const r = await this.store.upsertAnswerEvaluation({ userId: auth.userId, dialogId: d.id, score: b.score, comment: (b.comment ?? '').trim(), tags: b.tags ?? [], at: new Date(this.now()) });
    return { dialInId: d.id, score: r.score, comment: r.comment, tags: r.tags, updateTime: r.updatedAt.getTime() };
  }

  private evalRow(auth: AuthContext): Promise<UserEvaluationRow> {
    // A new user's rating dialog comes after a random 2–7 dial-ins (chat-core §4).
    return this.store.ensureUserEvaluation(auth.userId, randomInt(INSIGHT_LIMITS.evaNewUserMin, INSIGHT_LIMITS.evaNewUserMax + 1));
  }

  async userEvaluationState(auth: AuthContext): Promise<Out<typeof I.UserEvaluationState>> {
    return evaluationState(await this.evalRow(auth));
  }

  async saveUserEvaluation(auth: AuthContext, b: In<typeof I.UserEvaluationBody>): Promise<Out<typeof I.UserEvaluationState>> {
    await this.evalRow(auth);
    const r = await this.store.updateUserEvaluation(auth.userId, { score: b.score, content: (b.content ?? '').trim(), tags: b.tags ?? [], evaluatedAt: new Date(this.now()) });
    if (!r) throw fail('notFound');
    return evaluationState(r);
  }

  /**
   * The rating-dialog rules of chat-core §4: after a random 2–7 completed dial-ins for a new user
   * (never shown the dialog), otherwise after 17, counted since it was last shown; never within 15
   * days of the last time nor twice a day. The end of a symptom consultation or report reading
   * (`trigger=conclusion`) shows it without waiting for the count, the quiet periods still apply.
   */
  async evaCondition(auth: AuthContext, trigger: 'dialIn' | 'conclusion' | undefined): Promise<Out<typeof I.EvaCondition>> {
    const row = await this.evalRow(auth);
    const now = this.now();
    const last = row.lastEjectAt?.getTime() ?? null;
    const dialInCount = await this.chat.countDialogs(auth.userId, { since: row.lastEjectAt, completeOnly: true });
    const ejectFlag15Day = last !== null && now - last < INSIGHT_LIMITS.evaQuietDays * DAY;
    const ejectFlagToday = last !== null && chinaDay(last) === chinaDay(now);
    const isNewUser = row.ejectCount === 0;
    const threshold = isNewUser ? row.threshold : INSIGHT_LIMITS.evaRegular;
    const due = trigger === 'conclusion' ? dialInCount >= 1 : dialInCount >= threshold;
    return { isNewUser, ejectFlag15Day, ejectFlagToday, dialInCount, threshold, show: due && !ejectFlag15Day && !ejectFlagToday };
  }

  /** The rating dialog was shown: the count starts again and the quiet periods begin. */
  async setEjectFlag(auth: AuthContext): Promise<Out<typeof I.EvaCondition>> {
    const row = await this.evalRow(auth);
    await this.store.updateUserEvaluation(auth.userId, { lastEjectAt: new Date(this.now()), ejectCount: row.ejectCount + 1, threshold: INSIGHT_LIMITS.evaRegular });
    return this.evaCondition(auth, undefined);
  }

  /** The app-store rating popup: not once the user scored, nor within 15 days of the last popup or "later". */
  async appEvaluateRecord(auth: AuthContext): Promise<Out<typeof I.AppEvaluateRecord>> {
    const [last, scored] = await Promise.all([this.store.lastAppEvaluate(auth.userId), this.store.hasAppScore(auth.userId)]);
    const quiet = last !== undefined && this.now() - last.at.getTime() < INSIGHT_LIMITS.appRateQuietDays * DAY;
    const action = last ? (['pop', 'score', 'cancel'] as const).find((a) => a === last.actionType) ?? null : null;
    return { status: !scored && !quiet, lastActionType: action, lastScore: last?.score ?? null, lastTime: last ? last.at.getTime() : null };
  }

  async saveAppEvaluate(auth: AuthContext, b: In<typeof I.AppEvaluateBody>): Promise<Out<typeof I.AppEvaluateRecord>> {
    await this.store.insertAppEvaluate({ userId: auth.userId, actionType: b.actionType, score: b.actionType === 'score' ? (b.score ?? null) : null, at: new Date(this.now()) });
    return this.appEvaluateRecord(auth);
  }

  // --- home -------------------------------------------------------------------------------------

  async taskList(auth: AuthContext): Promise<Out<typeof I.TaskListRes>> {
    const members = await this.members(auth);
    const self = members.find((m) => m.isSelf);
    const [state, dialogs, indicators, clicked, rated] = await Promise.all([
      self ? this.family.recordState(auth, self.id) : null,
      this.chat.countDialogs(auth.userId, { completeOnly: true }),
      this.store.countIndicatorsOfUser(auth.userId),
      this.store.clickedTasks(auth.userId, TASKS.map((t) => t.id)),
      this.store.answerEvaluationCount(auth.userId),
    ]);
    const done: Record<TaskId, boolean> = { profile: (state?.percent ?? 0) >= 60, family: members.length > 1, consult: dialogs > 0, indicator: indicators > 0, rate: rated > 0 };
    return TASKS.map((t) => ({ ...t, done: done[t.id], clicked: clicked.has(t.id) }));
  }

  /**
   * A click on a home task. A user's first click per task is stored (what taskList shows); a
   * logged-out click is only counted (in memory, written in batches) and limited per client IP,
   * so that unauthenticated requests cannot grow a table.
   */
  async clickTask(auth: AuthContext | null, id: string, ip: string): Promise<Out<typeof I.ClickTaskRes>> {
    if (!TASKS.some((t) => t.id === id)) throw fail('notFound', { msg: '任务不存在' });
    if (auth) {
      await this.store.insertTaskClickOnce(auth.userId, id, new Date(this.now()));
    } else {
      if ((await this.limiter.hit(`click:ip:${ip}`, 60_000)) > INSIGHT_LIMITS.publicClicksPerIpPerMinute) throw fail('tooManyRequests');
      this.clicks.add(id);
    }
    return { id, clicked: true };
  }

  /** Writes the logged-out clicks counted so far (also done every INSIGHT_LIMITS.taskClickFlushMs and at close). */
  flushTaskClicks(): Promise<void> {
    return this.clicks.flush();
  }

  /** Knowledge cards for the member's ongoing diseases (and pregnancy), topped up with common ones. */
  async knowledge(auth: AuthContext, userInfoId: number | undefined, limit: number): Promise<Out<typeof I.KnowledgeRes>> {
    const id = userInfoId ?? (await this.selfMember(auth))?.id;
    const ctx = id ? await this.family.memberContext(auth, id) : null;
    const mine = ctx ? personalCards(ctx, limit) : [];
    const common = commonCards(limit - mine.length, new Set(mine.map((c) => c.id))).map((c, i) => ({ ...c, source: { ...c.source, index: mine.length + i + 1 } }));
    return [...mine, ...common];
  }

  commonKnowledge(limit: number): Out<typeof I.KnowledgeRes> {
    return commonCards(limit);
  }

  /** Disease history the engine extracts from a dialog's question, marked when already on the profile. */
  async diseaseHistory(auth: AuthContext, dialInId: number): Promise<Out<typeof I.DiseaseHistoryRes>> {
    const d = await this.dialogById(auth, dialInId);
    const ctx = await this.contextOf(auth, d.userInfoId);
    const ex = extract(d.question, d.createdAt);
    const has = (names: string[], n: string) => names.includes(n);
    const uniq = <T extends { name: string }>(xs: T[]) => xs.filter((x, i) => xs.findIndex((y) => y.name === x.name) === i);
    const dis = ctx?.diseases.map((x) => x.name) ?? [];
    const meds = ctx?.medicines.map((x) => x.name) ?? [];
    const alls = ctx?.allergies.map((x) => x.name) ?? [];
    const surg = ctx?.surgeries ?? [];
    const longest = ex.durations.reduce<(typeof ex.durations)[number] | null>((a, b) => (a === null || b.days > a.days ? b : a), null);
    return {
      dialInId: d.id,
      userInfoId: ctx ? d.userInfoId : null,
      diseases: uniq(ex.diseases.filter((x) => !x.negated).map((x) => ({ name: x.name, code: x.id, inProfile: has(dis, x.name) }))),
      symptoms: uniq(ex.symptoms.filter((x) => !x.negated).map((x) => ({ name: x.name, code: x.id, severe: x.severe }))),
      drugs: uniq(ex.drugs.filter((x) => !x.negated).map((x) => ({ name: x.name, code: x.id, inProfile: has(meds, x.name) }))),
      allergies: uniq(ex.allergens.filter((x) => !x.negated).map((x) => ({ name: x.name, code: x.id, inProfile: has(alls, x.name) }))),
      surgeries: uniq(ex.surgeries.filter((x) => !x.negated).map((x) => ({ name: x.name, code: x.id, inProfile: has(surg, x.name) }))),
      duration: longest?.text ?? null,
    };
  }
}

function fitsWho(who: Exclude<Who, 'self' | 'other'>, m: MemberDetail): boolean {
  if (WHO_ROLES[who].includes(m.roleCode)) return who !== 'elder' || m.age === null || m.age >= 50;
  // USER_ROLE_OTHER members: by age and sex.
  if (m.roleCode !== 'ROLE_4000') return false;
  const age = m.age;
  if (who === 'child') return age !== null && age < 18;
  if (who === 'elder') return age !== null && age >= 50;
  return false;
}

function indicatorOut(r: IndicatorRow): Out<typeof I.IndicatorRecord> {
  return { id: r.id, userInfoId: r.memberId, type: r.type as IndicatorType, value: r.value, value2: r.value2, unit: r.unit, source: r.source, questionId: r.questionId, measuredAt: r.measuredAt.getTime() };
}

function doctorOut(r: DoctorRow): Out<typeof I.DoctorItem> {
  return { id: r.id, name: r.name, title: r.title, department: r.department, hospital: r.hospital, intro: r.intro };
}

function deptItem(d: Department): Out<typeof I.DepartmentItem> {
  return { name: d.name, scope: d.scope, source: d.source };
}

function evaluationState(r: UserEvaluationRow): Out<typeof I.UserEvaluationState> {
  const evaluated = r.evaluatedAt !== null;
  return { state: !evaluated, evaluated, score: r.score, content: r.content, tags: r.tags, updateTime: r.evaluatedAt?.getTime() ?? null };
}
