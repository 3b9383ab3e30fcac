import type { MemberContext } from '@chatdr/contract';
import type * as H from '@chatdr/contract';
import type { z } from 'zod';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { Access } from '../../access/access.ts';
import type { FamilyService } from '../family/family.service.ts';
import type { HealthStore, ValueRow } from './health.store.ts';
import {
  BP_CATEGORIES, BP_HOME_ADVICE, BP_SOURCE, PERIOD_MS, allMetas, averageOf, bpTarget, classifyReading, isAbnormal, metaOf, rangeFor, readValue, slotOf,
  VITALS, type Flag, type IndicatorMeta, type LabWho,
} from './health.rules.ts';

type Out<T extends z.ZodType> = z.output<T>;
type Parsed<T extends z.ZodType> = z.output<T>;
type BpReading = Out<typeof H.BpReading>;
type IndValue = Out<typeof H.IndValue>;
type IndSummary = Out<typeof H.IndSummary>;

const BP = 'bloodPressure';
const isArm = (s: unknown): s is 'left' | 'right' => s === 'left' || s === 'right';
const isPosition = (s: unknown): s is 'sitting' | 'lying' | 'standing' => s === 'sitting' || s === 'lying' || s === 'standing';

/** Blood pressure and indicators of the caller's members: every call checks the member belongs to the account. */
export class HealthService {
  constructor(private readonly store: HealthStore, private readonly access: Access, private readonly family: FamilyService, private readonly now: () => number) {}

  // --- Blood pressure ---------------------------------------------------------------------------

  private bpOut(r: ValueRow, ctx: MemberContext): BpReading {
    const t = r.measuredAt.getTime();
    return {
      id: r.id,
      userInfoId: r.memberId,
      systolic: r.value,
      diastolic: r.value2 ?? 0,
      pulse: r.pulse,
      measureTime: t,
      arm: isArm(r.detail?.arm) ? r.detail.arm : null,
      position: isPosition(r.detail?.position) ? r.detail.position : null,
      remark: r.detail?.remark ?? null,
      source: r.source,
      slot: slotOf(t),
      classification: classifyReading(r.value, r.value2 ?? 0, ctx),
    };
  }

  async bpSave(auth: AuthContext, b: Parsed<typeof H.BpSaveReq>): Promise<BpReading> {
    const ctx = await this.family.memberContext(auth, b.userInfoId);
    const now = this.now();
    const at = b.measureTime ?? now;
    if (at > now + 60_000) throw fail('badRequest', { msg: '测量时间不能晚于现在' });
    const detail = { ...(b.arm ? { arm: b.arm } : {}), ...(b.position ? { position: b.position } : {}), ...(b.remark ? { remark: b.remark } : {}) };
    const r = await this.store.insert({
      userId: auth.userId, memberId: ctx.userInfoId, type: BP, value: b.systolic, value2: b.diastolic, pulse: b.pulse ?? null, unit: 'mmHg',
      detail, source: b.source ?? 'manual', measuredAt: new Date(at),
    });
    return this.bpOut(r, ctx);
  }

  async bpList(auth: AuthContext, b: Parsed<typeof H.BpListReq>): Promise<Out<typeof H.BpListRes>> {
    const ctx = await this.family.memberContext(auth, b.userInfoId);
    const end = b.endTime ?? this.now();
    const start = b.startTime ?? end - PERIOD_MS[b.period ?? 'week'];
    if (start > end) throw fail('badRequest', { msg: '开始时间不能晚于结束时间' });
    const rows = await this.store.ofType(auth.userId, ctx.userInfoId, BP, new Date(start), new Date(end));
    const list = rows.map((r) => this.bpOut(r, ctx));
    const average = averageOf(list);
    return {
      list,
      startTime: start,
      endTime: end,
      average,
      morning: averageOf(list.filter((r) => r.slot === 'morning')),
      evening: averageOf(list.filter((r) => r.slot === 'evening')),
      highCount: list.filter((r) => r.classification.aboveTarget).length,
      averageClassification: average.systolic !== null && average.diastolic !== null ? classifyReading(average.systolic, average.diastolic, ctx) : null,
    };
  }

