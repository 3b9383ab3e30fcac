import type { MedicationVerdictLevel, MemberContext } from '@chatdr/contract';
import { DRUG_SITUATIONS, drugFactsById, type DrugChildDose, type DrugFacts, type DrugInteraction, type DrugLiquidForm, type DrugSituation } from './drug-facts-data.ts';
import { entriesOf, lookup } from './lexicon.ts';
import type { DrugEntry } from './lexicon-data.ts';

/** What the medication module needs to know about the question and the person it is about. */
export interface MedicationContext {
  question: string;
  member: MemberContext | null;
  pregnant: boolean;
  pregnancyWeek: number | null;
  ageYears: number | null;
  weightKg: number | null;
  /** The question mentions drinking. */
  alcohol: boolean;
  /** Other drugs named in the same question (在吃A，又开了B): checked for interactions like current medicines. */
  statedDrugs?: readonly string[];
  /** Diseases the question states (我爸有慢性肾病, 他肾功能不好): checked like the profile's diseases. */
  statedDiseases?: readonly string[];
  /** Allergies the question states (我对青霉素过敏, 吃头孢起过疹子): checked like the profile's, and said to be the user's words. */
  statedAllergies?: readonly string[];
  /** A dose the question states (一次吃800毫克): checked against the maxima; an overdose makes the verdict 不建议. */
  statedDose?: { mg: number; perDay: number | null } | null;
}

/**
 * The kidney family said in everyday words (慢性肾病, 肾衰, 肾功能不好, 尿毒症, 在透析), not denied
 * (没有肾病) and not a question about getting it (会不会伤肾): named 慢性肾脏病 for the drug cautions.
 */
const KIDNEY_STATED = /(?<!没有|[没无不非]|会不会|怕|担心|伤)(慢性肾(脏)?病|慢性肾炎|肾病|肾衰竭?|肾功能(不全|衰竭|不好|不太好|差|有问题|异常)|肾不好|尿毒症|(在|做|血|腹)透析?|肾小球肾炎)/u;

/** Diseases stated in a question's text, in the names the drug facts use. */
export function statedDiseasesIn(question: string, named: readonly string[]): string[] {
  const out = new Set(named.filter((n) => n.trim().length >= 2));
  if (KIDNEY_STATED.test(question)) out.add('慢性肾脏病');
  return [...out];
}

export type MedicationWarningKind = 'allergy' | 'contraindication' | 'pregnancy' | 'lactation' | 'interaction' | 'age' | 'dose' | 'alcohol' | 'duplicate';
export type MedicationSeverity = 'major' | 'moderate' | 'minor';

export interface MedicationWarning {
  kind: MedicationWarningKind;
  severity: MedicationSeverity;
  text: string;
  /** The verdict this warning forces when it is not the one its kind and severity give (a label's 禁用). */
  verdict?: MedicationVerdictLevel;
  /** A few words saying why, for the verdict sentence: 怀孕32周, 在用华法林, 对青霉素过敏. */
  reason?: string;
  /** What to use instead when this warning makes the verdict a no (drug facts' caution alternative). */
  alternative?: string;
}

/**
 * Can this person take this drug: 可以 / 慎用（条件）/ 不建议 / 禁用. Computed from the warnings
 * (drug facts × person): a label contraindication, an allergy to the drug or its class, a pregnancy
 * week past the label's limit or a child under a label's age limit → 禁用; a major interaction,
 * pregnancy or breastfeeding to avoid, no paediatric dosing → 不建议; a moderate warning → 慎用.
 */
export type { MedicationVerdictLevel } from '@chatdr/contract';

export const VERDICT_LABEL: Readonly<Record<MedicationVerdictLevel, string>> = {
  ok: '可以',
  caution: '慎用',
  'not-recommended': '不建议',
  contraindicated: '禁用',
};

export interface MedicationVerdict {
  drugId: string;
  drugName: string;
  level: MedicationVerdictLevel;
  /** 可以 / 慎用 / 不建议 / 禁用 */
  label: string;
  /** Why, in a few words each (the reasons of the warnings that set the level). */
  reasons: string[];
  /** The safer drug named when the verdict is no, with its own verdict for this person. */
  alternative: { drugId: string; drugName: string; level: MedicationVerdictLevel; label: string } | null;
  /** The verdict sentence, the first of the answer. */
  text: string;
}

/** A verdict allows a dose only when it is 可以 or 慎用. */
export const allowsDose = (level: MedicationVerdictLevel): boolean => level === 'ok' || level === 'caution';

export interface MedicationDose {
  text: string;
  /** mg per dose [min, max], computed for a child from weight; null when not computed. */
  perDoseMg: [number, number] | null;
  /** mg per 24 h, or null when none is established. */
  dailyMaxMg: number | null;
}

export interface MedicationAdvice {
  /** Plain Chinese sentences for the answer: the verdict first, then the warnings, then (when allowed) the dose. */
  lines: string[];
  verdict: MedicationVerdict;
  /** Member facts used, e.g. 对青霉素类过敏, 体重12 kg. */
  facts: string[];
  warnings: MedicationWarning[];
  dose: MedicationDose | null;
}

const SEVERITY_RANK: Record<MedicationSeverity, number> = { major: 0, moderate: 1, minor: 2 };
/** Children get adult dosing from this age (most Chinese labels: 12岁以上按成人). */
const CHILD_UNTIL_MONTHS = 12 * 12;
const ELDER_YEARS = 65;

// ---------------------------------------------------------------------------------------------
// Allergy

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

const isNsaid = (d: DrugEntry): boolean => d.id === 'aspirin' || /解热镇痛抗炎药|COX-2|非甾体/u.test(d.drugClass);
const NSAID_WORDS = /非甾体|解热镇痛抗炎/u;
const classParts = (drugClass: string): string[] => drugClass.split('/').map((c) => c.trim()).filter((c) => c !== '');
const isPenicillin = (s: string): boolean => /青霉素|西林/u.test(s);
const isCephalosporin = (s: string): boolean => /头孢/u.test(s);

/** A disease or allergy known from the profile or stated in the question (the warning says which). */
interface Known {
  readonly name: string;
  readonly stated?: boolean;
}

/**
 * What a doctor uses instead of an antibiotic the person is allergic to: a different class (a
 * macrolide such as azithromycin for a penicillin or cephalosporin allergy), prescribed by a doctor
 * (抗菌药物临床应用指导原则 2015). Most sore throats and colds need no antibiotic at all.
 */
function antibioticAlternative(drug: DrugEntry): { alternative?: string } {
  if (!/抗生素|抗菌药/u.test(drug.drugClass)) return {};
  const other = /大环内酯/u.test(drug.drugClass) ? '青霉素类或头孢菌素类（过敏史须先告诉医生）' : '大环内酯类（如阿奇霉素）等其他类别';
  return { alternative: `感冒、嗓子疼多数是病毒引起，一般不需要抗生素；医生判断确需抗菌治疗时，会换用${other}，不要自己找替代药` };
}

