import { MSG, PROFILE_LINE_PREFIX, type AnswerAnnotation, type AnswerDoctor as ContractAnswerDoctor, type AnswerEvent, type AnswerSource, type HospitalRecommendation, type MemberContext, type RefusalCode, type RoleStatus, type SkillCode } from '@chatdr/contract';
import { CONDITIONS, DEPARTMENTS, conditionById, departmentByName, rankConditions } from './conditions.ts';
import { departmentWithModel, modelDepartmentWhenNone, modelIntentClassifier } from './model/combine.ts';
import { conditionFacts } from './condition-facts.ts';
import { CAUSE_LINE, consistentFirstAid, leadFor, planLines, readerRuleName, shortName } from './compose.ts';
import { CRISIS_RULES, crisisLines, crisisPerson } from './crisis.ts';
import { grownUpByContext, impossibleCondition, personHints, plausibleRanked, type PlausiblePerson } from './plausible.ts';
import { dietAdvice } from './diet.ts';
import { findHospitals, resolveCity } from './hospitals.ts';
import { differentiateTcm, TCM_PATENT_NOTE } from './tcm.ts';
import { classifyBp } from './vitals.ts';
import type { RankedCondition } from './conditions.ts';
import { extract } from './extract.ts';
import type { Extraction, Who } from './extract.ts';
import { classifyIntent, isAdminAsk, isAppServiceAsk, isInappropriate, isNonRecommendationScene, metaKind } from './intent.ts';
import { isAppHelp, isOffTopic } from './scope.ts';
import type { AnswerIntent, ScenePath } from './intent.ts';
import { continuedInterview, INTERVIEW_MAX_QUESTIONS, INTERVIEW_REPLIES, interviewStep, stateOf } from './interview.ts';
import type { HistoryTurn } from './interview.ts';
import { continuedQuestion, HOSPITAL_CITY_ASK } from './followup.ts';
import { indicatorById, interpretReport } from './labs.ts';
import type { InterpretedItem, LabFlag, LabPattern } from './labs.ts';
import { LAB_INDICATORS } from './labs-data.ts';
import type { LabIndicator } from './labs-data.ts';
import { normalizeText } from './normalize.ts';
import { entity, kbSource } from './kb/index.ts';
import { frame, type Frame } from './nlu/frame.ts';
import { namedEntityLines, nothingUnderstoodLines, possibleConditions, profileOf, storySubject, subjectFor } from './nlu/plan.ts';
import type { Subject } from './nlu/subject.ts';
import { lookup } from './lexicon.ts';
import { drugFactsById } from './drug-facts-data.ts';
import { LACTATING, allowsDose, drugMentions, majorInteractions, medicationAdvice, situationLines, statedDiseasesIn } from './medication.ts';
import type { MedicationContext, MedicationVerdict, MedicationWarning } from './medication.ts';
import type { DrugEntry } from './lexicon-data.ts';
import { nowActions } from './actions.ts';
import { RED_FLAG_RULES, type RedFlagRule } from './red-flags.ts';
import { symptomById } from './symptoms.ts';
import { triage } from './triage.ts';
import { contextUrgent } from './triage-context.ts';
import type { TriageLevel, TriageResult } from './triage.ts';

export type AnswerSkill = SkillCode;
export type { AnswerIntent, ScenePath, HistoryTurn };

export interface AnswerReportItem {
  name: string;
  value: string;
  unit?: string;
  refRange?: string;
}

export interface AnswerLocation {
  province?: string | null;
  city?: string | null;
  district?: string | null;
}

/** A doctor of the operator's own service (the product's doctors, not a public directory). */
export type AnswerDoctor = ContractAnswerDoctor;

export interface AnswerInput {
  question: string;
  /** The operator's doctors the answer may recommend (推荐医生), matched by department. */
  doctors?: AnswerDoctor[];
  /** chat-core inType: how the question was entered (text, voice, image …); informational. */
  inType?: number | string | null;
  skill?: AnswerSkill | null;
  member?: MemberContext | null;
  report?: AnswerReportItem[];
  /** Earlier turns of the session, oldest first (the self-check interview continues from them). */
  history?: HistoryTurn[];
  location?: AnswerLocation | null;
  reasoning?: boolean;
}

// The events and their parts are the contract's (packages/contract/src/chat/events.ts): the server
// validates them at its edge and the web parses frames with the same schemas.
export type { AnswerAnnotation, AnswerEvent, AnswerSource, HospitalRecommendation, RefusalCode, RoleStatus };
export type AnnotationKind = AnswerAnnotation['type'];

export const REFUSAL_TEXT: Readonly<Record<RefusalCode, string>> = {
  3030: MSG.badInputFormat,
  3031: '这个问题涉及不当内容，晓医无法回答。如有健康方面的困扰，欢迎换个方式提问。',
  3034: '晓医暂时无法回答这个问题，可以问我其他健康问题',
};

const MAX_CHARS = 2000;
const KB_NAME = '晓医医学知识库';



const FLAG_TEXT: Readonly<Record<LabFlag, string>> = {
  normal: '正常',
  high: '偏高',
  low: '偏低',
  positive: '阳性',
  'critical-high': '明显偏高（危急值）',
  'critical-low': '明显偏低（危急值）',
  unknown: '无法判断',
};

const LEVEL_TEXT: Readonly<Record<TriageLevel, string>> = {
  emergency: '紧急',
  urgent: '尽快就医：建议今天内（24小时内）到医院就诊，不要拖延。',
  routine: '建议近期到门诊就诊，明确原因。',
  selfcare: '目前看可以先居家观察和自我护理；如症状加重或出现新的不适，请及时就医。',
};

/** The triage level as the deep-think panel says it to a lay reader (no engine words). */
export const LEVEL_LAY: Readonly<Record<TriageLevel, string>> = {
  emergency: '情况紧急，需要立即急救',
  urgent: '需要尽快就医',
  routine: '建议门诊就诊',
  selfcare: '可先居家观察',
};

/**
 * A red-flag rule's name as a warning sign a lay reader understands: the rule's own notes
 * (即使…, BE-FAST letters, 危险信号, 需排除…) go, slashes and plus signs become words.
 */
export function signText(ruleName: string): string {
  // One mechanism for rule-author wording (compose.ts readerRuleName), then list punctuation.
  return readerRuleName(ruleName)
    .replace(/（[^（）]*(?:危险信号|需排除)[^（）]*）/gu, '')
    .replace(/\s*\+\s*/gu, '、')
    .replace(/\//gu, '或')
    .trim();
}

/**
 * The few warning signs worth naming for this person (at most `n`): rule labels that say the same
 * sign again for an age or a history (60岁以上突发口角歪斜 after 口角歪斜, 40岁以上急性胸痛 after
 * 急性胸痛伴大汗…) are dropped, in the fired rules' order (most specific first); signs that name a
 * suspected condition (（疑似休克）) are kept before plain ones.
 */
export function fewSigns(signs: readonly string[], n = 3): string[] {
  const core = (x: string): string =>
    x
      .replace(/（[^（）]*）/gu, '')
      .replace(/^(?:\d+岁(?:以上|以下)|有[^，；]{1,12}?者|[^，；]{1,12}?患者|老人|儿童)/u, '')
      .replace(/^(?:突发|突然|急性)/u, '')
      .replace(/单侧|一侧/gu, '一侧')
      .replace(/^(?:突发|突然)/u, '');
  const kept = new Set<string>();
  const cores: string[] = [];
  // A sign that names the condition it points to (…（疑似休克）) is taken first, so each fired rule's
  // suspected condition stays named when several fire; then the plain signs fill what is left.
  const names = (x: string): boolean => /（[^（）]*疑似[^（）]*）/u.test(x);
  for (const pass of [true, false]) {
    for (const s of signs) {
      if (kept.size >= n) break;
      if (names(s) !== pass) continue;
      const c = core(s);
      if (c === '' || cores.some((k) => k.includes(c) || c.includes(k))) continue;
      kept.add(s);
      cores.push(c);
    }
  }
  return signs.filter((s) => kept.has(s));
}

/** An emergency rule's action split into checklist steps (one instruction each). */
export function actionSteps(actions: readonly string[]): string[] {
  const out: string[] = [];
  for (const a of actions) for (const part of a.split(/[；;。]/u)) {
    const step = part.trim();
    if (step && !out.includes(step)) out.push(step);
  }
  return out.slice(0, 6);
}

/** Splits a paragraph into sentences, each keeping its end punctuation. */
function sentences(s: string): string[] {
  return s.match(/[^。！？；\n]+[。！？；]?\n?/gu) ?? [];
}

/** `omit`: facts another sentence of the answer already says (a verdict's reason 对青霉素类过敏, 有前列腺增生). */
function memberFacts(m: MemberContext, extra: string[] = [], omit: readonly string[] = []): string {
  const parts: string[] = [];
  if (m.roleName) parts.push(m.roleName);
  if (m.age !== null) parts.push(m.ageMonths !== null && m.age < 3 ? `${m.ageMonths}个月` : `${m.age}岁`);
  if (m.sex) parts.push(m.sex === 'F' ? '女' : '男');
  const said = (fact: string): boolean => omit.some((r) => r.includes(fact));
  const ds = m.diseases.filter((d) => d.ongoing && !said(`有${d.name}`)).map((d) => d.name);
  if (ds.length > 0) parts.push(`有${ds.join('、')}`);
  if (m.pregnant) parts.push(m.pregnancyWeek !== null ? `怀孕${m.pregnancyWeek}周` : '孕期');
  if (m.lactating) parts.push('哺乳期');
  // The medication check repeats facts the profile already gave (有冠心病): say each once.
  for (const e of extra) if (!parts.includes(e) && !said(e) && !parts.some((x) => /^\d+(?:岁|个月)$/u.test(x) && e.startsWith(x)) && !(e.startsWith('有') && m.diseases.some((d) => e === `有${d.name}`))) parts.push(e);
  return `${PROFILE_LINE_PREFIX}${parts.join('，')}。`;
}

function hasMemberFacts(m: MemberContext): boolean {
  return m.age !== null || m.sex !== null || m.diseases.length > 0 || m.pregnant || m.lactating || m.allergies.length > 0 || m.medicines.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Drugs

const DRUG_ASK = /喝酒|饮酒|喝点酒|能喝|吃|服|用|剂量|副作用|不良反应|能不能|可不可以|可以|禁忌|注意|作用|功效|治什么|多少|几片|一次|一天/u;

/** Weight stated in the question (孩子16公斤, 体重20kg), kg. */
function weightIn(text: string): number | null {
  const m = /(\d+(?:\.\d+)?)\s*(?:公斤|kg|千克)/iu.exec(text) ?? /(\d+(?:\.\d+)?)\s*斤/u.exec(text);
  if (!m?.[1]) return null;
  const v = Number(m[1]);
  const kg = /斤/u.test(m[0]) && !/公斤/u.test(m[0]) ? v / 2 : v;
  return kg > 1 && kg < 250 ? kg : null;
}

/** A stated single dose: 一次吃800毫克, 吃了两片 is not read (tablet strengths vary). */
function statedDoseMg(text: string): { mg: number; perDay: number | null } | null {
  const m = /(\d+(?:\.\d+)?)\s*(毫克|mg|克|g)(?![a-z])/iu.exec(text);
  if (!m?.[1] || !m[2]) return null;
  const mg = /^(?:克|g)$/iu.test(m[2]) ? Number(m[1]) * 1000 : Number(m[1]);
  const times = /(?:一天|每天|每日|一日)\s*(\d+|[一二两三四五六])\s*次/u.exec(text);
  const cn: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6 };
  const perDay = times?.[1] ? (cn[times[1]] ?? Number(times[1])) : null;
  return { mg, perDay };
}

/** A lexicon entry's department as the department list names it (the entry's own wording when unlisted). */
const departmentNameOf = (name: string): string => departmentByName(name)?.name ?? name;

/** Words just before a drug name that ask to take it or take more of it. */
const WANT_DRUG = /(?:想|打算|准备|能|可以|能不能|可不可以)(?:再)?(?:给(?:他|她|孩子|宝宝|老人|我爸|我妈|老爸|老妈|爸|妈|爷爷|奶奶|外公|外婆|姥姥|姥爷|老公|老婆)?)?(?:吃|用|服|加|喝|买|开)(?:点|些|一点|一片|一粒|盒|瓶)?$/u;
/** Asking whether a drug affects an illness or another drug. */
const DRUG_EFFECT_ASK = /会不会有影响|有没有影响|有影响吗|影响大吗|有冲突吗|冲突吗|冲不冲突/u;

/** What the medication check knows about the person and the question (the drug asked about is left out of the other drugs). */
function medicationContext(drugId: string | null, question: string, ex: Extraction, m: MemberContext | null): MedicationContext {
  // An allergy stated in the question (对阿司匹林过敏，吃了会喘) counts like one in the profile.
  // Also 我磺胺过敏, 有青霉素过敏史 (the allergen right after the person, without 对).
  const statedAllergies = [...question.matchAll(/(?:对|我|本人|他|她|孩子|宝宝|有)([^对，,。；;！？!?\s]{1,12}?)(?:类药物|类药|类|药物)?过敏/gu)].map((x) => (x[1] ?? '').replace(/^(有|是)/u, '')).filter((x) => x.length > 0 && !/^(点|些|有点|有些|容易|经常|不|没)/u.test(x));
  // 打青霉素休克过, 吃头孢起过疹子, 吃阿司匹林以后犯过哮喘: a reaction told as a story is an allergy too.
  for (const x of question.matchAll(/(?:打|用|吃|输|注射|打了|用了|吃了|输了)([^，,。；;！？!?\s]{1,8}?)(?:后|以后|之后)?(?:过敏性休克|休克|出疹子|起疹子|起风团|起过疹子|出过疹子|犯过哮喘|犯了哮喘|犯哮喘|哮喘发作|喘不上气)/gu)) {
    const name = (x[1] ?? '').replace(/^(了|过)/u, '');
    if (name.length > 0 && lookup(name, 'drug') !== undefined) statedAllergies.push(name);
  }
  // Other drugs named in the same question (在吃A，医生又开了B，一起吃行吗) are checked like the
  // profile's current medicines, so an interaction between them is never missed.
  // A drug named as the allergy (吃阿司匹林以后犯过哮喘) is not one being taken.
  const allergic = new Set(statedAllergies.map((n) => lookup(n, 'drug')?.id).filter((id): id is string => id !== undefined));
  const statedDrugs = [...new Set(ex.drugs.filter((d) => !d.negated).map((d) => lookup(d.name, 'drug')).filter((d): d is DrugEntry => d !== undefined && d.id !== drugId && !allergic.has(d.id)).map((d) => d.name))];
  return {
    question,
    member: m,
    statedAllergies,
    statedDrugs,
    pregnant: ex.pregnancy.pregnant,
    pregnancyWeek: ex.pregnancy.week,
    ageYears: ex.age?.years ?? null,
    weightKg: weightIn(question),
    alcohol: /喝酒|饮酒|喝了酒|喝点酒|酒后|白酒|啤酒|红酒|饭局|应酬/u.test(question),
    // 我爸有慢性肾病，想给他买布洛芬: a disease stated in the question is checked like the profile's.
    statedDiseases: statedDiseasesIn(question, ex.diseases.filter((d) => !d.negated).map((d) => d.name)),
  };
}

function drugLines(drug: DrugEntry, question: string, ex: Extraction, m: MemberContext | null): { lines: string[]; facts: string[]; warnings: MedicationWarning[]; verdict: MedicationVerdict } {
  // A stated dose (一次吃800毫克) is checked against the maxima inside the verdict.
  const advice = medicationAdvice(drug, { ...medicationContext(drug.id, question, ex, m), statedDose: statedDoseMg(question) });
  return { lines: [...advice.lines], facts: advice.facts, warnings: advice.warnings, verdict: advice.verdict };
}

/** The verdicts of the drugs some lines name (a condition's advice), for this person. */
function medicineVerdicts(lines: readonly string[], question: string, ex: Extraction, m: MemberContext | null): MedicationVerdict[] {
  const seen = new Set<string>();
  const out: MedicationVerdict[] = [];
  for (const l of lines) {
    for (const { drug: e } of drugMentions(l)) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      out.push(medicationAdvice(e, medicationContext(e.id, question, ex, m)).verdict);
    }
  }
  return out;
}

const verdictEvent = (v: MedicationVerdict): AnswerEvent => ({ type: 'medicationVerdict', drugId: v.drugId, drug: v.drugName, level: v.level, label: v.label, reasons: v.reasons, alternative: v.alternative?.drugName ?? null });

/** Words just before a drug that already say not to take it (不要服用, 避免使用, 禁用): no flag needed. */
const DRUG_DENIED_BEFORE = /(?:(?:不要|避免|禁用|不宜|勿|不能|不可|慎用|停用|不建议|而不是|禁止|忌|别)[^。；，,！？\n]{0,8}|对)$/u;

