import {
  LIMITS,
  MSG,
  ROLES,
  ROLE_TAG_OTHER,
  SELF_ROLE,
  ageInYears,
  bmiClassOf,
  bmiOf,
  buildMemberContext,
  exactAge,
  type HealthRecord,
  type HealthSummary,
  type Member,
  type MemberContext,
  type MemberDetail,
  type Menstrual,
  type PersonalRecord,
  type RecordInput,
  type RecordCheckWarning,
  type RecordState,
  type RecordType,
  type RecordDetailFields,
  RECORD_TYPES,
} from '@chatdr/contract';
import type { MemberEditReq as MemberEditSchema, MemberSaveReq as MemberSaveSchema } from '@chatdr/contract';
import { suggest, templates, type LexiconKind } from '@chatdr/engine';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { Access } from '../../access/access.ts';
import type { ChangeBus } from '../../providers/change-bus.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { toMember } from '../account/account.service.ts';
import type { FamilyStore, MemberRow, RecordRow } from './family.store.ts';
import { checkRecords } from './record-check.ts';

/** Members an account may keep, the account holder included. */
export const MAX_MEMBERS = 20;

const AVATAR: Record<string, string> = { ROLE_1000: 'father', ROLE_1100: 'mother', ROLE_2000: 'husband', ROLE_2100: 'wife', ROLE_3000: 'son', ROLE_3100: 'daughter', boy: 'boy', girl: 'girl', ROLE_4000: 'other' };
/** Avatar key of a member: by role; the account holder by sex. */
export function avatarOf(m: Pick<MemberRow, 'roleCode' | 'isSelf' | 'sex'>): string {
  if (m.isSelf) return m.sex === 'M' ? 'self-male' : m.sex === 'F' ? 'self-female' : 'self';
  return AVATAR[m.roleCode] ?? 'other';
}

const roleOf = (code: string) => ROLES.find((r) => r.roleCode === code);
const isSex = (s: unknown): s is 'M' | 'F' => s === 'M' || s === 'F';

/** Record type → the lexicon its names come from. */
const LEXICON_OF: Record<RecordType, LexiconKind[]> = { disease: ['disease'], familyHistory: ['disease'], allergy: ['allergen'], medicine: ['drug'], surgery: ['surgery'], maternity: [] };

/** Figures of a member's health page that other modules own (blood pressure, indicators, files…); the member is the caller's own. */
export type HealthFigures = (auth: AuthContext, memberId: number) => Promise<Partial<HealthSummary>>;

export class FamilyService {
  private readonly figures: HealthFigures[] = [];

  /** userHealthPageState.orderCnt: the member's orders (set by the app from modules/pkg). */
  orderCount: (userId: number, memberId: number) => Promise<number> = async () => 0;
  constructor(private readonly store: FamilyStore, private readonly access: Access, private readonly audit: AuditService, private readonly bus: ChangeBus, private readonly now: () => number = Date.now) {}

  /** Adds a source of health-page figures (modules built after this one register theirs at start-up). */
  addHealthFigures(f: HealthFigures): void {
    this.figures.push(f);
  }

  private changed(userId: number) {
    return this.bus.userChanged(userId);
  }

  /** The member, if it belongs to the caller's account; otherwise 404 with nothing leaked. */
  async requireMember(auth: AuthContext, id: number): Promise<MemberRow> {
    await this.access.require(auth, 'member', [id]);
    return this.access.found('member', await this.store.member(auth.userId, id));
  }

  private async memberOrSelf(auth: AuthContext, id: number | undefined): Promise<MemberRow> {
    if (id) return this.requireMember(auth, id);
    return this.access.found('member', await this.store.selfMember(auth.userId));
  }

  detail(m: MemberRow): MemberDetail {
    const now = new Date(this.now());
    const bmi = bmiOf(m.height, m.weight);
    const sex = isSex(m.sex) ? m.sex : null;
    return {
      ...toMember(m, now),
      sex,
      isSelf: m.isSelf,
      smoking: (m.smoking as MemberDetail['smoking']) ?? null,
      drinking: (m.drinking as MemberDetail['drinking']) ?? null,
      specialPeriod: (m.specialPeriod as MemberDetail['specialPeriod']) ?? null,
      pregnancyWeek: m.pregnancyWeek,
      menstrual: (m.menstrual as Menstrual | null) ?? null,
      bmi,
      bmiResult: bmiClassOf(bmi, exactAge(m.birthDate, now), sex),
    };
  }