function allergyWarnings(drug: DrugEntry, allergies: readonly Known[], facts: string[]): MedicationWarning[] {
  // Where the allergy is known from: the profile (档案记录) or the user's own words (你提到); only a
  // profile allergy is a fact of the profile.
  const said = (a: Known | undefined): string => (a?.stated === true ? '你提到' : '档案记录');
  const note = (a: Known | undefined, name: string): void => {
    if (a?.stated !== true) facts.push(`对${name}过敏`);
  };
  const conflict = allergyConflict(drug, allergies);
  if (conflict !== null) {
    const a = allergies.find((x) => x.name === conflict);
    note(a, conflict);
    return [{ kind: 'allergy', severity: 'major', verdict: 'contraindicated', reason: `${said(a)}对${conflict}过敏`, text: `${drug.name}属于${drug.drugClass}，正是过敏的这一类药：请不要自行服用，就诊时务必告诉医生过敏史，由医生换用其他药物。`, ...antibioticAlternative(drug) }];
  }
  // An allergy to another drug of the same (first) class, e.g. 阿莫西林过敏 → 青霉素.
  for (const a of allergies) {
    const other = lookup(a.name, 'drug');
    if (other === undefined || other.id === drug.id) continue;
    const shared = classParts(other.drugClass).find((c) => classParts(drug.drugClass).includes(c) && /抗生素|抗菌药|解热镇痛抗炎药/u.test(c));
    if (shared !== undefined) {
      note(a, a.name);
      return [{ kind: 'allergy', severity: 'major', verdict: 'contraindicated', reason: `${said(a)}对${a.name}过敏（同属${shared}）`, text: `${drug.name}与${a.name}同属${shared}，可能同样过敏：请不要自行服用，由医生换用其他药物。`, ...antibioticAlternative(drug) }];
    }
  }
  // Aspirin / NSAID hypersensitivity (喘息、荨麻疹 after aspirin) crosses to the other COX-1 inhibiting
  // NSAIDs: their labels contraindicate them (《中华人民共和国药典临床用药须知》2020; EAACI/ENDA NSAID
  // hypersensitivity position paper 2019). Paracetamol is not one of them.
  if (isNsaid(drug)) {
    const nsaid = allergies.find((a) => NSAID_WORDS.test(a.name) || (() => { const o = lookup(a.name, 'drug'); return o !== undefined && o.id !== drug.id && isNsaid(o); })());
    if (nsaid !== undefined) {
      note(nsaid, nsaid.name);
      return [{ kind: 'allergy', severity: 'major', verdict: 'contraindicated', reason: `${said(nsaid)}对${nsaid.name}过敏（非甾体抗炎药交叉过敏）`, text: `${drug.name}与${nsaid.name}同属非甾体抗炎药，对这类药过敏（尤其表现为喘息、荨麻疹、血管性水肿）的人对同类药常有交叉过敏：请不要自行服用。` }];
    }
  }
  const cross = isCephalosporin(drug.drugClass)
    ? allergies.find((a) => isPenicillin(a.name) || isPenicillin(lookup(a.name, 'drug')?.drugClass ?? ''))
    : isPenicillin(drug.drugClass)
      ? allergies.find((a) => isCephalosporin(a.name) || isCephalosporin(lookup(a.name, 'drug')?.drugClass ?? ''))
      : undefined;
  if (cross !== undefined) {
    note(cross, cross.name);
    const [from, to] = isCephalosporin(drug.drugClass) ? ['青霉素', '头孢菌素'] : ['头孢菌素', '青霉素'];
    return [{ kind: 'allergy', severity: 'moderate', reason: `${said(cross)}对${cross.name}过敏（可能交叉过敏，须医生确认）`, text: `${drug.name}${drug.name.includes(to) ? '' : `（${to}类）`}与${from}类存在一定交叉过敏可能，使用前务必告知医生过敏史，曾有严重过敏（休克、喉头水肿）者应避免。` }];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Age and dose

function ageMonthsOf(ctx: MedicationContext): number | null {
  const m = ctx.member;
  if (m?.ageMonths !== null && m?.ageMonths !== undefined) return m.ageMonths;
  if (m?.age !== null && m?.age !== undefined) return m.age * 12;
  if (ctx.ageYears !== null) return Math.round(ctx.ageYears * 12);
  return null;
}

function weightOf(ctx: MedicationContext): number | null {
  const w = ctx.weightKg ?? ctx.member?.weightKg ?? null;
  return w !== null && w > 0 ? w : null;
}

const ageText = (months: number): string => (months < 36 ? `${Math.floor(months)}个月` : `${Math.floor(months / 12)}岁`);

/** mg rounded for a reader: whole mg from 10 mg, one decimal below. */
function roundMg(mg: number): number {
  return mg >= 10 ? Math.round(mg) : Math.round(mg * 10) / 10;
}

const minOf = (...xs: Array<number | null | undefined>): number | null => {
  const ns = xs.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return ns.length === 0 ? null : Math.min(...ns);
};

const range = (lo: number, hi: number, unit = ' mg'): string => (lo === hi ? `${lo}${unit}` : `${lo}～${hi}${unit}`);

interface DosePart {
  dose: MedicationDose | null;
  lines: string[];
  warnings: MedicationWarning[];
}

/** The liquid forms a question names (美林, 泰诺林滴剂, 混悬液), or every form when it names none. */
function formsAsked(c: DrugChildDose, question: string): readonly DrugLiquidForm[] {
  const forms = c.forms ?? [];
  const named = forms.filter((f) => [f.name, ...f.brands].some((b) => question.includes(b)));
  // The longest brand wins: 美林滴剂 names the drops, not also the suspension (美林).
  const best = named.filter((f) => !named.some((g) => g !== f && [g.name, ...g.brands].some((b) => question.includes(b) && [f.name, ...f.brands].some((x) => b.length > x.length && b.includes(x) && question.includes(x)))));
  if (best.length > 0) return best;
  if (/滴剂/u.test(question)) return forms.filter((f) => /滴剂/u.test(f.name));
  if (/混悬液|糖浆|口服液/u.test(question)) return forms.filter((f) => !/滴剂/u.test(f.name));
  return forms;
}

/** ml rounded for a syringe: one decimal, the upper bound rounded down so it never exceeds the mg. */
const mlLow = (mg: number, perMl: number): number => Math.round((mg / perMl) * 10) / 10;
const mlHigh = (mg: number, perMl: number): number => Math.floor((mg / perMl) * 10 + 1e-9) / 10;

/** A liquid form said as 美林（布洛芬混悬液 20 mg/ml）. */
const formName = (f: DrugLiquidForm): string => `${f.brands[0] !== undefined && !f.brands[0].includes(f.name) && f.brands[0] !== f.name ? `${f.brands[0]}（${f.name}，${f.mgPerMl} mg/ml）` : `${f.name}（${f.mgPerMl} mg/ml）`}`;

function childDose(drug: DrugEntry, f: DrugFacts, months: number | null, weight: number | null, question: string): DosePart {
  const c = f.child;
  const age = months !== null ? `${ageText(months)}的孩子` : '儿童';
  if (c === null) {
    return {
      dose: null,
      lines: [],
      warnings: [{ kind: 'age', severity: 'moderate', verdict: 'not-recommended', reason: `${age}：没有明确的儿童用法用量`, text: `${drug.name}没有明确的儿童用法用量（或不常规用于儿童），请咨询儿科医生，不要自行把成人药减量给孩子吃。` }],
    };
  }
  if (c.minAgeMonths !== null && months !== null && months < c.minAgeMonths) {
    return {
      dose: null,
      lines: [],
      warnings: [{ kind: 'age', severity: 'major', verdict: 'not-recommended', reason: `孩子${ageText(months)}，说明书用于${ageText(c.minAgeMonths)}及以上`, text: `说明书规定${drug.name}用于${ageText(c.minAgeMonths)}及以上儿童，孩子现在${ageText(months)}，不要自行使用，需由儿科医生决定。` }],
    };
  }
  const interval = c.intervalHours !== null ? `，每${range(c.intervalHours[0], c.intervalHours[1], '小时')}1次` : '';
  const forms = formsAsked(c, question);
  const sources = forms.length > 0 ? `（规格见说明书：${forms.map((x) => `${x.name} ${x.strength}`).join('；')}）` : '';
  if (c.perKgMg !== null) {
    const perKg = c.perKgMg;
    if (weight === null) {
      const perKgMl = (mg: number, perMl: number): number => Math.round((mg / perMl) * 100) / 100;
      const ml = forms.map((x) => `${formName(x)}每公斤体重一次${range(perKgMl(perKg[0], x.mgPerMl), perKgMl(perKg[1], x.mgPerMl), ' ml')}`);
      return {
        dose: { text: c.text, perDoseMg: null, dailyMaxMg: null },
        lines: [`儿童剂量要按体重计算（${c.text}）${ml.length > 0 ? `，换算成药液：${ml.join('；')}${sources}` : ''}。请告诉我孩子现在的体重（公斤），我再帮您算出每次吃多少${forms.length > 0 ? '毫升' : '毫克'}。`],
        warnings: [],
      };
    }
    const cap = minOf(c.singleMaxMg, f.adult.singleMaxMg) ?? Infinity;
    const lo = roundMg(Math.min(perKg[0] * weight, cap));
    const hi = roundMg(Math.min(perKg[1] * weight, cap));
    const dailyMax = minOf(c.dailyMaxPerKgMg !== null ? c.dailyMaxPerKgMg * weight : null, f.adult.dailyMaxMg);
    const daily = dailyMax !== null ? `，24小时总量不超过${roundMg(dailyMax)} mg` : '';
    const text = `按体重${weight} kg计算：一次${range(lo, hi)}${interval}${daily}`;
    const ml = forms.map((x) => `${formName(x)}一次${range(mlLow(lo, x.mgPerMl), mlHigh(hi, x.mgPerMl), ' ml')}${dailyMax !== null ? `，24小时不超过${mlHigh(dailyMax, x.mgPerMl)} ml` : ''}`);
    return {
      dose: { text, perDoseMg: [lo, hi], dailyMaxMg: dailyMax !== null ? roundMg(dailyMax) : null },
      lines: [
        `${text}（说明书：${c.text}）。`,
        ...(ml.length > 0 ? [`换算成药液：${ml.join('；')}${sources}。请核对手中药品包装上的浓度，用配套量具量取。`] : ['混悬液、滴剂请按包装上的浓度换算成毫升，用配套量具量取。']),
      ],
      warnings: [],
    };
  }
  const dailyMax = weight !== null ? minOf(c.dailyMaxPerKgMg !== null ? c.dailyMaxPerKgMg * weight : null, f.adult.dailyMaxMg) : null;
  const daily = dailyMax !== null ? `按体重${weight} kg计算，24小时总量不超过${roundMg(dailyMax)} mg。` : '';
  return {
    dose: { text: c.text, perDoseMg: null, dailyMaxMg: dailyMax !== null ? roundMg(dailyMax) : null },
    lines: [`儿童用法：${c.text}。${daily}`],
    warnings: [],
  };
}

function adultDose(f: DrugFacts): DosePart {
  const a = f.adult;
  const max: string[] = [];
  if (a.singleMaxMg !== null) max.push(`单次不超过${a.singleMaxMg} mg`);
  if (a.dailyMaxMg !== null) max.push(`每日不超过${a.dailyMaxMg} mg`);
  const lines = [`成人用法：${a.text}${max.length > 0 ? `（最大剂量：${max.join('，')}）` : ''}。`];
  if (a.note !== undefined && a.note !== '') lines.push(`${a.note}。`);
  return { dose: { text: a.text, perDoseMg: null, dailyMaxMg: a.dailyMaxMg }, lines, warnings: [] };
}

// ---------------------------------------------------------------------------------------------
// Pregnancy, lactation, diseases

/** The week a pregnancy text forbids the drug from, e.g. 孕30周及以后禁用 → 30. */
function pregnancyWeekLimit(text: string): number | null {
  const m = /(?:孕|妊娠)(\d{1,2})周(?:及以后|以后|后|以上)/u.exec(text);
  return m?.[1] !== undefined ? Number(m[1]) : null;
}

/** NSAIDs from 20 weeks: fetal renal dysfunction and oligohydramnios (FDA Drug Safety Communication 2020; 布洛芬说明书). */
const NSAID_AVOID_FROM_WEEK = 20;

function pregnancyWarning(drug: DrugEntry, f: DrugFacts | undefined, week: number | null): MedicationWarning {
  const when = week !== null ? `现在孕${week}周，` : '';
  const reason = week !== null ? `怀孕${week}周` : '孕期';
  if (f === undefined) {
    return { kind: 'pregnancy', severity: 'moderate', reason, text: `孕期用药需谨慎：${drug.name}在孕期能否使用、用多少，要由产科医生或药师根据孕周评估后决定，请勿自行服用。` };
  }
  const p = f.pregnancy;
  const limit = pregnancyWeekLimit(p.text);
  if (limit !== null && week !== null && week >= limit) {
    return { kind: 'pregnancy', severity: 'major', verdict: 'contraindicated', reason: `怀孕${week}周（孕${limit}周及以后禁用）`, text: `${when}${drug.name}在孕${limit}周以后禁用：${p.text}。请不要自行服用，联系产科医生。` };
  }
  if (isNsaid(drug) && week !== null && week >= NSAID_AVOID_FROM_WEEK) {
    return { kind: 'pregnancy', severity: 'major', verdict: 'not-recommended', reason: `怀孕${week}周（孕20周起应避免非甾体抗炎药）`, text: `${when}孕20周起应避免使用${drug.name}等非甾体抗炎药：可致胎儿肾功能受损、羊水过少，孕30周起还可致胎儿动脉导管提前关闭（FDA 2020；说明书）。请不要自行服用，联系产科医生。` };
  }
  // A label that names malformations (可致胎儿畸形) is said to be teratogenic in the word people look for (致畸).
  const teratogen = /畸形/u.test(p.text) && !/致畸/u.test(p.text) ? '（有致畸风险）' : '';
  if (p.level === 'avoid') {
    const banned = /孕妇禁用|孕期禁用|妊娠期禁用|妊娠期妇女禁用/u.test(p.text);
    return { kind: 'pregnancy', severity: 'major', verdict: banned ? 'contraindicated' : 'not-recommended', reason, text: `${when}孕期应避免使用${drug.name}${teratogen}：${p.text}。请不要自行服用，联系产科医生。` };
  }
  if (p.level === 'caution') return { kind: 'pregnancy', severity: 'moderate', reason: `${reason}需医生评估`, text: `${when}孕期慎用${drug.name}：${p.text}。用药前请咨询产科医生或药师。` };
  return { kind: 'pregnancy', severity: 'minor', text: `孕期：${p.text}。仍建议告知产科医生。` };
}

function lactationWarning(drug: DrugEntry, f: DrugFacts | undefined): MedicationWarning {
  if (f === undefined) {
    return { kind: 'lactation', severity: 'moderate', reason: '哺乳期需医生评估', text: `哺乳期用药可能经乳汁影响宝宝，使用${drug.name}前请咨询医生或药师。` };
  }
  const l = f.lactation;
  if (l.level === 'avoid') return { kind: 'lactation', severity: 'major', verdict: /禁用/u.test(l.text) ? 'contraindicated' : 'not-recommended', reason: '哺乳期', text: `哺乳期不宜使用${drug.name}：${l.text}。${/暂停哺乳/u.test(l.text) ? '' : '确需使用时应暂停哺乳，'}请咨询医生。` };
  if (l.level === 'caution') return { kind: 'lactation', severity: 'moderate', reason: '哺乳期', text: `哺乳期慎用${drug.name}：${l.text}。` };
  return { kind: 'lactation', severity: 'minor', text: `哺乳期：${l.text}。` };
}

function diseaseMatches(alternatives: readonly string[], disease: string): boolean {
  return alternatives.some((a) => a.length > 0 && (disease.includes(a) || (disease.length >= 3 && a.includes(disease))));
}

function diseaseWarnings(drug: DrugEntry, f: DrugFacts, diseases: readonly Known[], facts: string[]): MedicationWarning[] {
  const said = (d: Known): string => (d.stated === true ? '你提到有' : '档案记录有');
  const out: MedicationWarning[] = [];
  const hit = new Set<string>();
  for (const d of diseases) {
    const name = d.name.trim();
    if (name.length < 2) continue;
    // A contraindication qualified as severe (严重高血压, 重度肝功能不全) is not the plain disease (高血压):
    // that one is a caution unless the person's own wording says severe too.
    const ci = f.contraindications.find((c) => !/过敏/u.test(c) && c.includes(name) && !(new RegExp(`(?:严重|重度|未控制的?)${name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}`, 'u').test(c) && !/严重|重度|未控制/u.test(name)));
    if (ci !== undefined) {
      hit.add(name);
      facts.push(`有${name}`);
      out.push({ kind: 'contraindication', severity: 'major', verdict: 'contraindicated', reason: `有${name}`, text: `${said(d)}${name}，而${drug.name}的禁忌包括“${ci}”，属于禁用情况：请不要自行使用，先咨询医生。` });
    }
  }
  for (const c of f.cautions) {
    const alts = c.when.split('|').map((s) => s.trim());
    const d = diseases.find((x) => !hit.has(x.name.trim()) && diseaseMatches(alts, x.name.trim()));
    if (d === undefined) continue;
    hit.add(d.name.trim());
    facts.push(`有${d.name}`);
    if (c.verdict !== undefined) {
      out.push({ kind: 'contraindication', severity: 'major', verdict: c.verdict, reason: `有${d.name}`, text: `${said(d)}${d.name}：${c.text}。`, ...(c.alternative !== undefined ? { alternative: c.alternative } : {}) });
      continue;
    }
    out.push({ kind: 'contraindication', severity: 'moderate', reason: `有${d.name}`, text: `${said(d)}${d.name}：${c.text}。` });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Interactions and duplicates

const matchesInteraction = (i: DrugInteraction, other: DrugEntry): boolean =>
  i.withIds.includes(other.id) || i.withClasses.some((c) => c !== '' && other.drugClass.includes(c));

/** Both directions: this drug's facts about the other, and the other's facts about this one. */
function interactionsBetween(drug: DrugEntry, f: DrugFacts | undefined, other: DrugEntry): DrugInteraction[] {
  const out: DrugInteraction[] = [];
  for (const i of f?.interactions ?? []) if (matchesInteraction(i, other)) out.push(i);
  for (const i of drugFactsById(other.id)?.interactions ?? []) if (matchesInteraction(i, drug)) out.push(i);
  const seen = new Set<string>();
  return out.filter((i) => (seen.has(i.text) ? false : (seen.add(i.text), true)));
}

/**
 * Major interactions among the drugs a message names and the member takes (西地那非 + 硝酸甘油), for
 * answers that are not about a drug (a symptom or an emergency): one line per pair.
 */
export function majorInteractions(names: readonly string[]): string[] {
  const drugs: DrugEntry[] = [];
  for (const n of names) {
    const d = lookup(n, 'drug');
    if (d && !drugs.some((x) => x.id === d.id)) drugs.push(d);
  }
  const out: string[] = [];
  drugs.forEach((a, i) => {
    for (const b of drugs.slice(i + 1)) {
      for (const x of interactionsBetween(a, drugFactsById(a.id), b)) if (x.severity === 'major') out.push(`${a.name}与${b.name}：${x.text}`);
    }
  });
  return [...new Set(out)];
}

const SITUATION_RE = new Map<DrugSituation, { when: RegExp | null; unless: RegExp | null }>(
  DRUG_SITUATIONS.map((x) => [x, { when: x.when === undefined ? null : new RegExp(x.when, 'iu'), unless: x.unless === undefined ? null : new RegExp(x.unless, 'iu') }]),
);

/**
 * Warnings a drug needs in the situation the question describes (data/drug-facts/situations.json):
 * 增强CT with metformin, 恶心/看东西发黄 with digoxin, 甲氨蝶呤每天吃, 可待因 for a child under 12.
 */
export function situationWarnings(drugId: string, question: string, ageMonths: number | null, lactating = false): MedicationWarning[] {
  const out: MedicationWarning[] = [];
  for (const x of DRUG_SITUATIONS) {
    if (x.drugId !== drugId) continue;
    const re = SITUATION_RE.get(x);
    if (re?.when && !re.when.test(question)) continue;
    if (re?.unless && re.unless.test(question)) continue;
    if (x.childUnderMonths !== undefined && (ageMonths === null || ageMonths >= x.childUnderMonths)) continue;
    if (x.lactating === true && !lactating) continue;
    const kind: MedicationWarningKind = x.childUnderMonths !== undefined ? 'age' : x.lactating === true ? 'lactation' : 'dose';
    const reason = kind === 'age' && ageMonths !== null ? `${ageText(ageMonths)}儿童` : kind === 'lactation' ? '哺乳期' : undefined;
    const verdict = x.verdict ?? (x.severity === 'major' && /禁用/u.test(x.text) ? ('contraindicated' as const) : undefined);
    const why = reason ?? x.reason;
    out.push({ kind, severity: x.severity, ...(verdict !== undefined ? { verdict } : {}), ...(why !== undefined ? { reason: why } : {}), ...(x.alternative !== undefined ? { alternative: x.alternative } : {}), text: `${x.text}。` });
  }
  return out;
}

/** The situation warnings of every drug the message names or the member takes, for answers that are not about a drug. */
export function situationLines(names: readonly string[], question: string, ageMonths: number | null): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const n of names) {
    const d = lookup(n, 'drug');
    if (d === undefined || seen.has(d.id)) continue;
    seen.add(d.id);
    for (const w of situationWarnings(d.id, question, ageMonths)) out.push(`⚠️ 用药安全（${d.name}）：${w.text}`);
  }
  return out;
}

/** Classes where taking two members together is routine (vitamins, basal + bolus insulin, diuretic pairs...). */
const COMBINABLE = /维生素|胰岛素|中成药|利尿剂|祛痰药|助消化|保肝|微生态|电解质|钙剂/u;

function duplicateKey(drugClass: string): string | null {
  if (/解热镇痛抗炎药|COX-2/u.test(drugClass)) return '非甾体抗炎药';
  if (/复方抗感冒药/u.test(drugClass)) return '复方抗感冒药';
  if (COMBINABLE.test(drugClass)) return null;
  return drugClass;
}

function medicineWarnings(drug: DrugEntry, f: DrugFacts | undefined, ctx: MedicationContext, facts: string[], lines: string[]): MedicationWarning[] {
  const profileIds = new Set((ctx.member?.medicines ?? []).map((m) => lookup(m.name, 'drug')?.id ?? m.name));
  const meds = [
    ...(ctx.member?.medicines ?? []).map((m) => ({ name: m.name, stated: false })),
    ...(ctx.statedDrugs ?? []).filter((n) => !profileIds.has(lookup(n, 'drug')?.id ?? n)).map((name) => ({ name, stated: true })),
  ];
  const out: MedicationWarning[] = [];
  const unmatched: string[] = [];
  for (const med of meds) {
    const other = lookup(med.name, 'drug');
    if (other === undefined) {
      if (!med.stated) unmatched.push(med.name);
      continue;
    }
    if (other.id === drug.id) {
      if (med.stated) continue;
      facts.push(`正在用${med.name}`);
      out.push({ kind: 'duplicate', severity: 'moderate', verdict: 'caution', reason: `正在用${med.name}（同一种药，勿重复）`, text: `档案显示正在使用${med.name}，就是${drug.name}（同一种药），不要重复服用，注意合计剂量。` });
      continue;
    }
    const found = interactionsBetween(drug, f, other);
    if (found.length > 0) {
      facts.push(med.stated ? `同时提到${med.name}` : `正在用${med.name}`);
      const severity = found.map((i) => i.severity).sort((a, b) => SEVERITY_RANK[a] - SEVERITY_RANK[b])[0] ?? 'moderate';
      // Both drugs' facts may describe the same pair: say it once, the most severe first.
      const said = [...found].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity])[0]?.text ?? '';
      out.push({ kind: 'interaction', severity, reason: `${med.stated ? '同时用' : '正在用'}${med.name}`, text: `${med.stated ? '同时提到的' : '档案中正在使用的'}${med.name}与${drug.name}：${said}。` });
      continue;
    }
    const a = duplicateKey(drug.drugClass);
    if (a !== null && a === duplicateKey(other.drugClass)) {
      facts.push(med.stated ? `同时提到${med.name}` : `正在用${med.name}`);
      out.push({ kind: 'duplicate', severity: 'moderate', verdict: 'not-recommended', reason: `${med.stated ? '同时用' : '正在用'}${med.name}（同属${a}）`, text: `${med.stated ? '同时提到的' : '档案中正在使用的'}${med.name}与${drug.name}同属${a}，一般不宜同时使用，请先咨询医生或药师。` });
      continue;
    }
    if (!med.stated) unmatched.push(med.name);
  }
  if (unmatched.length > 0) {
    lines.push(`档案中还在使用${unmatched.join('、')}，知识库中未查到与${drug.name}的重要相互作用，合并用药前仍建议让药师核对。`);
  }
  return out;
}

