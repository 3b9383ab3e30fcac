import { MSG, type MemberContext } from '@chatdr/contract';
import { conditionById, departmentFor, rankConditions } from './conditions.ts';
import type { RankedCondition } from './conditions.ts';
import type { Extraction } from './extract.ts';
import { interpretReport } from './labs.ts';
import type { InterpretedItem, LabFlag } from './labs.ts';
import { lookup } from './lexicon.ts';
import type { DrugEntry } from './lexicon-data.ts';
import { RED_FLAG_RULES } from './red-flags.ts';
import { symptomById } from './symptoms.ts';
import { triage } from './triage.ts';
import type { TriageLevel, TriageResult } from './triage.ts';

export type AnswerSkill = 'zzzc' | 'yyjy' | 'bgjd' | 'dept' | 'drug';

export interface AnswerReportItem {
  name: string;
  value: string;
  unit?: string;
  refRange?: string;
}

export interface AnswerInput {
  question: string;
  skill?: AnswerSkill | null;
  member?: MemberContext | null;
  report?: AnswerReportItem[];
  reasoning?: boolean;
}

export type AnswerIntent =
  | '病情诊断'
  | '病因分析'
  | '治疗方案'
  | '就医建议'
  | '指标解读'
  | '疾病表述'
  | '后果表述'
  | '注意事项'
  | '功效作用'
  | '医疗费用'
  | '其他';

export interface AnswerSource {
  index: number;
  name: string;
  title: string;
  sourceName: string;
}

export type RefusalCode = 3030 | 3031 | 3034;

export type AnswerEvent =
  | { type: 'deepThink'; status: 0 | 1 | 2; text: string; consumingMs: number }
  | { type: 'triage'; level: TriageLevel }
  | { type: 'scene'; path: [string, string, string] }
  | { type: 'intent'; intent: AnswerIntent }
  | { type: 'text'; delta: string }
  | { type: 'sources'; items: AnswerSource[] }
  | { type: 'recommend'; department?: string; disease?: string; drug?: string }
  | { type: 'followUps'; questions: string[] }
  | { type: 'refusal'; code: RefusalCode; text: string }
  | { type: 'done' };