  private async checkNickname(auth: AuthContext, name: string, roleCode: string, exceptId?: number): Promise<void> {
    if (!this.audit.nicknameAllowed(name)) throw fail('nicknameBlocked');
    if (await this.store.nameTaken(auth.userId, roleCode, name, exceptId)) throw fail('nicknameTaken');
  }

  /** Lifestyle fields are only kept where they make sense (pregnancy week with pregnancy, women's fields for women). */
  private lifestylePatch(v: z.output<typeof MemberEditSchema>, sex: 'M' | 'F' | null) {
    const patch: Partial<MemberRow> = {};
    if (v.smoking !== undefined) patch.smoking = v.smoking;
    if (v.drinking !== undefined) patch.drinking = v.drinking;
    if (v.specialPeriod !== undefined) {
      if (v.specialPeriod && v.specialPeriod !== 'none' && sex !== 'F') throw fail('badRequest', { msg: '特殊时期仅适用于女性' });
      patch.specialPeriod = v.specialPeriod;
      if (v.specialPeriod !== 'pregnancy') patch.pregnancyWeek = null;
    }
    if (v.pregnancyWeek !== undefined && (v.specialPeriod ?? null) === 'pregnancy') patch.pregnancyWeek = v.pregnancyWeek;
    if (v.menstrual !== undefined) {
      if (v.menstrual && sex !== 'F') throw fail('badRequest', { msg: '月经史仅适用于女性' });
      patch.menstrual = v.menstrual as Record<string, unknown> | null;
    }
    return patch;
  }

  /** Adds a family member (account-health §5 rules; the schema checked the ranges). */
  async save(auth: AuthContext, v: z.output<typeof MemberSaveSchema>): Promise<MemberDetail> {
    const role = roleOf(v.roleCode);
    if (!role) throw fail('badRequest', { msg: MSG.chooseRoleFirst });
    const sex = role.sex === '' ? v.sex : role.sex;
    if (!sex) throw fail('badRequest', { msg: '请选择性别' });
    await this.checkNickname(auth, v.name, v.roleCode);
    const m = await this.store.transaction(async (store) => {
      if ((await store.countMembers(auth.userId)) >= MAX_MEMBERS) throw fail('badRequest', { msg: `最多添加${MAX_MEMBERS - 1}位家庭成员` });
      const row = await store.insertMember({
        userId: auth.userId,
        name: v.name,
        roleCode: v.roleCode,
        roleName: role.roleName,
        roleTag: role.sex === '' ? ROLE_TAG_OTHER : null,
        sex,
        birthDate: v.birthDate,
        height: v.height,
        weight: v.weight,
        isDefault: 0,
        ...this.lifestylePatch({ ...v, id: 0 }, sex),
      });
      if (v.isDefault === 1) await store.setDefault(auth.userId, row.id);
      return (await store.member(auth.userId, row.id)) ?? row;
    });
    await this.changed(auth.userId);
    return this.detail(m);
  }

  async edit(auth: AuthContext, v: z.output<typeof MemberEditSchema>): Promise<MemberDetail> {
    const m = await this.requireMember(auth, v.id);
    const patch: Partial<MemberRow> = {};
    if (v.roleCode !== undefined && v.roleCode !== m.roleCode) {
      if (m.isSelf || v.roleCode === SELF_ROLE.roleCode) throw fail('badRequest', { msg: '本人的角色不能修改' });
      const role = roleOf(v.roleCode);
      if (!role) throw fail('badRequest', { msg: MSG.chooseRoleFirst });
      Object.assign(patch, { roleCode: role.roleCode, roleName: role.roleName, roleTag: role.sex === '' ? ROLE_TAG_OTHER : null, sex: role.sex === '' ? (v.sex ?? m.sex) : role.sex });
    }
    const roleCode = patch.roleCode ?? m.roleCode;
    const fixedSex = roleOf(roleCode)?.sex;
    if (v.sex !== undefined && v.sex !== m.sex) {
      // Sex follows the role, except for USER_ROLE_OTHER and the account holder.
      if (!m.isSelf && fixedSex !== '' && fixedSex !== v.sex) throw fail('badRequest', { msg: '该角色的性别不可修改' });
      patch.sex = v.sex;
    }
    if (v.name !== undefined && v.name !== m.name) {
      await this.checkNickname(auth, v.name, roleCode, m.id);
      patch.name = v.name;
    }
    if (v.birthDate !== undefined) patch.birthDate = v.birthDate;
    if (v.height !== undefined) patch.height = v.height;
    if (v.weight !== undefined) patch.weight = v.weight;
    const sex = isSex(patch.sex ?? m.sex) ? ((patch.sex ?? m.sex) as 'M' | 'F') : null;
    Object.assign(patch, this.lifestylePatch(v, sex));
    // A change of sex away from F drops the women-only fields.
    if (sex !== 'F') Object.assign(patch, { specialPeriod: null, pregnancyWeek: null, menstrual: null });
    const updated = await this.store.transaction(async (store) => {
      const row = await store.updateMember(auth.userId, m.id, patch);
      if (v.isDefault !== undefined) await store.setDefault(auth.userId, v.isDefault === 1 ? m.id : m.isDefault === 1 ? null : (await store.members(auth.userId)).find((x) => x.isDefault === 1)?.id ?? null);
      return (await store.member(auth.userId, m.id)) ?? row;
    });
    const row = this.access.found('member', updated);
    await this.changed(auth.userId);
    return this.detail(row);
  }

