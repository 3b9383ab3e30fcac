import exposureJson from '../data/exposure-conditions.json' with { type: 'json' };
import conditionsJson from '../data/conditions.json' with { type: 'json' };
import departmentsJson from '../data/departments.json' with { type: 'json' };
import { extract, type Extraction } from './extract.ts';
import { lookup } from './lexicon.ts';
import { symptomById } from './symptoms.ts';

export type ConditionUrgency = 'emergency' | 'urgent' | 'routine' | 'selfcare';
export type AgeGroup = 'infant' | 'child' | 'adult' | 'elder';
export type Likelihood = '可能性较大' | '有一定可能' | '可能性较小';

/** One clinical department (`data/departments.json`). */
export interface Department {
  readonly id: string;
  readonly name: string;
  readonly aliases: readonly string[];
  /** One line of what it treats. */
  readonly scope: string;
  /** The department a child under 14 goes to instead, when there is one (儿科). */
  readonly childVariant?: string;
  readonly source: string;
}

export interface ConditionSymptom {
  /** A symptom id of `data/symptoms.json`. */
  readonly id: string;
  /** 0–1: how characteristic the symptom is of the condition. */
  readonly weight: number;
}

/** One common condition (`data/conditions.json`). */
export interface Condition {
  readonly id: string;
  readonly name: string;
  readonly icd10: string;
  /** A department name of `data/departments.json`. */
  readonly department: string;
  readonly symptoms: readonly ConditionSymptom[];
  /** Words of the user's text that point to the condition beyond the symptom vocabulary (转移, 手足口, 啤酒 …). */
  readonly cues: readonly string[];
  /** Who gets it; absent = any age. */
  readonly ageGroups?: readonly AgeGroup[];
  /** Only this sex gets it. */
  readonly sex?: 'M' | 'F';
  /** Rare from this age (years) on, within its age groups (幼儿急疹: 3). */
  readonly maxAge?: number;
  /** Only in pregnancy (异位妊娠, 先兆流产 …). */
  readonly pregnancyRelated: boolean;
  /**
   * Episodic: its symptoms are usually over when the user writes (短暂性脑缺血发作 — 手麻了几分钟
   * 就好了). The extractor reads a resolved symptom as absent; that is not held against it.
   */
  readonly transient: boolean;
  /**
   * A child with it goes to 儿科 although its department also sees children (急性扁桃体炎,
   * 急性中耳炎: infections a paediatrician treats; a fishbone or a nosebleed stays with ENT).
   */
  readonly childToPaediatrics: boolean;
  /** Words that rule it out when the user says them (没怀孕, 验孕阴性 for early pregnancy). */
  readonly ruledOutBy: readonly string[];
  readonly urgency: ConditionUrgency;
  readonly selfCare: string;
  readonly seekCare: string;
  readonly source: string;
}

export interface RankMember {
  readonly age: number | null;
  readonly sex: 'M' | 'F' | null;
  readonly pregnant?: boolean;
}

export interface RankedCondition {
  readonly id: string;
  readonly name: string;
  readonly department: string;
  /** 0–1. */
  readonly score: number;
  readonly likelihood: Likelihood;
  readonly urgency: ConditionUrgency;
  /** The condition's symptoms the text mentions (not negated). */
  readonly matched: readonly string[];
}

export interface DepartmentAdvice {
  readonly department: string;
  readonly reason: string;
  readonly alternatives: readonly string[];
}

const AGE_GROUPS: readonly AgeGroup[] = ['infant', 'child', 'adult', 'elder'];
const URGENCIES: readonly ConditionUrgency[] = ['emergency', 'urgent', 'routine', 'selfcare'];

function isAgeGroup(s: string): s is AgeGroup {
  return (AGE_GROUPS as readonly string[]).includes(s);
}

function toUrgency(s: string): ConditionUrgency {
  const u = URGENCIES.find((x) => x === s);
  if (u === undefined) throw new Error(`unknown urgency ${s}`);
  return u;
}

export const DEPARTMENTS: readonly Department[] = Object.freeze(
  departmentsJson.map(
    (d): Department =>
      Object.freeze({
        id: d.id,
        name: d.name,
        aliases: Object.freeze([...d.aliases]),
        scope: d.scope,
        ...(d.childVariant === undefined ? {} : { childVariant: d.childVariant }),
        source: d.source,
      }),
  ),
);