  async bpCancel(auth: AuthContext, id: number): Promise<null> {
    await this.access.require(auth, 'bloodPressure', [id]);
    this.access.found('bloodPressure', await this.store.remove(auth.userId, id, BP));
    return null;
  }

  async bpBaseInfo(auth: AuthContext, userInfoId: number): Promise<Out<typeof H.BpBaseInfoRes>> {
    const ctx = await this.family.memberContext(auth, userInfoId);
    const latest = await this.store.latestBp(auth.userId, ctx.userInfoId);
    return {
      userInfoId: ctx.userInfoId,
      latest: latest ? this.bpOut(latest, ctx) : null,
      total: await this.store.countBp(auth.userId, ctx.userInfoId),
      target: bpTarget(ctx),
      categories: [...BP_CATEGORIES],
      homeAdvice: [...BP_HOME_ADVICE],
      source: BP_SOURCE,
    };
  }

  /** The health page's figures of a member the caller owns (family.userHealthPageState): latest BP, attention indicators, files. */
  async pageFigures(auth: AuthContext, memberId: number): Promise<{ latestBloodPressure: { systolic: number; diastolic: number; pulse: number | null; measuredAt: string } | null; attentionIndicatorTypeCnt: number; fileTotal: number }> {
    const r = await this.store.latestBp(auth.userId, memberId);
    return {
      latestBloodPressure: r ? { systolic: r.value, diastolic: r.value2 ?? 0, pulse: r.pulse, measuredAt: r.measuredAt.toISOString() } : null,
      attentionIndicatorTypeCnt: await this.attentionCount(auth, memberId),
      fileTotal: await this.store.countFiles(auth.userId, memberId),
    };
  }

  /**
   * getPrivacyStatus: 1 when the account's privacy mode is on (reports read in that mode leave no
   * values in the health records), else 0. With a member id, the member must be the caller's.
   */
  async privacyStatus(auth: AuthContext, userInfoId: number | undefined, privacyMode: boolean): Promise<Out<typeof H.PrivacyStatusRes>> {
    if (userInfoId !== undefined) await this.family.requireMember(auth, userInfoId);
    return {
      userInfoId: userInfoId ?? null,
      status: privacyMode ? 1 : 0,
      text: privacyMode ? '隐私模式已开启：解读报告时不保存检验数值到健康档案' : '隐私模式未开启：解读的报告数值会保存到健康档案，用于指标趋势',
    };
  }

  // --- Indicators -------------------------------------------------------------------------------

  private who(ctx: MemberContext): LabWho {
    return { age: ctx.age, sex: ctx.sex };
  }

  private meta(type: string): IndicatorMeta {
    const m = type === BP ? null : metaOf(type);
    if (!m) throw fail('badRequest', { msg: type === BP ? '血压请在血压记录中查看' : '未知的指标' });
    return m;
  }

  private valueOut(r: ValueRow, meta: IndicatorMeta | null, who: LabWho): IndValue {
    const read = meta ? readValue(meta, r.value, r.unit, who) : null;
    return {
      id: r.id,
      userInfoId: r.memberId,
      type: r.type,
      value: read ? read.value : r.value,
      value2: r.value2,
      unit: read ? read.unit : r.unit,
      rawValue: r.value,
      rawUnit: r.unit,
      flag: read ? read.flag : 'unknown',
      flagBySex: read?.flagBySex ?? null,
      source: r.source,
      measureTime: r.measuredAt.getTime(),
    };
  }

  private summaries(rows: ValueRow[], who: LabWho): IndSummary[] {
    const byType = new Map<string, ValueRow[]>();
    for (const r of rows) {
      const list = byType.get(r.type);
      if (list) list.push(r);
      else byType.set(r.type, [r]);
    }
    const out: IndSummary[] = [];
    for (const [type, list] of byType) {
      const meta = metaOf(type);
      const first = list[0];
      if (!meta || !first) continue;
      const latest = this.valueOut(first, meta, who);
      out.push({ type, name: meta.name, category: meta.category, unit: meta.unit, range: rangeFor(meta, who), count: list.length, latest, attention: isAbnormal(latest.flag as Flag) });
    }
    return out;
  }

