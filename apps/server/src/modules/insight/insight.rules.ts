import { CONDITIONS, DIET_RULES, ageGroupOf, dietAdvice, extract, type Condition, type DietRule, type Extraction, type Hospital } from '@chatdr/engine';
import type { HospitalItem, IndicatorType, KnowledgeCard, MemberContext, PortrayTag } from '@chatdr/contract';
import type { z } from 'zod';

/**
 * Pure rules of the insight calls (no I/O): profile tags for a question, indicator ranges,
 * knowledge cards, recommended questions and the rating-dialog clock.
 */

type Tag = z.infer<typeof PortrayTag>;
type Card = z.infer<typeof KnowledgeCard>;
type HospitalOut = z.infer<typeof HospitalItem>;

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);
export const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
export const objs = (v: unknown): Array<Record<string, unknown>> => (Array.isArray(v) ? v.filter(isObj) : []);
/** A field of one stored extras entry (extras are keyed by engine event type). */
export const extra = (extras: Record<string, unknown>, type: string, key: string): unknown => {
  const e = extras[type];
  return isObj(e) ? e[key] : undefined;
};

const AGE_GROUP_ZH = { infant: '婴儿', child: '儿童', adult: '成人', elder: '老年人' } as const;
const DRUG_QUESTION = /药|吃什么|用什么|服用|剂量|副作用|疫苗|打针|输液/u;

/**
 * The member's profile tags, the ones the question touches first: a disease or medicine it names,
 * allergies and medicines when it asks about drugs, pregnancy or lactation always (they change
 * what is safe), children and elders by age group.
 */
export function portrayTags(ctx: MemberContext, question: string, ex: Extraction = extract(question)): Tag[] {
  const text = ex.normalized;
  const named = (name: string) => name !== '' && (text.includes(name) || question.includes(name));
  const asksDrugs = ex.drugs.some((d) => !d.negated) || DRUG_QUESTION.test(question);
  const tags: Tag[] = [];
  const symptoms = new Set(ex.symptoms.filter((s) => !s.negated).map((s) => s.id));
  for (const d of ctx.diseases.filter((x) => x.ongoing)) {
    const conds = conditionsFor(d.name);
    const hit = named(d.name) || ex.diseases.some((m) => !m.negated && (m.name === d.name || m.id === d.code)) || conds.some((c) => c.cues.some((cue) => cue.length >= 2 && text.includes(cue)));
    // A symptom characteristic of the disease (头晕 with 高血压).
    const linked = !hit && conds.some((c) => c.symptoms.some((s) => s.weight >= 0.5 && symptoms.has(s.id)));
    tags.push({ type: 'disease', name: d.name, relevant: hit || linked || asksDrugs, reason: hit ? '问题提到了该疾病' : linked ? '症状可能与该疾病有关' : asksDrugs ? '用药需考虑已有疾病' : null });
  }
  for (const a of ctx.allergies) {
    const hit = named(a.name) || ex.allergens.some((m) => m.name === a.name);
    tags.push({ type: 'allergy', name: a.name, relevant: hit || asksDrugs, reason: hit ? '问题提到了该过敏原' : asksDrugs ? '用药需避开过敏药物' : null });
  }
  for (const m of ctx.medicines) {
    const hit = named(m.name) || ex.drugs.some((d) => d.name === m.name || (m.code !== null && d.id === m.code));
    tags.push({ type: 'medicine', name: m.name, relevant: hit || asksDrugs, reason: hit ? '问题提到了该药物' : asksDrugs ? '注意与正在使用的药物相互作用' : null });
  }
  if (ctx.pregnant) tags.push({ type: 'pregnancy', name: ctx.pregnancyWeek ? `孕${ctx.pregnancyWeek}周` : '孕期', relevant: true, reason: '孕期用药和检查需谨慎' });
  if (ctx.lactating) tags.push({ type: 'lactation', name: '哺乳期', relevant: true, reason: '哺乳期用药需考虑对婴儿的影响' });
  if (ctx.age !== null) {
    const g = ageGroupOf(ctx.age);
    tags.push({ type: 'ageGroup', name: AGE_GROUP_ZH[g], relevant: g !== 'adult', reason: g === 'adult' ? null : `${AGE_GROUP_ZH[g]}的用药和就医建议不同于一般成人` });
  }
  return [...tags.filter((t) => t.relevant), ...tags.filter((t) => !t.relevant)];
}