export const CONDITIONS: readonly Condition[] = Object.freeze(
  conditionsJson.map((c): Condition => {
    const sex = c.sex === 'M' || c.sex === 'F' ? c.sex : undefined;
    return Object.freeze({
      id: c.id,
      name: c.name,
      icd10: c.icd10,
      department: c.department,
      symptoms: Object.freeze(c.symptoms.map((s) => Object.freeze({ id: s.id, weight: s.weight }))),
      cues: Object.freeze([...(c.cues ?? [])]),
      ...(c.ageGroups === undefined ? {} : { ageGroups: Object.freeze(c.ageGroups.filter(isAgeGroup)) }),
      ...(sex === undefined ? {} : { sex }),
      ...(c.maxAge === undefined ? {} : { maxAge: c.maxAge }),
      pregnancyRelated: c.pregnancyRelated ?? false,
      transient: c.transient ?? false,
      childToPaediatrics: c.childToPaediatrics ?? false,
      ruledOutBy: Object.freeze([...(c.ruledOutBy ?? [])]),
      urgency: toUrgency(c.urgency),
      selfCare: c.selfCare,
      seekCare: c.seekCare,
      source: c.source,
    });
  }),
);

const CONDITION_BY_ID: ReadonlyMap<string, Condition> = new Map(CONDITIONS.map((c) => [c.id, c]));

/**
 * The lexicon disease each condition is (its name, the name without the （…） part, or the text in
 * it: 泌尿系结石（肾绞痛） → 尿路结石), so a disease the user names can be matched to it.
 */
const LEXICON_ID_OF: ReadonlyMap<string, string> = new Map(
  CONDITIONS.flatMap((c): Array<[string, string]> => {
    const forms = [c.name, c.name.replace(/（[^）]*）/gu, ''), ...[...c.name.matchAll(/（([^）]*)）/gu)].map((m) => m[1] ?? ''), ...c.name.split('/')];
    const entry = forms.map((f) => lookup(f.trim(), 'disease')).find((e) => e !== undefined);
    return entry ? [[c.id, entry.id]] : [];
  }),
);
const DEPARTMENT_BY_NAME: ReadonlyMap<string, Department> = new Map(DEPARTMENTS.map((d) => [d.name, d]));

export function conditionById(id: string): Condition | undefined {
  return CONDITION_BY_ID.get(id);
}

/** The department with this name or alias, or undefined. */
export function departmentByName(name: string): Department | undefined {
  return DEPARTMENT_BY_NAME.get(name) ?? DEPARTMENTS.find((d) => d.aliases.includes(name));
}

/** infant < 1, child < 14, adult < 65, elder ≥ 65. */
export function ageGroupOf(years: number): AgeGroup {
  if (years < 1) return 'infant';
  if (years < 14) return 'child';
  if (years < 65) return 'adult';
  return 'elder';
}

const NEGATORS = ['没有', '没', '无', '不', '未', '否认'];

/** The cue occurs in the text and is not directly preceded by a negation word. */
function cueFound(text: string, cue: string): boolean {
  let at = text.indexOf(cue);
  while (at >= 0) {
    const before = text.slice(Math.max(0, at - 2), at);
    if (!NEGATORS.some((n) => before.endsWith(n))) return true;
    at = text.indexOf(cue, at + 1);
  }
  return false;
}

interface Context {
  /** Years, fractional under one when the text says months; null when unknown. */
  readonly years: number | null;
  readonly group: AgeGroup | null;
  readonly sex: 'M' | 'F' | null;
  readonly pregnant: boolean;
}

/** Who is ill when the text names a parent, spouse or grandparent: never a child. */
const GROWN_UP_WHO: ReadonlySet<string> = new Set(['mother', 'father', 'spouse', 'elder']);
/** A baby's age in days (出生第6天, 生下来5天, 新生儿): an infant even without a parsed age. */
const NEWBORN_WORDS = /出生(?:后)?第?[0-9一二三四五六七八九十两]+(?:天|日)|生下来[0-9一二三四五六七八九十两]+天|新生儿|刚出生/u;