  async searchDetailAll(auth: AuthContext, userInfoId: number): Promise<Out<typeof H.IndAllRes>> {
    const ctx = await this.family.memberContext(auth, userInfoId);
    const list = this.summaries(await this.store.allValues(auth.userId, ctx.userInfoId), this.who(ctx));
    return { list, attentionCnt: list.filter((s) => s.attention).length };
  }

  async searchTypeDetailAllList(auth: AuthContext, userInfoId: number): Promise<Out<typeof H.IndGroupedRes>> {
    const ctx = await this.family.memberContext(auth, userInfoId);
    const mine = new Map(this.summaries(await this.store.allValues(auth.userId, ctx.userInfoId), this.who(ctx)).map((s) => [s.type, s]));
    const groups = new Map<string, Out<typeof H.IndGroupedRes>[number]['items']>();
    for (const m of allMetas()) {
      const items = groups.get(m.category) ?? [];
      items.push({ type: m.type, name: m.name, unit: m.unit, units: m.units, summary: mine.get(m.type) ?? null });
      groups.set(m.category, items);
    }
    return [...groups].map(([category, items]) => ({ category, items }));
  }

  async attentionTypes(auth: AuthContext, userInfoId: number): Promise<IndSummary[]> {
    return (await this.searchDetailAll(auth, userInfoId)).list.filter((s) => s.attention);
  }

  /** Count of a member's indicator types whose latest value is out of range (health page). */
  async attentionCount(auth: AuthContext, userInfoId: number): Promise<number> {
    return (await this.searchDetailAll(auth, userInfoId)).attentionCnt;
  }

  explain(b: Parsed<typeof H.IndExplainReq>): Out<typeof H.IndExplainRes> {
    const meta = b.type ? metaOf(b.type) : (allMetas().find((m) => m.name === b.name || (m.lab?.aliases ?? []).includes(b.name ?? '')) ?? null);
    if (!meta) throw fail('notFound');
    const lab = meta.lab;
    if (!lab) {
      const v = VITALS[meta.type];
      const range = v && (v.low !== null || v.high !== null) ? [{ sex: null, ageMin: null, ageMax: null, text: rangeFor(meta, { age: null, sex: null })?.text ?? '—' }] : [];
      return { type: meta.type, name: meta.name, aliases: [], category: meta.category, unit: meta.unit, units: meta.units, ranges: range, meaningHigh: '', meaningLow: '', advice: '', source: '' };
    }
    return {
      type: meta.type, name: lab.name, aliases: [...lab.aliases], category: lab.category, unit: lab.unit, units: meta.units,
      ranges: lab.qualitative ? [{ sex: null, ageMin: null, ageMax: null, text: '阴性' }] : lab.ranges.map((r) => ({
        sex: r.sex ?? null, ageMin: r.ageMin ?? null, ageMax: r.ageMax ?? null,
        text: rangeFor({ ...meta, lab: { ...lab, ranges: [r] } }, { age: r.ageMin ?? 40, sex: r.sex ?? 'M' })?.text ?? '—',
      })),
      meaningHigh: lab.meaningHigh, meaningLow: lab.meaningLow, advice: lab.advice, source: lab.source,
    };
  }

  private checkValue(meta: IndicatorMeta, value: number, unit: string | undefined, who: LabWho): string {
    const u = unit ?? meta.unit;
    const read = readValue(meta, value, u, who);
    if (!read) throw fail('badRequest', { msg: `${meta.name}的单位应为${meta.units.join('或')}` });
    const v = VITALS[meta.type];
    if (v && (value < v.min || value > v.max)) throw fail('badRequest', { msg: `${v.name}需在${v.min}-${v.max}${v.unit}之间` });
    if (meta.lab && (value < 0 || value > 1e6)) throw fail('badRequest', { msg: `${meta.name}的数值不合理` });
    return u;
  }

