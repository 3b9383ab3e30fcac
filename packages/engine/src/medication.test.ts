import { describe, it, expect } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { drugFactsById } from './drug-facts-data.ts';
import { entriesOf, entryById } from './lexicon.ts';
import type { DrugEntry } from './lexicon-data.ts';
import { allergyConflict, maxDoseCheck, medicationAdvice, situationWarnings, type MedicationContext } from './medication.ts';

function drug(id: string): DrugEntry {
  const e = entryById(id);
  if (e?.kind !== 'drug') throw new Error(`no drug ${id}`);
  return e;
}

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 40, ageMonths: null, sex: 'M', heightCm: 170, weightKg: 65, bmi: 22.5, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}

const med = (name: string): MemberContext['medicines'][number] => ({ name, code: null, dose: null, unit: null, frequency: null });
const allergy = (name: string): MemberContext['allergies'][number] => ({ name, code: null, type: 'drug' });
const disease = (name: string): MemberContext['diseases'][number] => ({ name, code: null, ongoing: true });

function ctx(over: Partial<MedicationContext> = {}): MedicationContext {
  return { question: '', member: null, pregnant: false, pregnancyWeek: null, ageYears: null, weightKg: null, alcohol: false, ...over };
}

const child = (ageYears: number, weightKg: number | null, ageMonths: number | null = null): MemberContext =>
  member({ age: ageYears, ageMonths, weightKg, heightCm: null, bmi: null, sex: 'F' });

describe('medicationAdvice: dose', () => {
  it('gives the adult label dose and maxima', () => {
    const a = medicationAdvice(drug('amlodipine'), ctx({ member: member() }));
    expect(a.dose?.dailyMaxMg).toBe(10);
    expect(a.lines.some((l) => l.startsWith('成人用法') && l.includes('每日不超过10 mg'))).toBe(true);
  });

  it('computes a per-kg dose for a child with a known weight, capped and with a daily maximum', () => {
    const a = medicationAdvice(drug('domperidone'), ctx({ member: child(6, 20) }));
    expect(a.dose?.perDoseMg).toEqual([5, 5]);
    expect(a.dose?.dailyMaxMg).toBe(15);
    expect(a.facts).toContain('体重20 kg');
    expect(a.lines.join('')).toContain('一次5 mg');
  });

  it('caps a heavy child at the single maximum', () => {
    const a = medicationAdvice(drug('domperidone'), ctx({ member: child(11, 60) }));
    expect(a.dose?.perDoseMg).toEqual([10, 10]);
    expect(a.dose?.dailyMaxMg).toBe(30);
  });

  it('asks for the weight instead of guessing when the child dose is per kg', () => {
    const a = medicationAdvice(drug('domperidone'), ctx({ ageYears: 4 }));
    expect(a.dose?.perDoseMg).toBeNull();
    expect(a.lines.some((l) => l.includes('体重') && l.includes('请告诉我'))).toBe(true);
  });

  it('uses the question weight and the per-kg daily maximum for an age-band drug', () => {
    const a = medicationAdvice(drug('chlorphenamine'), ctx({ ageYears: 3, weightKg: 12 }));
    expect(a.dose?.perDoseMg).toBeNull();
    expect(a.dose?.dailyMaxMg).toBeCloseTo(4.2, 5);
  });

  it('warns (major) when the child is younger than the label allows', () => {
    const a = medicationAdvice(drug('loratadine'), ctx({ member: child(1, 9, 18) }));
    const w = a.warnings.find((x) => x.kind === 'age');
    expect(w?.severity).toBe('major');
    expect(w?.text).toContain('18个月');
    expect(a.dose).toBeNull();
    // The verdict comes first, the warning right after it.
    expect(a.lines[0]).toMatch(/^【用药结论】氯雷他定：不建议/u);
    expect(a.lines[1]?.startsWith('⚠️')).toBe(true);
  });

  it('tells parents to ask a paediatrician when there is no child dosing', () => {
    const a = medicationAdvice(drug('atorvastatin'), ctx({ member: child(6, 20) }));
    expect(a.warnings.some((w) => w.kind === 'age' && w.text.includes('儿科医生'))).toBe(true);
    expect(a.dose).toBeNull();
  });

  it.skipIf(!drugFactsById('ibuprofen'))('12 kg child + ibuprofen → 60–120 mg per dose', () => {
    const a = medicationAdvice(drug('ibuprofen'), ctx({ member: child(1, 12, 20) }));
    expect(a.dose?.perDoseMg).toEqual([60, 120]);
    expect(a.dose?.dailyMaxMg).toBe(480);
  });

  it.skipIf(!drugFactsById('ibuprofen'))('5-month-old + ibuprofen → major age warning', () => {
    const a = medicationAdvice(drug('ibuprofen'), ctx({ member: child(0, 7, 5) }));
    expect(a.warnings.some((w) => w.kind === 'age' && w.severity === 'major')).toBe(true);
  });

  it('falls back to class, OTC status and the label when the drug has no facts', () => {
    const bare = entriesOf('drug').find((d) => drugFactsById(d.id) === undefined);
    if (bare === undefined) return;
    const a = medicationAdvice(bare, ctx({ member: member() }));
    expect(a.dose).toBeNull();
    expect(a.lines[0]).toMatch(/^【用药结论】/u);
    expect(a.lines.join('')).toContain(bare.drugClass);
    expect(a.lines).toContain('用法用量请以药品说明书或医嘱为准。');
    expect(a.lines.join('')).not.toMatch(/\d+ ?mg/u);
  });
});