function drinks(ctx: MedicationContext): boolean {
  const d = ctx.member?.drinking ?? null;
  return ctx.alcohol || d === 'occasional' || d === 'frequent';
}

function alcoholWarning(drug: DrugEntry, f: DrugFacts, drinking: boolean): MedicationWarning | null {
  const a = f.alcohol;
  const why = a.text !== '' ? `：${a.text}` : '';
  if (a.level === 'avoid') {
    return { kind: 'alcohol', severity: drinking ? 'major' : 'moderate', text: `服用${drug.name}期间不要饮酒${why}。` };
  }
  if (a.level === 'caution' && drinking) return { kind: 'alcohol', severity: 'moderate', text: `服用${drug.name}期间最好不饮酒或少量饮酒${why}。` };
  return null;
}

// ---------------------------------------------------------------------------------------------

/** What the drug is; where to get it only when the verdict allows taking it. */
function introLine(drug: DrugEntry, allowed = true): string {
  // A class named as the drug (头孢菌素类) is not said to belong to itself.
  if (drug.drugClass.includes(drug.name.replace(/类$/u, ''))) return `${drug.drugClass}${drug.otc ? '有非处方（OTC）剂型' : '为处方药，需凭医生处方使用'}。`;
  if (!allowed) return `${drug.name}属于${drug.drugClass}${drug.otc ? '' : '，为处方药'}。`;
  return `${drug.name}属于${drug.drugClass}，${drug.otc ? '有非处方（OTC）剂型，可在药店购买' : '为处方药（或未确认有OTC剂型），需凭医生处方使用'}。`;
}