/**
 * The final drug pass: every drug the composed answer mentions (可服布洛芬, 嚼服阿司匹林 in condition
 * advice and first aid) is checked against this person and the other drugs with the same rules as
 * a drug question; one that conflicts (禁用 / 不建议 / 慎用 with a reason) gets a flag line, with
 * the safer alternative, right after the line that names it. Drugs already given a verdict, the
 * person's own medicines and mentions that already say not to take them are left alone.
 */
export function drugSafetyPass(question: string, member: MemberContext | null): { check: (line: string) => MedicationVerdict[]; flagText: (v: MedicationVerdict, line?: string) => string } {
  // The question is read (and whom it is about checked) only when a line names a drug.
  let person: { ex: Extraction; m: MemberContext | null } | null = null;
  const who = (): { ex: Extraction; m: MemberContext | null } => {
    if (person === null) {
      const ex = extract(question);
      person = { ex, m: checkRole(ex.who, member) ? null : member };
    }
    return person;
  };
  const done = new Set<string>();
  /** Names of the drugs already given a verdict: an ingredient of one (伪麻黄碱 in 复方盐酸伪麻黄碱缓释胶囊) was judged with it. */
  const judged: string[] = [];
  const check = (line: string): MedicationVerdict[] => {
    const named = drugMentions(line);
    if (named.length === 0) return [];
    // Verdicts, warnings and the profile line (结合档案：对阿司匹林过敏) name drugs without recommending them.
    if (/【用药结论】|用药核对/u.test(line) || /^(?:⚠️|结合档案)/u.test(line.trim())) {
      // The drug a verdict or a flag is about (【用药结论】布洛芬：, 上文提到的布洛芬：) needs no other flag.
      for (const x of named) if (line.includes(`【用药结论】${x.drug.name}：`) || line.includes(`【用药结论】服用${x.drug.name}期间`) || line.includes(`上文提到的${x.drug.name}：`)) {
        done.add(x.drug.id);
        judged.push(x.drug.name);
      }
      return [];
    }
    // A cause or risk-factor list names drugs as causes (氢氯噻嗪 raising uric acid), not as advice.
    if (CAUSE_LINE.test(line.trim())) return [];
    const { ex, m } = who();
    const own = new Set((m?.medicines ?? []).map((x) => lookup(x.name, 'drug')?.id ?? x.name));
    const out: MedicationVerdict[] = [];
    for (const { drug: e, index } of named) {
      if (done.has(e.id) || own.has(e.id) || judged.some((n) => n !== e.name && n.includes(e.name.replace(/^马来酸|^盐酸|^复方/u, '')))) continue;
      if (DRUG_DENIED_BEFORE.test(line.slice(0, index))) continue;
      done.add(e.id);
      const v = medicationAdvice(e, medicationContext(e.id, question, ex, m)).verdict;
      if (!allowsDose(v.level) || (v.level === 'caution' && v.reasons.length > 0)) out.push(v);
    }
    return out;
  };
  const flagText = (v: MedicationVerdict, line = ''): string =>
    // First aid's aspirin (嚼服阿司匹林 for a heart attack) is not pain relief: no paracetamol, the
    // 120 or emergency doctor decides.
    v.drugId === 'aspirin' && /嚼服|心梗|心肌梗死|胸痛/u.test(line)
      ? `⚠️ 用药核对：上文提到的阿司匹林：${v.label}自行嚼服（${v.reasons.join('；').replace(/（([^（）]*)）/gu, '，$1')}）——请告诉120调度医生或急诊医生，由医生决定是否使用。`
      : `⚠️ 用药核对：上文提到的${v.text.replace(/^【用药结论】/u, '')}`.replace(/。。/gu, '。');
  return { check, flagText };
}

// ---------------------------------------------------------------------------------------------
// Symptoms

/**
 * The doctor's next questions after a symptom answer: the strongest symptom of each condition shown
 * that the person has not told. Never one the message already says in other words (尿急 inside
 * 尿频尿急, 大出血 after 出血) and never one this person cannot have (阴道出血 for a man).
 */
export function followUpsFor(ranked: readonly RankedCondition[], ex: Extraction, person: PlausiblePerson | null = null): string[] {
  const mentioned = new Set(ex.symptoms.map((s) => s.id));
  const told = ex.symptoms.map((s) => s.name);
  const said = (id: string): boolean => {
    const e = symptomById(id);
    if (e === undefined) return false;
    const names = [e.name, ...(e.synonyms ?? [])].filter((n) => n.length >= 2);
    return names.some((n) => ex.normalized.includes(n)) || told.some((t) => t.length >= 2 && (e.name.includes(t) || t.includes(e.name)));
  };
  const impossible = (id: string): boolean => person?.sex === 'M' && /阴道|月经|乳房胀|白带|经期|痛经/u.test(symptomById(id)?.name ?? '') || (person?.sex === 'F' && /阴囊|睾丸|阴茎|前列腺/u.test(symptomById(id)?.name ?? ''));
  const out: string[] = [];
  for (const r of ranked) {
    const c = conditionById(r.id);
    if (c === undefined) continue;
    const next = [...c.symptoms].sort((a, b) => b.weight - a.weight).find((s) => !mentioned.has(s.id) && !said(s.id) && !impossible(s.id));
    if (next === undefined) continue;
    mentioned.add(next.id);
    const name = symptomById(next.id)?.name ?? next.id;
    out.push(`有没有${name}？`);
    if (out.length >= 3) break;
  }
  return out;
}

function sourcesOf(pairs: ReadonlyArray<readonly [string, string]>): AnswerSource[] {
  const seen = new Set<string>();
  const items: AnswerSource[] = [];
  for (const [name, title] of pairs) {
    const key = name;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ index: items.length + 1, name, title, sourceName: KB_NAME });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Replies: what a skill decided, streamed by one function in a fixed order.

interface Reply {
  level: TriageLevel;
  intent: AnswerIntent;
  scene: ScenePath;
  lines: string[];
  recommend?: { department?: string; disease?: string; drug?: string };
  hospitals?: HospitalRecommendation[];
  interview?: { step: number; symptomId: string; question: string };
  conclusion?: Extract<AnswerEvent, { type: 'conclusion' }>;
  /** Medication verdicts (a drug question's), streamed before the text. */
  verdicts?: MedicationVerdict[];
  sources: Array<readonly [string, string]>;
  followUps: string[];
  emergencyCard?: Extract<AnswerEvent, { type: 'emergency' }>;
}

const OPENER = '请描述一下主要哪里不舒服、持续多久了，晓医会一步步帮你分析。';

function* textEvents(lines: readonly string[]): Generator<AnswerEvent> {
  for (const line of lines) for (const s of sentences(`${line}\n`)) yield { type: 'text', delta: s };
}

/** Links the names of conditions, drugs and departments in the answer text (first mention each). */
export function annotate(text: string, terms: ReadonlyArray<{ name: string; type: AnnotationKind; id: string }>): AnswerAnnotation[] {
  const out: AnswerAnnotation[] = [];
  const taken: Array<[number, number]> = [];
  const sorted = [...terms].sort((a, b) => b.name.length - a.name.length);
  const seen = new Set<string>();
  for (const t of sorted) {
    if (t.name.length < 2 || seen.has(`${t.type}|${t.id}`)) continue;
    let from = 0;
    while (from < text.length) {
      const at = text.indexOf(t.name, from);
      if (at < 0) break;
      const end = at + t.name.length;
      if (!taken.some(([s, e]) => at < e && end > s)) {
        out.push({ start: at, end, type: t.type, id: t.id });
        taken.push([at, end]);
        seen.add(`${t.type}|${t.id}`);
        break;
      }
      from = at + 1;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

function termsOf(r: Reply): Array<{ name: string; type: AnnotationKind; id: string }> {
  const terms: Array<{ name: string; type: AnnotationKind; id: string }> = [];
  const d = r.recommend;
  if (d?.department) terms.push({ name: d.department, type: 'dept', id: d.department });
  if (d?.drug) {
    const e = lookup(d.drug, 'drug');
    if (e) terms.push({ name: e.name, type: 'drug', id: e.id });
  }
  for (const c of r.conclusion?.conditions ?? []) {
    const e = lookup(c.name, 'disease');
    terms.push({ name: c.name, type: 'disease', id: e?.id ?? c.name });
  }
  if (d?.disease) {
    const e = lookup(d.disease, 'disease');
    terms.push({ name: d.disease, type: 'disease', id: e?.id ?? d.disease });
  }
  return terms;
}

/** The operator's doctors of the recommended department (at most 3), for the 推荐医生 card. */
function doctorsFor(r: Reply, doctors: readonly AnswerDoctor[]): AnswerDoctor[] {
  const dept = r.recommend?.department;
  if (!dept || r.level === 'emergency') return [];
  const d = departmentByName(dept);
  const names = new Set([dept, ...(d?.aliases ?? [])]);
  return doctors.filter((x) => names.has(x.department) || departmentByName(x.department)?.name === dept).slice(0, 3);
}

function* stream(r: Reply, think: () => Generator<AnswerEvent>, role: RoleCheck | null, doctors: readonly AnswerDoctor[] = []): Generator<AnswerEvent> {
  yield* think();
  yield { type: 'triage', level: r.level };
  yield { type: 'intent', intent: r.intent };
  yield { type: 'scene', path: r.scene };
  if (role) yield { type: 'roleQuestion', roleStatus: role.status, who: role.who, text: role.text };
  if (r.emergencyCard) yield r.emergencyCard;
  for (const v of r.verdicts ?? []) yield verdictEvent(v);
  // One planner for every route: each thing said once, no rule wording (src/compose.ts).
  const lines = planLines(r.lines);
  yield* textEvents(lines);
  if (r.interview) yield { type: 'interview', step: r.interview.step, max: INTERVIEW_MAX_QUESTIONS, symptomId: r.interview.symptomId, question: r.interview.question };
  const recommendable = !isNonRecommendationScene(r.scene);
  if (recommendable && r.recommend && Object.keys(r.recommend).length > 0) yield { type: 'recommend', ...r.recommend };
  if (recommendable && r.hospitals && r.hospitals.length > 0) yield { type: 'hospitals', scene: ['就医', '就医信息', '推荐医院'], items: r.hospitals };
  const docs = recommendable ? doctorsFor(r, doctors) : [];
  if (docs.length > 0) yield { type: 'doctors', scene: ['就医', '就医信息', '推荐医生'], items: docs };
  if (r.conclusion) yield r.conclusion;
  const full = lines.flatMap((l) => sentences(`${l}\n`)).join('');
  const items = annotate(full, termsOf(r));
  if (items.length > 0) yield { type: 'annotations', items };
  if (r.sources.length > 0) yield { type: 'sources', items: sourcesOf(r.sources) };
  if (r.followUps.length > 0) yield { type: 'followUps', questions: r.followUps.slice(0, 3) };
  yield { type: 'done' };
}

// ---------------------------------------------------------------------------------------------
// Whom the question is about

interface RoleCheck {
  status: RoleStatus;
  who: Who;
  text: string;
}

/** Words right before the drug a question asks about: 想用, 能不能吃, 可以加点, 换成. */
const ASKED_DRUG_BEFORE = /(?:(想|要|准备|打算|能不能|能否|可不可以|可以|能|再)(再)?(吃|用|加|换成?|试试?|含|喝|上)|(?:医生|大夫)?(?:给(?:我|他|她)?)?开了?)(点|些|一下|个|片|粒|一片|一粒|一颗|两片|点儿)?$/u;

const WHO_NAME: Readonly<Record<Who, string>> = { self: '你本人', child: '孩子', mother: '妈妈', father: '爸爸', spouse: '爱人', elder: '家里老人', other: '这位亲友' };

/**
 * When the question is about someone other than the member being consulted, the member's
 * profile must not be used (a man's profile for 我妈's symptoms would mislead): the answer goes
 * on without it and asks which profile to use.
 *  -1 no member chosen; -2 the member is the user but the question is about a relative;
 *  -3 the member's age or sex contradicts who is meant; -4 someone outside the family.
 */
export function checkRole(who: Who | null, m: MemberContext | null): RoleCheck | null {
  if (who === null || who === 'self') return null;
  const name = WHO_NAME[who];
  if (who === 'other') return { status: -4, who, text: `你问的是${name}的情况，晓医这次不结合家庭档案回答；如需长期跟踪，可以在家庭成员中添加TA。` };
  if (m === null) return { status: -1, who, text: `你问的是${name}的情况，请选择或添加对应的家庭成员，晓医可以结合TA的档案回答。` };
  const self = m.roleName === '本人';
  const fits =
    who === 'child' ? m.age !== null && m.age < 18
    : who === 'mother' ? m.sex !== 'M' && (m.age === null || m.age >= 30)
    : who === 'father' ? m.sex !== 'F' && (m.age === null || m.age >= 30)
    : who === 'elder' ? m.age === null || m.age >= 50
    : m.age === null || m.age >= 16;
  // The user's own profile is never a parent's, spouse's or grandparent's.
  if (self && (who !== 'child' || !fits)) return { status: -2, who, text: `你问的似乎是${name}的情况，当前选择的是你本人的档案。要切换到${name}的档案吗？本次回答先不结合你本人的档案。` };
  if (!fits) return { status: -3, who, text: `你问的是${name}的情况，但当前选择的成员是「${m.roleName}」，两者不一致。请切换到对应成员，本次回答先不结合档案。` };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Skills

/** A dangerous combination among the drugs named in the message and the member's medicines, whatever the question. */
function interactionLines(ex: Extraction, m: MemberContext | null): string[] {
  const names = [...ex.drugs.filter((d) => !d.negated).map((d) => d.name), ...(m?.medicines ?? []).map((x) => x.name)];
  const pairs = names.length < 2 ? [] : majorInteractions(names).map((x) => `⚠️ 用药安全：${x}。`);
  // A drug's warning for the situation described (增强CT, 看东西发黄, 每天吃, a child), whatever the question.
  const age = m?.age ?? ex.age?.years ?? null;
  return [...pairs, ...situationLines(names, ex.normalized, age === null ? null : age * 12)];
}

function emergencyReply(t: TriageResult, m: MemberContext | null): Reply {
  const fired = t.matched.filter((x) => x.level === 'emergency');
  if (fired.length > 0 && fired.every((x) => CRISIS_RULES.has(x.ruleId))) return crisisReply(t, m);
  // Only the emergency rules' actions: an urgent rule's "go today" would contradict "call 120".
  const emergencyRules = t.matched
    .filter((x) => x.level === 'emergency')
    .map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId))
    .filter((r): r is RedFlagRule => r !== undefined);
  // First aid for this emergency only, one posture, no aspirin with bleeding or a suspected embolism.
  const context = `${t.extraction.normalized} ${emergencyRules.map((r) => `${r.name} ${(r.conditions ?? []).join(' ')}`).join(' ')}`.replace(/pulmonary-embolism/gu, '肺栓塞');
  // First aid's medicine (嚼服阿司匹林) is checked against this person before it is said: when they
  // must not take it (on warfarin, allergic), the clause says so instead of instructing it.
  const lines = consistentFirstAid(nowActions(emergencyRules), context, t.extraction.normalized).map((l) => ruledOutFirstAid(l, t.extraction, m));
  if (lines.length === 0) lines.push(...t.actions);
  const steps = actionSteps(lines);
  const signs = fewSigns([...new Set(t.matched.filter((x) => x.level === 'emergency').map((x) => signText(x.name)))]);
  lines.push(`危险信号：${signs.join('；')}。`);
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  // Conditions that explain the emergency's own signs (抑郁症 for suicidal talk) are named too.
  const emergencySymptoms = new Set(
    t.matched
      .filter((x) => x.level === 'emergency')
      .flatMap((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId)?.require.flat().map((i) => i.replace(/\+severe$/u, '')) ?? []),
  );
  // The conditions the fired rules suspect come first: those the message fits (a cue word or a
  // symptom), and a rule's only suspect even without one (挤压综合征 for a crush injury).
  const firedRules = t.matched.filter((x) => x.level === 'emergency').map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId));
  const suspected = new Set(firedRules.flatMap((r) => r?.conditions ?? []));
  const sole = new Set(firedRules.flatMap((r) => (r?.conditions?.length === 1 ? r.conditions : [])));
  // One ranking serves both lists: every condition when a rule suspects some, else the top 6.
  const person = personOf(storySubject(t.extraction, m), t.extraction, m);
  const everything = plausibleRanked(rankConditions(t.extraction, m ?? undefined, suspected.size > 0 ? CONDITIONS.length : 12), person, t.extraction.normalized, conditionById);
  // A condition a fired rule suspects is at least 有一定可能: the rule recognised its pattern (气道异物 for a
  // choking child is not 可能性较小 because few of its listed symptoms were named).
  const linked: RankedCondition[] = suspected.size > 0 ? everything.filter((r) => suspected.has(r.id) && r.score >= 0.1).map((r) => (r.likelihood === '可能性较小' ? { ...r, likelihood: '有一定可能' as const } : r)) : [];
  for (const id of sole) {
    const c = conditionById(id);
    if (c && !linked.some((r) => r.id === id) && impossibleCondition(c, person) === null) linked.push({ id, name: c.name, department: c.department, score: 0.3, likelihood: '有一定可能', urgency: c.urgency, matched: [] });
  }
  // The first rule that fired is the most specific: its suspects go first (严重过敏反应 before 血管性水肿
  // when the anaphylaxis rule fired first), then by score.
  const ruleRank = (id: string): number => {
    const i = firedRules.findIndex((r) => r?.conditions?.includes(id) ?? false);
    return i < 0 ? firedRules.length : i;
  };
  linked.sort((a, b) => ruleRank(a.id) - ruleRank(b.id) || b.score - a.score);
  const serious = [
    ...linked,
    ...everything.slice(0, 6).filter((r) => r.score >= 0.3 && (/^(?:emergency|urgent)$/u.test(conditionById(r.id)?.urgency ?? '') || r.matched.some((id) => emergencySymptoms.has(id)))),
  ]
    .filter((r, i, all) => all.findIndex((x) => x.id === r.id) === i)
    .slice(0, 3);
  if (serious.length > 0) {
    lines.push('需要警惕的情况（需到医院检查确诊）：');
    serious.forEach((r, i) => lines.push(`${i + 1}. ${r.name}（${r.likelihood}）`));
  }
  lines.push(...interactionLines(t.extraction, m));
  lines.push('线上咨询不能代替急救，请先拨打120或尽快到最近医院急诊科。');
  const department = firedRules.find((r) => r?.department)?.department ?? '急诊科';
  // Follow-ups about this emergency: waiting for the ambulance, what not to do, the suspected condition.
  const suspect = serious[0]?.name;
  const followUps = ['等救护车时还能做些什么？', '送医前有哪些事不能做？', ...(suspect ? [`${suspect}有哪些表现？`] : [])];
  return {
    level: 'emergency',
    intent: '就医建议',
    scene: ['诊疗', '就医', '急症处理'],
    lines,
    recommend: { department: '急诊科', ...(serious[0] ? { disease: serious[0].name } : {}) },
    sources: [...ruleSources(t, 'emergency'), ...conditionSources(serious)],
    followUps,
    emergencyCard: { type: 'emergency', call: '120', steps, signs, department },
  };
}