/** Plausible ranges and units of the indicators a user may save from the chat. */
export const INDICATOR_RULES: Readonly<Record<IndicatorType, { unit: string; min: number; max: number; name: string; min2?: number; max2?: number }>> = {
  bloodPressure: { unit: 'mmHg', min: 40, max: 300, min2: 20, max2: 200, name: '血压' },
  weight: { unit: 'kg', min: 0.2, max: 750, name: '体重' },
  height: { unit: 'cm', min: 20, max: 275, name: '身高' },
  glucose: { unit: 'mmol/L', min: 0.5, max: 50, name: '血糖' },
  temperature: { unit: '°C', min: 30, max: 45, name: '体温' },
  heartRate: { unit: '次/分', min: 20, max: 300, name: '心率' },
  spo2: { unit: '%', min: 30, max: 100, name: '血氧饱和度' },
};

/** null when the reading is plausible, else the message saying why not. */
export function indicatorProblem(type: IndicatorType, value: number, value2: number | undefined): string | null {
  const r = INDICATOR_RULES[type];
  if (value < r.min || value > r.max) return `${r.name}需在${r.min}-${r.max}${r.unit}之间`;
  if (type === 'bloodPressure') {
    if (value2 === undefined) return '血压需同时提供收缩压和舒张压';
    if (value2 < (r.min2 ?? 0) || value2 > (r.max2 ?? 0)) return `舒张压需在${r.min2}-${r.max2}${r.unit}之间`;
    if (value2 >= value) return '舒张压需低于收缩压';
  }
  return null;
}

/** Every reading the text states (engine extraction), as indicator inputs. */
export function indicatorsOf(ex: Extraction): Array<{ type: IndicatorType; value: number; value2?: number }> {
  const out: Array<{ type: IndicatorType; value: number; value2?: number }> = [];
  const v = ex.vitals;
  v.systolic.forEach((s, i) => {
    const d = v.diastolic[i];
    if (d !== undefined) out.push({ type: 'bloodPressure', value: s, value2: d });
  });
  for (const x of v.glucose) out.push({ type: 'glucose', value: x });
  for (const x of v.temperature) out.push({ type: 'temperature', value: x });
  for (const x of v.heartRate) out.push({ type: 'heartRate', value: x });
  for (const x of v.spo2) out.push({ type: 'spo2', value: x });
  return out;
}

const KB = '晓医医学知识库';

/** The conditions of the knowledge base a profile disease names (高血压 → 高血压; 糖尿病 → 2型糖尿病). */
export function conditionsFor(disease: string): Condition[] {
  const n = disease.trim();
  if (!n) return [];
  const exact = CONDITIONS.filter((c) => c.name === n);
  if (exact.length) return exact;
  return CONDITIONS.filter((c) => c.name.replace(/（.*?）/gu, '').includes(n) || (n.length >= 3 && n.includes(c.name)) || c.cues.includes(n)).slice(0, 1);
}

export function conditionCard(c: Condition, matchedBy: string | null, index: number): Card {
  return {
    id: `condition:${c.id}`,
    kind: 'condition',
    title: `${c.name}：自我照护与就医时机`,
    matchedBy,
    points: [
      { label: '自我照护', text: c.selfCare },
      { label: '何时就医', text: c.seekCare },
      { label: '就诊科室', text: c.department },
    ],
    source: { index, name: c.source, title: c.name, sourceName: KB },
  };
}

export function dietCard(r: DietRule, matchedBy: string | null, index: number): Card {
  return {
    id: `diet:${r.id}`,
    kind: 'diet',
    title: `${r.condition}饮食建议`,
    matchedBy,
    points: [
      ...r.principles.map((text) => ({ label: '原则', text })),
      { label: '推荐', text: r.recommend.join('、') },
      ...r.limit.map((text) => ({ label: '限制', text })),
    ],
    source: { index, name: r.source, title: `${r.condition}饮食`, sourceName: KB },
  };
}