function contextOf(extraction: Extraction, member?: RankMember): Context {
  // An extracted child's age for a parent or grandparent is a misreading (我爸…最近三个月大便变细).
  const exAge = extraction.age !== null && extraction.who !== null && GROWN_UP_WHO.has(extraction.who) && extraction.age.years < 14 ? null : extraction.age;
  const years = exAge !== null && member?.age === Math.floor(exAge.years) ? exAge.years : (member?.age ?? exAge?.years ?? null);
  let group: AgeGroup | null = years === null ? null : ageGroupOf(years);
  if (group === null && NEWBORN_WORDS.test(extraction.normalized)) group = 'infant';
  if (group === null && extraction.who === 'child') group = 'child';
  if (group === null && extraction.who === 'elder') group = 'elder';
  const sex = member?.sex ?? extraction.sexHint;
  const pregnant = (member?.pregnant ?? false) || extraction.pregnancy.pregnant;
  return { years, group, sex: pregnant ? 'F' : sex, pregnant };
}

const CUE_WEIGHT = 0.25;

/**
 * Conditions that need an exposure (travel to an endemic area, altitude, a CO source, a vehicle,
 * a suspect meal…): without one of their cue words in the message their symptoms alone are weak
 * evidence (headache + fever is not dengue in a non-traveller).
 */
const EXPOSURE: ReadonlyMap<string, readonly string[]> = new Map(exposureJson.map((e) => [e.id, 'evidence' in e && Array.isArray(e.evidence) ? e.evidence : []]));
const EXPOSURE_FACTOR = 0.35;
/**
 * Conditions that need a second exposure besides the one their cues name (a disulfiram-like
 * reaction needs the drug and alcohol): without any of these words the score is cut the same way.
 */
const ALSO_NEEDS: ReadonlyMap<string, readonly string[]> = new Map(exposureJson.flatMap((e): Array<[string, readonly string[]]> => ('alsoNeeds' in e && Array.isArray(e.alsoNeeds) ? [[e.id, e.alsoNeeds]] : [])));
/** Symptoms too common to point to a rare emergency on their own. */
const NONSPECIFIC: ReadonlySet<string> = new Set(['fever', 'headache', 'fatigue', 'nausea', 'vomiting', 'dizziness', 'cough', 'diarrhea', 'abdominal-pain', 'myalgia', 'chills', 'poor-appetite']);
const IMPLIED_FACTOR = 0.6;
const HYPOTHETICAL_ASK = /(?:如果|万一|假如|要是|假设).{0,20}(?:怎么办|怎么处理|如何处理|怎么急救|该怎么|应该怎么|怎么判断|有哪些表现|什么表现)/u;

/**
 * The conditions the extracted symptoms fit best. The score is a cosine-like overlap of the
 * text's symptoms with the condition's weighted symptoms, plus small bonuses for the condition's
 * cue words (a disease the user says they have counts as one when it explains the symptoms),
 * minus the weight of the condition's symptoms the text denies (not for an episodic condition);
 * conditions of the other sex or ruled out in the user's words are left out, an excluded age
 * group, an age past the condition's window or a pregnancy condition without pregnancy cuts the
 * score. Best first; ties keep the data order (more common first).
 */
/** A food or object used only to give a size: 花生米大, 黄豆大小, 鸡蛋那么大. */
const SIZE_SIMILE = /(花生米?|黄豆|绿豆|米粒|芝麻|鸡蛋|鸭蛋|鹌鹑蛋|核桃|红枣|枣|葡萄|蚕豆|樱桃|乒乓球|拳头|指甲盖)(粒)?(那么|一样|这么|差不多)?大(小)?/gu;

/** Said to have given birth in the last weeks (生完第五天, 产后两周, 剖腹产一周, 坐月子). */
const POSTPARTUM = /生完|产后|坐月子|月子里|剖腹产|剖宫产|顺产|分娩后/u;
/** Pregnancy conditions that also begin after delivery (产后子痫前期, up to six weeks postpartum). */
const POSTPARTUM_TOO: ReadonlySet<string> = new Set(['preeclampsia', 'eclampsia', 'hellp']);