  /** Deletes a member with all their records; the account holder cannot be deleted. */
  async remove(auth: AuthContext, id: number): Promise<null> {
    const m = await this.requireMember(auth, id);
    if (m.isSelf) throw fail('badRequest', { msg: '不能删除本人' });
    await this.store.deleteMember(auth.userId, id);
    await this.changed(auth.userId);
    return null;
  }

  async find(auth: AuthContext, id: number | undefined): Promise<MemberDetail | MemberDetail[]> {
    if (id) return this.detail(await this.requireMember(auth, id));
    return (await this.store.members(auth.userId)).map((m) => this.detail(m));
  }

  async checkName(auth: AuthContext, v: { name: string; roleCode: string; userInfoId?: number | undefined }): Promise<{ available: boolean }> {
    if (v.userInfoId) await this.requireMember(auth, v.userInfoId);
    if (await this.store.nameTaken(auth.userId, v.roleCode, v.name, v.userInfoId)) throw fail('nicknameTaken');
    return { available: true };
  }

  async isShow(auth: AuthContext): Promise<{ isShow: boolean }> {
    const s = await this.store.userSettings(auth.userId);
    return { isShow: s.userInfoIsShow !== false };
  }
  async setIsShow(auth: AuthContext, isShow: boolean): Promise<{ isShow: boolean }> {
    const s = await this.store.userSettings(auth.userId);
    await this.store.saveUserSettings(auth.userId, { ...s, userInfoIsShow: isShow });
    await this.changed(auth.userId);
    return { isShow };
  }

  async avatars(auth: AuthContext) {
    return (await this.store.members(auth.userId)).map((m) => ({ userInfoId: m.id, avatar: avatarOf(m), roleName: m.roleName }));
  }

  /** Sets or clears the default consultant (at most one); answers the members list. */
  async currentConsult(auth: AuthContext, userInfoId: number, isDefault: 0 | 1): Promise<Member[]> {
    const m = await this.requireMember(auth, userInfoId);
    if (isDefault === 1) await this.store.setDefault(auth.userId, m.id);
    else if (m.isDefault === 1) await this.store.setDefault(auth.userId, null);
    await this.changed(auth.userId);
    return (await this.store.members(auth.userId)).map((x) => this.detail(x));
  }

  // Health records

  private record(r: RecordRow): HealthRecord {
    return {
      id: r.id,
      userInfoId: r.memberId,
      type: r.type as RecordType,
      name: r.name,
      code: r.code,
      detail: r.detail as RecordDetailFields,
      source: (r.source as HealthRecord['source']) ?? 'user',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  }

  private grouped(rows: RecordRow[]): PersonalRecord['records'] {
    const out = Object.fromEntries(RECORD_TYPES.map((t) => [t, [] as HealthRecord[]])) as PersonalRecord['records'];
    for (const r of rows) if ((RECORD_TYPES as readonly string[]).includes(r.type)) out[r.type as RecordType].push(this.record(r));
    return out;
  }

  async personalRecord(auth: AuthContext, userInfoId: number): Promise<PersonalRecord> {
    const m = await this.requireMember(auth, userInfoId);
    const rows = await this.store.records(auth.userId, m.id);
    await this.store.markViewed(auth.userId, m.id, new Date(this.now()));
    return { member: this.detail(m), records: this.grouped(rows) };
  }