describe('medicationAdvice: allergy', () => {
  it('penicillin allergy + amoxicillin → major allergy', () => {
    const a = medicationAdvice(drug('amoxicillin'), ctx({ member: member({ allergies: [allergy('青霉素')] }) }));
    expect(a.warnings[0]).toMatchObject({ kind: 'allergy', severity: 'major' });
    expect(a.facts).toContain('对青霉素过敏');
  });

  it('penicillin allergy + a cephalosporin → moderate cross-allergy', () => {
    const a = medicationAdvice(drug('cefixime'), ctx({ member: member({ allergies: [allergy('青霉素类')] }) }));
    const w = a.warnings.find((x) => x.kind === 'allergy');
    expect(w?.severity).toBe('moderate');
    expect(w?.text).toContain('交叉过敏');
  });

  it('cephalosporin allergy + a penicillin → moderate cross-allergy', () => {
    const a = medicationAdvice(drug('amoxicillin'), ctx({ member: member({ allergies: [allergy('头孢类')] }) }));
    expect(a.warnings.find((x) => x.kind === 'allergy')?.severity).toBe('moderate');
  });

  it('allergy to another drug of the same antibiotic class counts', () => {
    const a = medicationAdvice(drug('cefixime'), ctx({ member: member({ allergies: [allergy('头孢呋辛')] }) }));
    expect(a.warnings.find((x) => x.kind === 'allergy')?.severity).toBe('major');
  });

  it('exports allergyConflict with the answer.ts behaviour', () => {
    expect(allergyConflict(drug('amoxicillin'), [{ name: '青霉素类' }])).toBe('青霉素类');
    expect(allergyConflict(drug('loratadine'), [{ name: '青霉素类' }])).toBeNull();
    expect(allergyConflict(drug('aspirin'), [{ name: '阿司匹林' }])).toBe('阿司匹林');
  });
});

describe('medicationAdvice: interactions and duplicates', () => {
  it('warfarin member asking about aspirin → major interaction, first line', () => {
    const a = medicationAdvice(drug('aspirin'), ctx({ member: member({ medicines: [med('华法林')] }) }));
    const w = a.warnings.find((x) => x.kind === 'interaction');
    expect(w?.severity).toBe('major');
    expect(w?.text).toContain('出血');
    expect(a.lines[0]).toContain('华法林');
    expect(a.facts).toContain('正在用华法林');
  });

  it('finds an interaction listed only by the member’s drug (other direction)', () => {
    // 维生素C lists 硫酸亚铁; 硫酸亚铁 does not list 维生素C.
    const a = medicationAdvice(drug('ferrous-sulfate'), ctx({ member: member({ medicines: [med('维生素C')] }) }));
    expect(a.warnings.find((x) => x.kind === 'interaction')?.severity).toBe('minor');
  });

  it('clopidogrel + omeprazole → moderate interaction, by a synonym of the member’s medicine', () => {
    const a = medicationAdvice(drug('clopidogrel'), ctx({ member: member({ medicines: [med('奥美拉唑')] }) }));
    expect(a.warnings.find((x) => x.kind === 'interaction')?.severity).toBe('moderate');
  });

  it('same class without a listed interaction → duplicate', () => {
    const a = medicationAdvice(drug('cetirizine'), ctx({ member: member({ medicines: [med('氯雷他定')] }) }));
    expect(a.warnings.find((x) => x.kind === 'duplicate')?.text).toContain('抗组胺药');
  });

  it('does not call routine combinations duplicates', () => {
    const a = medicationAdvice(drug('folic-acid'), ctx({ member: member({ medicines: [med('维生素D')] }) }));
    expect(a.warnings.some((x) => x.kind === 'duplicate')).toBe(false);
    expect(a.lines.some((l) => l.includes('维生素D') && l.includes('药师核对'))).toBe(true);
  });
});