/** The question says the person breastfeeds (《中华人民共和国药典临床用药须知》2020: 哺乳期用药须评估). */
export const LACTATING = /纯母乳|全母乳|亲喂|背奶|哺乳期|(?:在|还在|正在|现在|要)(?:喂奶|哺乳|喂母乳)|母乳喂养|(?:喂奶|喂母乳|哺乳)(?:期间|阶段)/u;

const warningLine = (w: MedicationWarning): string => (w.severity === 'minor' ? w.text : `⚠️ ${w.text}`);

/**
 * Alcohol rules that hold for a whole class (抗菌药物临床应用指导原则 2015; 《中华人民共和国药典临床用药须知》
 * 2020): cephalosporins and nitroimidazoles can cause a disulfiram-like reaction.
 */
const CLASS_ALCOHOL: ReadonlyArray<{ classes: RegExp; text: string }> = [
  { classes: /头孢菌素|硝基咪唑/u, text: '用药期间及停药后7天内饮酒可能引起双硫仑样反应：面红、心慌、胸闷、血压下降，严重时可危及生命' },
];

/** Planning a pregnancy: 备孕, 想要二胎, 准备要孩子, 打算怀孕 (FDA/《中华人民共和国药典临床用药须知》 2020: teratogens are stopped before conception). */
const PLANNING_PREGNANCY = /备孕|(想|准备|打算|计划)[^,.;!?。！？；\s]{0,4}?(要|生)(二胎|二宝|三胎|孩子|宝宝|小孩|个孩子)|(准备|打算|计划|想)[^,.;!?。！？；\s]{0,4}?怀孕|怀孕前|孕前/u;