export function rankConditions(extraction: Extraction, member?: RankMember, topN = 3): RankedCondition[] {
  const ctx = contextOf(extraction, member);
  const positive = new Map<string, number>();
  const negated = new Set<string>();
  for (const s of extraction.symptoms) {
    if (s.negated) {
      negated.add(s.id);
      continue;
    }
    const f = s.implied ? IMPLIED_FACTOR : 1;
    positive.set(s.id, Math.max(positive.get(s.id) ?? 0, f));
  }
  for (const id of positive.keys()) negated.delete(id);
  // A what-if question (如果被毒蛇咬了怎么处理) reads its symptoms as absent, but they are not denied:
  // the condition it asks about stays in view through its cue words.
  if (HYPOTHETICAL_ASK.test(extraction.normalized)) negated.clear();
  const userWeight = [...positive.values()].reduce((a, b) => a + b, 0);
  // A food named only as a size (花生米大的疙瘩, 黄豆大小的包) is not a food the person ate.
  const text = extraction.normalized.replace(SIZE_SIMILE, '');
  // Diseases the user says they have (甲亢吃药半年了): one that explains the present symptoms
  // counts like a cue word. A word that is also a symptom (便秘, 失眠) is the symptom, not a diagnosis.
  const overlapsSymptom = (a: readonly [number, number]): boolean => extraction.symptoms.some((s) => s.span[0] < a[1] && a[0] < s.span[1]);
  const named = new Set(extraction.diseases.filter((d) => !d.negated && !overlapsSymptom(d.span)).map((d) => d.id));

  const scored: Array<{ c: Condition; score: number; matched: string[]; index: number }> = [];
  CONDITIONS.forEach((c, index) => {
    if (c.sex !== undefined && ctx.sex !== null && c.sex !== ctx.sex) return;
    if (c.ruledOutBy.some((w) => text.includes(w))) return;
    let total = 0;
    let hit = 0;
    let denied = 0;
    const matched: string[] = [];
    for (const s of c.symptoms) {
      total += s.weight;
      const f = positive.get(s.id);
      if (f !== undefined) {
        hit += s.weight * f;
        matched.push(s.id);
      } else if (negated.has(s.id) && !c.transient) denied += s.weight;
    }
    const lexId = LEXICON_ID_OF.get(c.id);
    const cues = c.cues.filter((cue) => cueFound(text, cue)).length + (matched.length > 0 && lexId !== undefined && named.has(lexId) ? 1 : 0);
    const bpEvidence = c.id === 'hypertension' && extraction.bp !== null && ((extraction.bp.systolic ?? 0) >= 140 || (extraction.bp.diastolic ?? 0) >= 90);
    // A measured glucose below 3.9 mmol/L is evidence for hypoglycaemia itself (测血糖3.6), as a
    // hypertensive reading is for hypertension.
    const glucoseEvidence = c.id === 'hypoglycemia' && extraction.vitals.glucose.some((g) => g < 3.9);
    // …and a fasting reading of 6.1 or more (空腹血糖6.5: impaired fasting glucose or diabetes, 中国2型糖尿病防治指南
    // 2020) or any reading of 11.1 or more is evidence for diabetes, whatever symptoms are denied (没有口渴多尿).
    const hyperglycaemiaEvidence = c.id === 't2dm' && extraction.vitals.glucose.some((g) => g >= 11.1 || (g >= 6.1 && /空腹/u.test(extraction.normalized)));
    if (matched.length === 0 && cues === 0 && !bpEvidence && !glucoseEvidence && !hyperglycaemiaEvidence) return;
    let score = userWeight > 0 && total > 0 ? hit / Math.sqrt(total * userWeight) : 0;
    score += CUE_WEIGHT * Math.min(cues, 2);
    // A symptom that is itself the exposure (误服 → 中毒) counts as the exposure.
    const exposure = EXPOSURE.get(c.id);
    if (cues === 0 && exposure !== undefined && !exposure.some((id) => positive.has(id))) score *= EXPOSURE_FACTOR;
    const also = ALSO_NEEDS.get(c.id);
    if (also !== undefined && !also.some((w) => cueFound(text, w))) score *= EXPOSURE_FACTOR;
    // A rare, serious condition is not suggested on nonspecific symptoms alone (发热+头痛 is not
    // encephalitis until there is confusion, a seizure or a stiff neck): base rates matter.
    if (c.urgency === 'emergency' && cues === 0 && matched.length > 0 && matched.every((id) => NONSPECIFIC.has(id))) score *= 0.5;
    score -= total > 0 ? (0.6 * denied) / total : 0;
    if (c.ageGroups !== undefined) {
      if (ctx.group !== null && !c.ageGroups.includes(ctx.group)) score *= 0.3;
      else if (ctx.group === null && !c.ageGroups.includes('adult')) score *= 0.6;
    }
    if (c.maxAge !== undefined && ctx.years !== null && ctx.years >= c.maxAge) score *= 0.3;
    if (c.sex !== undefined && ctx.sex === null) score *= 0.85;
    if (c.pregnancyRelated) {
      if (ctx.pregnant) score *= 1.3;
      else if (!positive.has('missed-period') && !(POSTPARTUM_TOO.has(c.id) && POSTPARTUM.test(text))) score *= 0.5;
    }
    // Fever points to an infection or inflammation: a condition that never causes it explains
    // it poorly (紧张型头痛 does not give 发热).
    if (positive.has('fever') && !c.symptoms.some((x) => x.id === 'fever') && c.urgency !== 'emergency') score *= 0.7;
    // A stated reading at hypertensive level is evidence for hypertension itself.
    if (c.id === 'hypertension' && extraction.bp && ((extraction.bp.systolic ?? 0) >= 140 || (extraction.bp.diastolic ?? 0) >= 90)) score += 0.35;
    if (glucoseEvidence) score += 0.5;
    if (hyperglycaemiaEvidence) score += 0.35;
    score = Math.max(0, Math.min(1, score));
    if (score <= 0) return;
    scored.push({ c, score, matched, index });
  });
  // Equal scores (often one cue word each): the condition of the department the text's body
  // site points to goes first (大后牙有个黑洞 → 口腔科 before a transient-neurology cue).
  const siteDepts = new Set(extraction.bodyParts.flatMap((p) => SITE_DEPARTMENTS.filter(([site]) => p.startsWith(site)).map(([, d]) => d)));
  const onSite = (c: Condition): number => (siteDepts.has(c.department) ? 0 : 1);
  scored.sort((a, b) => b.score - a.score || onSite(a.c) - onSite(b.c) || a.index - b.index);
  const top = scored.slice(0, Math.max(0, topN));
  return top.map(({ c, score, matched }, i): RankedCondition => {
    const next = top[i + 1]?.score ?? scored[i + 1]?.score ?? 0;
    const likelihood: Likelihood =
      i === 0 && score >= 0.6 && score - next >= 0.1 ? '可能性较大' : score >= 0.35 ? '有一定可能' : '可能性较小';
    return {
      id: c.id,
      name: c.name,
      department: c.department,
      score: Math.round(score * 100) / 100,
      likelihood,
      urgency: c.urgency,
      matched,
    };
  });
}