describe('medicationAdvice: pregnancy, lactation, diseases, alcohol', () => {
  it('pregnant member + an avoid drug → major pregnancy warning', () => {
    const a = medicationAdvice(drug('atorvastatin'), ctx({ member: member({ sex: 'F', pregnant: true, pregnancyWeek: 10 }) }));
    const w = a.warnings.find((x) => x.kind === 'pregnancy');
    expect(w?.severity).toBe('major');
    expect(a.facts).toContain('怀孕10周');
  });

  it('is pregnancy-week aware (aspirin after week 30)', () => {
    const a = medicationAdvice(drug('aspirin'), ctx({ pregnant: true, pregnancyWeek: 32 }));
    const w = a.warnings.find((x) => x.kind === 'pregnancy');
    expect(w?.severity).toBe('major');
    expect(w?.text).toContain('孕30周以后');
  });

  it('a compatible drug in pregnancy is only a minor note', () => {
    const a = medicationAdvice(drug('folic-acid'), ctx({ pregnant: true }));
    expect(a.warnings.find((x) => x.kind === 'pregnancy')?.severity).toBe('minor');
  });

  it('lactation levels become warnings', () => {
    const a = medicationAdvice(drug('atorvastatin'), ctx({ member: member({ sex: 'F', lactating: true }) }));
    expect(a.warnings.find((x) => x.kind === 'lactation')?.severity).toBe('major');
  });

  it('matches contraindications and cautions against the member’s diseases', () => {
    const a = medicationAdvice(drug('aspirin'), ctx({ member: member({ diseases: [disease('消化性溃疡'), disease('痛风')] }) }));
    expect(a.warnings.find((x) => x.kind === 'contraindication' && x.text.includes('消化性溃疡'))?.severity).toBe('major');
    expect(a.warnings.find((x) => x.kind === 'contraindication' && x.text.includes('痛风'))?.severity).toBe('moderate');
    const b = medicationAdvice(drug('metoprolol'), ctx({ member: member({ diseases: [disease('2型糖尿病')] }) }));
    expect(b.warnings.some((x) => x.kind === 'contraindication' && x.text.includes('低血糖'))).toBe(true);
  });

  it('drinking + chlorphenamine → major alcohol warning; not drinking → still the avoid line', () => {
    const a = medicationAdvice(drug('chlorphenamine'), ctx({ member: member(), alcohol: true }));
    expect(a.warnings.find((x) => x.kind === 'alcohol')?.severity).toBe('major');
    const b = medicationAdvice(drug('chlorphenamine'), ctx({ member: member() }));
    expect(b.warnings.find((x) => x.kind === 'alcohol')?.severity).toBe('moderate');
    expect(b.lines.some((l) => l.includes('不要饮酒'))).toBe(true);
  });

  it('member drinking habit counts for caution-level drugs', () => {
    const a = medicationAdvice(drug('glimepiride'), ctx({ member: member({ drinking: 'frequent' }) }));
    expect(a.warnings.find((x) => x.kind === 'alcohol')?.severity).toBe('moderate');
    expect(a.facts).toContain('有饮酒习惯');
    const b = medicationAdvice(drug('glimepiride'), ctx({ member: member({ drinking: 'never' }) }));
    expect(b.warnings.some((x) => x.kind === 'alcohol')).toBe(false);
  });

  it.skipIf(!drugFactsById('metronidazole'))('metronidazole + alcohol → major alcohol warning', () => {
    const a = medicationAdvice(drug('metronidazole'), ctx({ member: member(), alcohol: true }));
    expect(a.warnings.find((x) => x.kind === 'alcohol')?.severity).toBe('major');
  });
});