/** Cards for the member's ongoing diseases (condition care, then diet), then pregnancy/lactation diet. */
export function personalCards(ctx: MemberContext, limit: number): Card[] {
  const cards: Card[] = [];
  const seen = new Set<string>();
  const push = (c: Card) => {
    if (seen.has(c.id) || cards.length >= limit) return;
    seen.add(c.id);
    cards.push({ ...c, source: { ...c.source, index: cards.length + 1 } });
  };
  const diseases = ctx.diseases.filter((d) => d.ongoing).map((d) => d.name);
  const diet = dietAdvice({ text: '', diseases, pregnant: ctx.pregnant, lactating: ctx.lactating, ageYears: ctx.age }, 10);
  for (const d of diseases) {
    for (const c of conditionsFor(d)) push(conditionCard(c, d, 0));
    for (const a of diet.filter((x) => x.matchedBy === d)) push(dietCard(a.rule, d, 0));
  }
  for (const a of diet.filter((x) => !diseases.includes(x.matchedBy))) push(dietCard(a.rule, a.matchedBy, 0));
  return cards;
}

/** Common knowledge: everyday conditions and diet rules for everyone. */
const COMMON_CONDITIONS = ['普通感冒', '高血压', '2型糖尿病', '失眠障碍', '功能性便秘', '骨质疏松症'];
const COMMON_DIET = ['diet-hypertension', 'diet-diabetes', 'diet-cold-fever'];
export function commonCards(limit: number, skip: ReadonlySet<string> = new Set()): Card[] {
  const cards: Card[] = [];
  const conds = COMMON_CONDITIONS.map((n) => CONDITIONS.find((c) => c.name === n)).filter((c): c is Condition => c !== undefined);
  const diets = COMMON_DIET.map((id) => DIET_RULES.find((r) => r.id === id)).filter((r): r is DietRule => r !== undefined);
  const all = conds.flatMap((c, i) => {
    const d = diets[i];
    return d ? [conditionCard(c, null, 0), dietCard(d, null, 0)] : [conditionCard(c, null, 0)];
  });
  for (const c of all) {
    if (cards.length >= limit) break;
    if (skip.has(c.id)) continue;
    cards.push({ ...c, source: { ...c.source, index: cards.length + 1 } });
  }
  return cards;
}

/** Up to `n` questions a user might ask next about the text: its symptoms, diseases and drugs. */
export function questionsFromText(question: string, n = 3): string[] {
  const ex = extract(question);
  const out: string[] = [];
  const sym = ex.symptoms.find((s) => !s.negated && !s.implied);
  const dis = ex.diseases.find((d) => !d.negated);
  const drug = ex.drugs.find((d) => !d.negated);
  if (sym) out.push(`${sym.name}是什么原因引起的？`, `${sym.name}需要去医院吗？挂什么科？`, `${sym.name}在家可以怎么缓解？`);
  if (dis) out.push(`${dis.name}平时饮食要注意什么？`, `${dis.name}需要长期吃药吗？`, `${dis.name}应该多久复查一次？`);
  if (drug) out.push(`${drug.name}的用法用量是什么？`, `${drug.name}有哪些副作用？`, `${drug.name}不能和哪些药一起吃？`);
  return [...new Set(out)].slice(0, n);
}

/** Calendar day in China time (the product's users), for "shown today". */
export const chinaDay = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
export const chinaHour = (ms: number) => new Date(ms + 8 * 3_600_000).getUTCHours();

export function hospitalItem(h: Hospital, reasons: readonly string[] = []): HospitalOut {
  return {
    id: h.id,
    name: h.name,
    level: h.level,
    type: h.type,
    province: h.province,
    city: h.city,
    district: h.district ?? null,
    address: h.address ?? null,
    strongDepartments: [...h.strongDepartments],
    reasons: [...reasons],
    source: h.source,
  };
}