/** Departments that see children too: surgical, ENT, eye, skin, teeth and emergencies. */
const CHILD_KEEPS: ReadonlySet<string> = new Set([
  '普通外科', '骨科', '泌尿外科', '神经外科', '心胸外科', '肛肠科', '眼科', '耳鼻咽喉科', '口腔科', '皮肤科',
  '烧伤科', '急诊科', '新生儿科', '儿科', '精神心理科', '妇科', '乳腺外科', '血管外科',
]);

const SITE_DEPARTMENTS: ReadonlyArray<readonly [string, string]> = [
  ['皮肤', '皮肤科'],
  ['眼', '眼科'],
  ['耳', '耳鼻咽喉科'],
  ['鼻', '耳鼻咽喉科'],
  ['咽喉', '耳鼻咽喉科'],
  ['口腔', '口腔科'],
  ['乳房', '乳腺外科'],
  ['女性生殖', '妇科'],
  ['男性生殖', '泌尿外科'],
  ['泌尿', '泌尿外科'],
  ['呼吸', '呼吸内科'],
  ['胸部', '心血管内科'],
  ['消化', '消化内科'],
  ['腹部', '消化内科'],
  ['精神', '精神心理科'],
  ['神经', '神经内科'],
  ['头部', '神经内科'],
  ['腰部', '骨科'],
  ['四肢', '骨科'],
  ['上肢', '骨科'],
  ['下肢', '骨科'],
  ['颈部', '骨科'],
];

/** Complaints that point to no organ system on their own (全身性非特异症状). */
const GENERAL_COMPLAINTS: ReadonlySet<string> = new Set(['fatigue', 'loss-of-appetite', 'listlessness']);