/** Suicidal talk, self-harm, farewell signs: a warm, direct answer with safety first (src/crisis.ts), no diagnosis list. */
function crisisReply(t: TriageResult, m: MemberContext | null): Reply {
  const ex = t.extraction;
  const age = ex.age?.years ?? (ex.who === null || ex.who === 'self' ? (m?.age ?? null) : null);
  const lines = crisisLines(ex.normalized, crisisPerson(ex.normalized, ex.who, age));
  return {
    level: 'emergency',
    intent: '就医建议',
    scene: ['诊疗', '就医', '急症处理'],
    lines,
    recommend: { department: '精神心理科', disease: '抑郁症' },
    sources: ruleSources(t, 'emergency'),
    followUps: [],
  };
}

/** The fired rules' sources, one per distinct guideline (several rules often cite the same one). */
function ruleSources(t: TriageResult, level?: 'emergency'): Array<readonly [string, string]> {
  const seen = new Set<string>();
  return t.matched
    .filter((x) => level === undefined || x.level === level)
    .map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId))
    .filter((r) => r !== undefined)
    .filter((r) => (seen.has(r.source) ? false : (seen.add(r.source), true)))
    .map((r) => [r.name, r.source] as const);
}

function conditionSources(ranked: readonly RankedCondition[]): Array<readonly [string, string]> {
  return ranked.map((r) => [r.name, conditionById(r.id)?.source ?? ''] as const).filter((p) => p[1] !== '');
}

function conditionAdvice(ranked: readonly RankedCondition[]): string[] {
  const lines: string[] = [];
  for (const r of ranked) {
    const c = conditionById(r.id);
    if (c) lines.push(`【${shortName(c.name)}】${c.selfCare}${/[。！]$/u.test(c.selfCare) ? '' : '。'}${c.seekCare}${/[。！]$/u.test(c.seekCare) ? '' : '。'}`);
  }
  return lines;
}

/** The blood pressure stated, classified per 中国高血压防治指南（2018年修订版）. */
function bpLine(ex: Extraction, m: MemberContext | null): string | null {
  if (!ex.bp || ex.bp.systolic === null || ex.bp.diastolic === null) return null;
  const age = m?.age ?? ex.age?.years ?? null;
  const c = classifyBp(ex.bp.systolic, ex.bp.diastolic, age);
  if (c === null) return null;
  if (c.category === null) return `${ex.bp.systolic}/${ex.bp.diastolic} mmHg：${c.note}。`;
  const treated = m?.diseases.some((d) => /高血压/u.test(d.name)) ?? false;
  // ≥180 and/or ≥120 (the emergency threshold): the emergency's own advice replaces the grade's, so
  // "当天就医 / 立即拨打120" is said once; a systolic-only note (按收缩压水平属于…) stays as a clause.
  const emergency = c.level >= 5;
  const notes = (c.note ?? '').split('。').filter((n) => n !== '' && !/^血压≥/u.test(n));
  const which = ex.bp.diastolic >= 110 && ex.bp.systolic < 180 ? `，舒张压达到110及以上即为3级` : '';
  const head = `血压${ex.bp.systolic}/${ex.bp.diastolic} mmHg属于${c.name}${which}${notes.length > 0 ? `，${notes.join('，')}` : ''}${treated && c.level >= 2 ? '，说明目前血压控制不理想' : ''}。`;
  const advice = emergency ? `${EMERGENCY_BP_ADVICE}` : c.advice;
  return `${head}${advice}`.replace(/。。/gu, '。');
}

/** A first-aid clause giving a medicine this person must not take, rewritten as "don't, the 120 doctor decides". */
function ruledOutFirstAid(line: string, ex: Extraction, m: MemberContext | null): string {
  if (!/阿司匹林/u.test(line)) return line;
  const aspirin = lookup('阿司匹林', 'drug');
  if (aspirin === undefined) return line;
  const v = medicationAdvice(aspirin, medicationContext(aspirin.id, ex.normalized, ex, m)).verdict;
  if (allowsDose(v.level)) return line;
  const why = v.reasons.join('；').replace(/（([^（）]*)）/gu, '，$1');
  return line
    .split(/(?<=；)/u)
    .map((c) => (/阿司匹林/u.test(c) ? `不要自行嚼服阿司匹林（${why}），请告诉120调度医生，由医生决定${c.endsWith('；') ? '；' : '。'}` : c))
    .filter((c, i, all) => !(i > 0 && /阿司匹林/u.test(c) && /不要自行嚼服阿司匹林/u.test(all[i - 1] ?? '')))
    .join('');
}

/** One-sex organs: a cause in a list (也可能由前列腺增生、糖尿病…引起) the person cannot have is left out. */
const MALE_ONLY = /前列腺|睾丸|阴囊|阴茎/u;
const FEMALE_ONLY = /子宫|卵巢|月经|阴道|盆腔炎|妊娠|更年期/u;

/** A `、`-list of causes without those impossible for this sex (前列腺增生 for a woman); unknown sex: unchanged. */
export function withoutOtherSex(text: string, sex: 'M' | 'F' | null): string {
  if (sex === null) return text;
  const other = sex === 'F' ? MALE_ONLY : FEMALE_ONLY;
  return text.replace(/[^，。；、由是]+(?:、[^，。；、]+)+/gu, (list) => {
    const items = list.split('、');
    const kept = items.filter((x) => !other.test(x));
    return kept.length > 0 ? kept.join('、') : list;
  });
}

/**
 * A blood glucose reading in the question (mmol/L), interpreted first: against the diagnostic cut
 * points for someone not known to have diabetes (空腹 <6.1 正常, 6.1–6.9 空腹血糖受损, ≥7.0; 餐后2小时
 * or random <7.8, 7.8–11.0, ≥11.1), against the control targets for someone who has it (空腹 4.4–7.0,
 * 非空腹 <10.0), and the two dangerous ends for anyone (<3.9 低血糖, ≥16.7). 《中国2型糖尿病防治指南（2020年版）》.
 */
export function glucoseLine(ex: Extraction, m: MemberContext | null): string | null {
  const vs = ex.vitals.glucose;
  if (vs.length === 0) return null;
  const v = Math.max(...vs);
  const low = Math.min(...vs);
  const t = ex.normalized;
  const fasting = /空腹|早上没吃|没吃早饭|晨起|早起/u.test(t);
  const after = /餐后|饭后|吃完饭/u.test(t);
  const diabetic = (m?.diseases.some((d) => /糖尿病/u.test(d.name)) ?? false) || ex.diseases.some((d) => !d.negated && /糖尿病/u.test(d.name)) || /糖尿病/u.test(t);
  const what = fasting ? '空腹血糖' : after ? '餐后血糖' : '血糖';
  const r = (x: number): string => `${Math.round(x * 10) / 10}`;
  if (low < 3.9) return `${what}${r(low)} mmol/L偏低，属于低血糖：请马上吃15～20克含糖食物（半杯果汁、3～4块方糖或一勺蜂蜜），15分钟后复测，仍低于3.9再吃一次；如果人已经迷糊、叫不醒，不要喂食，立即拨打120。${diabetic ? '用降糖药或胰岛素的人反复低血糖，请尽快复诊调整用药。' : '没有糖尿病的人出现低血糖，请到内分泌科查明原因。'}`;
  if (v >= 16.7) return `${what}${r(v)} mmol/L明显升高（≥16.7），可能出现酮症酸中毒或高渗状态：请多喝白开水，当天到医院（内分泌科或急诊）；如伴恶心呕吐、呼吸深快、口中有烂苹果味、意识模糊，立即拨打120。`;
  if (diabetic) {
    const target = fasting ? '空腹4.4～7.0 mmol/L' : '非空腹（餐后2小时）低于10.0 mmol/L';
    const over = fasting ? v > 7.0 : v >= 10.0;
    return over
      ? `${what}${r(v)} mmol/L高于糖尿病的一般控制目标（${target}），说明最近血糖控制不理想：不要自行加药，先连续记录几天空腹和餐后血糖，1～2周内到内分泌科复诊调整方案；如出现口渴多尿明显、乏力消瘦，请尽早就医。`
      : `${what}${r(v)} mmol/L在糖尿病的一般控制目标内（${target}），继续按医嘱用药并定期监测。`;
  }
  if (fasting) {
    if (v < 6.1) return `空腹血糖${r(v)} mmol/L在正常范围（3.9～6.1）。`;
    if (v < 7.0) return `空腹血糖${r(v)} mmol/L偏高（6.1～6.9属于空腹血糖受损，是糖尿病前期）：建议到内分泌科做口服葡萄糖耐量试验（OGTT）和糖化血红蛋白，同时控制饮食、增加运动。`;
    return `空腹血糖${r(v)} mmol/L已达到糖尿病的诊断切点（≥7.0）：一次结果不能确诊，需要另一天复查空腹血糖或查糖化血红蛋白、OGTT，请近期到内分泌科就诊。`;
  }
  if (v < 7.8) return `${what}${r(v)} mmol/L在正常范围（餐后2小时或随机血糖低于7.8）。`;
  if (v < 11.1) return `${what}${r(v)} mmol/L偏高（餐后2小时7.8～11.0属于糖耐量受损，是糖尿病前期）：建议到内分泌科查空腹血糖、糖化血红蛋白或做OGTT。`;
  return `${what}${r(v)} mmol/L已达到糖尿病的诊断切点（随机或餐后2小时≥11.1）：请近期到内分泌科查空腹血糖和糖化血红蛋白确认。`;
}

/**
 * What to do at ≥180/120 mmHg (中国高血压防治指南2018: 高血压急症 when organ damage shows): today, and 120 at once with
 * the symptoms of organ damage; no fast lowering at home.
 */
const EMERGENCY_BP_ADVICE = '请安静休息后复测，仍在此水平应当天就医（心血管内科或急诊）；如伴胸痛、胸闷气短、剧烈头痛、视物模糊、意识模糊、肢体麻木无力或说话不清，立即拨打120。不要自行加量或多吃降压药快速降压。';

function reportReply(input: AnswerInput, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const report = input.report ?? [];
  if (report.length === 0) {
    return { level: t.level, intent: '指标解读', scene: ['诊疗', '检查', '报告解读'], lines: ['请上传或输入报告中的检查项目、结果和参考范围，晓医再为你逐项解读。'], sources: [], followUps: [] };
  }
  const age = m?.age ?? ex.age?.years ?? 40;
  const sex = m?.sex ?? ex.sexHint ?? 'M';
  const rep = interpretReport(report, { age, sex });
  trace.push(`报告：${rep.items.length}项，异常${rep.abnormal.length}项，模式：${rep.patterns.map((p) => p.name).join('、') || '无'}`);
  if (m?.age == null || m.sex == null) trace.push(`参考范围按${Math.floor(age)}岁${sex === 'F' ? '女' : '男'}性${m?.age == null && ex.age === null ? '（年龄未知，按成人）' : ''}`);
  const level: TriageLevel = rep.urgency === 'emergency' ? 'emergency' : rep.urgency === 'urgent' ? 'urgent' : t.level;
  const lines: string[] = [];
  const pregnant = (m?.pregnant ?? false) || ex.pregnancy.pregnant;
  // In pregnancy a white count up to 15 is physiological (not abnormal, no 白血病), and a low
  // haemoglobin is anaemia of pregnancy, looked after by the obstetrician (mostly iron deficiency),
  // not a haematology referral (《妊娠期铁缺乏和缺铁性贫血诊治指南》2014, 中华医学会围产医学分会).
  const physiological = (it: InterpretedItem): boolean => pregnant && it.indicatorId === 'wbc' && it.flag === 'high' && (it.valueInKnowledgeUnit ?? 99) <= 15;
  const abnormal = rep.abnormal.filter((it) => !physiological(it));
  const patterns = pregnant ? rep.patterns.map((p) => (p.id === 'microcytic-hypochromic-anemia' ? PREGNANCY_ANAEMIA : p)) : rep.patterns;
  lines.push(abnormal.length === 0 ? `共解读${rep.items.length}项，未发现异常。` : `共解读${rep.items.length}项，其中${abnormal.length}项异常。`);
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m, ['参考范围按此年龄和性别选取']));
  abnormal.forEach((it: InterpretedItem, i) => {
    const anaemia = pregnant && it.indicatorId === 'hgb' && (it.flag === 'low' || it.flag === 'critical-low');
    const range = anaemia ? `（孕期参考≥110${it.unit ? ` ${it.unit}` : ''}）` : it.rangeUsed ? `（参考${it.rangeUsed.low ?? ''}-${it.rangeUsed.high ?? ''}${it.unit ? ` ${it.unit}` : ''}）` : '';
    const meaning = anaemia ? '孕期血红蛋白低于110 g/L即为妊娠期贫血，最常见原因是缺铁' : it.meaning;
    // The pregnancy anaemia pattern below says what to do; the item says it only without it.
    const advice = anaemia ? (patterns.includes(PREGNANCY_ANAEMIA) ? null : '请在产检时告诉产科医生，查血清铁蛋白，通常在医生指导下口服补铁并多吃红肉、动物肝脏和血等含铁食物') : it.advice;
    lines.push(`${i + 1}. ${it.name} ${it.value}${it.unit ? ` ${it.unit}` : ''}，${FLAG_TEXT[it.flag]}${range}。${meaning ? `${meaning}。` : ''}${advice ? `${advice}。` : ''}`);
  });
  // The dominant finding first (labs.ts: dominantFirst); the others follow it, not a second 综合来看.
  patterns.forEach((p, k) => lines.push(`${k === 0 ? '综合来看' : '另外'}：${p.text}`));
  for (const it of rep.abnormal.filter(physiological)) lines.push(`${it.name} ${it.value}${it.unit ? ` ${it.unit}` : ''}：孕期白细胞生理性升高（多在15×10^9/L以内），没有发热等感染表现时属正常。`);
  if (pregnant && rep.abnormal.some((it) => it.indicatorId !== null && /^(tc|tg|ldl|alp)/u.test(it.indicatorId))) lines.push('孕期血脂、碱性磷酸酶也会生理性升高，需由产科医生结合孕周判断。');
  // In pregnancy the anaemia's next step is the obstetrician's (said in the pattern), not 血液内科.
  for (const s of rep.nextSteps.filter((x) => !(pregnant && /血液(?:内)?科/u.test(x) && /贫血/u.test(x)))) lines.push(/[。！？]$/u.test(s) ? s : `${s}。`);
  const dept = patterns[0]?.department ?? (pregnant && abnormal.length > 0 ? '产科' : null);
  if (dept) lines.push(`建议就诊科室：${dept}。`);
  lines.push('报告解读仅供参考，请结合临床由医生判断。');
  const recommend: Reply['recommend'] = { ...(dept ? { department: dept } : {}), ...(patterns[0] ? { disease: patterns[0].name } : {}) };
  return {
    level,
    intent: '指标解读',
    scene: ['诊疗', '检查', '报告解读'],
    lines,
    recommend,
    sources: rep.abnormal.map((it) => [it.name, (it.indicatorId ? indicatorById(it.indicatorId)?.source : undefined) ?? ''] as const).filter((p) => p[1] !== ''),
    followUps: abnormal.length > 0 ? ['这些异常需要复查吗？', '饮食上要注意什么？'] : [],
    ...(patterns.length > 0 ? { conclusion: { type: 'conclusion' as const, command: 'bgjd' as const, level, department: dept ?? '', conditions: patterns.slice(0, 3).map((p) => ({ name: p.name, likelihood: '' })) } } : {}),
  };
}