describe('maxDoseCheck', () => {
  it('flags an adult single dose above the maximum', () => {
    const w = maxDoseCheck(drug('loratadine'), 20, null, ctx({ member: member() }));
    expect(w).toMatchObject({ kind: 'dose', severity: 'major' });
    expect(w?.text).toContain('10 mg');
    expect(maxDoseCheck(drug('loratadine'), 10, 1, ctx({ member: member() }))).toBeNull();
  });

  it('flags a daily total above the maximum', () => {
    const w = maxDoseCheck(drug('aminophylline'), 300, 4, ctx({ member: member() }));
    expect(w?.text).toContain('1000 mg');
    expect(maxDoseCheck(drug('aminophylline'), 200, 3, ctx({ member: member() }))).toBeNull();
  });

  it('uses the per-kg limit for a child', () => {
    expect(maxDoseCheck(drug('domperidone'), 10, null, ctx({ member: child(6, 20) }))?.text).toContain('5 mg');
    expect(maxDoseCheck(drug('domperidone'), 5, 3, ctx({ member: child(6, 20) }))).toBeNull();
  });

  it('returns null when the drug has no established maximum', () => {
    expect(maxDoseCheck(drug('warfarin'), 100, 1, ctx({ member: member() }))).toBeNull();
  });

  it.skipIf(!drugFactsById('ibuprofen'))('布洛芬一次吃800毫克 → over the maximum', () => {
    expect(maxDoseCheck(drug('ibuprofen'), 800, null, ctx({ member: member() }))?.severity).toBe('major');
  });
});

describe('medicationAdvice: breastfeeding said in the question (own phrasings)', () => {
  it.skipIf(!drugFactsById('simvastatin'))('warns about lactation when the question says 正在哺乳, without a profile flag', () => {
    const a = medicationAdvice(drug('simvastatin'), ctx({ question: '我正在哺乳，血脂高能吃辛伐他汀吗', member: member({ sex: 'F' }) }));
    expect(a.warnings.some((w) => w.kind === 'lactation')).toBe(true);
    expect(a.facts).toContain('哺乳期');
  });
  it('counts 母乳喂养 too, and no lactation warning when breastfeeding is not mentioned', () => {
    expect(medicationAdvice(drug('metronidazole'), ctx({ question: '母乳喂养期间甲硝唑可以用吗' })).warnings.some((w) => w.kind === 'lactation')).toBe(true);
    expect(medicationAdvice(drug('metronidazole'), ctx({ question: '甲硝唑一天吃几次' })).warnings.some((w) => w.kind === 'lactation')).toBe(false);
    expect(medicationAdvice(drug('metronidazole'), ctx({ question: '以前喂奶的时候吃过，现在想问甲硝唑一天几次' })).warnings.some((w) => w.kind === 'lactation')).toBe(false);
  });
});

describe('medicationAdvice: other drugs named in the question (own phrasings)', () => {
  it.skipIf(!drugFactsById('simvastatin'))('flags simvastatin with erythromycin named alongside, worded as mentioned, not as the profile', () => {
    const a = medicationAdvice(drug('simvastatin'), ctx({ question: '辛伐他汀和红霉素能一块吃吗', statedDrugs: ['红霉素'] }));
    const w = a.warnings.find((x) => x.kind === 'interaction');
    expect(w?.severity).toBe('major');
    expect(w?.text.startsWith('同时提到的红霉素')).toBe(true);
  });
  it('stays quiet for a named drug with no known interaction, and does not call the drug itself a duplicate', () => {
    const a = medicationAdvice(drug('simvastatin'), ctx({ question: '辛伐他汀和维生素C能一起吃吗', statedDrugs: ['辛伐他汀'] }));
    expect(a.warnings.some((x) => x.kind === 'interaction' || x.kind === 'duplicate')).toBe(false);
    expect(a.lines.some((l) => l.includes('档案中还在使用'))).toBe(false);
  });
});

describe('medicationAdvice: NSAID cross-allergy and shared ingredients (own phrasings)', () => {
  it('warns a person allergic to aspirin against ibuprofen, but not against paracetamol', () => {
    const a = medicationAdvice(drug('ibuprofen'), ctx({ member: member({ allergies: [allergy('阿司匹林')] }) }));
    expect(a.warnings.find((w) => w.kind === 'allergy')?.severity).toBe('major');
    const b = medicationAdvice(drug('acetaminophen'), ctx({ member: member({ allergies: [allergy('阿司匹林')] }) }));
    expect(b.warnings.some((w) => w.kind === 'allergy')).toBe(false);
  });
  it('flags paracetamol with a compound granule that contains it, named in the question', () => {
    const a = medicationAdvice(drug('acetaminophen'), ctx({ statedDrugs: ['999感冒灵'] }));
    expect(a.warnings.some((x) => x.severity === 'major' && x.text.startsWith('同时提到的999感冒灵'))).toBe(true);
    const b = medicationAdvice(drug('acetaminophen'), ctx({}));
    expect(b.warnings.some((x) => x.text.includes('感冒灵'))).toBe(false);
  });
});