const PREGNANCY_SITES: ReadonlySet<string> = new Set(['腹部', '女性生殖', '消化']);
/** Complaints that pregnancy itself commonly brings (孕期贫血, 孕晚期腿抽筋): followed in 产科. */
const PREGNANCY_COMPLAINTS: ReadonlySet<string> = new Set(['iron-deficiency-anemia', 'muscle-cramp']);
/** Signs that in pregnancy point to a pregnancy complication first (水肿 → 子痫前期). */
const PREGNANCY_SIGNS: ReadonlySet<string> = new Set(['edema', 'leg-swelling']);
const MIN_SCORE = 0.15;
/** A pregnancy test said to be positive (验孕棒两条杠, 早孕试纸阳性, 测出来怀孕了, 怀上了). */
const CONFIRMED_PREGNANCY = /(验孕|测孕|试纸|验孕棒|hcg|验血)[^,.;!?。！？；]{0,6}(两条杠|两道杠|两条线|阳性|怀孕了|怀上了)|测出(来)?怀孕|怀上了|确认怀孕|确诊怀孕/u;

function uniq(xs: readonly string[], not: string): string[] {
  return [...new Set(xs)].filter((x) => x !== not);
}

/**
 * The department to register with for a complaint: the department the best-fitting conditions
 * share most (score-weighted; a top condition the user's words point to keeps its own), only
 * general complaints to 全科医学科, children under 14 sent to 儿科 unless a surgical, ENT, eye, skin
 * or dental department clearly fits, pregnant women with abdominal or vaginal complaints or signs
 * of a pregnancy complication to 产科; without a fitting condition the body site of the symptoms
 * decides, else 全科医学科.
 */