  async save(auth: AuthContext, b: Parsed<typeof H.IndSaveReq>): Promise<IndValue> {
    const ctx = await this.family.memberContext(auth, b.userInfoId);
    const meta = this.meta(b.type);
    const unit = this.checkValue(meta, b.value, b.unit, this.who(ctx));
    const now = this.now();
    const at = b.measureTime ?? now;
    if (at > now + 60_000) throw fail('badRequest', { msg: '测量时间不能晚于现在' });
    const r = await this.store.insert({ userId: auth.userId, memberId: ctx.userInfoId, type: b.type, value: b.value, unit, source: 'manual', measuredAt: new Date(at) });
    return this.valueOut(r, meta, this.who(ctx));
  }

  async edit(auth: AuthContext, b: Parsed<typeof H.IndEditReq>): Promise<IndValue> {
    await this.access.require(auth, 'indicator', [b.id]);
    const row = this.access.found('indicator', await this.store.byId(auth.userId, b.id));
    const ctx = await this.family.memberContext(auth, row.memberId);
    const meta = this.meta(row.type);
    const value = b.value ?? row.value;
    const unit = this.checkValue(meta, value, b.unit ?? row.unit, this.who(ctx));
    if (b.measureTime !== undefined && b.measureTime > this.now() + 60_000) throw fail('badRequest', { msg: '测量时间不能晚于现在' });
    const r = await this.store.update(auth.userId, row.id, { value, unit, ...(b.measureTime !== undefined ? { measuredAt: new Date(b.measureTime) } : {}) });
    return this.valueOut(this.access.found('indicator', r), meta, this.who(ctx));
  }

  async del(auth: AuthContext, id: number): Promise<null> {
    await this.access.require(auth, 'indicator', [id]);
    this.access.found('indicator', await this.store.remove(auth.userId, id));
    return null;
  }

  async page(auth: AuthContext, b: Parsed<typeof H.IndTypePageReq>): Promise<Out<typeof H.IndListRes>> {
    const ctx = await this.family.memberContext(auth, b.userInfoId);
    const meta = this.meta(b.type);
    const size = b.pageSize ?? 20;
    const { rows, total } = await this.store.pageOfType(auth.userId, ctx.userInfoId, b.type, ((b.pageNum ?? 1) - 1) * size, size);
    const who = this.who(ctx);
    return { type: b.type, name: meta.name, unit: meta.unit, range: rangeFor(meta, who), total, list: rows.map((r) => this.valueOut(r, meta, who)) };
  }

  async byTime(auth: AuthContext, b: Parsed<typeof H.IndTimeReq>): Promise<Out<typeof H.IndListRes>> {
    const ctx = await this.family.memberContext(auth, b.userInfoId);
    const meta = this.meta(b.type);
    if (b.startTime !== undefined && b.endTime !== undefined && b.startTime > b.endTime) throw fail('badRequest', { msg: '开始时间不能晚于结束时间' });
    const rows = await this.store.ofType(auth.userId, ctx.userInfoId, b.type, b.startTime === undefined ? undefined : new Date(b.startTime), b.endTime === undefined ? undefined : new Date(b.endTime));
    const who = this.who(ctx);
    return { type: b.type, name: meta.name, unit: meta.unit, range: rangeFor(meta, who), total: rows.length, list: rows.map((r) => this.valueOut(r, meta, who)) };
  }

  /** Height and weight of a member: saved on the profile and as values in the series; answers the BMI. */
  async updateBmi(auth: AuthContext, b: Parsed<typeof H.IndBmiReq>): Promise<Out<typeof H.IndBmiRes>> {
    const m = await this.family.edit(auth, { id: b.id, ...(b.height !== undefined ? { height: b.height } : {}), ...(b.weight !== undefined ? { weight: b.weight } : {}) });
    const at = new Date(this.now());
    if (b.height !== undefined) await this.store.insert({ userId: auth.userId, memberId: m.id, type: 'height', value: b.height, unit: 'cm', source: 'manual', measuredAt: at });
    if (b.weight !== undefined) await this.store.insert({ userId: auth.userId, memberId: m.id, type: 'weight', value: b.weight, unit: 'kg', source: 'manual', measuredAt: at });
    return { userInfoId: m.id, height: m.height ?? null, weight: m.weight ?? null, bmi: m.bmi, bmiResult: m.bmiResult };
  }
}