/** A paediatric liquid form or brand named in the question (美林, 泰诺林, 混悬液, 滴剂): the dose is a child's. */
const CHILD_FORM_ASKED = /混悬液|滴剂|糖浆|儿童|小儿|宝宝|孩子|婴儿|毫升|ml(?![a-z])/iu;

/** A verdict's level from one warning: the warning's own when set, else by kind and severity. */
function levelOf(w: MedicationWarning, drinking: boolean): MedicationVerdictLevel {
  if (w.verdict !== undefined) return w.verdict;
  if (w.severity === 'minor') return 'ok';
  if (w.kind === 'alcohol') return drinking ? 'caution' : 'ok';
  if (w.kind === 'dose') return 'caution';
  if (w.severity === 'major') return 'not-recommended';
  return 'caution';
}

const VERDICT_RANK: Readonly<Record<MedicationVerdictLevel, number>> = { ok: 0, caution: 1, 'not-recommended': 2, contraindicated: 3 };

/**
 * The safer drug for pain and fever when an NSAID is ruled out (pregnancy, anticoagulants,
 * NSAID allergy, a child and aspirin): paracetamol, checked for the same person
 * (《中华人民共和国药典临床用药须知》2020; FDA 2020; 中国国家处方集 2010).
 */
function alternativeFor(drug: DrugEntry): DrugEntry | undefined {
  return isNsaid(drug) ? lookup('对乙酰氨基酚', 'drug') : undefined;
}