export function departmentFor(text: string, member?: RankMember): DepartmentAdvice {
  const ex = extract(text);
  const ctx = contextOf(ex, member);
  const child = ctx.group === 'infant' || ctx.group === 'child';
  const ranked = rankConditions(ex, member, 5).filter((r) => r.score >= MIN_SCORE);
  const sites = ex.symptoms
    .filter((s) => !s.negated)
    .map((s) => symptomById(s.id)?.bodySite ?? '')
    .concat(ex.bodyParts)
    .filter((s) => s !== '');

  let department: string;
  let reason: string;
  let alternatives: string[];
  /** For a child: the top condition keeps its department, but only narrowly (see below). */
  let childPool = false;
  const top = ranked[0];
  if (top !== undefined) {
    const weights = new Map<string, number>();
    for (const r of ranked) weights.set(r.department, (weights.get(r.department) ?? 0) + r.score);
    const order = [...weights.entries()].sort((a, b) => b[1] - a[1]).map(([d]) => d);
    // The top condition is the best single explanation: its department stands unless the others
    // together clearly point elsewhere (several conditions of one department, none of them first).
    // A top condition the user's own words point to (阳了 → 新冠, 落枕) also stands.
    const leader = order[0] ?? top.department;
    const userNamed = conditionById(top.id)?.cues.some((cue) => cueFound(ex.normalized, cue)) ?? false;
    // The others outvote the top condition only when they account for what it is based on: a
    // finding only the top condition explains (眼白出血 beside a cough) keeps its department.
    const leaderExplains = ranked.filter((r) => r.department === leader).some((r) => top.matched.every((id) => r.matched.includes(id)));
    department = top.likelihood !== '可能性较大' && !userNamed && leaderExplains && (weights.get(leader) ?? 0) > 1.5 * (weights.get(top.department) ?? 0) ? leader : top.department;
    order.splice(order.indexOf(department), 1);
    reason = `描述最符合「${top.name}」（${top.likelihood}），该病通常在${department}诊治`;
    alternatives = order;
    // For a child every medical department is 儿科, so their votes pool: a department that sees
    // children too (耳鼻咽喉科 …) only narrowly ahead of them (过敏性鼻炎 vs 普通感冒) gives way.
    if (child && CHILD_KEEPS.has(department) && department !== '儿科' && department !== '新生儿科' && !userNamed && top.likelihood !== '可能性较大' && top.urgency !== 'emergency') {
      let pooled = 0;
      for (const [d, w] of weights) if (!CHILD_KEEPS.has(d)) pooled += w;
      childPool = pooled > (weights.get(department) ?? 0);
    }
    if (child && department === top.department && conditionById(top.id)?.childToPaediatrics === true) childPool = true;
    // A child whose complaint a paediatric condition explains just as fully and nearly as well
    // (流涕、喷嚏: 普通感冒 beside 过敏性鼻炎) starts at 儿科, which sorts out both.
    if (child && CHILD_KEEPS.has(department) && department !== '儿科' && department !== '新生儿科' && !userNamed && top.urgency !== 'emergency') {
      const rival = ranked.find((r) => r.id !== top.id && !CHILD_KEEPS.has(r.department) && r.score >= 0.7 * top.score && top.matched.every((id) => r.matched.includes(id)));
      if (rival !== undefined) childPool = true;
    }
    // Only general complaints (乏力, 没胃口 …) and no condition clearly ahead: a general
    // practitioner sorts them out first rather than the department of a weak guess.
    const positives = ex.symptoms.filter((s) => !s.negated);
    if (top.likelihood !== '可能性较大' && !userNamed && top.urgency !== 'emergency' && positives.length > 0 && positives.every((s) => GENERAL_COMPLAINTS.has(s.id))) {
      alternatives.unshift(department);
      department = '全科医学科';
      reason = `症状（${[...new Set(positives.map((s) => s.name))].join('、')}）缺乏特异性，可能的原因很多，建议先到全科医学科全面评估（${reason}）`;
    }
    if (top.urgency === 'emergency') {
      reason += '；情况可能紧急，请立即拨打120或直接去急诊';
      alternatives.unshift('急诊科');
    }
  } else {
    const site = SITE_DEPARTMENTS.find(([s]) => sites.includes(s));
    department = site?.[1] ?? '全科医学科';
    reason = site === undefined ? '描述中没有足够指向某一专科的症状，建议先到全科医学科就诊' : `症状部位在${site[0]}，建议${site[1]}就诊`;
    alternatives = department === '全科医学科' ? [] : ['全科医学科'];
  }

  // A pregnancy the test has confirmed (验孕棒两条杠, 测出怀孕了) is followed in 产科 from the first
  // visit (建档); a late period not yet tested stays with 妇科, which confirms it.
  if (department === '妇科' && top?.id === 'early-pregnancy' && CONFIRMED_PREGNANCY.test(ex.normalized)) {
    alternatives.unshift(department);
    department = '产科';
    reason = `验孕已提示怀孕，建议到产科确认宫内妊娠并建档（${reason}）`;
  }
  // In pregnancy, an abdominal or vaginal complaint, or one a pregnancy complication explains
  // (脚肿 → 子痫前期), is seen in 产科 first.
  const pregnancyComplication =
    ranked.some((r) => conditionById(r.id)?.pregnancyRelated === true) ||
    ex.symptoms.some((s) => !s.negated && PREGNANCY_SIGNS.has(s.id)) ||
    (top !== undefined && top.urgency !== 'emergency' && PREGNANCY_COMPLAINTS.has(top.id));
  if (ctx.pregnant && department !== '产科' && (sites.some((s) => PREGNANCY_SITES.has(s)) || pregnancyComplication)) {
    alternatives.unshift(department);
    department = '产科';
    reason = `${pregnancyComplication ? '孕期出现可能与妊娠并发症有关的症状' : '孕期出现腹部或阴道症状'}，应先到产科就诊（${reason}）`;
  } else if (child && (!CHILD_KEEPS.has(department) || childPool)) {
    const months = ex.age?.months ?? (member?.age === null || member?.age === undefined ? null : member.age * 12);
    const target = months !== null && months < 1 ? '新生儿科' : (departmentByName(department)?.childVariant ?? '儿科');
    alternatives.unshift(department);
    department = target;
    reason = `14岁以下儿童一般先到${target}就诊（${reason}）`;
  }
  // 新生儿科 is for the first 28 days: an infant known to be older (两个半月) with a neonatal
  // condition ranked first starts at 儿科.
  const ageMonths = ex.age?.months ?? (member?.age === null || member?.age === undefined ? null : member.age * 12);
  if (department === '新生儿科' && ageMonths !== null && ageMonths >= 1) {
    alternatives.unshift(department);
    department = '儿科';
    reason = `满月后的婴儿一般到儿科就诊（${reason}）`;
  }
  return { department, reason, alternatives: uniq(alternatives, department).slice(0, 3) };
}
