import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemberContext } from '@chatdr/contract';
import { describe, expect, it } from 'vitest';
import { collectAnswer, type AnswerEvent } from './answer.ts';
import { memberOf, type CaseFacts } from './cli/summary.ts';
import { DRUG_FACTS, drugFactsById } from './drug-facts-data.ts';
import { extract } from './extract.ts';
import { lookup } from './lexicon.ts';
import { allowsDose, medicationAdvice, type MedicationContext, type MedicationVerdictLevel } from './medication.ts';
import type { DrugEntry } from './lexicon-data.ts';

// Issue 17: a medication answer gives its verdict (可以 / 慎用 / 不建议 / 禁用) first, prints a dose
// only when the verdict allows it and only for this person, and every drug an answer mentions is
// checked against the person. Organised by rule: verdict rules, dose by weight, the final drug
// pass, the data, and an automatic check over the eval sets and a persons × drugs matrix.

function person(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 35, ageMonths: null, sex: 'F', heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const med = (name: string) => ({ name, code: null, dose: null, unit: null, frequency: null });
const allergy = (name: string) => ({ name, code: null, type: null });
const disease = (name: string) => ({ name, code: null, ongoing: true });

function drug(name: string): DrugEntry {
  const d = lookup(name, 'drug');
  if (d === undefined) throw new Error(`no drug ${name}`);
  return d;
}

function ctx(member: MemberContext | null, question = '', over: Partial<MedicationContext> = {}): MedicationContext {
  return { question, member, pregnant: false, pregnancyWeek: null, ageYears: null, weightKg: null, alcohol: false, ...over };
}

const level = (name: string, m: MemberContext | null, question = '', over: Partial<MedicationContext> = {}): MedicationVerdictLevel => medicationAdvice(drug(name), ctx(m, question, over)).verdict.level;
const lines = (es: readonly AnswerEvent[]): string[] => es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('').split('\n').filter((l) => l !== '');
const text = (es: readonly AnswerEvent[]): string => lines(es).join('\n');
/** A dose printed for the drug itself (not the alternative named inside the verdict or a flag line). */
const DOSE_LINE = /成人用法：|儿童用法：|按体重\d+(?:\.\d+)? ?kg计算：一次|换算成药液：|儿童剂量要按体重计算/u;
const CHILD_AGE = 12;

describe('verdict rules', () => {
  it('pregnancy: an NSAID is 禁用 from 30 weeks, 不建议 from 20 weeks and without a week; paracetamol is 可以', () => {
    expect(level('布洛芬', person({ pregnant: true, pregnancyWeek: 32 }))).toBe('contraindicated');
    expect(level('布洛芬', person({ pregnant: true, pregnancyWeek: 22 }))).toBe('not-recommended');
    expect(medicationAdvice(drug('布洛芬'), ctx(person({ pregnant: true, pregnancyWeek: 22 }))).verdict.reasons.join('')).toContain('孕20周');
    expect(level('双氯芬酸', person({ pregnant: true, pregnancyWeek: 24 }))).toBe('not-recommended');
    expect(level('布洛芬', person({ pregnant: true }))).toBe('not-recommended');
    expect(level('对乙酰氨基酚', person({ pregnant: true, pregnancyWeek: 32 }))).toBe('ok');
    // Not pregnant: no pregnancy reason at all.
    expect(level('布洛芬', person())).toBe('ok');
  });

  it('pregnancy: a no names paracetamol as the alternative, checked for the same person', () => {
    const v = medicationAdvice(drug('布洛芬'), ctx(person({ pregnant: true, pregnancyWeek: 28 }))).verdict;
    expect(v.alternative).toMatchObject({ drugName: '对乙酰氨基酚', level: 'ok' });
    // Paracetamol allergy: the alternative is not offered.
    const w = medicationAdvice(drug('布洛芬'), ctx(person({ pregnant: true, pregnancyWeek: 28, allergies: [allergy('对乙酰氨基酚')] }))).verdict;
    expect(w.alternative).toBeNull();
    expect(w.text).toMatch(/请就医/u);
  });

  it('age limits in a label are 禁用 below the limit and nothing above it', () => {
    expect(level('阿司匹林', person({ age: 10 }))).toBe('contraindicated');
    expect(level('阿司匹林', person({ age: 17 }))).not.toBe('contraindicated');
    expect(level('左氧氟沙星', person({ age: 15 }))).toBe('contraindicated');
    expect(level('左氧氟沙星', person({ age: 40 }))).not.toBe('contraindicated');
    expect(level('多西环素', person({ age: 6 }))).toBe('contraindicated');
    expect(level('可待因', person({ age: 8 }))).toBe('contraindicated');
    expect(level('可待因', person({ age: 30 }))).not.toBe('contraindicated');
  });

  it('a child below the label age is 不建议 with no dose; at the age the dose is given', () => {
    const young = medicationAdvice(drug('布洛芬'), ctx(person({ age: 0, ageMonths: 4, weightKg: 6 })));
    expect(young.verdict.level).toBe('not-recommended');
    expect(young.dose).toBeNull();
    const old = medicationAdvice(drug('布洛芬'), ctx(person({ age: 0, ageMonths: 8, weightKg: 8 })));
    expect(old.verdict.level).toBe('ok');
    expect(old.dose?.perDoseMg).toEqual([40, 80]);
  });

  it('current medicines, from the profile or the message: warfarin + NSAID is 不建议; an unrelated drug is not', () => {
    expect(level('阿司匹林', person({ medicines: [med('华法林')] }))).toBe('not-recommended');
    expect(level('布洛芬', person(), '', { statedDrugs: ['华法林'] })).toBe('not-recommended');
    expect(level('布洛芬', person({ medicines: [med('氨氯地平')] }))).toBe('ok');
    expect(level('布洛芬', person({ medicines: [med('甲氨蝶呤')] }))).toBe('not-recommended');
    expect(level('伪麻黄碱', person({ medicines: [med('雷沙吉兰')] }))).toBe('not-recommended');
  });

  it('allergies with cross-reactivity: penicillin → amoxicillin 禁用, → cephalosporin 慎用; aspirin → ibuprofen 禁用; none → 可以', () => {
    expect(level('阿莫西林', person({ allergies: [allergy('青霉素')] }))).toBe('contraindicated');
    expect(level('头孢克肟', person({ allergies: [allergy('青霉素')] }))).toBe('caution');
    expect(level('布洛芬', person({ allergies: [allergy('阿司匹林')] }))).toBe('contraindicated');
    expect(level('对乙酰氨基酚', person({ allergies: [allergy('阿司匹林')] }))).toBe('ok');
    expect(level('阿莫西林', person({ allergies: [allergy('花粉')] }))).toBe('ok');
  });

  it('diseases: a contraindication is 禁用, a caution is 慎用 with the condition named', () => {
    expect(level('布洛芬', person({ diseases: [disease('消化道出血')] }))).toBe('contraindicated');
    const v = medicationAdvice(drug('伪麻黄碱'), ctx(person({ sex: 'M', diseases: [disease('高血压')] }))).verdict;
    expect(v.level).toBe('caution');
    expect(v.text).toMatch(/^【用药结论】伪麻黄碱：慎用（有高血压）/u);
    expect(level('伪麻黄碱', person({ sex: 'M' }))).toBe('ok');
  });

  it('a caution the facts mark stronger is 不建议 with the safer way named: decongestants and anticholinergics with prostate enlargement or glaucoma', () => {
    for (const name of ['伪麻黄碱', '新康泰克', '白加黑', '马来酸氯苯那敏']) {
      const a = medicationAdvice(drug(name), ctx(person({ age: 68, sex: 'M', diseases: [disease('前列腺增生')] })));
      expect(a.verdict.level, name).toBe('not-recommended');
      expect(a.verdict.text, name).toMatch(/不建议自行使用（有前列腺增生）。可以这样替代：鼻塞可先用生理盐水洗鼻/u);
      // No dose after a no; the disease said once (in the verdict, not again as 档案记录有前列腺增生).
      expect(a.lines.join('\n'), name).not.toMatch(/成人用法|一次1粒|档案记录有前列腺增生/u);
    }
    expect(level('新康泰克', person({ age: 60, sex: 'F', diseases: [disease('青光眼')] }))).toBe('not-recommended');
    // Negative: the same man without the disease, and a drug without such a mark (氯雷他定).
    expect(level('新康泰克', person({ age: 68, sex: 'M' }))).toBe('ok');
    expect(level('氯雷他定', person({ age: 68, sex: 'M', diseases: [disease('前列腺增生')] }))).toBe('ok');
  });

  it('lactation: codeine is 禁用, paracetamol is 可以', () => {
    expect(level('可待因', person({ lactating: true }))).toBe('contraindicated');
    expect(level('对乙酰氨基酚', person({ lactating: true }))).toBe('ok');
  });

  it('a stated overdose is 不建议; a dose within the maximum is not', () => {
    expect(level('布洛芬', person(), '', { statedDose: { mg: 800, perDay: null } })).toBe('not-recommended');
    expect(level('布洛芬', person(), '', { statedDose: { mg: 200, perDay: 3 } })).toBe('ok');
  });

  it('the verdict is the first line, and no dose or 可在药店购买 follows a no', () => {
    const no = medicationAdvice(drug('布洛芬'), ctx(person({ pregnant: true, pregnancyWeek: 28 })));
    expect(no.lines[0]).toMatch(/^【用药结论】布洛芬：不建议/u);
    expect(no.lines.slice(1).some((l) => DOSE_LINE.test(l))).toBe(false);
    expect(no.lines.join('')).not.toContain('可在药店购买');
    expect(no.dose).toBeNull();
    const yes = medicationAdvice(drug('布洛芬'), ctx(person()));
    expect(yes.lines[0]).toMatch(/^【用药结论】布洛芬：可以/u);
    expect(yes.lines.some((l) => l.startsWith('成人用法：'))).toBe(true);
  });
});

describe('dose by weight', () => {
  it('gives a child with a weight mg/kg and ml of 美林 布洛芬混悬液 20 mg/ml', async () => {
    const t = text(await collectAnswer({ question: '美林吃多少毫升', member: person({ age: 3, weightKg: 15 }) }));
    expect(t).toMatch(/一次75～150 mg/u);
    expect(t).toMatch(/美林（布洛芬混悬液，20 mg\/ml）一次3\.8～7\.5 ml/u);
    expect(t).toMatch(/24小时不超过30 ml/u);
    expect(t).not.toContain('成人用法');
    // The drops were not asked for.
    expect(t).not.toContain('布洛芬混悬滴剂（40');
  });

  it('gives 泰诺林 drops (100 mg/ml) for an infant and asks for the weight when it is unknown', async () => {
    const t = text(await collectAnswer({ question: '泰诺林滴剂吃多少', member: person({ age: 0, ageMonths: 6, weightKg: 7 }) }));
    expect(t).toMatch(/一次70～105 mg/u);
    expect(t).toMatch(/对乙酰氨基酚混悬滴剂，100 mg\/ml）一次0\.7～1 ml/u);
    const ask = text(await collectAnswer({ question: '美林吃多少毫升', member: null }));
    expect(ask).toMatch(/体重/u);
    expect(ask).toMatch(/每公斤体重一次0\.25～0\.5 ml/u);
    expect(ask).not.toContain('成人用法');
  });

  it('never gives an adult tablet dose to a child, and gives adults tablets not ml', async () => {
    const child = text(await collectAnswer({ question: '布洛芬一次吃几片', member: person({ age: 8, weightKg: 25 }) }));
    expect(child).not.toContain('成人用法');
    expect(child).toMatch(/按体重25 kg计算/u);
    const adult = text(await collectAnswer({ question: '布洛芬一次吃几片', member: person({ age: 40 }) }));
    expect(adult).toContain('成人用法');
    expect(adult).not.toMatch(/换算成药液/u);
  });
});

describe('final drug pass', () => {
  it('flags 布洛芬 in condition advice for a warfarin patient (profile or message) and names paracetamol', async () => {
    for (const [q, m] of [['牙疼得厉害吃什么药', person({ age: 60, medicines: [med('华法林')] })], ['我在吃华法林，牙疼吃什么药', person({ age: 60 })]] as const) {
      const es = await collectAnswer({ question: q, member: m });
      const t = text(es);
      // Offered as one of two (对乙酰氨基酚或布洛芬) it is dropped from the choice; named alone it is flagged with the alternative.
      expect(t).toMatch(/布洛芬不建议（(?:正在|同时)用华法林）/u);
      expect(t).not.toMatch(/对乙酰氨基酚或布洛芬/u);
      if (/可服布洛芬/u.test(t)) expect(t).toMatch(/用药核对：上文提到的布洛芬：不建议自行使用（(?:正在|同时)用华法林）。退热止痛可改用对乙酰氨基酚/u);
      expect(es.some((e) => e.type === 'medicationVerdict' && e.drug === '布洛芬' && e.level === 'not-recommended')).toBe(true);
    }
  });

  it('leaves the same advice alone for a person with no conflict', async () => {
    const t = text(await collectAnswer({ question: '牙疼得厉害吃什么药', member: person({ age: 30, sex: 'M' }) }));
    expect(t).toMatch(/布洛芬/u);
    expect(t).not.toMatch(/用药核对/u);
  });

  it('keeps annotations on the words they mark after a flag is inserted', async () => {
    const es = await collectAnswer({ question: '牙疼得厉害吃什么药', member: person({ age: 60, medicines: [med('华法林')] }) });
    const full = es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    const ann = es.find((e): e is Extract<AnswerEvent, { type: 'annotations' }> => e.type === 'annotations');
    for (const a of ann?.items ?? []) expect(full.slice(a.start, a.end).length).toBe(a.end - a.start);
    const dept = ann?.items.find((a) => a.type === 'dept');
    if (dept) expect(full.slice(dept.start, dept.end)).toBe(dept.id);
  });

  it('does not flag a drug the answer already says not to take, nor the person\'s own medicine', async () => {
    const t = text(await collectAnswer({ question: '能吃阿司匹林吗', member: person({ age: 65, medicines: [med('华法林')] }) }));
    expect(t.split('\n')[0]).toMatch(/^【用药结论】阿司匹林：不建议/u);
    expect(t).not.toMatch(/用药核对：上文提到的(?:阿司匹林|华法林)/u);
  });
});

describe('drug data for the verdicts', () => {
  const MUST = ['布洛芬', '对乙酰氨基酚', '阿司匹林', '双氯芬酸', '萘普生', '阿莫西林', '头孢克肟', '头孢呋辛', '阿奇霉素', '左氧氟沙星', '多西环素', '甲硝唑', '氯雷他定', '西替利嗪', '蒙脱石散', '奥美拉唑', '二甲双胍', '硝苯地平', '氨氯地平', '华法林', '氯吡格雷', '阿托伐他汀', '瑞舒伐他汀', '舍曲林', '可待因', '右美沙芬', '伪麻黄碱', '地塞米松', '泼尼松'];

  it('has facts, with a source, for every drug people ask about most', () => {
    for (const n of MUST) {
      const f = drugFactsById(drug(n).id);
      expect(f, n).toBeDefined();
      expect(f?.source ?? '', n).toMatch(/说明书|处方集|药典|指南|FDA|公告/u);
    }
  });

  it('liquid forms: a positive strength, a brand or name, a label source; strength text agrees with mg/ml', () => {
    const withForms = DRUG_FACTS.filter((f) => (f.child?.forms ?? []).length > 0);
    expect(withForms.map((f) => f.id).sort()).toEqual(['acetaminophen', 'ibuprofen']);
    for (const f of withForms) {
      for (const x of f.child?.forms ?? []) {
        expect(x.mgPerMl, x.name).toBeGreaterThan(0);
        expect(x.brands.length, x.name).toBeGreaterThan(0);
        expect(x.source, x.name).toMatch(/说明书/u);
        const m = /([\d.]+) ml:([\d.]+) g/u.exec(x.strength);
        expect(m, x.strength).not.toBeNull();
        if (m?.[1] !== undefined && m[2] !== undefined) expect(Math.round((Number(m[2]) * 1000) / Number(m[1]))).toBe(x.mgPerMl);
      }
    }
  });

  it('NSAIDs say 20 weeks in pregnancy; the age limits are in the labels', () => {
    for (const id of ['ibuprofen', 'diclofenac', 'naproxen', 'aspirin']) expect(drugFactsById(id)?.pregnancy.text, id).toMatch(/孕20周/u);
    expect(drugFactsById('aspirin')?.contraindications.join('')).toMatch(/16岁以下/u);
    expect(drugFactsById('levofloxacin')?.contraindications.join('')).toMatch(/18岁以下/u);
    expect(drugFactsById('doxycycline')?.contraindications.join('')).toMatch(/8岁以下/u);
    expect(drugFactsById('codeine')?.contraindications.join('')).toMatch(/12岁以下/u);
  });
});

// ---------------------------------------------------------------------------------------------
// The automatic check

interface Person {
  label: string;
  member: MemberContext;
}

/** Violations of the three rules in one answer for one person. */
function violations(es: readonly AnswerEvent[], m: MemberContext | null, question: string): string[] {
  const out: string[] = [];
  const ls = lines(es);
  const no = ls.findIndex((l) => /^【用药结论】[^：]+：(?:不建议|禁用)/u.test(l));
  // The alternative's dose inside a verdict or 用药核对 line is the alternative's own, checked for this person.
  if (no >= 0 && ls.slice(no + 1).some((l) => DOSE_LINE.test(l) && !/【用药结论】|用药核对/u.test(l))) out.push('dose after a 禁用/不建议 verdict');
  const age = m?.age ?? extract(question).age?.years ?? null;
  if (age !== null && age < CHILD_AGE && ls.some((l) => /成人用法：/u.test(l))) out.push('adult dose for a child');
  // Every drug mentioned: a conflict must be flagged (a verdict or a 用药核对 line for it) or said not to take.
  const ex = extract(question);
  const stated = ex.drugs.filter((d) => !d.negated).map((d) => d.name);
  const own = new Set((m?.medicines ?? []).map((x) => lookup(x.name, 'drug')?.id ?? x.name));
  for (const l of ls) {
    if (/^(?:⚠️|结合档案)|【用药结论】|用药核对/u.test(l)) continue;
    for (const d of extract(l).drugs.filter((x) => !x.negated)) {
      const e = lookup(d.name, 'drug');
      if (e === undefined || own.has(e.id) || /类$/u.test(e.name)) continue;
      const before = l.slice(0, d.span[0]);
      if (/(?:(?:不要|避免|禁用|不宜|勿|不能|不可|慎用|停用|不建议|而不是|禁止|忌|别)[^。；，,！？]{0,8}|对)$/u.test(before)) continue;
      const v = medicationAdvice(e, ctx(m, question, { statedDrugs: stated.filter((n) => lookup(n, 'drug')?.id !== e.id), pregnant: ex.pregnancy.pregnant, pregnancyWeek: ex.pregnancy.week })).verdict;
      if (allowsDose(v.level)) continue;
      // Flagged: its own verdict or 用药核对 line, or a warning line (⚠️, a verdict's reasons) that names it.
      const flagged = ls.some((x) => (/^⚠️|【用药结论】|用药核对/u.test(x) && x.includes(e.name)));
      if (!flagged) out.push(`unflagged ${e.name} (${v.label}: ${v.reasons.join('；')})`);
    }
  }
  return out;
}

const here = dirname(fileURLToPath(import.meta.url));

interface EvalCase extends CaseFacts {
  id: string;
  q: string;
  expect: { medWarning?: string };
}

describe('automatic check: no dose after a no, no adult dose for a child, no unflagged conflicting drug', () => {
  it('holds on every eval set\'s medication cases', async () => {
    const dir = join(here, '..', 'eval');
    const cases: EvalCase[] = readdirSync(dir)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as EvalCase))
      .filter((c) => c.expect.medWarning !== undefined);
    expect(cases.length).toBeGreaterThan(100);
    const bad: string[] = [];
    for (const c of cases) {
      const m = memberOf(c);
      const es = await collectAnswer({ question: c.q, member: m });
      for (const v of violations(es, m, c.q)) bad.push(`${c.id} 「${c.q}」: ${v}`);
    }
    expect(bad).toEqual([]);
  }, 120_000);

  it('holds on a generated matrix of persons × drugs × questions', async () => {
    const persons: Person[] = [
      { label: '孕10周', member: person({ age: 28, pregnant: true, pregnancyWeek: 10 }) },
      { label: '孕24周', member: person({ age: 28, pregnant: true, pregnancyWeek: 24 }) },
      { label: '孕34周', member: person({ age: 28, pregnant: true, pregnancyWeek: 34 }) },
      { label: '哺乳期', member: person({ age: 30, lactating: true }) },
      { label: '4个月婴儿', member: person({ age: 0, ageMonths: 4, weightKg: 6.5, sex: 'M' }) },
      { label: '3岁15kg', member: person({ age: 3, weightKg: 15, sex: 'M' }) },
      { label: '10岁30kg', member: person({ age: 10, weightKg: 30 }) },
      { label: '华法林', member: person({ age: 70, sex: 'M', medicines: [med('华法林')] }) },
      { label: '青霉素过敏', member: person({ age: 40, allergies: [allergy('青霉素')] }) },
      { label: '阿司匹林过敏', member: person({ age: 40, allergies: [allergy('阿司匹林')] }) },
      { label: '慢性肾病', member: person({ age: 60, diseases: [disease('慢性肾脏病')] }) },
      { label: '舍曲林', member: person({ age: 35, medicines: [med('舍曲林')] }) },
      { label: '甲氨蝶呤', member: person({ age: 50, medicines: [med('甲氨蝶呤')] }) },
      { label: '健康成人', member: person({ age: 35, sex: 'M' }) },
    ];
    const drugs = ['布洛芬', '对乙酰氨基酚', '阿司匹林', '萘普生', '阿莫西林', '头孢克肟', '阿奇霉素', '左氧氟沙星', '多西环素', '甲硝唑', '氯雷他定', '蒙脱石散', '可待因', '右美沙芬', '伪麻黄碱', '泼尼松'];
    const bad: string[] = [];
    for (const p of persons) {
      for (const d of drugs) {
        const q = `能吃${d}吗，一次吃多少`;
        const es = await collectAnswer({ question: q, member: p.member });
        const first = lines(es)[0] ?? '';
        if (!first.startsWith(`【用药结论】${d}：`) && !first.startsWith('【用药结论】')) bad.push(`${p.label} ${d}: first line is not the verdict: ${first}`);
        for (const v of violations(es, p.member, q)) bad.push(`${p.label} ${d}: ${v}`);
      }
      for (const q of ['牙疼得厉害吃什么药', '发烧头疼吃什么药好', '痛经吃什么药', '胸口像石头压着疼，出冷汗']) {
        const es = await collectAnswer({ question: q, member: p.member });
        for (const v of violations(es, p.member, q)) bad.push(`${p.label} 「${q}」: ${v}`);
      }
    }
    expect(bad).toEqual([]);
  }, 240_000);
});