/** The microcytic anaemia pattern for a pregnant woman: anaemia of pregnancy, seen by the obstetrician. */
const PREGNANCY_ANAEMIA: LabPattern = {
  id: 'pregnancy-iron-deficiency-anaemia',
  name: '妊娠期贫血（多为缺铁性）',
  text: '孕期血红蛋白和红细胞体积（MCV）都偏低，最常见的是缺铁性贫血：请在产检时告诉产科医生，查血清铁蛋白，一般在医生指导下口服铁剂；如补铁后不上升，再查地中海贫血（血红蛋白电泳）。贫血明显时会头晕乏力、心慌，要尽早处理。',
  department: '产科',
};

/** Asking whether to change a medicine one already takes: 换药, 停药, 减量, 吃了半年还… */
const MANAGE_OWN = /换(?:别的|其他的?|一种|个)?药|换成|换一种|停药|停掉|停了|减药|减量|加量|加药|不想吃了|要不要换|能不能停|能停吗|可以停/u;

/**
 * The disease a medicine the person already takes is for: the profile's disease the drug's facts
 * list as an indication (二甲双胍 → 2型糖尿病).
 */
function diseaseTreatedBy(drug: DrugEntry, m: MemberContext | null): string | null {
  const indications = (drugFactsById(drug.id)?.indications ?? []).join('、');
  return m?.diseases.find((d) => indications.includes(d.name) || d.name.replace(/^\d型/u, '').split(/[/（）()]/u).some((w) => w.length >= 2 && indications.includes(w)))?.name ?? null;
}

function drugReply(drug: DrugEntry, text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  // A medicine the person already takes, asked whether to change or stop it: not a new drug to
  // judge (正在用X，同一种药，勿重复 would be absurd) — who decides, and what to bring.
  if (ownMedicine(drug, m) && MANAGE_OWN.test(text)) return ownMedicineReply(drug, text, ex, t, m, trace);
  const { lines, facts, verdict } = drugLines(drug, text, ex, m);
  trace.push(`药品：${drug.name}（${drug.drugClass}，${drug.otc ? '非处方药' : '处方药'}）`);
  if (facts.length > 0) trace.push(`用药核对：${facts.join('、')}`);
  trace.push(`用药结论：${verdict.label}${verdict.reasons.length > 0 ? `（${verdict.reasons.join('；')}）` : ''}`);
  // The verdict is the first sentence; what the profile says comes after it.
  const out: string[] = lines.slice(0, 1);
  // The profile line only when it says something (结合档案：本人。 alone tells the reader nothing).
  // Each fact once: what the verdict already gives as its reason is not listed again.
  const profileFacts = facts.filter((f) => !/孕|哺乳/u.test(f));
  if (m && facts.length > 0 && (hasMemberFacts(m) || profileFacts.length > 0)) out.push(memberFacts(m, profileFacts, verdict.reasons));
  out.push(...lines.slice(1));
  if (t.level === 'urgent') out.push(...t.actions);
  const intent = classifyIntent(text, ex);
  // The disease the drug is taken for (抑郁…吃舍曲林…能不能减药): changes to its treatment are
  // decided in that disease's department.
  const mention = ex.diseases.find((d) => !d.negated);
  // Only a disease the drug treats (舍曲林 for 抑郁), not one that is a reason against it (前列腺增生 for a decongestant).
  const named = mention ? lookup(mention.name, 'disease') : undefined;
  const indications = (drugFactsById(drug.id)?.indications ?? []).join('、');
  const core = (w: string): string => w.replace(/(?:症|病|障碍|综合征)$/u, '');
  const treats = (name: string): boolean => indications.includes(name) || name.split(/[/（）()]/u).some((w) => core(w).length >= 2 && indications.includes(core(w))) || MANAGE_OWN.test(text);
  // 睡不着 in a question about a painkiller is not a disease the painkiller treats.
  const forDisease = named !== undefined && mention !== undefined && !verdict.reasons.some((r) => r.includes(named.name) || r.includes(mention.name)) && (treats(named.name) || treats(mention.name) || ownMedicine(drug, m)) ? named : undefined;
  const department = forDisease ? (departmentNameOf(forDisease.department)) : undefined;
  if (forDisease && department) out.push(`${forDisease.name}的用药调整（加减量、停药、换药）请在${department}复诊时和医生商量，不要自行改变。`);
  return {
    level: t.level,
    // A why or what-happens question about a drug (为什么吃了头孢不能喝酒，原理是啥) keeps its intent.
    intent: intent === '功效作用' || intent === '治疗方案' || intent === '病因分析' || intent === '后果表述' ? intent : '注意事项',
    scene: ['诊疗', '药品', '用药咨询'],
    lines: out,
    recommend: { drug: drug.name, ...(forDisease && department ? { department, disease: forDisease.name } : {}) },
    verdicts: [verdict],
    sources: [[drug.name, drug.source]],
    // The reason for the drug is asked only when the question did not give one (嗓子疼 能吃阿莫西林吗 did).
    followUps: drugFollowUps(verdict, ex, m, mention !== undefined),
  };
}

/**
 * The chips after a medication answer: never what the question or the profile already said, never
 * against the verdict. After 不建议/禁用 the next step is the alternative or a doctor, not the
 * reason for taking the drug; the other medicines and allergies are asked only when unknown.
 */
export function drugFollowUps(verdict: MedicationVerdict, ex: Extraction, m: MemberContext | null, diseaseNamed: boolean): string[] {
  const out: string[] = [];
  if (!allowsDose(verdict.level)) {
    // The alternative and its dose are in the verdict already: the chips go on from there.
    return ['什么情况需要去医院？', '有什么不用药的缓解办法？'];
  }
  if (ex.symptoms.some((s) => !s.negated)) out.push('这些症状出现多久了？');
  else if (!diseaseNamed) out.push('目前是因为什么症状需要用药？');
  if ((m?.allergies.length ?? 0) === 0 && !/过敏/u.test(verdict.reasons.join(''))) out.push('有没有药物过敏史？');
  if ((m?.medicines.length ?? 0) === 0 && ex.drugs.filter((d) => !d.negated).length < 2) out.push('有没有正在服用的其他药物？');
  return out.slice(0, 2);
}

function ownMedicineReply(drug: DrugEntry, text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const disease = diseaseTreatedBy(drug, m);
  const entry = disease !== null ? lookup(disease, 'disease') : undefined;
  const department = entry ? departmentNameOf(entry.department) : '开药的科室';
  trace.push(`药品：${drug.name}（档案中正在使用），问换药/停药`);
  const f = drugFactsById(drug.id);
  const lines = [
    `【用药结论】${drug.name}是你正在用的药：要不要换药、加量或停药，需要${department}医生看过你近期的监测记录和检查结果后决定，在此之前请按原方案规律服用，不要自行停药或换药。`,
    ...(m && hasMemberFacts(m) ? [memberFacts(m)] : []),
    `复诊时请带上：最近1～2周的${/糖尿病|血糖/u.test(`${disease ?? ''}${text}`) ? '血糖记录（空腹和餐后）和近3个月的糖化血红蛋白' : /高血压|血压/u.test(`${disease ?? ''}${text}`) ? '家庭血压记录（早晚各测）' : '症状和监测记录'}，以及正在吃的所有药（药盒或清单），并告诉医生漏服、饮食和作息的情况。`,
    ...(f !== undefined && f.sideEffects.length > 0 ? [`${drug.name}常见不良反应：${f.sideEffects.join('、')}；如果是因为不良反应想换药，也请告诉医生。`] : []),
  ];
  if (t.level === 'urgent') lines.push(...t.actions);
  const verdict: MedicationVerdict = { drugId: drug.id, drugName: drug.name, level: 'ok', label: '可以', reasons: [], alternative: null, text: lines[0] ?? '' };
  return {
    level: t.level,
    intent: '治疗方案',
    scene: ['诊疗', '药品', '用药咨询'],
    lines,
    recommend: { drug: drug.name, ...(entry ? { department, disease: entry.name } : {}) },
    verdicts: [verdict],
    sources: [[drug.name, drug.source]],
    followUps: [/糖尿病/u.test(disease ?? '') ? '血糖控制目标是多少？' : /高血压/u.test(disease ?? '') ? '血压控制目标是多少？' : '这个药要吃多久？', '饮食上要注意什么？'],
  };
}

/** The drug is one the person already takes (the profile's medicines). */
function ownMedicine(drug: DrugEntry, m: MemberContext | null): boolean {
  return (m?.medicines ?? []).some((x) => lookup(x.name, 'drug')?.id === drug.id);
}

/** 能否服用, 能不能吃, 可以用…吗: the question asks whether a named medicine may be taken. */
const CAN_I_TAKE = /能否(?:服用|服|吃|用)|能不能(?:服用|吃|用)|可不可以(?:服用|吃|用)|可以(?:服用|吃|用)[^。？?]{1,12}吗|能(?:服用|吃|用)[^。？?]{1,12}吗/u;

/** 吃什么药 / 用什么药 / 吃点什么止痛药: the question asks which medicine to take. */
const ASKED_FOR_MEDICINE = /吃什么药|用什么药|能吃什么|吃点什么药|什么药|(?:吃|用)(?:点|些)?(?:啥|什么|哪种|哪个).{0,4}药/u;

/**
 * The person-specific caution a "which medicine" answer opens with (pregnancy, breastfeeding, a
 * child), for symptom and named-disease answers alike. Pregnancy: paracetamol is the usual choice
 * for fever and pain, NSAIDs avoided from 20 weeks and compound cold remedies with pseudoephedrine
 * avoided (FDA 2020; 《中华人民共和国药典临床用药须知》2020).
 */
function medicineCautionLines(text: string, ex: Extraction, m: MemberContext | null): string[] {
  const pregnant = (m?.pregnant ?? false) || ex.pregnancy.pregnant;
  if (!pregnant && (m?.lactating === true || LACTATING.test(text))) {
    return ['⚠️ 哺乳期用药要谨慎：退热止痛一般可选对乙酰氨基酚或布洛芬（按说明书剂量、短期使用，哺乳期相对安全），避免含伪麻黄碱等成分的复方感冒药和阿司匹林；服药前请告诉医生或药师正在哺乳。'];
  }
  if (pregnant) {
    return ['⚠️ 孕期用药要格外谨慎：发热、头痛、咽痛时一般可短期按说明书用对乙酰氨基酚；鼻塞先用生理盐水洗鼻、多喝水、休息；不要自行用布洛芬等止痛药（孕20周起不建议）和含伪麻黄碱的复方感冒药。用药前请先问产科医生或药师，高热不退或呼吸困难及时就医。'];
  }
  if (m?.age !== null && m?.age !== undefined && m.age < 12) return ['⚠️ 儿童用药要按体重计算剂量，优先选儿童剂型，不要把成人药掰开给孩子吃；告诉我具体药名和孩子体重，晓医帮你核对。'];
  return [];
}

function symptomReply(text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[], subject: Subject | null = null): Reply {
  const pos = [...new Set(ex.symptoms.filter((s) => !s.negated).map((s) => s.name))];
  const ranked = withReadingFirst(possibleRanked(ex, m, subject, t), ex);
  const byText = departmentWithModel(text, m ?? undefined);
  // A hypertensive reading is seen in cardiology whatever other words came with it (失眠 → 神经内科).
  const dept = hypertensiveReading(ex) && ranked[0]?.id === 'hypertension' ? { department: '心血管内科', reason: '血压达到高血压水平，高血压在心血管内科诊治' } : byText;
  trace.push(`可能的情况：${ranked.map((r) => `${r.name}（${r.likelihood}）`).join('，') || '暂不明确'}`);
  trace.push(`建议科室：${dept.department}`);
  // The answer first (what it most likely is, what to do), then this person, then the
  // differentials with advice for the plausible ones, then when and where to see a doctor.
  const lines: string[] = [];
  // A plausible top condition that is itself an emergency (肠梗阻) is not told "近期门诊": the lead
  // says today, as the department line does (情况可能紧急…).
  const topEmergency = ranked[0] !== undefined && ranked[0].likelihood !== '可能性较小' && conditionById(ranked[0].id)?.urgency === 'emergency';
  const care = t.level === 'emergency' || topEmergency ? 'urgent' : t.level;
  // Values first: a blood pressure in the question is interpreted in the first sentence (its grade
  // and what to do), before what the symptoms suggest.
  const bp = bpLine(ex, m);
  if (bp) lines.push(bp);
  const glucose = glucoseLine(ex, m);
  if (glucose) lines.push(glucose);
  // An injury, burn or poisoning (ICD-10 chapter XIX, S/T codes) is answered with what to do now:
  // its first aid is the first sentence and its "when to see a doctor" the second, not 查明原因.
  // An urgent rule whose action is first aid (a finger cut that keeps bleeding) says it first, in
  // place of the injury's own self-care lines; the differential keeps the injuries only (出血 alone
  // does not raise 子宫内膜癌 under a cut finger).
  const firstAid = firstAidActions(t);
  const injury = firstAid.length > 0 ? null : injuryFirst(ranked);
  if (firstAid.length > 0) lines.push(...firstAid);
  else if (injury !== null) lines.push(...injury.lines);
  // A reading with no complaint (空腹血糖9.8要紧吗): the reading's meaning is the answer, no 查明原因 lead.
  else if (glucose !== null && pos.length === 0) { /* the reading said it */ }
  else lines.push(leadFor(bp !== null && ranked[0]?.id === 'hypertension' ? `血压读数和${pos.slice(0, 3).join('、') || '描述'}` : pos.slice(0, 3).join('、'), ranked, care, dept.department));
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  // Differentials above the evidence threshold: with a 可能性较大 answer, a 可能性较小 tail is noise
  // (子宫内膜癌 after a dog bite that bled).
  // A reading with no complaint is answered by the reading: no differential list under it (糖尿病
  // 可能性较大 under 空腹血糖受损 would contradict it; a known diabetic needs no 2型糖尿病 listed).
  const readingOnly = glucose !== null && pos.length === 0;
  const shown = readingOnly ? [] : firstAid.length > 0 ? ranked.filter((r, i) => INJURY_ICD.test(conditionById(r.id)?.icd10 ?? '') && (i === 0 || r.likelihood !== '可能性较小')) : ranked[0]?.likelihood === '可能性较大' ? ranked.filter((r) => r.likelihood !== '可能性较小') : ranked;
  // The injury named in the first sentence is not listed again on its own.
  if (shown.length > 0 && !(injury !== null && shown.length === 1)) {
    lines.push(shown.length === 1 ? '需要考虑的情况：' : '需要考虑的情况（按可能性排序）：');
    shown.forEach((r, i) => lines.push(`${i + 1}. ${r.name}（${r.likelihood}）`));
  }
  const askedForMedicine = ASKED_FOR_MEDICINE.test(text);
  const medicineLines = askedForMedicine ? medicineCautionLines(text, ex, m) : [];
  // Advice only for the differentials the evidence supports (a 可能性较小 one only when nothing is
  // stronger): a weak match's paragraph is noise, and its first aid may contradict the real one.
  const supported = ranked.filter((r) => r.likelihood !== '可能性较小');
  // A drug the advice offers as one of two (对乙酰氨基酚或布洛芬) that this person should not take is
  // dropped from the choice; one offered alone is flagged by the final drug pass.
  const rawAdvice = readingOnly || firstAid.length > 0 ? [] : conditionAdvice((supported.length > 0 ? supported : ranked.slice(0, 1)).filter((r) => r.id !== injury?.id));
  const advice = withoutRuledOut(rawAdvice, text, ex, m);
  // 吃什么药: the verdict for each drug the advice names comes first (the final drug pass adds the
  // alternative where one is ruled out).
  // (from the advice as written, so a drug taken out of it is still said to be 不建议 and why)
  const verdicts = askedForMedicine ? medicineVerdicts(rawAdvice, text, ex, m) : [];
  const alternatives = [...new Set(verdicts.flatMap((v) => (v.alternative !== null && !verdicts.some((x) => x.drugId === v.alternative?.drugId) ? [`可改用${v.alternative.drugName}（${v.alternative.label}）`] : [])))];
  if (verdicts.length > 0) lines.unshift(`【用药结论】按你的情况，下面建议中提到的药：${[...verdicts.map((v) => `${v.drugName}${v.label}${v.level !== 'ok' && v.reasons.length > 0 ? `（${v.reasons.join('；').replace(/（([^（）]*)）/gu, '，$1')}）` : ''}`), ...alternatives].join('；')}。`);
  lines.push(...medicineLines, ...advice);
  // 能否服用X with complaints or a reading (血压175/125…能否服用安宫牛黄丸): the verdict on X is said
  // right after the reading's meaning, not left to a safety note at the end.
  const askedDrugs = CAN_I_TAKE.test(text) ? ex.drugs.filter((d) => !d.negated).map((d) => d.name) : [];
  const askedVerdicts = askedDrugs.length > 0 ? medicineVerdicts([askedDrugs.join('、')], text, ex, m).filter((v) => !verdicts.some((x) => x.drugId === v.drugId)) : [];
  if (askedVerdicts.length > 0) lines.splice(bp !== null || glucose !== null ? 1 : 0, 0, ...askedVerdicts.map((v) => (v.text.startsWith('【用药结论】') ? v.text : `【用药结论】${v.text}`)));
  verdicts.push(...askedVerdicts);
  lines.push(...interactionLines(ex, m));
  // When to seek care: the lead already said "today" or "soon", so only what the rules add (what to
  // watch for, what not to do), and the self-care answer's "if it gets worse".
  // A blood-pressure rule's action when the reading's own advice (first line) already said it.
  // With first aid said, the generic "not happening now" replacement of a withdrawn emergency adds
  // nothing (its 相应专科或产科 would only confuse a cut finger).
  const superseded = firstAid.length > 0 ? new Set([contextUrgent([]).action]) : new Set<string>();
  if (t.level === 'urgent') lines.push(...t.actions.map((a) => a.replace(GENERIC_URGENT, '')).filter((a) => a.trim() !== '' && !firstAid.includes(a) && !superseded.has(a) && !(bp !== null && /血压/u.test(a))));
  if (!readingOnly) lines.push(`建议就诊科室：${dept.department}（${dept.reason}）。`);
  const intent = classifyIntent(text, ex);
  return {
    level: t.level,
    // A request for an app service (帮我预约心理咨询) stays 其他 even when it names a complaint.
    intent: intent === '其他' && !isAppServiceAsk(text) && !isAdminAsk(text) ? '病情诊断' : intent,
    scene: ['诊疗', '疾病', '症状自查'],
    lines,
    recommend: { department: dept.department, ...(ranked[0] ? { disease: ranked[0].name } : {}) },
    verdicts,
    sources: [...ruleSources(t), ...conditionSources(firstAid.length > 0 ? shown : ranked)],
    followUps: followUpsFor(shown, ex, personOf(subject ?? storySubject(ex, m), ex, m)),
  };
}

