import type { MemberContext } from '@chatdr/contract';
import { DRUG_SITUATIONS, drugFactsById, type DrugFacts, type DrugInteraction, type DrugSituation } from './drug-facts-data.ts';
import { lookup } from './lexicon.ts';
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
}

export interface MedicationDose {
  text: string;
  /** mg per dose [min, max], computed for a child from weight; null when not computed. */
  perDoseMg: [number, number] | null;
  /** mg per 24 h, or null when none is established. */
  dailyMaxMg: number | null;
}

export interface MedicationAdvice {
  /** Plain Chinese sentences for the answer, most important warnings first. */
  lines: string[];
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
    return [{ kind: 'allergy', severity: 'major', text: `${said(a)}对${conflict}过敏，而${drug.name}属于${drug.drugClass}：请不要自行服用，就诊时务必告诉医生过敏史，由医生换用其他药物。` }];
  }
  // An allergy to another drug of the same (first) class, e.g. 阿莫西林过敏 → 青霉素.
  for (const a of allergies) {
    const other = lookup(a.name, 'drug');
    if (other === undefined || other.id === drug.id) continue;
    const shared = classParts(other.drugClass).find((c) => classParts(drug.drugClass).includes(c) && /抗生素|抗菌药|解热镇痛抗炎药/u.test(c));
    if (shared !== undefined) {
      note(a, a.name);
      return [{ kind: 'allergy', severity: 'major', text: `${said(a)}对${a.name}过敏，${drug.name}与它同属${shared}，可能同样过敏：请不要自行服用，由医生换用其他药物。` }];
    }
  }
  // Aspirin / NSAID hypersensitivity (喘息、荨麻疹 after aspirin) crosses to the other COX-1 inhibiting
  // NSAIDs: their labels contraindicate them (《中华人民共和国药典临床用药须知》2020; EAACI/ENDA NSAID
  // hypersensitivity position paper 2019). Paracetamol is not one of them.
  if (isNsaid(drug)) {
    const nsaid = allergies.find((a) => NSAID_WORDS.test(a.name) || (() => { const o = lookup(a.name, 'drug'); return o !== undefined && o.id !== drug.id && isNsaid(o); })());
    if (nsaid !== undefined) {
      note(nsaid, nsaid.name);
      return [{ kind: 'allergy', severity: 'major', text: `${said(nsaid)}对${nsaid.name}过敏，${drug.name}同属非甾体抗炎药，阿司匹林或其他非甾体抗炎药过敏（尤其表现为喘息、荨麻疹、血管性水肿）的人对同类药常有交叉过敏：请不要自行服用，退热止痛请咨询医生是否可改用对乙酰氨基酚。` }];
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
    return [{ kind: 'allergy', severity: 'moderate', text: `${said(cross)}对${cross.name}过敏，${drug.name}${drug.name.includes(to) ? '' : `（${to}类）`}与${from}类存在一定交叉过敏可能，使用前务必告知医生，曾有严重过敏者应避免。` }];
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

function childDose(drug: DrugEntry, f: DrugFacts, months: number, weight: number | null): DosePart {
  const c = f.child;
  if (c === null) {
    return {
      dose: null,
      lines: [],
      warnings: [{ kind: 'age', severity: 'moderate', text: `${drug.name}没有明确的儿童用法用量（或不常规用于儿童），请咨询儿科医生，不要自行把成人药减量给孩子吃。` }],
    };
  }
  if (c.minAgeMonths !== null && months < c.minAgeMonths) {
    return {
      dose: null,
      lines: [],
      warnings: [{ kind: 'age', severity: 'major', text: `说明书规定${drug.name}用于${ageText(c.minAgeMonths)}及以上儿童，孩子现在${ageText(months)}，不要自行使用，需由儿科医生决定。` }],
    };
  }
  const interval = c.intervalHours !== null ? `，每${range(c.intervalHours[0], c.intervalHours[1], '小时')}1次` : '';
  if (c.perKgMg !== null) {
    if (weight === null) {
      return {
        dose: { text: c.text, perDoseMg: null, dailyMaxMg: null },
        lines: [`儿童剂量要按体重计算（${c.text}）。请告诉我孩子现在的体重（公斤），我再帮您算出每次吃多少毫克。`],
        warnings: [],
      };
    }
    const cap = minOf(c.singleMaxMg, f.adult.singleMaxMg) ?? Infinity;
    const lo = roundMg(Math.min(c.perKgMg[0] * weight, cap));
    const hi = roundMg(Math.min(c.perKgMg[1] * weight, cap));
    const dailyMax = minOf(c.dailyMaxPerKgMg !== null ? c.dailyMaxPerKgMg * weight : null, f.adult.dailyMaxMg);
    const daily = dailyMax !== null ? `，24小时总量不超过${roundMg(dailyMax)} mg` : '';
    const text = `按体重${weight} kg计算：一次${range(lo, hi)}${interval}${daily}`;
    return {
      dose: { text, perDoseMg: [lo, hi], dailyMaxMg: dailyMax !== null ? roundMg(dailyMax) : null },
      lines: [`${text}（说明书：${c.text}）。混悬液、滴剂请按包装上的浓度换算成毫升，用配套量具量取。`],
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

function pregnancyWarning(drug: DrugEntry, f: DrugFacts | undefined, week: number | null): MedicationWarning {
  const when = week !== null ? `现在孕${week}周，` : '';
  if (f === undefined) {
    return { kind: 'pregnancy', severity: 'moderate', text: `孕期用药需谨慎：${drug.name}在孕期能否使用、用多少，要由产科医生或药师根据孕周评估后决定，请勿自行服用。` };
  }
  const p = f.pregnancy;
  const limit = pregnancyWeekLimit(p.text);
  if (limit !== null && week !== null && week >= limit) {
    return { kind: 'pregnancy', severity: 'major', text: `${when}${drug.name}在孕${limit}周以后禁用：${p.text}。请不要自行服用，联系产科医生。` };
  }
  // A label that names malformations (可致胎儿畸形) is said to be teratogenic in the word people look for (致畸).
  const teratogen = /畸形/u.test(p.text) && !/致畸/u.test(p.text) ? '（有致畸风险）' : '';
  if (p.level === 'avoid') return { kind: 'pregnancy', severity: 'major', text: `${when}孕期应避免使用${drug.name}${teratogen}：${p.text}。请不要自行服用，联系产科医生。` };
  if (p.level === 'caution') return { kind: 'pregnancy', severity: 'moderate', text: `${when}孕期慎用${drug.name}：${p.text}。用药前请咨询产科医生或药师。` };
  return { kind: 'pregnancy', severity: 'minor', text: `孕期：${p.text}。仍建议告知产科医生。` };
}

function lactationWarning(drug: DrugEntry, f: DrugFacts | undefined): MedicationWarning {
  if (f === undefined) {
    return { kind: 'lactation', severity: 'moderate', text: `哺乳期用药可能经乳汁影响宝宝，使用${drug.name}前请咨询医生或药师。` };
  }
  const l = f.lactation;
  if (l.level === 'avoid') return { kind: 'lactation', severity: 'major', text: `哺乳期不宜使用${drug.name}：${l.text}。${/暂停哺乳/u.test(l.text) ? '' : '确需使用时应暂停哺乳，'}请咨询医生。` };
  if (l.level === 'caution') return { kind: 'lactation', severity: 'moderate', text: `哺乳期慎用${drug.name}：${l.text}。` };
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
    const ci = f.contraindications.find((c) => !/过敏/u.test(c) && c.includes(name));
    if (ci !== undefined) {
      hit.add(name);
      facts.push(`有${name}`);
      out.push({ kind: 'contraindication', severity: 'major', text: `${said(d)}${name}，而${drug.name}的禁忌包括“${ci}”，属于禁用情况：请不要自行使用，先咨询医生。` });
    }
  }
  for (const c of f.cautions) {
    const alts = c.when.split('|').map((s) => s.trim());
    const d = diseases.find((x) => !hit.has(x.name.trim()) && diseaseMatches(alts, x.name.trim()));
    if (d === undefined) continue;
    hit.add(d.name.trim());
    facts.push(`有${d.name}`);
    out.push({ kind: 'contraindication', severity: 'moderate', text: `${said(d)}${d.name}：${c.text}。` });
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
    out.push({ kind: x.childUnderMonths !== undefined ? 'age' : x.lactating === true ? 'lactation' : 'dose', severity: x.severity, text: `${x.text}。` });
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
      out.push({ kind: 'duplicate', severity: 'moderate', text: `档案显示正在使用${med.name}，就是${drug.name}（同一种药），不要重复服用，注意合计剂量。` });
      continue;
    }
    const found = interactionsBetween(drug, f, other);
    if (found.length > 0) {
      facts.push(med.stated ? `同时提到${med.name}` : `正在用${med.name}`);
      const severity = found.map((i) => i.severity).sort((a, b) => SEVERITY_RANK[a] - SEVERITY_RANK[b])[0] ?? 'moderate';
      // Both drugs' facts may describe the same pair: say it once, the most severe first.
      const said = [...found].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity])[0]?.text ?? '';
      out.push({ kind: 'interaction', severity, text: `${med.stated ? '同时提到的' : '档案中正在使用的'}${med.name}与${drug.name}：${said}。` });
      continue;
    }
    const a = duplicateKey(drug.drugClass);
    if (a !== null && a === duplicateKey(other.drugClass)) {
      facts.push(med.stated ? `同时提到${med.name}` : `正在用${med.name}`);
      out.push({ kind: 'duplicate', severity: 'moderate', text: `${med.stated ? '同时提到的' : '档案中正在使用的'}${med.name}与${drug.name}同属${a}，一般不宜同时使用，请先咨询医生或药师。` });
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

function introLine(drug: DrugEntry): string {
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

/** Advice about one drug for one person: warnings (allergy, disease, pregnancy, interactions, age, alcohol) and the dose. */
export function medicationAdvice(drug: DrugEntry, ctx: MedicationContext): MedicationAdvice {
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
        ? { kind: 'pregnancy', severity: 'major', text: `备孕期间不要自行继续或停用${drug.name}：${p.text}。怀孕前请先找开药的医生评估，是否需要换药、停药多久再怀孕。` }
        : { kind: 'pregnancy', severity: 'moderate', text: `备孕期间使用${drug.name}需谨慎：${p.text}。计划怀孕前请咨询医生或药师。` },
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
  const child = months !== null && months < CHILD_UNTIL_MONTHS;
  if (months !== null && child) facts.push(`${ageText(months)}儿童`);
  else if (months !== null && months >= ELDER_YEARS * 12) facts.push(`${Math.floor(months / 12)}岁`);
  if (weight !== null && child) facts.push(`体重${weight} kg`);

  let dose: MedicationDose | null = null;
  const doseLines: string[] = [];
  if (f !== undefined) {
    const part = child && months !== null ? childDose(drug, f, months, weight) : adultDose(f);
    dose = part.dose;
    doseLines.push(...part.lines);
    warnings.push(...part.warnings);
    if (months === null && f.child !== null) doseLines.push(`儿童用法：${f.child.text}。儿童请按年龄、体重用药。`);
    // Contraindications written for children (阿司匹林: 16岁以下病毒感染发热可致瑞氏综合征).
    if (months !== null && months < 18 * 12) {
      for (const ci of f.contraindications) if (/儿童|岁以下|婴幼儿|小儿/u.test(ci)) warnings.push({ kind: 'contraindication', severity: 'major', text: `儿童禁忌：${ci}。` });
    }
    if (child && /掰|大人的|成人的|成人药/u.test(ctx.question)) warnings.push({ kind: 'dose', severity: 'major', text: '不要把成人片剂掰开给孩子吃：成人剂型的剂量不适合孩子，也很难分得准，请用儿童剂型（混悬液、滴剂）并按体重计算剂量。' });
    if (!child && months !== null && months >= ELDER_YEARS * 12) {
      warnings.push({ kind: 'age', severity: 'minor', text: '老年人肝肾功能减退，剂量和间隔需医生评估，宜从小剂量开始。' });
    }
  } else {
    if (child) warnings.push({ kind: 'age', severity: 'moderate', text: '儿童用药请按体重并遵医嘱，优先选用儿童剂型，不要把成人药掰开给孩子吃。' });
    else if (months !== null && months >= ELDER_YEARS * 12) warnings.push({ kind: 'age', severity: 'minor', text: '老年人肝肾功能减退，用药剂量和间隔需医生评估。' });
    if (drug.note) info.push(`${drug.note}。`.replace(/。。$/u, '。'));
    doseLines.push('用法用量请以药品说明书或医嘱为准。');
  }

  warnings.push(...situational);
  warnings.push(...medicineWarnings(drug, f, ctx, facts, info));

  // A class named without a single drug's facts (吃着头孢) still carries its class-wide alcohol rule.
  if (f === undefined) {
    const rule = CLASS_ALCOHOL.find((r) => r.classes.test(drug.drugClass));
    if (rule !== undefined && drinks(ctx)) warnings.push({ kind: 'alcohol', severity: 'major', text: `服用${drug.name}期间不要饮酒（${rule.text}）。` });
  }
  if (f !== undefined) {
    const drinking = drinks(ctx);
    if (m?.drinking === 'occasional' || m?.drinking === 'frequent') facts.push('有饮酒习惯');
    // Children are not told about alcohol unless the question raises it.
    const months = ageMonthsOf(ctx);
    const minor = months !== null && months < 14 * 12;
    const w = minor && !drinking ? null : alcoholWarning(drug, f, drinking);
    if (w !== null) warnings.push(w);
    else if (ctx.alcohol && f.alcohol.level === 'none') info.push(`知识库中${drug.name}与酒精没有明确的相互作用，但生病服药期间仍建议不饮酒。`);
    if (f.sideEffects.length > 0) info.push(`常见不良反应：${f.sideEffects.join('、')}。`);
  }

  const sorted = [...warnings].sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]);
  const lines = [
    ...sorted.filter((w) => w.severity !== 'minor').map(warningLine),
    introLine(drug),
    ...doseLines,
    ...sorted.filter((w) => w.severity === 'minor').map(warningLine),
    ...info,
  ];
  return { lines, facts: [...new Set(facts)], warnings: sorted, dose };
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