describe('medicationAdvice: class-wide alcohol rule', () => {
  it('a cephalosporin named only by its class (头孢) warns of a disulfiram-like reaction when drinking', () => {
    const a = medicationAdvice(drug('cephalosporins'), ctx({ question: '吃着头孢 周末聚餐想喝两杯啤酒', alcohol: true }));
    expect(a.warnings.some((x) => x.kind === 'alcohol' && x.severity === 'major' && x.text.includes('双硫仑'))).toBe(true);
  });
  it('no drinking mentioned → no alcohol warning for the class entry', () => {
    const a = medicationAdvice(drug('cephalosporins'), ctx({ question: '头孢一天吃几次' }));
    expect(a.warnings.some((x) => x.kind === 'alcohol')).toBe(false);
  });
  it('a class without a class-wide alcohol rule gets none from it', () => {
    const penicillins = entriesOf('drug').find((d) => d.drugClass.includes('青霉素') && drugFactsById(d.id) === undefined);
    if (penicillins === undefined) return;
    const a = medicationAdvice(penicillins, ctx({ alcohol: true }));
    expect(a.warnings.some((x) => x.text.includes('双硫仑'))).toBe(false);
  });
});

describe('planning a pregnancy (holdout10)', () => {
  it('warns about a drug to avoid in pregnancy when the question says 备孕 or wanting a second child', () => {
    for (const q of ['一直吃甲氨蝶呤，想要二胎，可以接着吃吗', '准备要孩子了，甲氨蝶呤还能吃吗', '在备孕，复方新诺明能吃吗']) {
      const id = q.includes('新诺明') ? 'smz-tmp' : 'methotrexate';
      const a = medicationAdvice(drug(id), ctx({ question: q }));
      expect(a.warnings.some((w) => w.kind === 'pregnancy' && w.text.includes('备孕')), q).toBe(true);
    }
  });
  it('says nothing about pregnancy when none is planned or the drug is compatible', () => {
    expect(medicationAdvice(drug('methotrexate'), ctx({ question: '甲氨蝶呤一周吃几次' })).warnings.some((w) => w.kind === 'pregnancy')).toBe(false);
    expect(medicationAdvice(drug('methotrexate'), ctx({ question: '孩子都上大学了，甲氨蝶呤还要吃多久' })).warnings.some((w) => w.kind === 'pregnancy')).toBe(false);
  });
});

describe('situationWarnings: the situation the question describes', () => {
  const says = (id: string, q: string, months: number | null = null): string => situationWarnings(id, q, months).map((w) => w.text).join('');
  it('fires on the procedure, the toxicity sign, the schedule or the age, and not on look-alikes', () => {
    expect(says('metformin', '下午要做增强CT')).toContain('造影剂');
    expect(says('metformin', '要做冠脉造影')).toContain('造影剂');
    expect(says('metformin', '普通平扫CT要停药吗')).toBe('');
    expect(says('digoxin', '看东西发绿 想吐')).toContain('中毒');
    expect(says('digoxin', '吃了多久了 血压还好')).toBe('');
    expect(says('methotrexate', '每日一片')).toContain('每周');
    expect(says('methotrexate', '一周一次 每次三片')).toBe('');
    expect(says('codeine', '能喝吗', 5 * 12)).toContain('12岁以下');
    expect(says('codeine', '能喝吗', 30 * 12)).toBe('');
    expect(says('codeine', '能喝吗', null)).toBe('');
  });
  it('reaches the drug answer itself', () => {
    const a = medicationAdvice(drug('metformin'), ctx({ question: '二甲双胍明天增强CT前要停吗', member: member() }));
    expect(a.lines.join('')).toContain('造影剂');
    const c = medicationAdvice(drug('chlorphenamine'), ctx({ question: '能吃扑尔敏吗', member: member({ age: 70, diseases: [disease('良性前列腺增生')] }) }));
    expect(c.lines.join('')).toContain('尿潴留');
  });
});