/**
 * Lines with the drugs this person should not take (不建议/禁用) removed where they are one of a
 * choice: 用对乙酰氨基酚或布洛芬止痛 → 用对乙酰氨基酚止痛 for a patient on warfarin or pregnant from 20
 * weeks. A drug named alone is left for the drug pass to flag with its alternative.
 */
export function withoutRuledOut(lines: readonly string[], question: string, ex: Extraction, m: MemberContext | null): string[] {
  if (!lines.some((l) => drugMentions(l).length > 0)) return [...lines];
  const noVerdicts = medicineVerdicts(lines, question, ex, m).filter((v) => !allowsDose(v.level));
  const no = noVerdicts.map((v) => v.drugName);
  if (no.length === 0) return [...lines];
  return lines.map((l) => {
    let out = l;
    for (const v of noVerdicts) {
      // Named alone for pain or fever (可服布洛芬止痛): the alternative this person may take, when there is one.
      const alt = v.alternative;
      if (alt !== null && !out.includes(alt.drugName)) out = out.replace(new RegExp(`${v.drugName}(?=[^。；，]{0,3}(?:止痛|止疼|镇痛|退热|退烧))`, 'u'), alt.drugName);
    }
    for (const name of no) {
      const n = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
      out = out.replace(new RegExp(`(?<=[\\u4e00-\\u9fa5A-Za-z）])(?:或|、|和)${n}`, 'gu'), '').replace(new RegExp(`${n}(?:或|、|和)(?=[\\u4e00-\\u9fa5A-Za-z])`, 'gu'), '');
    }
    return out;
  });
}

/** The actions of the urgent first-aid rules that fired (data/red-flags.json `firstAid`), in rule order. */
export function firstAidActions(t: TriageResult): string[] {
  if (t.level !== 'urgent') return [];
  const ids = new Set(t.matched.map((x) => x.ruleId));
  return [...new Set(RED_FLAG_RULES.filter((r) => r.firstAid === true && ids.has(r.id)).map((r) => r.action))];
}

/** ICD-10 chapter XIX (S00–T88): injury, poisoning and other consequences of external causes. */
const INJURY_ICD = /^[ST]\d/u;

/**
 * The first sentences of an answer whose most likely explanation is an injury, a burn or a poisoning
 * (ICD-10 S/T): what to do now (the condition's first aid), then when to see a doctor. Null for any
 * other top condition, or a weak one.
 */
export function injuryFirst(ranked: readonly RankedCondition[]): { id: string; lines: string[] } | null {
  const top = ranked[0];
  if (top === undefined || top.likelihood !== '可能性较大') return null;
  const c = conditionById(top.id);
  if (c === undefined || !INJURY_ICD.test(c.icd10)) return null;
  const end = (x: string): string => (/[。！]$/u.test(x) ? x : `${x}。`);
  return { id: c.id, lines: [`看起来是${shortName(c.name)}，先这样处理：${end(c.selfCare)}`, end(c.seekCare)] };
}

/**
 * A reading at hypertensive level (≥140/90) makes 高血压 the answer, above what the other words
 * suggest (失眠, 心悸): it goes first, as 可能性较大. Without such a reading the ranking is unchanged.
 */
export function withReadingFirst(ranked: readonly RankedCondition[], ex: Extraction): RankedCondition[] {
  if (!hypertensiveReading(ex)) return [...ranked];
  const c = conditionById('hypertension');
  if (c === undefined) return [...ranked];
  const own = ranked.find((r) => r.id === c.id);
  const top: RankedCondition = own !== undefined ? { ...own, likelihood: '可能性较大' } : { id: c.id, name: c.name, department: c.department, score: 1, likelihood: '可能性较大', urgency: c.urgency, matched: [] };
  return [top, ...ranked.filter((r) => r.id !== c.id)].slice(0, 3);
}

/** The urgent rules' shared "go today" clause, which a symptom answer's lead already says. */
const GENERIC_URGENT = /尽快（今天内、数小时内）到医院急诊或相应专科就诊，不要拖延；/gu;

const COST_LINES = [
  '具体费用因城市、医院等级、检查项目和医保类型不同差别很大，晓医没有各医院的实时价格，无法给出准确数字。',
  '建议：就诊前可在医院官方公众号或挂号平台查询挂号费和常见检查的收费标准；参加了职工或城乡居民基本医疗保险的，门诊和住院费用可按当地政策报销，高血压、糖尿病等慢性病可申请「门诊慢特病」待遇，报销比例更高。',
  '以医院收费处和当地医保部门的说明为准。',
];

/** 一定要手术吗, 要不要开刀, 必须切除吗: the question asks whether an operation is needed. */
const SURGERY_ASK = /(?:一定|必须|非得|需要|要不要|需不需要|用不用|得)(?:要)?(?:做)?(?:手术|开刀|切除|切掉)/u;

function diseaseReply(dEntry: ReturnType<typeof lookup<'disease'>> & object, text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  trace.push(`疾病：${dEntry.name}（${dEntry.department}）`);
  const intent = classifyIntent(text, ex);
  const cond = conditionByName(dEntry.name);
  const lines: string[] = [];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  // 吃什么药 for a named disease: the caution for this person (pregnancy, a child) answers it first.
  if (ASKED_FOR_MEDICINE.test(text)) lines.unshift(...medicineCautionLines(text, ex, m));
  // 急诊科 treats the acute event; outside one (以前得过过敏性休克，想问备什么药) the follow-up goes to
  // the department the rest of the message points to (变态反应科), when it names one.
  const followUp = dEntry.department === '急诊科' && t.level !== 'emergency' ? departmentWithModel(text, m ?? undefined).department : null;
  const department = followUp !== null && followUp !== '急诊科' && followUp !== '全科医学科' ? followUp : departmentNameOf(dEntry.department);
  const about = `${dEntry.name}（ICD-10 ${dEntry.icd10}）属于${dEntry.category.replace(/疾病$/u, '')}疾病，${department === departmentNameOf(dEntry.department) ? `通常在${department}诊治` : `急性发作时在急诊科抢救，平时的评估和随访在${department}`}。`;
  const end = (x: string): string => (/[。！]$/u.test(x) ? x : `${x}。`);
  // The answer to what was asked comes first (不治会怎样, 为什么会得, 一定要手术吗, 怎么办), then
  // what the disease is and where it is seen, then the rest — each once.
  const first: string[] = [];
  const rest: string[] = [];
  if (intent === '医疗费用') first.push(...COST_LINES);
  const facts = cond ? conditionFacts(cond.id) : undefined;
  const prevention = /预防|避免得|怎么防/u.test(text);
  const surgeryFacts = facts !== undefined && SURGERY_ASK.test(text) ? [...facts.consequences, facts.prognosis].filter((x) => /手术|切除|开刀/u.test(x)) : [];
  const surgery = surgeryFacts.length > 0 ? surgeryFacts.join('；') : undefined;
  if (surgery !== undefined) first.push(`${dEntry.name}不一定都要手术：${end(surgery)}`);
  if (facts && intent === '后果表述') {
    first.push(`${dEntry.name}如果不治疗或控制不好：${facts.consequences.join('；')}。`);
    first.push(facts.prognosis);
  }
  if (!facts && intent === '后果表述') first.push(dEntry.chronic ? `${dEntry.name}如果长期控制不好，可能损害心、脑、肾、眼等器官；规范治疗、定期复查可以明显降低这些风险。` : `${dEntry.name}多数情况下及时规范治疗预后良好；如症状持续或加重，请及时就医，避免延误。`);
  if (facts && intent === '病因分析') {
    first.push(`${dEntry.name}的常见原因：${facts.causes.join('；')}。`);
    if (facts.riskFactors.length > 0) first.push(`危险因素：${facts.riskFactors.join('、')}。`);
  }
  if (!facts && intent === '病因分析') first.push(`晓医的知识库暂未收录${dEntry.name}的详细病因，建议就诊时请医生结合病史和检查解释。`);
  if (cond) {
    // 是什么 (疾病表述) is answered by what the disease is; 怎么治/注意什么 by what to do.
    if (intent === '治疗方案' || intent === '注意事项' || intent === '疾病表述') (first.length > 0 || intent === '疾病表述' ? rest : first).push(`${surgery !== undefined ? '日常处理' : `${dEntry.name}的日常处理`}：${end(cond.selfCare)}`);
    if (intent === '就医建议') first.push(`${dEntry.name}需要就医的情况：${end(cond.seekCare)}`);
    if (intent === '后果表述') rest.push(`需要就医的情况：${end(cond.seekCare)}`);
    const key = cond.symptoms.filter((x) => x.weight >= 0.5).map((x) => symptomById(x.id)?.name ?? x.id);
    // The usual symptoms describe the disease; they do not answer 后果, 病因 or 治疗.
    if (key.length > 0 && !/^(?:医疗费用|后果表述|病因分析|治疗方案)$/u.test(intent)) rest.unshift(`常见表现：${key.join('、')}。`);
  }
  if (facts && (prevention || intent === '病因分析')) rest.push(`预防：${facts.prevention.join('；')}。`);
  if (intent !== '医疗费用') rest.push(dEntry.chronic ? '这是需要长期管理和定期复查的慢性病，治疗方案需由医生根据病情制定，请遵医嘱规律用药、定期随访。' : '具体治疗方案需医生面诊后根据病情决定。');
  const member = lines.filter((l) => l.startsWith('结合档案'));
  const caution = lines.filter((l) => !l.startsWith('结合档案'));
  lines.length = 0;
  lines.push(...caution, ...first.slice(0, 1), ...member, ...first.slice(1), about, ...rest);
  const sources: Array<readonly [string, string]> = [[dEntry.name, dEntry.source]];
  if (cond) sources.push([cond.name, cond.source]);
  if (facts && (intent === '病因分析' || intent === '后果表述' || prevention)) sources.push([`${cond?.name ?? dEntry.name}（病因与预后）`, facts.source]);
  return {
    level: t.level,
    // The classifier's intent stands (是不是手足口病 asks for a diagnosis); only 其他 becomes 疾病表述.
    intent: intent === '其他' ? '疾病表述' : intent,
    scene: intent === '医疗费用' ? ['就医', '就医信息', '医疗费用'] : ['诊疗', '疾病', '疾病咨询'],
    lines,
    recommend: { department, disease: dEntry.name },
    sources,
    followUps: ['目前有哪些不舒服的症状？', '现在在用什么药？', `${dEntry.name}饮食上要注意什么？`],
  };
}

/**
 * The top three conditions, without those the person asked about cannot have (the KB's
 * who-it-affects limits against the frame's subject: an infant's 抑郁症, a fetus's 心房颤动).
 */
function possibleRanked(ex: Extraction, m: MemberContext | null, subject: Subject | null, t: TriageResult | null = null): RankedCondition[] {
  const ranked = rankConditions(ex, m ?? undefined, 8).filter((r) => r.score > 0);
  const s = subject ?? storySubject(ex, m);
  const possible = plausibleRanked(possibleConditions(ranked, s, ex.normalized), personOf(s, ex, m), ex.normalized, conditionById);
  // The ranking respects the red flags: a condition an urgent rule that fired suspects (高血压 for a
  // reading of 175/125) goes before the benign explanations of the other words (失眠障碍).
  const suspected = new Set((t?.matched ?? []).flatMap((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId)?.conditions ?? []));
  const first = possible.filter((r) => suspected.has(r.id) && r.likelihood !== '可能性较小');
  return [...first, ...possible.filter((r) => !first.includes(r))].slice(0, 3);
}

/**
 * The subject's facts as the plausibility limits read them (src/plausible.ts); where the subject
 * reader found no age or sex, the extractor's (男性, 新生女婴第6天) when it is about the same person.
 */
function personOf(s: Subject, ex: Extraction, m: MemberContext | null): PlausiblePerson {
  const same = (ex.who === null || ex.who === 'self') ? s.who === 'self' : ex.who === 'child' && s.who === 'child';
  const hints = s.who === 'self' || s.who === 'child' ? personHints(ex.normalized) : { sex: null, age: null };
  // The member is passed only when its role fits the message (checkRole), so it is this person.
  const profile = profileOf(m);
  const age = s.age ?? (same && ex.age ? ex.age.years : null) ?? hints.age ?? profile.age ?? null;
  const sex = s.sex ?? (same ? ex.sexHint : null) ?? hints.sex ?? profile.sex ?? null;
  return { age, sex, pregnant: s.pregnant === true ? true : null, grownUp: grownUpByContext(s.who, ex.normalized) };
}

/** A one-line summary of the frame for the reasoning trace. */
function frameTrace(f: Frame, s: Subject): string {
  const focus = f.focus.type === 'story' ? `症状（${f.focus.symptoms.map((x) => x.name).join('、') || '无'}）` : `${f.focus.name}（${f.focus.type}）`;
  const facts = [s.age !== undefined ? `${Math.round(s.age * 10) / 10}岁` : '', s.sex ?? '', s.pregnant ? '孕' : ''].filter(Boolean).join('，');
  return `理解：对象 ${s.who}${facts ? `（${facts}）` : ''}；焦点 ${focus}；问 ${f.ask}`;
}

function conditionByName(name: string): ReturnType<typeof conditionById> {
  return CONDITION_BY_NAME.get(name);
}
const CONDITION_BY_NAME = new Map<string, NonNullable<ReturnType<typeof conditionById>>>(CONDITIONS.map((c) => [c.name, c]));