  async hasNew(auth: AuthContext, userInfoId: number) {
    const m = await this.requireMember(auth, userInfoId);
    const n = await this.store.newRecordCount(auth.userId, m.id, m.recordsViewedAt);
    return { hasNew: n > 0, count: n };
  }

  /** Which sections are filled in; percent over the sections that apply to the member. */
  recordStateOf(m: MemberRow, rows: RecordRow[]): RecordState {
    const has = (t: RecordType) => rows.some((r) => r.type === t);
    const female = m.sex === 'F';
    const adult = (ageInYears(m.birthDate, new Date(this.now())) ?? 0) >= 12;
    const state = {
      basic: Boolean(m.birthDate && m.height && m.weight && m.sex),
      disease: has('disease'),
      allergy: has('allergy'),
      medicine: has('medicine'),
      surgery: has('surgery'),
      familyHistory: has('familyHistory'),
      lifestyle: Boolean(m.smoking && m.drinking),
      menstrual: female && adult ? Boolean(m.menstrual) : false,
      specialPeriod: female && adult ? Boolean(m.specialPeriod) : false,
    };
    const sections: Array<keyof typeof state> = ['basic', 'disease', 'allergy', 'medicine', 'surgery', 'familyHistory', 'lifestyle', ...(female && adult ? (['menstrual', 'specialPeriod'] as const) : [])];
    const done = sections.filter((k) => state[k]).length;
    return { ...state, percent: Math.round((done / sections.length) * 100) };
  }

  async recordState(auth: AuthContext, userInfoId: number): Promise<RecordState> {
    const m = await this.requireMember(auth, userInfoId);
    return this.recordStateOf(m, await this.store.records(auth.userId, m.id));
  }

  async recordDetail(auth: AuthContext, id: number): Promise<HealthRecord> {
    await this.access.require(auth, 'healthRecord', [id]);
    return this.record(this.access.found('healthRecord', await this.store.record(auth.userId, id)));
  }

  /**
   * Saves records; a name known to the lexicon gets its code. A disease, allergy, medicine,
   * surgery or family-history entry already on the profile is not added twice; maternity entries
   * are events (two births can both be 顺产), so they always are.
   */
  async batchSave(auth: AuthContext, userInfoId: number, inputs: RecordInput[], source: 'user' | 'chat' | 'report' = 'user'): Promise<HealthRecord[]> {
    const m = await this.requireMember(auth, userInfoId);
    const existing = await this.store.records(auth.userId, m.id);
    const seen = new Set(existing.map((r) => `${r.type}:${r.name}`));
    const rows = [];
    for (const i of inputs) {
      const key = `${i.type}:${i.name.trim()}`;
      if (i.type !== 'maternity') {
        if (seen.has(key)) continue;
        seen.add(key);
      }
      if (i.type === 'maternity' && m.sex !== 'F') throw fail('badRequest', { msg: '生育史仅适用于女性' });
      const known = LEXICON_OF[i.type].length ? suggest(i.name, LEXICON_OF[i.type], 1)[0] : undefined;
      const code = i.code ?? (known && known.name === i.name.trim() ? known.id : null);
      rows.push({ userId: auth.userId, memberId: m.id, type: i.type, name: i.name.trim(), code, detail: (i.detail ?? {}) as Record<string, unknown>, source });
    }
    const saved = await this.store.insertRecords(rows);
    return saved.map((r) => this.record(r));
  }

  /** Records about to be added, checked against the member's profile (record-check.ts); nothing is stored. */
  async checkRecords(auth: AuthContext, userInfoId: number, inputs: RecordInput[]): Promise<{ warnings: RecordCheckWarning[] }> {
    const ctx = await this.memberContext(auth, userInfoId);
    return { warnings: checkRecords(ctx, inputs) };
  }

  async editRecord(auth: AuthContext, v: { id: number; name?: string | undefined; code?: string | null | undefined; detail?: RecordDetailFields | undefined }): Promise<HealthRecord> {
    await this.access.require(auth, 'healthRecord', [v.id]);
    const r = this.access.found('healthRecord', await this.store.record(auth.userId, v.id));
    const updated = await this.store.updateRecord(auth.userId, v.id, {
      ...(v.name !== undefined ? { name: v.name } : {}),
      ...(v.code !== undefined ? { code: v.code } : {}),
      ...(v.detail !== undefined ? { detail: { ...(r.detail as object), ...v.detail } } : {}),
    });
    return this.record(this.access.found('healthRecord', updated));
  }