interface Advised {
  advice: MedicationAdvice;
  doseLines: string[];
}

/** Advice about one drug for one person: the verdict first, then warnings (allergy, disease, pregnancy, interactions, age, alcohol), then the dose when the verdict allows one. */
export function medicationAdvice(drug: DrugEntry, ctx: MedicationContext): MedicationAdvice {
  return advise(drug, ctx, true).advice;
}

function advise(drug: DrugEntry, ctx: MedicationContext, withAlternative: boolean): Advised {
  const m = ctx.member;
  const f = drugFactsById(drug.id);
  const facts: string[] = [];
  const warnings: MedicationWarning[] = [];
  const info: string[] = [];

  const profileAllergies = (m?.allergies ?? []).map((a): Known => ({ name: a.name }));
  const statedAllergies = (ctx.statedAllergies ?? []).filter((n) => !profileAllergies.some((a) => a.name.trim() === n)).map((name): Known => ({ name, stated: true }));
  warnings.push(...allergyWarnings(drug, [...profileAllergies, ...statedAllergies], facts));
  if (f !== undefined) {
    const profile = m?.diseases ?? [];
    const stated = (ctx.statedDiseases ?? []).filter((n) => !profile.some((d) => d.name.trim() === n)).map((name) => ({ name, stated: true }));
    warnings.push(...diseaseWarnings(drug, f, [...profile, ...stated], facts));
  }

  const pregnant = ctx.pregnant || (m?.pregnant ?? false);
  if (pregnant) {
    const week = ctx.pregnancyWeek ?? m?.pregnancyWeek ?? null;
    facts.push(week !== null ? `怀孕${week}周` : '孕期');
    warnings.push(pregnancyWarning(drug, f, week));
  }
  // Planning a pregnancy (备孕, 想要二胎): a drug to avoid in pregnancy must be raised before conception.
  else if (PLANNING_PREGNANCY.test(ctx.question) && f?.pregnancy && f.pregnancy.level !== 'compatible') {
    facts.push('备孕');
    const p = f.pregnancy;
    warnings.push(
      p.level === 'avoid'
        ? { kind: 'pregnancy', severity: 'major', verdict: 'caution', reason: '备孕（怀孕前须医生评估）', text: `备孕期间不要自行继续或停用${drug.name}：${p.text}。怀孕前请先找开药的医生评估，是否需要换药、停药多久再怀孕。` }
        : { kind: 'pregnancy', severity: 'moderate', reason: '备孕', text: `备孕期间使用${drug.name}需谨慎：${p.text}。计划怀孕前请咨询医生或药师。` },
    );
  }
  // Breastfeeding said in the question (还在喂奶, 哺乳期) counts like the profile's flag.
  const lactating = m?.lactating === true || LACTATING.test(ctx.question);
  const months = ageMonthsOf(ctx);
  const situational = situationWarnings(drug.id, ctx.question, months, lactating);
  if (lactating) {
    facts.push('哺乳期');
    // A drug-specific breastfeeding warning that applies (situations.json: 可待因) replaces the general one.
    if (!situational.some((w) => w.kind === 'lactation')) warnings.push(lactationWarning(drug, f));
  }

  const weight = weightOf(ctx);
  // A children's form or brand asked about with no age known (美林吃多少毫升) is a child's dose.
  const childForm = months === null && f?.child !== null && f?.child !== undefined && ((f.child.forms ?? []).some((x) => [x.name, ...x.brands].some((b) => ctx.question.includes(b))) || CHILD_FORM_ASKED.test(ctx.question)) && (f.child.forms ?? []).length > 0;
  const child = (months !== null && months < CHILD_UNTIL_MONTHS) || childForm;
  if (months !== null && child) facts.push(`${ageText(months)}儿童`);
  else if (months !== null && months >= ELDER_YEARS * 12) facts.push(`${Math.floor(months / 12)}岁`);
  if (weight !== null && child) facts.push(`体重${weight} kg`);

  let dose: MedicationDose | null = null;
  const doseLines: string[] = [];
  if (f !== undefined) {
    const part = child ? childDose(drug, f, months, weight, ctx.question) : adultDose(f);
    dose = part.dose;
    doseLines.push(...part.lines);
    warnings.push(...part.warnings);
    if (months === null && !childForm && f.child !== null) doseLines.push(`儿童用法：${f.child.text}。儿童请按年龄、体重用药。`);
    // Contraindications written for children: an age limit (阿司匹林 16岁以下, 左氧氟沙星 18岁以下,
    // 多西环素 8岁以下, 可待因 12岁以下) is 禁用 below it; other child wording is a strong warning.
    if (months !== null && months < 18 * 12) {
      for (const ci of f.contraindications) {
        const n = /(\d+)岁以下/u.exec(ci);
        if (n?.[1] !== undefined) {
          if (months >= Number(n[1]) * 12) continue;
          const pure = /^\d+岁以下(?:儿童|青少年)*(?:禁用)?(?=（|$|病毒)/u.test(ci);
          warnings.push(pure ? { kind: 'age', severity: 'major', verdict: 'contraindicated', reason: `孩子${ageText(months)}，${ci}`, text: `儿童禁忌：${ci}。` } : { kind: 'contraindication', severity: 'moderate', reason: ci, text: `儿童禁忌：${ci}。` });
        } else if (/儿童|婴幼儿|小儿/u.test(ci)) warnings.push({ kind: 'contraindication', severity: 'major', reason: ci, text: `儿童禁忌：${ci}。` });
      }
    }
    if (child && /掰|大人的|成人的|成人药/u.test(ctx.question)) warnings.push({ kind: 'dose', severity: 'major', reason: '不要掰成人片剂给孩子', text: '不要把成人片剂掰开给孩子吃：成人剂型的剂量不适合孩子，也很难分得准，请用儿童剂型（混悬液、滴剂）并按体重计算剂量。' });
    if (!child && months !== null && months >= ELDER_YEARS * 12) {
      warnings.push({ kind: 'age', severity: 'minor', text: '老年人肝肾功能减退，剂量和间隔需医生评估，宜从小剂量开始。' });
    }
  } else {
    if (child) warnings.push({ kind: 'age', severity: 'moderate', reason: '儿童须按体重并遵医嘱', text: '儿童用药请按体重并遵医嘱，优先选用儿童剂型，不要把成人药掰开给孩子吃。' });
    else if (months !== null && months >= ELDER_YEARS * 12) warnings.push({ kind: 'age', severity: 'minor', text: '老年人肝肾功能减退，用药剂量和间隔需医生评估。' });
    if (drug.note) info.push(`${drug.note}。`.replace(/。。$/u, '。'));
    doseLines.push('用法用量请以药品说明书或医嘱为准。');
  }

  warnings.push(...situational);
  warnings.push(...medicineWarnings(drug, f, ctx, facts, info));
  if (ctx.statedDose) {
    const over = maxDoseCheck(drug, ctx.statedDose.mg, ctx.statedDose.perDay, ctx);
    if (over !== null) warnings.unshift({ ...over, verdict: 'not-recommended', reason: `一次${roundMg(ctx.statedDose.mg)} mg${ctx.statedDose.perDay !== null ? `、一天${ctx.statedDose.perDay}次` : ''}超过最大剂量` });
  }

  const drinking = drinks(ctx);
  // A class named without a single drug's facts (吃着头孢) still carries its class-wide alcohol rule.
  if (f === undefined) {
    const rule = CLASS_ALCOHOL.find((r) => r.classes.test(drug.drugClass));
    if (rule !== undefined && drinking) warnings.push({ kind: 'alcohol', severity: 'major', reason: '饮酒（服药期间及停药后7天内不要饮酒）', text: `服用${drug.name}期间不要饮酒（${rule.text}）。` });
  }
  if (f !== undefined) {
    if (m?.drinking === 'occasional' || m?.drinking === 'frequent') facts.push('有饮酒习惯');
    // Children are not told about alcohol unless the question raises it.
    const minor = months !== null && months < 14 * 12;
    const w = minor && !drinking ? null : alcoholWarning(drug, f, drinking);
    if (w !== null) warnings.push(drinking ? { ...w, reason: '饮酒（服药期间不要饮酒）' } : w);
    else if (ctx.alcohol && f.alcohol.level === 'none') info.push(`知识库中${drug.name}与酒精没有明确的相互作用，但生病服药期间仍建议不饮酒。`);
    if (f.sideEffects.length > 0) info.push(`常见不良反应：${f.sideEffects.join('、')}。`);
  }

  const sorted = [...warnings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  const level = sorted.reduce<MedicationVerdictLevel>((acc, w) => (VERDICT_RANK[levelOf(w, drinking)] > VERDICT_RANK[acc] ? levelOf(w, drinking) : acc), 'ok');
  // The reasons of the warnings that set the level (a 禁用's reasons, not also its 不建议 ones).
  const reasonsAll = [...new Set(sorted.filter((w) => level !== 'ok' && levelOf(w, drinking) === level).map((w) => w.reason ?? '').filter((r) => r !== ''))];
  // 孩子10岁，12岁以下儿童 and 10岁儿童 say one thing: a reason whose words another already has is dropped.
  const bare = (r: string): string => r.replace(/[，,（）()]/gu, '');
  const reasons = reasonsAll.filter((r, i) => !reasonsAll.some((o, j) => j !== i && bare(o).length > bare(r).length && [...bare(r).matchAll(/\d+岁|[\u4e00-\u9fa5]{2,}/gu)].every((x) => bare(o).includes(x[0]))));
  let alternative: MedicationVerdict['alternative'] = null;
  const altLines: string[] = [];
  const alt = withAlternative && !allowsDose(level) ? alternativeFor(drug) : undefined;
  if (alt !== undefined && alt.id !== drug.id) {
    const a = advise(alt, { ...ctx, statedDrugs: (ctx.statedDrugs ?? []).filter((n) => n !== drug.name) }, false);
    const v = a.advice.verdict;
    if (allowsDose(v.level)) {
      alternative = { drugId: alt.id, drugName: alt.name, level: v.level, label: v.label };
      const cond = v.level === 'caution' && v.reasons.length > 0 ? `（慎用：${v.reasons.join('；')}）` : '';
      const purpose = drug.id === 'aspirin' ? '如是为了退热止痛，' : '退热止痛';
      altLines.push(`${purpose}可改用${alt.name}${cond}${pregnant ? '，它是孕期首选的解热镇痛药' : ''}${a.doseLines[0] !== undefined ? `：${a.doseLines[0].replace(/。$/u, '')}` : ''}。${drug.id === 'aspirin' && !child ? '医生开的抗血小板治疗不要自行停用或加用，请问开药的医生。' : ''}`);
    } else {
      altLines.push(`常用的替代药${alt.name}对这个人也不合适（${v.reasons.join('；')}），请就医，由医生选择用药。`);
    }
  }
  // No drug to switch to, but the facts name a safer way (生理盐水洗鼻 for a decongestant with prostate enlargement).
  if (altLines.length === 0 && !allowsDose(level)) {
    const other = sorted.find((w) => levelOf(w, drinking) === level && w.alternative !== undefined)?.alternative;
    if (other !== undefined) altLines.push(`可以这样替代：${other}。`);
  }
  const verdict = verdictOf(drug, level, reasons, alternative, facts.length > 0 || (ctx.statedDrugs ?? []).length > 0);
  verdict.text = [verdict.text, ...altLines].join('');
  // 能喝酒吗 about a drug: the first sentence answers that question (不能喝酒, for how long, why); the
  // drug's own verdict follows without the alcohol reason, and the alcohol warning is not repeated.
  const asked = ctx.alcohol ? sorted.find((w) => w.kind === 'alcohol' && w.severity !== 'minor') : undefined;
  if (asked !== undefined) {
    const rest = reasons.filter((r) => !r.startsWith('饮酒'));
    const drugOnly = verdictOf(drug, rest.length === 0 && level === 'caution' ? 'ok' : level, rest, alternative, true);
    const own = rest.length === 0 && level === 'caution' ? `${drug.name}本身${drug.otc ? '可按说明书使用' : '按医嘱服用即可'}。` : drugOnly.text.replace(/^【用药结论】/u, '');
    verdict.text = `【用药结论】${asked.text.replace(/^服用/u, '服用').replace(/不要饮酒/u, '不能喝酒')}${own}${altLines.join('')}`;
  }

  // Alcohol matters to a person who drinks or asks about it; for anyone else it is a note after the
  // dose, and nothing at all when the drug is not to be taken.
  const shown = sorted
    .filter((w) => w !== asked && !(w.kind === 'alcohol' && !drinking && !allowsDose(level)))
    .map((w) => (w.kind === 'alcohol' && !drinking ? { ...w, severity: 'minor' as const } : w));
  // A warning that already says what the drug is (阿莫西林属于青霉素类抗生素) replaces the intro line.
  const saysClass = shown.some((w) => w.text.startsWith(`${drug.name}属于`));
  // Each fact once: a warning whose reason is the verdict's drops its "档案记录有X：" opening.
  const unsaid = (w: MedicationWarning): MedicationWarning => (w.reason !== undefined && reasons.includes(w.reason) ? { ...w, text: w.text.replace(/^(?:档案记录有|你提到有)[^：，。]{1,16}：/u, '') } : w);
  // When the drug is not to be taken, dose-related notes, side effects and the "no interaction found" line say nothing useful.
  // After a no, a warning about how to dose (no child dosing known) says nothing, and a child
  // contraindication the verdict already quotes (儿童禁忌：16岁以下…) is not said again.
  const restates = (w: MedicationWarning): boolean => {
    const core = w.text.replace(/^儿童禁忌：/u, '').replace(/[。（）()，、]/gu, '');
    return core.length >= 4 && verdict.text.replace(/[。（）()，、]/gu, '').includes(core);
  };
  const told = allowsDose(level) ? shown : shown.filter((w) => !restates(w) && !((w.kind === 'age' || w.kind === 'dose') && levelOf(w, drinking) !== level && !/掰/u.test(w.text)) && !(w.severity === 'moderate' && w.text.startsWith('儿童禁忌：') && !/禁用/u.test(w.text)));
  const lines = [
    verdict.text,
    ...told.filter((w) => w.severity !== 'minor').map(unsaid).map(warningLine),
    ...(saysClass ? (drug.otc ? [] : [`${drug.name}为处方药。`]) : [introLine(drug, allowsDose(level))]),
    ...(allowsDose(level) ? [...doseLines, ...shown.filter((w) => w.severity === 'minor').map(warningLine), ...info] : []),
  ];
  return { advice: { lines, verdict, facts: [...new Set(facts)], warnings: sorted, dose: allowsDose(level) ? dose : null }, doseLines: allowsDose(level) ? doseLines : [] };
}

/** The first sentence of a medication answer: 可以 / 慎用（条件）/ 不建议 / 禁用, with why. */
function verdictOf(drug: DrugEntry, level: MedicationVerdictLevel, reasons: readonly string[], alternative: MedicationVerdict['alternative'], knowsPerson: boolean): MedicationVerdict {
  // Inside the verdict's own brackets a reason's brackets read as a comma (怀孕26周，孕20周起…).
  const why = reasons.join('；').replace(/（([^（）]*)）/gu, '，$1');
  const rx = drug.otc ? '' : '（处方药，需医生开具）';
  const text =
    level === 'ok'
      ? `【用药结论】${drug.name}：可以${rx}。${knowsPerson ? '结合已知情况未发现禁忌，按下面的剂量使用。' : '一般情况下可按说明书使用；如有怀孕、哺乳、过敏、肝肾疾病或正在服用其他药物，请告诉我再核对。'}`
      : level === 'caution'
        ? `【用药结论】${drug.name}：慎用${why !== '' ? `（${why}）` : ''}${rx}——可以用，但须注意这些情况，必要时先咨询医生或药师。`
        : level === 'not-recommended'
          ? `【用药结论】${drug.name}：不建议自行使用${why !== '' ? `（${why}）` : ''}。`
          : `【用药结论】${drug.name}：禁用${why !== '' ? `（${why}）` : ''}，请不要服用。`;
  return { drugId: drug.id, drugName: drug.name, level, label: VERDICT_LABEL[level], reasons: [...reasons], alternative, text };
}

/**
 * A warning when a stated dose is above the maximum (布洛芬一次吃800毫克行吗): per dose against the single
 * maximum, and per day (when `dosesPerDay` is given) against the daily maximum. For a child with a
 * known weight the per-kg limits apply, capped by the adult ones. Null when within limits or unknown.
 */
export function maxDoseCheck(drug: DrugEntry, mgPerDose: number, dosesPerDay: number | null, ctx: MedicationContext): MedicationWarning | null {
  const f = drugFactsById(drug.id);
  if (f === undefined || !(mgPerDose > 0)) return null;
  const months = ageMonthsOf(ctx);
  const weight = weightOf(ctx);
  const child = months !== null && months < CHILD_UNTIL_MONTHS && f.child !== null;
  let single: number | null = f.adult.singleMaxMg;
  let daily: number | null = f.adult.dailyMaxMg;
  let who = '成人';
  if (child && f.child !== null) {
    const c = f.child;
    single = minOf(c.perKgMg !== null && weight !== null ? c.perKgMg[1] * weight : null, c.singleMaxMg, f.adult.singleMaxMg);
    daily = minOf(c.dailyMaxPerKgMg !== null && weight !== null ? c.dailyMaxPerKgMg * weight : null, f.adult.dailyMaxMg);
    who = weight !== null ? `体重${weight} kg的孩子` : '儿童';
  }
  const over: string[] = [];
  if (single !== null && mgPerDose > single * 1.001) over.push(`${who}一次最多${roundMg(single)} mg，${roundMg(mgPerDose)} mg已超量`);
  if (daily !== null && dosesPerDay !== null && dosesPerDay > 0 && mgPerDose * dosesPerDay > daily * 1.001) {
    over.push(`${who}每天最多${roundMg(daily)} mg，一次${roundMg(mgPerDose)} mg、一天${dosesPerDay}次共${roundMg(mgPerDose * dosesPerDay)} mg已超量`);
  }
  if (over.length === 0) return null;
  return { kind: 'dose', severity: 'major', text: `${drug.name}${over.join('；')}。请不要自行加量，按说明书或医嘱的剂量服用；已经多吃的，请尽快咨询医生或药师。` };
}

// ---------------------------------------------------------------------------------------------
// Drug mentions in an answer's text

const escapeRe = (x: string): string => x.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Every drug name and synonym of two characters or more, longest first (one regex, built once). */
const DRUG_NAME_RE = new RegExp(
  [...new Set(entriesOf('drug').flatMap((d) => [d.name, ...d.synonyms]).filter((n) => n.length >= 2))]
    .sort((a, b) => b.length - a.length)
    .map(escapeRe)
    .join('|'),
  'giu',
);

/**
 * The drugs a text names, in order, each with where it starts (the lexicon's names and synonyms,
 * longest match first; a class word such as 头孢菌素类 is left out: it recommends no drug).
 */
export function drugMentions(text: string): Array<{ drug: DrugEntry; index: number }> {
  const out: Array<{ drug: DrugEntry; index: number }> = [];
  for (const m of text.matchAll(DRUG_NAME_RE)) {
    const d = lookup(m[0], 'drug');
    if (d !== undefined && !/类$/u.test(d.name)) out.push({ drug: d, index: m.index });
  }
  return out;
}