function metaReply(kind: 'product' | 'correction' | 'greeting'): Reply {
  if (kind === 'product') {
    return {
      level: 'selfcare',
      intent: '其他',
      scene: ['其他', '模型介绍', '产品介绍/对比/人设等'],
      lines: [
        '我是晓医，一个AI健康咨询助手。',
        '我可以帮你和家人做症状自查、用药咨询、化验报告解读、中医辨证、找科室找医院和饮食建议，回答会结合你选择的家庭成员档案。',
        '我不能代替医生面诊；遇到胸痛、呼吸困难、意识不清等紧急情况，请立即拨打120。',
      ],
      sources: [],
      followUps: ['帮我做一次症状自查', '帮我看看化验单'],
    };
  }
  if (kind === 'correction') {
    return { level: 'selfcare', intent: '其他', scene: ['其他', '纠错', '否定纠错'], lines: ['抱歉，可能是我理解有误。能再具体说说哪里不对，或者补充一下情况吗？比如症状、持续时间、年龄和正在用的药。'], sources: [], followUps: [] };
  }
  return { level: 'selfcare', intent: '其他', scene: ['其他', '意图模糊', '其他'], lines: ['你好，我是晓医。请告诉我哪里不舒服，或者想了解的疾病、药品、检查结果，我来帮你分析。'], sources: [], followUps: ['帮我做一次症状自查', '帮我看看化验单', '布洛芬和对乙酰氨基酚有什么区别？'] };
}

// ---------------------------------------------------------------------------------------------
// Department and hospital finders (zks, zyy)

/** A department named in the text (心内科, 儿科 …), longest name or alias first. */
function namedDepartment(text: string): string | null {
  let best: { name: string; len: number } | null = null;
  for (const d of DEPARTMENTS) {
    for (const n of [d.name, ...d.aliases]) {
      if (n.length >= 2 && text.includes(n) && (best === null || n.length > best.len)) best = { name: d.name, len: n.length };
    }
  }
  return best?.name ?? null;
}

function cityOf(input: AnswerInput, text: string): string | null {
  return resolveCity(text) ?? (input.location?.city ? resolveCity(input.location.city) : null) ?? (input.location?.province ? resolveCity(input.location.province) : null);
}

/** Hospitals for a department in the user's city (empty without a known city). */
function hospitalsFor(input: AnswerInput, text: string, department: string | null, m: MemberContext | null, ex: Extraction, limit = 3): HospitalRecommendation[] {
  const city = cityOf(input, text);
  if (city === null) return [];
  const age = m?.age ?? ex.age?.years ?? null;
  const district = input.location?.district ?? null;
  return findHospitals({ city, district, department, ageYears: age, pregnant: (m?.pregnant ?? false) || ex.pregnancy.pregnant, tcm: /中医/u.test(text) || department === '中医科', limit }).map((h) => ({
    name: h.hospital.name,
    level: h.hospital.level,
    city: h.hospital.city,
    district: h.hospital.district ?? '',
    department,
    reasons: h.reasons.filter((r) => r !== h.hospital.level),
  }));
}

function hospitalLines(hs: readonly HospitalRecommendation[]): string[] {
  return hs.map((h, i) => `${i + 1}. ${h.name}（${h.level}${h.district ? `，${h.district}` : ''}）${h.reasons.length > 0 ? `：${h.reasons.join('，')}` : ''}`);
}

function departmentReply(input: AnswerInput, text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[], getFrame: (() => Frame) | null = null): Reply {
  // A named disease, exam or operation the older tables do not route (the text alone gives only the
  // general fallback) goes to its KB department (ICD chapter/block mapping for ICD diseases).
  const fallback = departmentWithModel(text, m ?? undefined);
  const fr = getFrame && !namedDepartment(text) && fallback.department === '全科医学科' ? getFrame() : null;
  const focused = fr && fr.focus.type !== 'story' ? entity(fr.focus.entityId) : undefined;
  const kbDept = focused?.department && departmentByName(focused.department) ? focused.department : null;
  const named = namedDepartment(text) ?? kbDept;
  const advice = fallback;
  const dept = named ?? advice.department;
  const d = departmentByName(dept);
  trace.push(`找科室：${dept}${named ? '（问题中点名）' : `（${advice.reason}）`}`);
  const lines: string[] = [];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  lines.push(`建议挂${dept}。${named ? '' : `${advice.reason}。`}`);
  if (d) lines.push(`${dept}主要诊治：${d.scope}。`);
  if (!named && advice.alternatives.length > 0) lines.push(`如果该科室号源紧张或症状有变化，也可以考虑：${advice.alternatives.join('、')}。`);
  if (t.level === 'urgent') lines.push(...t.actions);
  lines.push('不确定时可以先到医院的导诊台或全科医学科咨询分诊。');
  const hospitals = hospitalsFor(input, text, dept, m, ex);
  if (hospitals.length > 0) {
    lines.push(`${hospitals[0]?.city ?? ''}${dept}较强的医院：`);
    lines.push(...hospitalLines(hospitals));
  }
  return {
    level: t.level,
    intent: '就医建议',
    scene: ['就医', '就医信息', '推荐科室'],
    lines,
    recommend: { department: dept },
    hospitals,
    sources: d ? [[d.name, d.source]] : [],
    followUps: hospitals.length > 0 ? [] : ['附近有哪些医院可以看？'],
  };
}

function hospitalReply(input: AnswerInput, text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const named = namedDepartment(text);
  const hasComplaint = ex.symptoms.some((s) => !s.negated) || ex.diseases.some((d) => !d.negated);
  const dept = named ?? (hasComplaint ? departmentWithModel(text, m ?? undefined).department : null);
  const city = cityOf(input, text);
  trace.push(`找医院：城市 ${city ?? '未知'}，科室 ${dept ?? '未指定'}`);
  if (city === null) {
    return {
      level: t.level,
      intent: '就医建议',
      scene: ['就医', '就医信息', '推荐医院'],
      lines: [HOSPITAL_CITY_ASK],
      sources: [],
      followUps: ['我在北京', '我在上海', '我在广州'],
    };
  }
  const hospitals = hospitalsFor(input, text, dept, m, ex, 5);
  const lines: string[] = [];
  if (hospitals.length === 0) lines.push(`晓医的医院库暂未收录${city}${dept ?? ''}的医院信息，建议通过当地卫健委官网或挂号平台查询。`);
  else {
    lines.push(`${city}${dept ? `${dept}方面` : ''}可以考虑以下医院：`);
    lines.push(...hospitalLines(hospitals));
    lines.push('医院信息来自公开资料，出诊和号源以医院官方渠道为准；病情紧急请直接去最近医院的急诊。');
  }
  return {
    level: t.level,
    intent: '就医建议',
    scene: ['就医', '就医信息', '推荐医院'],
    lines,
    ...(dept ? { recommend: { department: dept } } : {}),
    hospitals,
    sources: hospitals.length > 0 ? [['医院名录', '国家卫生健康委员会公布的三级医院名单；医院官网']] : [],
    followUps: dept ? [] : ['要看哪个科？', '孩子看病去哪家医院？'],
  };
}

/** Lab item names and aliases to look for in a question: Chinese ones of 2+ characters, Latin ones of 3+ letters as whole words. */
const INDICATOR_KEYS: ReadonlyArray<{ key: string; latin: boolean; indicator: LabIndicator }> = LAB_INDICATORS.flatMap((ind) =>
  [ind.name, ...ind.aliases]
    .map((k) => normalizeText(k))
    .filter((k) => (/^[a-z0-9-]+$/u.test(k) ? k.length >= 3 && /[a-z]/u.test(k) : k.length >= 2))
    .map((key) => ({ key, latin: /^[a-z0-9-]+$/u.test(key), indicator: ind })),
);

/** The lab item a question names (longest name wins; on a tie the one whose panel, e.g. 尿常规, is named too). */
export function mentionedIndicator(text: string): LabIndicator | null {
  const t = normalizeText(text);
  let best: { len: number; panel: boolean; indicator: LabIndicator } | null = null;
  for (const { key, latin, indicator } of INDICATOR_KEYS) {
    const at = t.indexOf(key);
    if (at < 0) continue;
    if (latin && (/[a-z]/u.test(t[at - 1] ?? '') || /[a-z]/u.test(t[at + key.length] ?? ''))) continue;
    const panel = indicator.category !== '' && t.includes(normalizeText(indicator.category));
    if (best === null || key.length > best.len || (key.length === best.len && panel && !best.panel)) best = { len: key.length, panel, indicator };
  }
  return best?.indicator ?? null;
}

function indicatorReply(ind: LabIndicator, t: TriageResult, trace: string[]): Reply {
  trace.push(`询问检验指标：${ind.name}`);
  const lines = [`${ind.name}是${ind.category}中的一项${ind.unit ? `（单位${ind.unit}）` : ''}。`];
  if (ind.qualitative === 'negative') lines.push(`正常结果为阴性。结果阳性（+、++等）时：${ind.meaningHigh}。`);
  else {
    if (ind.meaningHigh) lines.push(`偏高时：${ind.meaningHigh}。`);
    if (ind.meaningLow) lines.push(`偏低时：${ind.meaningLow}。`);
  }
  if (ind.advice) lines.push(`建议：${ind.advice}。`);
  lines.push('单项结果需结合其他指标、症状和复查结果由医生判断；可以把报告中的项目、结果和参考范围发给晓医逐项解读。');
  return { level: t.level, intent: '指标解读', scene: ['诊疗', '检查', '报告解读'], lines: lines.map((l) => l.replace(/。。$/u, '。')), sources: [[ind.name, ind.source]], followUps: ['需要复查吗？', '要挂什么科？'] };
}

const COST_TOPIC = /胃镜|肠镜|ct|核磁|磁共振|b超|彩超|x光|拍片|支架|搭桥|手术|体检|挂号|住院|检查|化验|疫苗|种植牙|拔牙|镶牙|洗牙|正畸|分娩|生孩子|剖腹产|顺产|透析|化疗|放疗|做个|看病|门诊|药费/iu;

/** The department that performs a procedure a cost question names. */
const COST_DEPARTMENTS: ReadonlyArray<readonly [RegExp, string]> = [
  [/胃镜|肠镜/u, '消化内科'],
  [/种植牙|拔牙|镶牙|洗牙|正畸/u, '口腔科'],
  [/分娩|生孩子|剖腹产|顺产/u, '产科'],
  [/透析/u, '肾内科'],
  [/化疗|放疗/u, '肿瘤科'],
  [/支架|搭桥/u, '心血管内科'],
];

function costReply(text: string, t: TriageResult, trace: string[]): Reply {
  trace.push('医疗费用问题');
  const topic = [...text.matchAll(new RegExp(COST_TOPIC.source, 'giu'))].map((x) => x[0]).filter((w) => !/^(?:做个|看病|门诊)$/u.test(w)).sort((a, b) => b.length - a.length)[0] ?? '';
  const department = COST_DEPARTMENTS.find(([re]) => re.test(topic))?.[1];
  return {
    level: t.level,
    intent: '医疗费用',
    scene: ['就医', '就医信息', '医疗费用'],
    lines: [`关于${topic ? `「${topic}」的` : ''}费用：`, ...COST_LINES],
    // The department that does the named procedure (胃镜 → 消化内科), never a guessed one: a cost
    // question's words are not a complaint for the department model (胃镜 was read as 眼科).
    ...(department !== undefined ? { recommend: { department } } : {}),
    sources: [],
    followUps: ['医保报销需要准备什么材料？'],
  };
}

const FIND_HOSPITAL = /哪(?:家|个|所)?医院|什么医院|医院推荐|推荐.{0,4}医院|附近.{0,8}医院|(?:好的|靠谱的?)三甲医院|去哪(?:里)?看/u;
const FIND_DEPT = /挂(?:什么|哪个|啥)科|看(?:什么|哪个|啥)科|(?:什么|哪个)科室|挂号挂哪/u;

// ---------------------------------------------------------------------------------------------
// TCM (zybz), diet (ysjy), blood pressure readings

function tcmReply(text: string, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const matches = differentiateTcm(text, 2);
  // A knowledge question about a TCM notion (上火到底是个啥, 拔火罐真能拔出湿气吗, 肾虚有啥后果) keeps its own intent.
  const asked = classifyIntent(text, t.extraction);
  const intent: AnswerIntent = asked === '其他' || asked === '病情诊断' || asked === '就医建议' ? '病情诊断' : asked;
  trace.push(`中医辨证：${matches.map((x) => `${x.syndrome.name}（${x.matched.join('、')}）`).join('；') || '证候特征不足'}`);
  const lines: string[] = [];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  if (matches.length === 0) {
    lines.push('从目前的描述还看不出明确的证型。中医辨证需要综合寒热、出汗、口渴、饮食、大小便、睡眠、舌象和脉象。');
    lines.push('可以补充一下：怕冷还是怕热？出汗多吗？口干口苦吗？大便干还是稀？舌苔是黄还是白、厚还是薄？');
    return { level: t.level, intent, scene: ['诊疗', '中医', '中医辨证'], lines, sources: [], followUps: ['怕冷，手脚凉，大便稀', '口干口苦，舌苔黄腻'] };
  }
  const top = matches[0];
  if (!top) return { level: t.level, intent, scene: ['诊疗', '中医', '中医辨证'], lines, sources: [], followUps: [] };
  const sy = top.syndrome;
  lines.push(`根据你描述的${top.matched.join('、')}，从中医角度看比较符合「${sy.name}」${matches[1] ? `，也可能兼有「${matches[1].syndrome.name}」` : ''}。`);
  lines.push(sy.explanation);
  if (sy.lifestyle.length > 0) lines.push(`调养建议：${sy.lifestyle.join('；')}。`);
  if (sy.diet.recommend.length > 0) lines.push(`饮食宜：${sy.diet.recommend.join('、')}；${sy.diet.avoid.length > 0 ? `少吃：${sy.diet.avoid.join('、')}。` : ''}`);
  if (sy.commonPatents.length > 0) lines.push(`常用中成药举例：${sy.commonPatents.join('、')}（${TCM_PATENT_NOTE}）。`);
  lines.push(withoutOtherSex(sy.seeDoctor, m?.sex ?? t.extraction.sexHint));
  if (t.level === 'urgent') lines.push(...t.actions);
  lines.push('中医辨证需要望闻问切，以上仅供参考，调理请到正规医院中医科就诊。');
  return {
    level: t.level,
    intent,
    scene: ['诊疗', '中医', '中医辨证'],
    lines,
    recommend: { department: '中医科' },
    sources: matches.map((x) => [x.syndrome.name, x.syndrome.source] as const),
    followUps: ['饮食上怎么调理？', '附近有好的中医院吗？'],
  };
}

function dietReply(text: string, ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const rules = dietAdvice({ text, diseases: m?.diseases.filter((d) => d.ongoing).map((d) => d.name) ?? [], pregnant: (m?.pregnant ?? false) || ex.pregnancy.pregnant, lactating: m?.lactating ?? false, ageYears: m?.age ?? ex.age?.years ?? null });
  trace.push(`饮食规则：${rules.map((r) => `${r.rule.condition}（${r.via === 'profile' ? '档案' : '问题'}）`).join('、') || '无'}`);
  const lines: string[] = [];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  // A disease named in the question (去年心梗 … 能不能喝茶) is followed up where it is treated.
  const named = ex.diseases.filter((d) => !d.negated).map((d) => lookup(d.name, 'disease')).find((e) => e !== undefined);
  const recommend = named ? { department: departmentNameOf(named.department), disease: named.name } : undefined;
  if (rules.length === 0) {
    lines.push('一般健康人群的饮食建议（《中国居民膳食指南（2022）》）：食物多样、谷类为主；多吃蔬果、奶类、全谷和大豆；适量吃鱼、禽、蛋、瘦肉；少盐少油、控糖限酒（成人每天食盐不超过5克、烹调油25～30克）；足量饮水、吃动平衡。');
    lines.push('如果有具体疾病（如高血压、糖尿病、痛风）或处在孕期、哺乳期，告诉我，晓医给你更有针对性的建议。');
    return { level: t.level, intent: '注意事项', scene: ['健康', '饮食', '饮食建议'], lines, ...(recommend ? { recommend } : {}), sources: [['一般人群膳食', '《中国居民膳食指南（2022）》']], followUps: ['高血压饮食要注意什么？', '糖尿病能吃水果吗？'] };
  }
  for (const { rule } of rules) {
    lines.push(`【${rule.condition}】${rule.principles.join('；')}。`);
    if (rule.recommend.length > 0) lines.push(`推荐：${rule.recommend.join('、')}。`);
    if (rule.limit.length > 0) lines.push(`限制或避免：${rule.limit.join('；')}。`);
  }
  if (t.level === 'urgent') lines.push(...t.actions);
  lines.push('饮食调整不能代替药物治疗，请按医嘱用药并定期复查。');
  return {
    level: t.level,
    intent: '注意事项',
    scene: ['健康', '饮食', '饮食建议'],
    lines,
    ...(recommend ? { recommend } : {}),
    sources: rules.map((r) => [r.rule.condition, r.rule.source] as const),
    followUps: rules[0] ? [`${rules[0].rule.condition}能吃水果吗？`, '每天吃多少合适？'] : [],
  };
}

/** A stated reading at or above 140/90 mmHg (中国高血压防治指南2018: the office threshold). */
function hypertensiveReading(ex: Extraction): boolean {
  return ex.bp !== null && ((ex.bp.systolic ?? 0) >= 140 || (ex.bp.diastolic ?? 0) >= 90);
}