  async deleteRecord(auth: AuthContext, id: number): Promise<null> {
    await this.access.require(auth, 'healthRecord', [id]);
    this.access.found('healthRecord', await this.store.deleteRecord(auth.userId, id));
    return null;
  }

  /** `DELETE /toc/healthRecordMaternityHistory/{member}/{record}`. */
  async deleteMaternity(auth: AuthContext, userInfoId: number, id: number): Promise<null> {
    await this.requireMember(auth, userInfoId);
    await this.access.require(auth, 'healthRecord', [id]);
    // The record must also be this member's maternity entry.
    this.access.found('healthRecord', await this.store.deleteRecord(auth.userId, id, { memberId: userInfoId, type: 'maternity' }));
    return null;
  }

  /** Moves records to another member of the same account. */
  async moveRecords(auth: AuthContext, ids: number[], userInfoId: number): Promise<{ moved: number }> {
    const target = await this.requireMember(auth, userInfoId);
    const unique = [...new Set(ids)];
    await this.access.require(auth, 'healthRecord', unique);
    return { moved: await this.store.moveRecords(auth.userId, unique, target.id) };
  }

  keywordTemplates(type: RecordType, limit = 12) {
    return LEXICON_OF[type].flatMap((k) => templates(k, limit)).slice(0, limit).map((e) => ({ id: e.id, name: e.name, matched: e.name }));
  }
  keywordSuggestions(type: RecordType, keyword: string, limit = 10) {
    if (!keyword.trim() || LEXICON_OF[type].length === 0) return [];
    return suggest(keyword, LEXICON_OF[type], limit).map((s) => ({ id: s.id, name: s.name, matched: s.matched }));
  }

  // Summary and care

  /** The current-user health summary of account-health §3, computed from the member's data. */
  async summary(auth: AuthContext, userInfoId: number | undefined): Promise<HealthSummary> {
    const m = await this.memberOrSelf(auth, userInfoId);
    const rows = await this.store.records(auth.userId, m.id);
    const d = this.detail(m);
    const state = this.recordStateOf(m, rows);
    const last = [...rows].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime()).slice(0, 5);
    return {
      userInfoId: m.id,
      healthState: state.basic ? 1 : 0,
      recordState: state.percent,
      lastRecords: last.map((r) => this.record(r)),
      reportRecords: [],
      remindRecords: { remindCnt: 0, items: [] },
      foodState: 0,
      exerciseState: 0,
      fileTotal: 0,
      caseNum: 0,
      grantFlag: 0,
      hasNewCase: false,
      hasNewPatient: false,
      modalits: [],
      bPBindState: 0,
      latestBloodPressure: null,
      orderCnt: await this.orderCount(auth.userId, m.id),
      attentionIndicatorTypeCnt: 0,
      bmi: d.bmi,
      bmiResult: d.bmiResult,
      menstrualHistoryState: m.menstrual ? 1 : 0,
      specialPeriodState: m.specialPeriod && m.specialPeriod !== 'none' ? 1 : 0,
      personasFlag: state.percent >= 50,
      ...Object.assign({}, ...(await Promise.all(this.figures.map((f) => f(auth, m.id))))),
    };
  }

  /** Care suggestions drawn from the member's own profile. */
  async care(auth: AuthContext, userInfoId: number | undefined) {
    const m = await this.memberOrSelf(auth, userInfoId);
    const ctx = this.context(m, await this.store.records(auth.userId, m.id));
    return careFor(ctx, this.recordStateOf(m, await this.store.records(auth.userId, m.id)).percent);
  }

  /** The engine's view of a member (one place builds it: contract's buildMemberContext). */
  context(m: MemberRow, rows: RecordRow[]): MemberContext {
    return buildMemberContext(
      { id: m.id, name: m.name, roleName: m.roleName, sex: m.sex, birthDate: m.birthDate, height: m.height, weight: m.weight, specialPeriod: m.specialPeriod, pregnancyWeek: m.pregnancyWeek, smoking: m.smoking, drinking: m.drinking },
      rows.map((r) => ({ type: r.type, name: r.name, code: r.code, detail: r.detail as RecordDetailFields })),
      new Date(this.now()),
    );
  }

  /** The account's members as the chat decides whom a question is about (role, sex, age; no records). */
  async memberRefs(auth: AuthContext): Promise<Array<{ id: number; name: string; roleCode: string; roleName: string; sex: 'M' | 'F' | null; age: number | null; isSelf: boolean }>> {
    const now = new Date(this.now());
    return (await this.store.members(auth.userId)).map((m) => ({
      id: m.id,
      name: m.name,
      roleCode: m.roleCode,
      roleName: m.roleName,
      sex: m.sex === 'M' || m.sex === 'F' ? m.sex : null,
      age: ageInYears(m.birthDate, now),
      isSelf: m.isSelf,
    }));
  }