export const REFUSAL_TEXT: Readonly<Record<RefusalCode, string>> = {
  3030: MSG.badInputFormat,
  3031: '该问题超出晓医的服务范围，请换个问题',
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

/** Splits a paragraph into sentences, each keeping its end punctuation. */
function sentences(s: string): string[] {
  return s.match(/[^。！？；\n]+[。！？；]?\n?/gu) ?? [];
}

function memberFacts(m: MemberContext, extra: string[] = []): string {
  const parts: string[] = [];
  if (m.roleName) parts.push(m.roleName);
  if (m.age !== null) parts.push(m.ageMonths !== null && m.age < 3 ? `${m.ageMonths}个月` : `${m.age}岁`);
  if (m.sex) parts.push(m.sex === 'F' ? '女' : '男');
  const ds = m.diseases.filter((d) => d.ongoing).map((d) => d.name);
  if (ds.length > 0) parts.push(`有${ds.join('、')}`);
  if (m.pregnant) parts.push(m.pregnancyWeek !== null ? `怀孕${m.pregnancyWeek}周` : '孕期');
  if (m.lactating) parts.push('哺乳期');
  parts.push(...extra);
  return `结合档案：${parts.join('，')}。`;
}

function hasMemberFacts(m: MemberContext): boolean {
  return m.age !== null || m.sex !== null || m.diseases.length > 0 || m.pregnant || m.lactating || m.allergies.length > 0 || m.medicines.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Drugs

const DRUG_ASK = /吃|服|用|剂量|副作用|不良反应|能不能|可不可以|可以|禁忌|注意|作用|功效|治什么|多少|几片|一次|一天/u;
const EFFECT_ASK = /作用|功效|治什么|干什么|治疗什么|管什么/u;
const DOSE_ASK = /剂量|多少|几片|几粒|一次|一天|几次|用量|怎么吃|怎么用/u;

function stripClass(s: string): string {
  return s.replace(/(?:类)?(?:抗生素|药物|药)?$/u, '').replace(/类$/u, '');
}

/** An allergy that covers the drug: the drug itself, a synonym, or its class (青霉素类 → 青霉素类抗生素). */
export function allergyConflict(drug: DrugEntry, allergies: ReadonlyArray<{ name: string }>): string | null {
  const names = [drug.name, ...drug.synonyms];
  for (const a of allergies) {
    const key = stripClass(a.name.trim());
    if (key.length < 2) continue;
    if (names.includes(a.name) || names.includes(key)) return a.name;
    if (drug.drugClass.includes(key) || drug.name.includes(key)) return a.name;
  }
  return null;
}

function drugLines(drug: DrugEntry, question: string, ex: Extraction, m: MemberContext | null): { lines: string[]; facts: string[] } {
  const lines: string[] = [];
  const facts: string[] = [];
  lines.push(`${drug.name}属于${drug.drugClass}，${drug.otc ? '有非处方（OTC）剂型，可在药店购买' : '为处方药（或未确认有OTC剂型），需凭医生处方使用'}。`);
  if (drug.note) lines.push(`${drug.note}。`.replace(/。。$/u, '。'));
  const allergies = m?.allergies ?? [];
  const conflict = allergyConflict(drug, allergies);
  if (conflict !== null) {
    facts.push(`对${conflict}过敏`);
    lines.push(`⚠️ 档案记录对${conflict}过敏，而${drug.name}属于${drug.drugClass}：请不要自行服用，就诊时务必告诉医生过敏史，由医生换用其他药物。`);
  } else if (/头孢/u.test(drug.drugClass) && allergies.some((a) => /青霉素/u.test(a.name))) {
    facts.push('对青霉素类过敏');
    lines.push(`⚠️ 档案记录对青霉素类过敏，${drug.name}（${drug.drugClass}）与青霉素存在一定交叉过敏可能，使用前请告知医生。`);
  }
  const pregnant = (m?.pregnant ?? false) || ex.pregnancy.pregnant;
  if (pregnant) {
    const week = m?.pregnancyWeek ?? ex.pregnancy.week;
    facts.push(week !== null ? `怀孕${week}周` : '孕期');
    lines.push(`⚠️ 孕期用药需谨慎：${drug.name}在孕期能否使用、用多少，要由产科医生或药师根据孕周评估后决定，请勿自行服用。`);
  }
  if (m?.lactating) {
    facts.push('哺乳期');
    lines.push(`⚠️ 哺乳期用药可能经乳汁影响宝宝，使用${drug.name}前请咨询医生或药师。`);
  }
  const age = m?.age ?? ex.age?.years ?? null;
  if (age !== null && age < 12) {
    facts.push(`${age < 1 ? `${Math.round(age * 12)}个月` : `${Math.floor(age)}岁`}儿童`);
    lines.push('⚠️ 儿童用药请按体重并遵医嘱，优先选用儿童剂型，不要把成人药掰开给孩子吃。');
  } else if (age !== null && age >= 65) {
    lines.push('老年人肝肾功能减退，用药剂量和间隔需医生评估。');
  }
  const same = (m?.medicines ?? []).filter((med) => {
    const e = lookup(med.name, 'drug');
    return e !== undefined && e.id !== drug.id && e.drugClass === drug.drugClass;
  });
  if (same.length > 0) {
    facts.push(`正在用${same.map((s) => s.name).join('、')}`);
    lines.push(`⚠️ 档案中正在使用的${same.map((s) => s.name).join('、')}与${drug.name}同属${drug.drugClass}，一般不宜同时使用，请先咨询医生或药师。`);
  } else if ((m?.medicines.length ?? 0) > 0) {
    lines.push(`档案中正在使用${m?.medicines.map((s) => s.name).join('、')}，合并用药前请让药师核对相互作用。`);
  }
  if (DOSE_ASK.test(question)) {
    lines.push(`具体剂量和疗程暂不在晓医的知识库中，请以药品说明书或医生、药师的医嘱为准，不要自行加量。`);
  } else {
    lines.push('用法用量请以药品说明书或医嘱为准。');
  }
  return { lines, facts };
}

// ---------------------------------------------------------------------------------------------
// Symptoms

function followUpsFor(ranked: readonly RankedCondition[], ex: Extraction): string[] {
  const mentioned = new Set(ex.symptoms.map((s) => s.id));
  const out: string[] = [];
  for (const r of ranked) {
    const c = conditionById(r.id);
    if (c === undefined) continue;
    const next = [...c.symptoms].sort((a, b) => b.weight - a.weight).find((s) => !mentioned.has(s.id));
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
    const key = `${name}|${title}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push({ index: items.length + 1, name, title, sourceName: KB_NAME });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// The stream

function* textEvents(lines: readonly string[]): Generator<AnswerEvent> {
  for (const line of lines) for (const s of sentences(`${line}\n`)) yield { type: 'text', delta: s };
}

/**
 * Answers one question as a stream of events: triage first, then report interpretation, drug
 * facts or the symptom check, and always `done` last.
 */
export async function* answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  const started = Date.now();
  const question = input.question.trim();
  const m = input.member ?? null;
  const reasoning = input.reasoning !== false;
  const report = input.report ?? [];

  if ((question.length === 0 && report.length === 0) || question.length > MAX_CHARS || (report.length === 0 && !/\p{L}/u.test(question))) {
    yield { type: 'refusal', code: 3030, text: REFUSAL_TEXT[3030] };
    yield { type: 'done' };
    return;
  }

  const trace: string[] = [];
  const think = function* (): Generator<AnswerEvent> {
    if (!reasoning) return;
    yield { type: 'deepThink', status: 1, text: trace.join('\n'), consumingMs: Math.round(Date.now() - started) };
    yield { type: 'deepThink', status: 2, text: '', consumingMs: Math.round(Date.now() - started) };
  };
  if (reasoning) yield { type: 'deepThink', status: 0, text: '', consumingMs: 0 };

  const text = question;
  const t: TriageResult = triage(text, m ?? undefined);
  const ex = t.extraction;
  const pos = ex.symptoms.filter((s) => !s.negated).map((s) => s.name);
  const neg = ex.symptoms.filter((s) => s.negated).map((s) => s.name);
  trace.push(`识别症状：${pos.length > 0 ? pos.join('、') : '无'}`);
  if (neg.length > 0) trace.push(`否认：${neg.join('、')}`);
  if (ex.bp) trace.push(`血压：${ex.bp.systolic ?? '?'}/${ex.bp.diastolic ?? '?'} mmHg`);
  if (ex.temperature !== null) trace.push(`体温：${ex.temperature}℃`);
  if (ex.durationDays !== null) trace.push(`病程：${ex.durationDays}天`);
  if (ex.drugs.length > 0) trace.push(`药品：${ex.drugs.map((d) => d.name).join('、')}`);
  if (m && hasMemberFacts(m)) trace.push(memberFacts(m).replace(/。$/u, ''));
  trace.push(`分诊：${t.level}${t.matched.length > 0 ? `（${t.matched.map((x) => x.name).join('；')}）` : ''}`);

  // 2. Emergency: actions before anything else.
  if (t.level === 'emergency') {
    yield* think();
    yield { type: 'triage', level: 'emergency' };
    const lines = [...t.actions];
    lines.push(`判断依据：${t.matched.filter((x) => x.level === 'emergency').map((x) => x.name).join('；')}。`);
    if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
    lines.push('线上咨询不能代替急救，请先拨打120或尽快到最近医院急诊科。');
    yield* textEvents(lines);
    yield { type: 'recommend', department: '急诊科' };
    const rules = t.matched.map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId)).filter((r) => r !== undefined);
    yield { type: 'sources', items: sourcesOf(rules.map((r) => [r.name, r.source] as const)) };
    yield { type: 'done' };
    return;
  }

  // 3. Report interpretation.
  if (input.skill === 'bgjd' || report.length > 0) {
    if (report.length === 0) {
      yield* think();
      yield { type: 'triage', level: t.level };
      yield* textEvents(['请上传或输入报告中的检查项目、结果和参考范围，晓医再为你逐项解读。']);
      yield { type: 'done' };
      return;
    }
    const age = m?.age ?? ex.age?.years ?? 40;
    const sex = m?.sex ?? ex.sexHint ?? 'M';
    const rep = interpretReport(report, { age, sex });
    trace.push(`报告：${rep.items.length}项，异常${rep.abnormal.length}项，模式：${rep.patterns.map((p) => p.name).join('、') || '无'}`);
    if (m?.age == null || m.sex == null) trace.push(`参考范围按${Math.floor(age)}岁${sex === 'F' ? '女' : '男'}性${m?.age == null && ex.age === null ? '（年龄未知，按成人）' : ''}`);
    yield* think();
    const level: TriageLevel = rep.urgency === 'emergency' ? 'emergency' : rep.urgency === 'urgent' ? 'urgent' : t.level;
    yield { type: 'triage', level };
    yield { type: 'intent', intent: '指标解读' };
    yield { type: 'scene', path: ['诊疗', '检查', '报告解读'] };
    const lines: string[] = [];
    lines.push(rep.abnormal.length === 0 ? `共解读${rep.items.length}项，未发现异常。` : `共解读${rep.items.length}项，其中${rep.abnormal.length}项异常。`);
    if (m && hasMemberFacts(m)) lines.push(memberFacts(m, ['参考范围按此年龄和性别选取']));
    rep.abnormal.forEach((it: InterpretedItem, i) => {
      const range = it.rangeUsed ? `（参考${it.rangeUsed.low ?? ''}-${it.rangeUsed.high ?? ''}${it.unit ? ` ${it.unit}` : ''}）` : '';
      lines.push(`${i + 1}. ${it.name} ${it.value}${it.unit ? ` ${it.unit}` : ''}，${FLAG_TEXT[it.flag]}${range}。${it.meaning ? `${it.meaning}。` : ''}${it.advice ? `${it.advice}。` : ''}`);
    });
    for (const p of rep.patterns) lines.push(`综合来看：${p.text}`);
    for (const s of rep.nextSteps) lines.push(s);
    const dept = rep.patterns[0]?.department ?? (rep.abnormal.length > 0 ? null : null);
    if (dept) lines.push(`建议就诊科室：${dept}。`);
    lines.push('报告解读仅供参考，请结合临床由医生判断。');
    yield* textEvents(lines.map((l) => l.replace(/。。/gu, '。')));
    yield { type: 'recommend', ...(dept ? { department: dept } : {}), ...(rep.patterns[0] ? { disease: rep.patterns[0].name } : {}) };
    yield { type: 'followUps', questions: rep.abnormal.length > 0 ? ['最近有没有乏力、头晕？', '以前查过这项指标吗？'].slice(0, 2) : [] };
    yield { type: 'done' };
    return;
  }

  // 4. Drug question.
  const drugMention = ex.drugs.find((d) => !d.negated);
  const drug = drugMention ? lookup(drugMention.name, 'drug') : undefined;
  if (drug && (input.skill === 'yyjy' || input.skill === 'drug' || DRUG_ASK.test(text))) {
    const { lines, facts } = drugLines(drug, text, ex, m);
    trace.push(`药品：${drug.name}（${drug.drugClass}，${drug.otc ? 'OTC' : '处方药'}）`);
    if (facts.length > 0) trace.push(`用药核对：${facts.join('、')}`);
    yield* think();
    yield { type: 'triage', level: t.level };
    yield { type: 'intent', intent: EFFECT_ASK.test(text) ? '功效作用' : '注意事项' };
    yield { type: 'scene', path: ['诊疗', '药品', '用药咨询'] };
    const out: string[] = [];
    if (m && facts.length > 0) out.push(memberFacts(m, facts.filter((f) => !/孕|哺乳/u.test(f))));
    out.push(...lines);
    if (t.level === 'urgent') out.push(...t.actions);
    yield* textEvents(out);
    yield { type: 'recommend', drug: drug.name };
    yield { type: 'sources', items: sourcesOf([[drug.name, drug.source]]) };
    yield { type: 'followUps', questions: ['目前是因为什么症状需要用药？', '有没有正在服用的其他药物？'] };
    yield { type: 'done' };
    return;
  }

  // 5. Symptoms.
  const ranked = rankConditions(ex, m ?? undefined, 3).filter((r) => r.score > 0);
  const namedDisease = pos.length === 0 && ex.diseases.some((d) => !d.negated);
  if (!namedDisease && (pos.length > 0 || ranked.length > 0)) {
    const dept = departmentFor(text, m ?? undefined);
    trace.push(`候选：${ranked.map((r) => `${r.name} ${r.score.toFixed(2)}`).join('，') || '无'}`);
    trace.push(`科室：${dept.department}`);
    yield* think();
    yield { type: 'triage', level: t.level };
    yield { type: 'intent', intent: '病情诊断' };
    yield { type: 'scene', path: ['诊疗', '疾病', '症状自查'] };
    const lines: string[] = [];
    if (m && hasMemberFacts(m)) lines.push(memberFacts(m));
    if (ex.bp && ex.bp.systolic !== null && ex.bp.systolic >= 140) {
      lines.push(`你提到的血压${ex.bp.systolic}/${ex.bp.diastolic ?? '?'} mmHg已达到高血压水平（≥140/90 mmHg）${m?.diseases.some((d) => /高血压/u.test(d.name)) ? '，说明目前血压控制不理想' : ''}。`);
    }
    if (ranked.length > 0) {
      lines.push(`根据你描述的${pos.join('、') || '情况'}，可能的情况有：`);
      ranked.forEach((r, i) => lines.push(`${i + 1}. ${r.name}（${r.likelihood}）`));
    } else {
      lines.push(`你描述了${pos.join('、')}，暂未匹配到明确的常见疾病。`);
    }
    if (t.level === 'urgent') lines.push(...t.actions);
    lines.push(LEVEL_TEXT[t.level]);
    if (t.level === 'selfcare' && t.selfcare) lines.push(t.selfcare);
    for (const r of ranked) {
      const c = conditionById(r.id);
      if (c) lines.push(`【${c.name}】${c.selfCare}${/[。！]$/u.test(c.selfCare) ? '' : '。'}${c.seekCare}${/[。！]$/u.test(c.seekCare) ? '' : '。'}`);
    }
    lines.push(`建议就诊科室：${dept.department}（${dept.reason}）。`);
    yield* textEvents(lines);
    yield { type: 'recommend', department: dept.department, ...(ranked[0] ? { disease: ranked[0].name } : {}) };
    const pairs = ranked.map((r) => [r.name, conditionById(r.id)?.source ?? ''] as const).filter((p) => p[1] !== '');
    const ruleSources = t.matched.map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId)).filter((r) => r !== undefined).map((r) => [r.name, r.source] as const);
    yield { type: 'sources', items: sourcesOf([...ruleSources, ...pairs]) };
    yield { type: 'followUps', questions: followUpsFor(ranked, ex) };
    yield { type: 'done' };
    return;
  }

  // 5b. A disease named without symptoms (高血压怎么治).
  const disease = ex.diseases.find((d) => !d.negated);
  const dEntry = disease ? lookup(disease.name, 'disease') : undefined;
  if (dEntry) {
    trace.push(`疾病：${dEntry.name}（${dEntry.department}）`);
    yield* think();
    yield { type: 'triage', level: t.level };
    yield { type: 'intent', intent: /治|药|怎么办/u.test(text) ? '治疗方案' : /哪|科|医院/u.test(text) ? '就医建议' : '疾病表述' };
    yield { type: 'scene', path: ['诊疗', '疾病', '疾病咨询'] };
    const lines = [
      `${dEntry.name}（ICD-10 ${dEntry.icd10}）属于${dEntry.category}疾病，通常在${dEntry.department}诊治。`,
      dEntry.chronic ? '这是需要长期管理和定期复查的慢性病，治疗方案需由医生根据病情制定，请遵医嘱规律用药、定期随访。' : '具体治疗方案需医生面诊后根据病情决定。',
    ];
    if (m && hasMemberFacts(m)) lines.unshift(memberFacts(m));
    yield* textEvents(lines);
    yield { type: 'recommend', department: dEntry.department, disease: dEntry.name };
    yield { type: 'sources', items: sourcesOf([[dEntry.name, dEntry.source]]) };
    yield { type: 'followUps', questions: ['目前有哪些不舒服的症状？', '现在在用什么药？'] };
    yield { type: 'done' };
    return;
  }

  // 5c. A red flag or a symptom was recognised but nothing above answered: never refuse it.
  if (t.matched.length > 0 || ex.symptoms.length > 0) {
    trace.push('识别到症状或危险信号，给出分诊建议');
    yield* think();
    yield { type: 'triage', level: t.level };
    yield { type: 'intent', intent: '就医建议' };
    const lines = t.actions.length > 0 ? [...t.actions] : ['建议到医院门诊就诊，由医生面诊后明确原因；如症状加重或出现新的不适，请及时就医。'];
    if (t.matched.length > 0) lines.push(`判断依据：${t.matched.map((x) => x.name).join('；')}。`);
    yield* textEvents(lines);
    const rules = t.matched.map((x) => RED_FLAG_RULES.find((r) => r.id === x.ruleId)).filter((r) => r !== undefined);
    if (rules.length > 0) yield { type: 'sources', items: sourcesOf(rules.map((r) => [r.name, r.source] as const)) };
    yield { type: 'done' };
    return;
  }

  // 6. Nothing medical recognised.
  trace.push('未识别到医学内容');
  yield* think();
  yield { type: 'refusal', code: 3034, text: REFUSAL_TEXT[3034] };
  yield { type: 'done' };
}

/** Collects the whole stream (tests, CLI). */
export async function collectAnswer(input: AnswerInput): Promise<AnswerEvent[]> {
  const out: AnswerEvent[] = [];
  for await (const e of answer(input)) out.push(e);
  return out;
}