function bpReply(ex: Extraction, t: TriageResult, m: MemberContext | null, trace: string[]): Reply {
  const line = bpLine(ex, m) ?? '';
  trace.push(`血压分级：${line}`);
  // The reading's meaning is the answer: it comes first, then this person.
  const lines: string[] = [line];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  // The reading's own advice already says when to go (当天就医 at grade 3): a blood-pressure rule's action would say it again.
  if (t.level === 'urgent') lines.push(...t.actions.filter((a) => !/血压/u.test(a)));
  if (!/单次测量不能确诊|当天就医/u.test(line) && !(m?.diseases.some((d) => /高血压/u.test(d.name)) ?? false)) lines.push('一次读数不能确诊高血压：在安静休息5分钟后坐位测量，非同日测3次均≥140/90 mmHg才诊断；家庭自测的诊断标准是≥135/85 mmHg。建议连续一周早晚各测2次并记录。');
  return {
    level: t.level,
    intent: '指标解读',
    scene: ['诊疗', '检查', '指标解读'],
    lines,
    // A reading at hypertensive level (≥140/90) is what 高血压 is suspected on (to be confirmed).
    recommend: { department: '心血管内科', ...(hypertensiveReading(ex) ? { disease: '高血压' } : {}) },
    sources: [['血压分级', '《中国高血压防治指南（2018年修订版）》']],
    followUps: ['血压高饮食要注意什么？', '需要吃降压药吗？'],
  };
}

/** 上火 beside a described symptom is the everyday word for a flare (感冒上火就长疱), not a TCM question. */
const LAY_HEAT = /上火/gu;
const TCM_ASK = /中医|体质|辨证|证型|上火|湿气|湿重|寒气|气虚|血虚|阳虚|阴虚|肾虚|脾虚|肝火|调理身体|舌苔/u;
const DIET_ASK = /能吃|能不能吃|可以吃|吃什么|不能吃|忌口|饮食|食谱|能喝|能不能喝|喝什么|营养|吃哪些/u;
/** Statements that the appetite is kept (还能吃得下饭, 能吃能喝, 还能吃东西): not a diet question. */
const APPETITE_KEPT = /(?:还能吃得下|能吃得下|吃得下|能吃能喝|还能吃东西|还能吃饭)(?:饭|东西)?(?![^，。,.！!\s]*[吗嘛么呢？?])/gu;

// ---------------------------------------------------------------------------------------------
// The symptom self-check interview (zzzc)

function interviewReply(input: AnswerInput, statements: string[], pairs: Array<{ symptomId: string; reply: string }>, m: MemberContext | null, trace: string[]): Reply | { emergency: TriageResult } {
  const state = stateOf(statements, pairs);
  const step = interviewStep(state, m);
  trace.push(`自查第${step.asked + 1}步：${step.reason}`);
  trace.push(`可能的情况：${step.ranked.slice(0, 5).map((r) => `${r.name}（${r.likelihood}）`).join('，') || '暂不明确'}`);
  if (step.triage.level === 'emergency') return { emergency: step.triage };
  const ex = step.triage.extraction;
  if (step.next) {
    const n = step.asked + 1;
    const last = state.answers.at(-1);
    const lastName = last ? (symptomById(last.symptomId)?.name ?? '') : '';
    const ack = last === undefined ? '' : last.reply === 'yes' ? `好的，记下了：有${lastName}。` : last.reply === 'no' ? `好的，没有${lastName}。` : last.reply === 'unsure' ? '好的，这一项先跳过。' : '好的，记下了。';
    const lines = [n === 1 ? '好的，晓医帮你做个症状自查，接下来会问几个问题（最多8个），请按实际情况回答。' : ack, `问题${n}：${step.next.question}`];
    return {
      level: step.triage.level,
      intent: '病情诊断',
      scene: ['诊疗', '疾病', '症状自查'],
      lines,
      interview: { step: n, symptomId: step.next.symptomId, question: step.next.question },
      sources: [],
      followUps: [...INTERVIEW_REPLIES],
    };
  }
  const ranked = step.ranked.slice(0, 3);
  const dept = departmentWithModel(state.narrative, m ?? undefined);
  const yes = state.answers.filter((a) => a.reply === 'yes').map((a) => symptomById(a.symptomId)?.name ?? a.symptomId);
  const no = state.answers.filter((a) => a.reply === 'no').map((a) => symptomById(a.symptomId)?.name ?? a.symptomId);
  const pos = [...new Set(ex.symptoms.filter((s) => !s.negated).map((s) => s.name))];
  const lines: string[] = [`自查结论（共回答${state.answers.length}个问题）：`];
  if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
  lines.push(`症状：${[...new Set(pos)].join('、') || '未明确'}${no.length > 0 ? `；没有：${no.join('、')}` : ''}${yes.length > 0 ? '' : ''}。`);
  if (ranked.length > 0) {
    lines.push('可能的情况（按可能性排序）：');
    ranked.forEach((r, i) => lines.push(`${i + 1}. ${r.name}（${r.likelihood}）`));
  } else lines.push('根据目前的回答，暂未匹配到明确的常见疾病，建议到医院由医生面诊。');
  if (step.triage.level === 'urgent' && step.triage.actions.length > 0) lines.push(`分诊建议：${step.triage.actions.join('')}`);
  else lines.push(`分诊建议：${LEVEL_TEXT[step.triage.level]}`);
  lines.push(...conditionAdvice(ranked));
  lines.push(`建议就诊科室：${dept.department}。`);
  const hospitals = hospitalsFor(input, state.narrative, dept.department, m, ex);
  if (hospitals.length > 0) {
    lines.push(`可以就诊的医院（${hospitals[0]?.city ?? ''}）：`);
    lines.push(...hospitalLines(hospitals));
  }
  lines.push('以上是根据你的描述做的初步分析，不能代替医生诊断。');
  return {
    hospitals,
    level: step.triage.level,
    intent: '病情诊断',
    scene: ['诊疗', '疾病', '症状自查'],
    lines,
    recommend: { department: dept.department, ...(ranked[0] ? { disease: ranked[0].name } : {}) },
    conclusion: { type: 'conclusion', command: 'zzzc', level: step.triage.level, department: dept.department, conditions: ranked.map((r) => ({ name: r.name, likelihood: r.likelihood })) },
    sources: [...ruleSources(step.triage), ...conditionSources(ranked)],
    followUps: ranked[0] ? [`${ranked[0].name}需要做什么检查？`, `${ranked[0].name}平时要注意什么？`] : [],
  };
}

const GENERAL_LINES: Partial<Record<AnswerIntent, string[]>> = {
  功效作用: [
    '食物、滋补品和保健品（红枣、枸杞、蛋白粉、维生素等）可以作为均衡饮食的一部分，但不能代替药物治疗；宣传中的“补血”“补肾”“防病”等效果多数缺乏可靠证据，适量食用即可。',
    '已有贫血、糖尿病、肾病、痛风等慢性病，或正在服药、怀孕哺乳时，长期服用前请先咨询医生或药师；老人和孩子按说明书剂量使用。',
  ],
  注意事项: [
    '体内有金属植入物（钢板、螺钉、支架、起搏器、人工关节等）时，做核磁共振、手术或其他检查前一定要主动告诉医生，并带上手术记录或植入物说明；多数现代钛合金植入物可以做核磁，但要由医生和技师根据材质确认。',
    '检查和治疗前的准备（空腹、停药、去除金属物品等）以医院的检查须知为准。',
  ],
  疾病表述: ['这是一个医学名词，晓医的知识库暂时没有它的详细条目。它的含义、严重程度和是否需要处理，需要结合检查报告由医生解释；可以把报告原文或医生的诊断写法发给晓医，我帮你逐项解读。'],
  后果表述: ['会不会加重、有什么后果，取决于具体的诊断、指标和治疗情况；规范治疗和定期复查可以大大降低并发症的风险。请把诊断和最近的检查结果告诉晓医，或在复诊时向主治医生确认。'],
  病因分析: ['原因通常与遗传、生活方式、环境和基础疾病等多方面有关，具体到个人需要医生结合病史和检查判断。'],
  治疗方案: ['治疗方案需要医生根据诊断、检查结果和身体情况制定，请不要自行用药或停药；可以告诉晓医具体的诊断和正在用的药，我帮你梳理常见的治疗方式和注意事项。'],
  指标解读: ['请把报告中的项目名称、结果和参考范围发给晓医，我帮你逐项解读。'],
  就医建议: ['建议到正规医院门诊就诊；不确定挂什么科时，可以先挂全科医学科或到导诊台咨询。如出现胸痛、呼吸困难、意识不清、大出血等情况，请立即拨打120。'],
};

/** The intents whose general paragraph is about one topic, and the words of that topic. */
const GENERAL_GATE: Partial<Record<AnswerIntent, RegExp>> = {
  注意事项: /植入|钢板|螺钉|支架|起搏器|人工关节|金属|核磁|磁共振|ct|检查|手术|麻醉|空腹/iu,
  功效作用: /食物|保健|补品|滋补|维生素|蛋白粉|红枣|枸杞|燕窝|阿胶|人参|蜂蜜|鱼油|钙片|益生菌|吃什么好|喝什么好/u,
};

/** Questions with one well-established general answer, whatever their intent (药品管理法: 超过有效期的药品按劣药论处). */
const GENERAL_TOPICS: ReadonlyArray<{ test: RegExp; lines: string[] }> = [
  {
    test: /过期|过了保质期|过了有效期|超过有效期/u,
    lines: ['过了有效期（保质期）的药品和保健品，成分和效力都不能保证，不建议再吃；外观、气味有变化的更不要吃。过期药品请投放到社区或药店的有害垃圾（过期药品）回收点。'],
  },
];

/**
 * An in-scope question the knowledge base has no entry for: a general answer by intent, never a
 * refusal. Questions about using the app get a short how-to (intent 其他).
 */
function generalReply(text: string, ex: Extraction, t: TriageResult, trace: string[], fr: Frame | null = null): Reply {
  if (isAppHelp(text)) {
    trace.push('产品使用问题');
    return {
      level: 'selfcare',
      intent: '其他',
      scene: ['其他', '意图模糊', '其他'],
      lines: ['在“我的—家庭成员”里可以添加、编辑家人的档案（年龄、性别、慢性病、用药、过敏史）；提问时在对话框上方选择要咨询的成员，晓医会结合他的档案回答。'],
      sources: [],
      followUps: ['帮我做一次症状自查', '帮我看看化验单'],
    };
  }
  const intent = classifyIntent(text, ex);
  trace.push(`健康问题，知识库未收录具体条目（${intent}）`);
  // A paragraph written for one topic (implants and MRI, supplements) only for that topic: 阿胶过期了
  // 可不可以吃 is not answered with metal implants.
  const topic = GENERAL_TOPICS.find((x) => x.test.test(text));
  const gate = GENERAL_GATE[intent];
  const byIntent = gate === undefined || gate.test(text) ? GENERAL_LINES[intent] : undefined;
  const lines = [...(topic?.lines ?? byIntent ?? (fr ? nothingUnderstoodLines(fr) : ['晓医的知识库暂时没有这个问题的具体条目。可以补充一下是谁、哪里不舒服、持续多久、做过哪些检查或在用什么药，我帮你进一步分析。']))];
  lines.push('以上为一般健康知识，不能代替医生诊断；如有不适请及时就医。');
  return { level: t.level, intent, scene: intent === '其他' ? ['其他', '意图模糊', '其他'] : ['诊疗', '健康知识', intent], lines, sources: [], followUps: ['帮我做一次症状自查', '要挂什么科？'] };
}

// ---------------------------------------------------------------------------------------------
// The stream

/** The intent model's reading is used from this probability on (on real-dev out-of-fold predictions, README "Real questions"). */
const MODEL_INTENT_MIN_P = 0.3;

/**
 * The question's intent as the answer reports it: the trained model's (model/combine.ts) when it is
 * at least {@link MODEL_INTENT_MIN_P} sure, else the route's. Not for an emergency, a report, a skill,
 * a conversation turn or a meta question (greeting, correction, the product), whose route decides.
 */
function modelIntentOf(input: AnswerInput, level: string | null, routeIntent: AnswerIntent): AnswerIntent {
  if (level === 'emergency' || (input.skill ?? null) !== null || (input.report ?? []).length > 0 || (input.history ?? []).length > 0) return routeIntent;
  const q = input.question.trim();
  if (q.length === 0 || metaKind(q) !== null) return routeIntent;
  const m = modelIntentClassifier(q);
  return m.p >= MODEL_INTENT_MIN_P ? m.intent : routeIntent;
}

/**
 * Answers one question as a stream of events: triage first (no skill can override an
 * emergency), then the skill or the free-question route, and always `done` last.
 */
export async function* answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  // The final drug pass over the composed text (drugSafetyPass): a flag line goes right after the
  // line that names a conflicting drug, and the annotations move past what was inserted.
  const pass = drugSafetyPass(input.question.trim(), input.member ?? null);
  const inserted: Array<[number, number]> = [];
  const pending: AnswerEvent[] = [];
  let original = 0;
  let line = '';
  // An answer that recommends no department (a drug, a general or knowledge answer) gets the
  // trained model's department when it is confident enough (model/combine.ts); never in an emergency.
  let level: string | null = null;
  let scene: ScenePath | null = null;
  let recommended = false;
  const modelDept = (): string | null => (level === 'emergency' || scene === null || isNonRecommendationScene(scene) || scene[2] === '医疗费用' ? null : (modelDepartmentWhenNone(input.question, input.member ?? undefined)?.department ?? null));
  for await (const raw of answerUnchecked(input)) {
    let e = raw;
    if (e.type === 'triage') level = e.level;
    else if (e.type === 'scene') scene = e.path;
    else if (e.type === 'intent') {
      const i = modelIntentOf(input, level, e.intent);
      if (i !== e.intent) e = { ...e, intent: i };
    }
    else if (e.type === 'recommend') {
      recommended = true;
      // A drug's own facts (布洛芬一次吃几片) name no department: the drug question is answered in full.
      const d = (e.department === undefined || e.department === '') && e.drug === undefined ? modelDept() : null;
      if (d !== null) e = { ...e, department: d };
    } else if (!recommended && scene !== null && (e.type === 'hospitals' || e.type === 'doctors' || e.type === 'conclusion' || e.type === 'annotations' || e.type === 'sources' || e.type === 'followUps' || e.type === 'done')) {
      recommended = true;
      const d = modelDept();
      if (d !== null) {
        yield* pending.splice(0);
        yield { type: 'recommend', department: d };
      }
    }
    if (e.type === 'text') {
      yield e;
      original += e.delta.length;
      line += e.delta;
      if (!e.delta.endsWith('\n')) continue;
      const flagged = pass.check(line);
      for (const v of flagged) {
        const flag = pass.flagText(v, line);
        const delta = `${flag}\n`;
        yield* textEvents([flag]);
        inserted.push([original, delta.length]);
        pending.push(verdictEvent(v));
      }
      line = '';
      continue;
    }
    // The flags' verdict events follow the text, before the next structured event.
    yield* pending.splice(0);
    if (e.type === 'annotations') {
      const shift = (at: number): number => at + inserted.filter(([p]) => p <= at).reduce((n, [, len]) => n + len, 0);
      yield { type: 'annotations', items: e.items.map((a) => ({ ...a, start: shift(a.start), end: shift(a.start) + (a.end - a.start) })) };
      continue;
    }
    yield e;
  }
}