  async memberContext(auth: AuthContext, userInfoId: number): Promise<MemberContext> {
    const m = await this.requireMember(auth, userInfoId);
    return this.context(m, await this.store.records(auth.userId, m.id));
  }
}

type CareTip = { kind: string; title: string; text: string; key: string; params?: Record<string, string | number> };

/** Rules that turn a profile into care tips; each cites what in the profile triggered it. */
export function careFor(ctx: MemberContext, percent: number): CareTip[] {
  const out: CareTip[] = [];
  const has = (re: RegExp) => ctx.diseases.some((d) => d.ongoing && re.test(d.name));
  if (percent < 60) out.push({ kind: 'profile', key: 'profile', params: { percent, name: ctx.name }, title: '完善健康档案', text: `档案已完成${percent}%。补充既往病史、过敏史和长期用药后，晓医的回答会更贴合${ctx.name}的情况。` });
  if (has(/高血压/)) out.push({ kind: 'bp', key: 'bp', title: '坚持监测血压', text: '建议每天早晚各测一次血压并记录，家庭血压目标一般低于135/85 mmHg；每日食盐不超过5克。' });
  if (has(/糖尿病/)) out.push({ kind: 'glucose', key: 'glucose', title: '关注血糖', text: '按医嘱监测空腹及餐后血糖，定期复查糖化血红蛋白；控制主食量，规律运动。' });
  if (has(/冠心病|心肌梗|心绞痛/)) out.push({ kind: 'heart', key: 'heart', title: '警惕胸痛', text: '如出现持续胸痛、胸闷超过15分钟、伴大汗或气短，请立即拨打120。' });
  if (ctx.bmiClass === '超重' || ctx.bmiClass === '肥胖') out.push({ kind: 'weight', key: ctx.bmiClass === '超重' ? 'overweight' : 'obese', params: { bmi: ctx.bmi ?? '' }, title: '管理体重', text: `当前BMI ${ctx.bmi}（${ctx.bmiClass}）。建议每周至少150分钟中等强度运动，减少高油高糖饮食，逐步减重。` });
  if (ctx.bmiClass === '偏瘦') out.push({ kind: 'weight', key: 'underweight', params: { bmi: ctx.bmi ?? '' }, title: '注意营养', text: `当前BMI ${ctx.bmi}（偏瘦）。建议保证优质蛋白和总热量摄入，必要时就医排查原因。` });
  if (ctx.allergies.length) out.push({ kind: 'allergy', key: 'allergy', params: { list: ctx.allergies.map((a) => a.name).join('、') }, title: '用药前告知过敏史', text: `已记录过敏：${ctx.allergies.map((a) => a.name).join('、')}。就诊和购药时请主动告知医生或药师。` });
  if (ctx.medicines.length >= 5) out.push({ kind: 'polypharmacy', key: 'polypharmacy', params: { count: ctx.medicines.length }, title: '多药同服请核对', text: `正在长期使用${ctx.medicines.length}种药物，建议定期请医生或药师核对是否有相互作用。` });
  if (ctx.smoking === 'current') out.push({ kind: 'smoking', key: 'smoking', title: '戒烟', text: '吸烟是心脑血管疾病和肺癌的主要危险因素，戒烟任何时候都不晚，可到戒烟门诊寻求帮助。' });
  if (ctx.pregnant) out.push({ kind: 'pregnancy', key: ctx.pregnancyWeek !== null ? 'pregnancy' : 'pregnancyNoWeek', params: { week: ctx.pregnancyWeek ?? '' }, title: '孕期用药谨慎', text: `孕${ctx.pregnancyWeek ?? ''}周：任何药物（包括中成药和保健品）使用前请咨询产科医生，按时产检。` });
  if (ctx.lactating) out.push({ kind: 'lactation', key: 'lactation', title: '哺乳期用药', text: '哺乳期用药前请确认药物对婴儿的影响，必要时咨询医生或药师。' });
  if ((ctx.age ?? 0) >= LIMITS.oldUserAge) out.push({ kind: 'checkup', key: 'checkup', title: '定期体检', text: '50岁以上建议每年体检，包括血压、血糖、血脂，并按医生建议进行肿瘤筛查。' });
  return out;
}