async function* answerUnchecked(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  const started = Date.now();
  const asked = input.question.trim();
  const reasoning = input.reasoning !== false;
  const report = input.report ?? [];
  const history = input.history ?? [];
  // A reply that continues the previous turn (the city the hospital finder asked for, a chip worded
  // as the doctor's question, a medication follow-up) is answered with what it continues.
  const continues = report.length === 0 && continuedInterview(history, asked) === null ? continuedQuestion(history, asked) : null;
  const question = continues ? continues.question : asked;
  if (continues) input = { ...input, question, ...(continues.skill ? { skill: continues.skill } : {}) };

  if ((question.length === 0 && report.length === 0) || question.length > MAX_CHARS || (report.length === 0 && !/\p{L}/u.test(question))) {
    yield { type: 'refusal', code: 3030, text: REFUSAL_TEXT[3030] };
    yield { type: 'done' };
    return;
  }

  const trace: string[] = continues ? [continues.why] : [];
  const think = function* (): Generator<AnswerEvent> {
    if (!reasoning) return;
    yield { type: 'deepThink', status: 1, text: trace.join('\n'), consumingMs: Math.round(Date.now() - started) };
    yield { type: 'deepThink', status: 2, text: '', consumingMs: Math.round(Date.now() - started) };
  };
  if (reasoning) yield { type: 'deepThink', status: 0, text: '', consumingMs: 0 };

  if (isInappropriate(question)) {
    trace.push('内容不当，拒绝回答');
    yield* think();
    yield { type: 'refusal', code: 3031, text: REFUSAL_TEXT[3031] };
    yield { type: 'done' };
    return;
  }

  // Whom is it about? A contradicting profile is not used.
  const extracted = extract(question);
  const who = extracted.who;
  const role = checkRole(who, input.member ?? null);
  const m = role ? null : (input.member ?? null);
  if (role) trace.push(`提问对象：${WHO_NAME[role.who]}，与当前成员不符或未选择成员，不结合档案`);

  // The self-check interview continues from the history, or starts with zzzc.
  const continued = continuedInterview(history, question);
  const lastAssistant = history.at(-1);
  const afterOpener = lastAssistant?.role === 'assistant' && lastAssistant.text.includes(OPENER);
  if (continued || input.skill === 'zzzc' || afterOpener) {
    const t0 = triage(continued ? continued.narrative : question, m ?? undefined);
    const hasSymptoms = t0.extraction.symptoms.some((s) => !s.negated) || continued !== null;
    if (t0.level !== 'emergency' && !hasSymptoms) {
      trace.push('症状自查：等待描述主要不适');
      yield* stream({ level: t0.level, intent: '病情诊断', scene: ['诊疗', '疾病', '症状自查'], lines: [OPENER], sources: [], followUps: ['头痛发烧两天', '肚子疼拉肚子', '咳嗽一周了'] }, think, role, input.doctors ?? []);
      return;
    }
    const statements = continued ? continued.statements : [question];
    const pairs = continued ? continued.answers.map((a) => ({ symptomId: a.symptomId, reply: a.text })) : [];
    const r = interviewReply(input, statements, pairs, m, trace);
    if ('emergency' in r) {
      yield* stream(emergencyReply(r.emergency, m), think, role, input.doctors ?? []);
      return;
    }
    yield* stream(r, think, role, input.doctors ?? []);
    return;
  }

  const meta = metaKind(question);
  if (meta !== null && report.length === 0) {
    trace.push(meta === 'product' ? '询问晓医本身' : meta === 'correction' ? '用户否定上一回答' : '问候或意图不明确');
    yield* stream(metaReply(meta), think, role, input.doctors ?? []);
    return;
  }

  const t: TriageResult = triage(question, m ?? undefined, undefined, extracted);
  const ex = t.extraction;
  const pos = [...new Set(ex.symptoms.filter((s) => !s.negated).map((s) => s.name))];
  const neg = ex.symptoms.filter((s) => s.negated).map((s) => s.name);
  trace.push(`识别症状：${pos.length > 0 ? pos.join('、') : '无'}`);
  if (neg.length > 0) trace.push(`否认：${neg.join('、')}`);
  if (ex.bp) trace.push(`血压：${ex.bp.systolic ?? '?'}/${ex.bp.diastolic ?? '?'} mmHg`);
  if (ex.temperature !== null) trace.push(`体温：${ex.temperature}℃`);
  if (ex.durationDays !== null) trace.push(`病程：${ex.durationDays}天`);
  if (ex.drugs.length > 0) trace.push(`药品：${ex.drugs.map((d) => d.name).join('、')}`);
  if (m && hasMemberFacts(m)) trace.push(memberFacts(m).replace(/。$/u, ''));
  trace.push(`紧急程度：${LEVEL_LAY[t.level]}${t.matched.length > 0 ? `（${[...new Set(t.matched.map((x) => signText(x.name)))].join('；')}）` : ''}`);

  // Emergency: actions before anything else, whatever the skill.
  if (t.level === 'emergency') {
    yield* stream(emergencyReply(t, m), think, role, input.doctors ?? []);
    return;
  }

  if (input.skill === 'bgjd' || report.length > 0) {
    yield* stream(reportReply(input, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }

  // Who the complaint is about (src/nlu, cheap: no segmenting), against which ranked conditions are
  // filtered; the full question frame (segmented, linked) is read only where a route needs it. Both
  // after triage: an emergency never waits for them, and nothing they read raises or lowers the level.
  const subject = storySubject(ex, m);
  let frameRead: Frame | null = null;
  const getFrame = (): Frame => {
    if (!frameRead) {
      frameRead = frame(question, profileOf(m));
      trace.push(frameTrace(frameRead, subjectFor(frameRead, m)));
    }
    return frameRead;
  };

  if (classifyIntent(question, ex) === '医疗费用' && COST_TOPIC.test(question) && ex.diseases.length === 0) {
    yield* stream(costReply(question, t, trace), think, role, input.doctors ?? []);
    return;
  }
  if (input.skill === 'zybz' || (input.skill == null && TCM_ASK.test(pos.length > 0 ? question.replace(LAY_HEAT, '') : question) && t.level !== 'urgent')) {
    yield* stream(tcmReply(question, t, m, trace), think, role, input.doctors ?? []);
    return;
  }
  const namedDiseaseOnly = pos.length === 0 && ex.diseases.some((d) => !d.negated);
  if (input.skill === 'ysjy' || (input.skill == null && DIET_ASK.test(question.replace(APPETITE_KEPT, '').replace(/(?:吃|用)(?:什么|啥|哪些|哪种|哪个)药/gu, '')) && ex.drugs.length === 0 && (namedDiseaseOnly || /饮食|忌口|食谱|营养/u.test(question) || ex.pregnancy.pregnant))) {
    yield* stream(dietReply(question, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }
  if (input.skill == null && ex.bp && ex.bp.systolic !== null && ex.bp.diastolic !== null && pos.length === 0) {
    yield* stream(bpReply(ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }
  if (input.skill === 'zyy' || (input.skill !== 'zks' && FIND_HOSPITAL.test(question))) {
    yield* stream(hospitalReply(input, question, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }
  if (input.skill === 'zks' || FIND_DEPT.test(question)) {
    yield* stream(departmentReply(input, question, ex, t, m, trace, getFrame), think, role, input.doctors ?? []);
    return;
  }

  // The drug asked about: the one after 想用/能不能吃 (吃舍曲林抑郁 想用曲普坦), else the first not already on
  // the member's list, else the first named.
  const mentions = ex.drugs.filter((d) => !d.negated);
  const onList = new Set((m?.medicines ?? []).map((x) => lookup(x.name, 'drug')?.id ?? x.name));
  // A drug named as an allergy (打青霉素休克过, 对青霉素过敏) says what not to give, not what is asked about.
  const allergyNamed = (d: (typeof mentions)[number]): boolean =>
    /^[^，,。；;！？!?\s]{0,6}(?:过敏|休克|起疹子|出疹子)/u.test(ex.normalized.slice(d.span[1], d.span[1] + 10)) || (m?.allergies ?? []).some((a) => a.name.includes(d.name) || d.name.includes(a.name));
  const candidates = mentions.filter((d) => !allergyNamed(d));
  // Two drugs named and asked whether it matters (喝了泰诺林 又喂了小儿氨酚黄那敏 会不会有问题): the combination,
  // told from the last one named (the one just added), which is checked against the others.
  const comboAsked = new Set(mentions.map((d) => lookup(d.name, 'drug')?.id ?? d.name)).size >= 2 && /会不会有(?:问题|事|影响)|有没有(?:问题|事|影响)|有(?:问题|事)吗|没事吧|要紧吗|要不要紧|一起吃/u.test(question);
  const drugMention =
    candidates.find((d) => ASKED_DRUG_BEFORE.test(ex.normalized.slice(Math.max(0, d.span[0] - 8), d.span[0]))) ??
    (comboAsked ? candidates[candidates.length - 1] : undefined) ??
    candidates.find((d) => !onList.has(lookup(d.name, 'drug')?.id ?? d.name)) ??
    candidates[0] ??
    mentions[0];
  const drug = drugMention ? lookup(drugMention.name, 'drug') : undefined;
  // A complaint that merely mentions a drug already taken (发烧吃了布洛芬还不退) is a symptom
  // question; a question about the drug itself goes to the drug check.
  const aboutDrug = /能给|给他吃|给她吃|给孩子吃|行不行|行吗|行不$|行不[，。？?！!\s]|想吃点|想用点|可以吗|买点|最多|能不能|能吃|可以吃|可不可以|吃多少|用多少|剂量|一次|几片|几粒|副作用|不良反应|禁忌|作用|功效|注意|喝酒|饮酒|能喝|喝[^,.;!?。！？；\s]{0,4}(白酒|啤酒|红酒|黄酒|酒)|怎么吃|怎么用|孕|哺乳|一起吃|同时吃|相互作用|减药|停药|换药|吃多了|吃重了|吃过量|超量|重复吃|重样/u.test(question);
  // Wanting to take or add a named drug (想吃布洛芬, 能再加点对乙酰氨基酚吗) or asking whether it
  // matters (会不会有影响) is a question about the drug, whatever complaint comes with it.
  // A stated allergy next to a drug that was prescribed (我磺胺过敏，医生开了复方新诺明) asks whether it is safe.
  const allergyPrescribed = /(?:对|我|本人|有)[^，,。；;！？!?\s]{1,12}?过敏/u.test(question) && /开了|开的|给开|让(我|他|她)?(吃|用)|要(吃|用)/u.test(question);
  const wantsDrug = comboAsked || allergyPrescribed || mentions.some((d) => WANT_DRUG.test(ex.normalized.slice(Math.max(0, d.span[0] - 8), d.span[0])));
  // 孕酮25, 胰岛素12 (a hormone or level read off a report) is a lab value, not the drug.
  const labReading = drugMention !== undefined && /^\s*[0-9]+(?:\.[0-9]+)?\s*(?:$|[\s，,。；;？?、]|nmol|pmol|mmol|umol|μmol|ng\/|pg\/|miu|iu\/)/iu.test(ex.normalized.slice(drugMention.span[1])) && input.skill !== 'yyjy' && input.skill !== 'ypcx';
  if (drug && !labReading && (input.skill === 'yyjy' || input.skill === 'ypcx' || aboutDrug || wantsDrug || DRUG_EFFECT_ASK.test(question) || (pos.length === 0 && DRUG_ASK.test(question)))) {
    yield* stream(drugReply(drug, question, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }

  const disease = ex.diseases.find((d) => !d.negated);
  const dEntry = disease ? lookup(disease.name, 'disease') : undefined;
  // A named disease asked about (how to treat it, what to watch, will it get better, why), with
  // no triage rule fired: that disease's answer, not conditions ranked from the context words.
  const fr = pos.length > 0 && t.matched.length === 0 && dEntry ? getFrame() : null;
  const focus = fr?.focus.type === 'disease' ? fr.focus : null;
  const focusMention = focus ? fr?.mentions.find((x) => x.entityId === focus.entityId) : undefined;
  const focusOld = focus ? lookup(focus.name, 'disease') : undefined;
  if (fr && focusOld && focusMention && focusMention.modality === 'stated' && focusMention.time === 'now' && NAMED_DISEASE_ASKS.has(fr.ask)) {
    trace.push(`问的是已点名的疾病：${focusOld.name}`);
    yield* stream(diseaseReply(focusOld, question, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }
  const ranked = possibleRanked(ex, m, subject);
  // No complaint, no triage rule, and the question names a drug, exam or operation only the KB holds
  // (贝前列素钠片能降血压吗): answer about it, not conditions ranked from its context words (血压).
  const kbOnly = pos.length === 0 && t.matched.length === 0 && !dEntry && ranked.length > 0 ? getFrame() : null;
  // Only a drug or an operation, and only when no disease is named: an exam is mostly context (B超说…).
  const kbOnlyEntity = kbOnly && (kbOnly.focus.type === 'drug' || kbOnly.focus.type === 'operation') && !kbOnly.mentions.some((x) => x.type === 'disease' && x.polarity === 'affirmed') ? entity(kbOnly.focus.entityId) : undefined;
  const kbOnlyLines = kbOnly && kbOnlyEntity && KB_ONLY_SOURCES.has(kbOnlyEntity.source) ? namedEntityLines(kbOnly) : null;
  if (kbOnly && kbOnlyLines) {
    trace.push(`知识库实体：${kbOnlyLines.name}`);
    yield* stream(namedEntityReply(kbOnly, kbOnlyLines, t), think, role, input.doctors ?? []);
    return;
  }
  // Conditions ranked from context words alone (no complaint read, only weak matches: 月经怎么才算干净,
  // 肝脓肿能吃山药吗) are not an answer: a list of unrelated diseases is worse than asking.
  // A drug warning for the situation (二甲双胍 before contrast) still needs the symptom answer that carries it.
  // Only when the question asks something else than "what is it" (能不能吃, 怎么算, 可以吗): a plain
  // statement (耳朵里一直嗡嗡响, 手上长冻疮了) is still answered from its cue words.
  const weakOnly = pos.length === 0 && t.matched.length === 0 && ranked.every((r) => r.likelihood === '可能性较小') && interactionLines(ex, m).length === 0 && !['病情诊断', '其他'].includes(classifyIntent(question, ex));
  if (!(pos.length === 0 && dEntry) && (pos.length > 0 || (ranked.length > 0 && !weakOnly))) {
    yield* stream(symptomReply(question, ex, t, m, trace, subject), think, role, input.doctors ?? []);
    return;
  }

  if (dEntry) {
    yield* stream(diseaseReply(dEntry, question, ex, t, m, trace), think, role, input.doctors ?? []);
    return;
  }

  // A red flag or a symptom was recognised but nothing above answered: never refuse it.
  if (t.matched.length > 0 || ex.symptoms.length > 0) {
    trace.push('识别到症状或危险信号，给出分诊建议');
    const lines = t.actions.length > 0 ? [...t.actions] : ['建议到医院门诊就诊，由医生面诊后明确原因；如症状加重或出现新的不适，请及时就医。'];
    if (t.matched.length > 0) lines.push(`判断依据：${t.matched.map((x) => x.name).join('；')}。`);
    // Never without a department: the body site (or the pregnancy, the child's age) still decides one.
    const dept = departmentWithModel(question, m ?? undefined);
    lines.push(`建议就诊科室：${dept.department}（${dept.reason}）。`);
    // The classifier's intent stands (这是个啥病 is 疾病表述); only an unclassified question becomes 就医建议.
    const asked = classifyIntent(question, ex);
    yield* stream({ level: t.level, intent: asked === '其他' ? '就医建议' : asked, scene: ['诊疗', '就医', '就医建议'], lines, recommend: { department: dept.department }, sources: ruleSources(t), followUps: [] }, think, role, input.doctors ?? []);
    return;
  }

  // A report item asked about without a report (尿常规里隐血是什么意思): what it means, never a refusal.
  const indicator = mentionedIndicator(question);
  if (indicator) {
    yield* stream(indicatorReply(indicator, t, trace), think, role, input.doctors ?? []);
    return;
  }

  // 3034 is a positive decision about a clearly non-health topic; an unrecognised health
  // question (a food's effect, an implant and MRI, an unfamiliar medical word) is answered.
  if (isOffTopic(question)) {
    trace.push('非健康话题');
    yield* think();
    yield { type: 'refusal', code: 3034, text: REFUSAL_TEXT[3034] };
    yield { type: 'done' };
    return;
  }
  const fr2 = getFrame();
  const named = namedEntityLines(fr2);
  if (named) {
    trace.push(`知识库实体：${named.name}`);
    yield* stream(namedEntityReply(fr2, named, t), think, role, input.doctors ?? []);
    return;
  }
  yield* stream(generalReply(question, ex, t, trace, fr2), think, role, input.doctors ?? []);
}

/** KB sources the older tables (drugs.json, surgeries.json) do not cover. */
const KB_ONLY_SOURCES: ReadonlySet<string> = new Set(['nmpa-imported', 'icd9cm3-chsdrg']);

/** The answer for a named KB entity: what was understood, its department, one precise question. */
function namedEntityReply(f: Frame, named: NonNullable<ReturnType<typeof namedEntityLines>>, t: TriageResult): Reply {
  const intent = f.intent === '其他' ? '疾病表述' : f.intent;
  const source = f.focus.type !== 'story' ? kbSource(entity(f.focus.entityId)?.source ?? '') : undefined;
  return {
    level: t.level,
    intent,
    scene: ['诊疗', '健康知识', intent],
    lines: [...named.lines, '以上为一般健康知识，不能代替医生诊断；如有不适请及时就医。'],
    ...(named.department ? { recommend: { department: named.department } } : {}),
    sources: source ? [[named.name, source]] : [],
    followUps: [],
  };
}

/** What is asked about a named disease that its own answer serves better than a ranking of conditions. */
const NAMED_DISEASE_ASKS: ReadonlySet<string> = new Set(['how_to_treat', 'care', 'prognosis', 'cause', 'what_is', 'serious', 'diet', 'cost']);

/** Collects the whole stream (tests, CLI). */
export async function collectAnswer(input: AnswerInput): Promise<AnswerEvent[]> {
  const out: AnswerEvent[] = [];
  for await (const e of answer(input)) out.push(e);
  return out;
}
