import { describe, it, expect } from 'vitest';
import { dominantFirst, findIndicator, interpretItem, interpretReport, parsePrintedRange, parseValue } from './labs.ts';
import type { LabFlag, LabItemInput, LabMember } from './labs.ts';

const M40: LabMember = { age: 40, sex: 'M' };
const F40: LabMember = { age: 40, sex: 'F' };
const M65: LabMember = { age: 65, sex: 'M' };
const F55: LabMember = { age: 55, sex: 'F' };
const F65: LabMember = { age: 65, sex: 'F' };
const M8: LabMember = { age: 8, sex: 'M' };
const F4: LabMember = { age: 4, sex: 'F' };
const M15: LabMember = { age: 15, sex: 'M' };

describe('findIndicator', () => {
  it.each([
    ['ALT', 'alt'],
    ['alt', 'alt'],
    ['GPT', 'alt'],
    ['谷丙转氨酶', 'alt'],
    ['丙氨酸氨基转移酶', 'alt'],
    ['谷丙转氨酶(ALT)', 'alt'],
    ['谷丙转氨酶（ALT）', 'alt'],
    ['*ALT', 'alt'],
    ['＊谷草转氨酶', 'ast'],
    ['ＡＬＴ', 'alt'],
    ['白细胞计数(WBC)', 'wbc'],
    ['血红蛋白 HGB', 'hgb'],
    ['NEUT%', 'neut-pct'],
    ['中性粒细胞百分比', 'neut-pct'],
    ['中性粒细胞绝对值', 'neut-abs'],
    ['NEUT#', 'neut-abs'],
    ['γ-谷氨酰转移酶(GGT)', 'ggt'],
    ['总胆红素(TBIL)', 'tbil'],
    ['甘油三酯 TG', 'tg'],
    ['低密度脂蛋白胆固醇(LDL-C)', 'ldl-c'],
    ['高密度脂蛋白胆固醇', 'hdl-c'],
    ['空腹血糖', 'glu'],
    ['葡萄糖(GLU)', 'glu'],
    ['糖化血红蛋白(HbA1c)', 'hba1c'],
    ['血肌酐', 'creatinine'],
    ['肌酐(CREA)', 'creatinine'],
    ['尿素氮(BUN)', 'urea'],
    ['尿酸(UA)', 'uric-acid'],
    ['促甲状腺激素(TSH)', 'tsh'],
    ['游离甲状腺素 FT4', 'ft4'],
    ['乙肝表面抗原(HBsAg)', 'hbsag'],
    ['乙型肝炎病毒表面抗体', 'hbsab'],
    ['CA 19-9', 'ca199'],
    ['糖类抗原19-9', 'ca199'],
    ['D-二聚体', 'd-dimer'],
    ['超敏C反应蛋白(hs-CRP)', 'hs-crp'],
    ['C反应蛋白(CRP)', 'crp'],
    ['钾(K)', 'k'],
    ['血清钠', 'na'],
    ['同型半胱氨酸', 'hcy'],
    ['尿蛋白(PRO)', 'urine-pro'],
    ['肌钙蛋白I', 'ctni'],
    ['NT-proBNP', 'nt-probnp'],
    ['肌酐测定', 'creatinine'],
  ])('%s → %s', (name, id) => {
    expect(findIndicator(name)?.id).toBe(id);
  });

  it('returns null for unknown names', () => {
    expect(findIndicator('某某未知项目')).toBeNull();
    expect(findIndicator('')).toBeNull();
    expect(findIndicator('***')).toBeNull();
  });
});

describe('parseValue', () => {
  it.each([
    ['6.8', { kind: 'number', value: 6.8 }],
    ['<0.5', { kind: 'number', value: 0.5, comparator: '<' }],
    ['>1000', { kind: 'number', value: 1000, comparator: '>' }],
    ['6.8↑', { kind: 'number', value: 6.8 }],
    ['6.8 H', { kind: 'number', value: 6.8 }],
    ['2.1 L', { kind: 'number', value: 2.1 }],
    [' 12,345 ', { kind: 'number', value: 12345 }],
    ['阴性', { kind: 'qualitative', positive: false }],
    ['阴性(-)', { kind: 'qualitative', positive: false }],
    ['阳性(+)', { kind: 'qualitative', positive: true }],
    ['弱阳性', { kind: 'qualitative', positive: true }],
    ['(-)', { kind: 'qualitative', positive: false }],
    ['（－）', { kind: 'qualitative', positive: false }],
    ['-', { kind: 'qualitative', positive: false }],
    ['+', { kind: 'qualitative', positive: true }],
    ['++', { kind: 'qualitative', positive: true }],
    ['2+', { kind: 'qualitative', positive: true }],
    ['±', { kind: 'qualitative', positive: true }],
  ] as const)('%s', (raw, expected) => {
    expect(parseValue(raw)).toEqual(expected);
  });

  it('rejects what is not a result', () => {
    expect(parseValue('')).toBeNull();
    expect(parseValue('见备注')).toBeNull();
    expect(parseValue('3.5-9.5')).toBeNull();
    expect(parseValue(Number.NaN)).toBeNull();
    expect(parseValue(5)).toEqual({ kind: 'number', value: 5 });
  });
});

describe('parsePrintedRange', () => {
  it.each([
    ['3.5-9.5', { low: 3.5, high: 9.5 }],
    ['3.5～9.5', { low: 3.5, high: 9.5 }],
    ['3.5~9.5', { low: 3.5, high: 9.5 }],
    ['3.5--9.5', { low: 3.5, high: 9.5 }],
    ['0 - 40', { low: 0, high: 40 }],
    ['<5.2', { high: 5.2 }],
    ['≤40', { high: 40 }],
    ['>1.04', { low: 1.04 }],
    ['≥1.04', { low: 1.04 }],
    ['阴性', { qualitative: 'negative' }],
    ['阴性(-)', { qualitative: 'negative' }],
  ] as const)('%s', (raw, expected) => {
    expect(parsePrintedRange(raw)).toEqual(expected);
  });

  it('rejects unparseable or reversed ranges', () => {
    expect(parsePrintedRange('')).toBeNull();
    expect(parsePrintedRange('见报告')).toBeNull();
    expect(parsePrintedRange('9.5-3.5')).toBeNull();
  });
});

/** [case, item, member, expected flag] */
const FLAG_CASES: Array<[string, LabItemInput, LabMember, LabFlag]> = [
  ['HGB 125 male → low', { name: '血红蛋白', value: '125', unit: 'g/L' }, M40, 'low'],
  ['HGB 125 female → normal', { name: '血红蛋白', value: '125', unit: 'g/L' }, F40, 'normal'],
  ['HGB 155 female → high', { name: 'HGB', value: '155' }, F40, 'high'],
  ['HGB 176 male → high', { name: 'HGB', value: '176' }, M40, 'high'],
  ['HGB 175 male (limit) → normal', { name: 'HGB', value: '175' }, M40, 'normal'],
  ['HGB 12.0 g/dL male → 120 g/L low', { name: 'HGB', value: '12.0', unit: 'g/dL' }, M40, 'low'],
  ['HGB 45 → critical-low', { name: 'HGB', value: '45' }, F40, 'critical-low'],
  ['HGB 45 with printed range → still critical-low', { name: 'HGB', value: '45', unit: 'g/L', refRange: '115-150' }, F40, 'critical-low'],
  ['HGB 120 boy 8 → normal (118–156)', { name: 'HGB', value: '120' }, M8, 'normal'],
  ['HGB 110 girl 4 → low (112–149)', { name: 'HGB', value: '110' }, F4, 'low'],
  ['HGB 128 boy 15 → low (129–172)', { name: 'HGB', value: '128' }, M15, 'low'],
  ['WBC 10.5 adult → high', { name: 'WBC', value: '10.5' }, M40, 'high'],
  ['WBC 10.5 boy 8 → normal (4.3–11.3)', { name: 'WBC', value: '10.5' }, M8, 'normal'],
  ['WBC 3.0 → low', { name: '白细胞计数', value: '3.0' }, F40, 'low'],
  ['WBC 0.8 → critical-low', { name: 'WBC', value: '0.8' }, M40, 'critical-low'],
  // holdout7 round: an absolute neutrophil count below 0.5 is agranulocytosis (critical), 0.9 is only low
  ['NEUT# 0.3 with printed range → critical-low', { name: '中性粒细胞绝对值', value: '0.3', unit: '×10^9/L', refRange: '1.8-6.3' }, F40, 'critical-low'],
  ['中性粒细胞计数 0.45 → critical-low', { name: '中性粒细胞计数', value: '0.45' }, M40, 'critical-low'],
  ['NEUT# 0.9 → low, not critical', { name: 'NEUT#', value: '0.9' }, M40, 'low'],
  ['WBC 35 → critical-high', { name: 'WBC', value: '35' }, M40, 'critical-high'],
  ['PLT 15 → critical-low', { name: 'PLT', value: '15' }, M40, 'critical-low'],
  ['PLT 100 → low', { name: 'PLT', value: '100' }, M40, 'low'],
  ['PLT 400 adult → high', { name: 'PLT', value: '400' }, F40, 'high'],
  ['PLT 400 girl 4 → normal (188–472)', { name: 'PLT', value: '400' }, F4, 'normal'],
  ['K 2.5 → critical-low', { name: '钾', value: '2.5', unit: 'mmol/L' }, M40, 'critical-low'],
  ['K 6.5 → critical-high', { name: 'K', value: '6.5' }, M40, 'critical-high'],
  ['K 5.5 → high', { name: 'K', value: '5.5' }, M40, 'high'],
  ['K 3.2 → low', { name: 'K', value: '3.2' }, M40, 'low'],
  ['K 4.5↑ (arrow ignored) → normal', { name: 'K', value: '4.5↑' }, M40, 'normal'],
  ['Na 118 → critical-low', { name: '钠', value: '118' }, F40, 'critical-low'],
  ['Na 162 → critical-high', { name: 'Na', value: '162' }, F40, 'critical-high'],
  ['Na 135 → low', { name: 'Na', value: '135' }, F40, 'low'],
  ['GLU 126 mg/dL → 7.0 mmol/L high', { name: 'GLU', value: '126', unit: 'mg/dL' }, M40, 'high'],
  ['GLU 90 mg/dL → 5.0 normal', { name: 'GLU', value: '90', unit: 'mg/dL' }, M40, 'normal'],
  ['GLU 2.5 → critical-low', { name: '空腹血糖', value: '2.5' }, M40, 'critical-low'],
  ['GLU 25 → critical-high', { name: '空腹血糖', value: '25' }, M40, 'critical-high'],
  ['GLU 6.5 → high', { name: '空腹血糖', value: '6.5' }, M40, 'high'],
  ['GLU 6.0 with printed 3.9～5.6 → high', { name: 'GLU', value: '6.0', refRange: '3.9～5.6' }, M40, 'high'],
  ['Ca 1.5 → critical-low', { name: '钙', value: '1.5' }, M40, 'critical-low'],
  ['Ca 3.6 → critical-high', { name: 'Ca', value: '3.6' }, M40, 'critical-high'],
  ['Ca 2.6 → high', { name: 'Ca', value: '2.6' }, M40, 'high'],
  ['INR 5.0 → critical-high', { name: 'INR', value: '5.0' }, M40, 'critical-high'],
  ['INR 2.5 → high', { name: 'INR', value: '2.5' }, M40, 'high'],
  ['ALT 45 male → normal', { name: 'ALT', value: '45', unit: 'U/L' }, M40, 'normal'],
  ['ALT 45 female → high', { name: 'ALT', value: '45', unit: 'U/L' }, F40, 'high'],
  ['ALT 45 female, printed 0-50 → normal', { name: 'ALT', value: '45', unit: 'U/L', refRange: '0-50' }, F40, 'normal'],
  ['ALT 30 H female (mark ignored) → normal', { name: 'ALT', value: '30 H' }, F40, 'normal'],
  ['ALT 45 in an incompatible unit → unknown', { name: 'ALT', value: '45', unit: 'mmol/L' }, F40, 'unknown'],
  ['ALP 110 female 40 → high (35–100)', { name: 'ALP', value: '110' }, F40, 'high'],
  ['ALP 110 female 55 → normal (50–135)', { name: 'ALP', value: '110' }, F55, 'normal'],
  ['Cr 100 male 40 → high (57–97)', { name: '肌酐', value: '100' }, M40, 'high'],
  ['Cr 100 male 65 → normal (57–111)', { name: '肌酐', value: '100' }, M65, 'normal'],
  ['Cr 80 female 65 → normal (41–81)', { name: '肌酐', value: '80' }, F65, 'normal'],
  ['Cr 80 female 40 → high (41–73)', { name: '肌酐', value: '80' }, F40, 'high'],
  ['Cr 1.5 mg/dL → 133 μmol/L high', { name: 'Cr', value: '1.5', unit: 'mg/dL' }, M40, 'high'],
  ['UA 7.5 mg/dL male → 446 μmol/L high', { name: '尿酸', value: '7.5', unit: 'mg/dL' }, M40, 'high'],
  ['UA 400 female → high (155–357)', { name: '尿酸', value: '400', unit: 'umol/L' }, F40, 'high'],
  ['LDL-C 3.5 → high', { name: 'LDL-C', value: '3.5' }, M40, 'high'],
  ['HDL-C 0.9 → low', { name: 'HDL-C', value: '0.9' }, M40, 'low'],
  ['TC 200 mg/dL → 5.17 normal', { name: 'TC', value: '200', unit: 'mg/dL' }, M40, 'normal'],
  ['TSH 5.0 μIU/mL → high', { name: 'TSH', value: '5.0', unit: 'μIU/mL' }, F40, 'high'],
  ['cTnI 0.5 → high', { name: 'cTnI', value: '0.5', unit: 'ng/mL' }, M40, 'high'],
  ['hs-cTnT 10 → normal', { name: 'hs-cTnT', value: '10', unit: 'ng/L' }, M40, 'normal'],
  ['CRP <0.5 → normal', { name: 'CRP', value: '<0.5' }, M40, 'normal'],
  ['NT-proBNP >35000 → high', { name: 'NT-proBNP', value: '>35000' }, M40, 'high'],
  ['eGFR 55 → low', { name: 'eGFR', value: '55' }, M40, 'low'],
  ['tPSA 5 male → high', { name: 'PSA', value: '5' }, M40, 'high'],
  ['tPSA 5 female → unknown (no range)', { name: 'PSA', value: '5' }, F40, 'unknown'],
  ['HBsAg 阳性 → positive', { name: '乙肝表面抗原', value: '阳性' }, M40, 'positive'],
  ['HBsAg 阴性 → normal', { name: 'HBsAg', value: '阴性(-)' }, M40, 'normal'],
  ['urine protein ++ → positive', { name: '尿蛋白', value: '++' }, F40, 'positive'],
  ['urine glucose (-) → normal', { name: '尿糖', value: '(-)' }, F40, 'normal'],
  ['urine nitrite 弱阳性 → positive', { name: '亚硝酸盐', value: '弱阳性' }, F40, 'positive'],
  ['unknown item, printed 1-3, value 5 → high', { name: '某某新项目', value: '5', refRange: '1-3' }, M40, 'high'],
  ['unknown item without a range → unknown', { name: '某某新项目', value: '5' }, M40, 'unknown'],
  ['unknown item 阳性 with printed 阴性 → positive', { name: '某某抗体', value: '阳性', refRange: '阴性' }, M40, 'positive'],
  ['unparseable value → unknown', { name: 'ALT', value: '溶血' }, M40, 'unknown'],
];

describe('interpretItem flags', () => {
  it(`has at least 40 cases (${FLAG_CASES.length.toString()})`, () => {
    expect(FLAG_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FLAG_CASES)('%s', (_label, item, member, flag) => {
    expect(interpretItem(item, member).flag).toBe(flag);
  });
});

describe('interpretItem details', () => {
  it('converts GLU 126 mg/dL to 7.0 mmol/L against the knowledge range', () => {
    const r = interpretItem({ name: 'GLU', value: '126', unit: 'mg/dL' }, M40);
    expect(r.indicatorId).toBe('glu');
    expect(r.unit).toBe('mmol/L');
    expect(r.value).toBeCloseTo(7.0, 2);
    expect(r.rangeUsed).toEqual({ low: 3.9, high: 6.1, from: 'knowledge' });
    expect(r.meaning).toContain('糖尿病');
    expect(r.advice).not.toBeNull();
  });

  it('uses the printed range in the report unit when it parses', () => {
    const r = interpretItem({ name: '谷丙转氨酶(ALT)', value: '45', unit: 'U/L', refRange: '0-50' }, F40);
    expect(r.rangeUsed).toEqual({ low: 0, high: 50, from: 'report' });
    expect(r.value).toBe(45);
    expect(r.meaning).toBeNull();
  });

  it('falls back to the knowledge range when the printed range does not parse', () => {
    const r = interpretItem({ name: 'ALT', value: '45', refRange: '见说明' }, F40);
    expect(r.rangeUsed).toEqual({ low: 7, high: 40, from: 'knowledge' });
    expect(r.flag).toBe('high');
  });

  it('explains a positive qualitative result', () => {
    const r = interpretItem({ name: 'HBsAg', value: '阳性' }, M40);
    expect(r.meaning).toContain('乙肝');
    expect(r.rangeUsed).toBeNull();
  });
});

const report = (items: LabItemInput[], member: LabMember = M40) => interpretReport(items, member);
const patternIds = (items: LabItemInput[], member: LabMember = M40): string[] => report(items, member).patterns.map((p) => p.id);

describe('interpretReport patterns', () => {
  it('recognises microcytic hypochromic anaemia only when HGB, MCV and MCH are all low', () => {
    expect(patternIds([{ name: 'HGB', value: '95' }, { name: 'MCV', value: '70' }, { name: 'MCH', value: '22' }], F40)).toContain('microcytic-hypochromic-anemia');
    expect(patternIds([{ name: 'HGB', value: '95' }, { name: 'MCV', value: '90' }, { name: 'MCH', value: '22' }], F40)).not.toContain('microcytic-hypochromic-anemia');
  });

  it('notes liver injury and whether transaminases are ≥ 2× the upper limit', () => {
    const severe = report([{ name: 'ALT', value: '120' }, { name: 'AST', value: '60' }]).patterns.find((p) => p.id === 'hepatocellular-injury');
    expect(severe?.text).toContain('≥2倍');
    const mild = report([{ name: 'ALT', value: '60' }]).patterns.find((p) => p.id === 'hepatocellular-injury');
    expect(mild?.text).toContain('<2倍');
    expect(patternIds([{ name: 'ALT', value: '30' }, { name: 'AST', value: '30' }])).toEqual([]);
  });

  it('recognises cholestasis (ALP + GGT high)', () => {
    expect(patternIds([{ name: 'ALP', value: '200' }, { name: 'GGT', value: '150' }])).toContain('cholestasis');
    expect(patternIds([{ name: 'ALP', value: '200' }, { name: 'GGT', value: '30' }])).not.toContain('cholestasis');
  });

  it('recognises dyslipidaemia at the guideline cut points only', () => {
    expect(patternIds([{ name: 'LDL-C', value: '4.2' }])).toContain('dyslipidemia');
    expect(patternIds([{ name: 'TC', value: '6.3' }])).toContain('dyslipidemia');
    expect(patternIds([{ name: 'TG', value: '2.5' }])).toContain('dyslipidemia');
    expect(patternIds([{ name: 'HDL-C', value: '0.9' }])).toContain('dyslipidemia');
    expect(patternIds([{ name: 'LDL-C', value: '3.6' }, { name: 'TG', value: '2.0' }])).not.toContain('dyslipidemia');
  });

  it('flags glucose at the diabetes cut points and asks for confirmation', () => {
    const fpg = report([{ name: '空腹血糖', value: '7.2' }]).patterns.find((p) => p.id === 'diabetes-threshold');
    expect(fpg?.text).toContain('复查确认');
    expect(patternIds([{ name: 'GLU', value: '126', unit: 'mg/dL' }])).toContain('diabetes-threshold');
    expect(patternIds([{ name: 'HbA1c', value: '6.5' }])).toContain('diabetes-threshold');
    expect(patternIds([{ name: '餐后2小时血糖', value: '11.1' }])).toContain('diabetes-threshold');
    expect(patternIds([{ name: '空腹血糖', value: '6.8' }, { name: 'HbA1c', value: '6.2' }])).not.toContain('diabetes-threshold');
  });

  it('recognises hyperuricaemia above 420 μmol/L', () => {
    expect(patternIds([{ name: '尿酸', value: '450' }])).toContain('hyperuricemia');
    expect(patternIds([{ name: '尿酸', value: '420' }])).not.toContain('hyperuricemia');
  });

  it('recognises reduced kidney function', () => {
    expect(patternIds([{ name: '肌酐', value: '150' }])).toContain('renal-decline');
    expect(patternIds([{ name: 'eGFR', value: '55' }])).toContain('renal-decline');
    expect(patternIds([{ name: 'eGFR', value: '75' }])).not.toContain('renal-decline');
  });

  it('suggests bacterial infection, strengthened by CRP', () => {
    const withCrp = report([{ name: 'WBC', value: '13' }, { name: 'NEUT%', value: '85' }, { name: 'CRP', value: '50' }]);
    expect(withCrp.patterns.find((p) => p.id === 'bacterial-infection')?.text).toContain('C反应蛋白');
    const without = report([{ name: 'WBC', value: '13' }, { name: 'NEUT%', value: '85' }]);
    expect(without.patterns.find((p) => p.id === 'bacterial-infection')?.text).not.toContain('C反应蛋白');
    expect(patternIds([{ name: 'WBC', value: '13' }, { name: 'NEUT%', value: '60' }])).not.toContain('bacterial-infection');
  });

  it('tells overt from subclinical thyroid dysfunction', () => {
    expect(patternIds([{ name: 'TSH', value: '0.01' }, { name: 'FT4', value: '30' }], F40)).toEqual(['hyperthyroidism']);
    expect(patternIds([{ name: 'TSH', value: '10' }, { name: 'FT4', value: '8' }], F40)).toEqual(['hypothyroidism']);
    expect(patternIds([{ name: 'TSH', value: '6' }, { name: 'FT4', value: '15' }], F40)).toEqual(['subclinical-hypothyroidism']);
    expect(patternIds([{ name: 'TSH', value: '0.1' }, { name: 'FT4', value: '18' }], F40)).toEqual(['subclinical-hyperthyroidism']);
    expect(patternIds([{ name: 'TSH', value: '2' }, { name: 'FT4', value: '15' }], F40)).toEqual([]);
  });

  it('makes myocardial injury urgent', () => {
    const r = report([{ name: 'cTnI', value: '0.5', unit: 'ng/mL' }]);
    expect(r.patterns.map((p) => p.id)).toContain('myocardial-injury');
    expect(r.urgency).toBe('urgent');
  });
});

describe('interpretReport urgency', () => {
  it('makes any critical value an emergency with 请立即就医 first', () => {
    const r = report([{ name: 'K', value: '6.8' }, { name: 'ALT', value: '30' }]);
    expect(r.urgency).toBe('emergency');
    expect(r.nextSteps[0]).toBe('请立即就医');
    expect(r.nextSteps.join('\n')).toContain('钾');
    expect(r.abnormal.map((i) => i.indicatorId)).toEqual(['k']);
  });

  it('is routine for non-critical abnormal results and normal otherwise', () => {
    expect(report([{ name: 'ALT', value: '60' }]).urgency).toBe('routine');
    const normal = report([{ name: 'ALT', value: '30' }, { name: 'HGB', value: '140' }]);
    expect(normal.urgency).toBe('normal');
    expect(normal.abnormal).toEqual([]);
    expect(normal.patterns).toEqual([]);
    expect(normal.nextSteps.length).toBeGreaterThan(0);
  });

  it('lists the department of each pattern in the next steps', () => {
    const r = report([{ name: 'HGB', value: '95' }, { name: 'MCV', value: '70' }, { name: 'MCH', value: '22' }], F40);
    expect(r.nextSteps.some((s) => s.includes('血液内科'))).toBe(true);
  });
});

describe('the dominant finding first (dominantFirst)', () => {
  it('TSH high with FT4 low outranks a mild ALT: the reading recommends 内分泌科', () => {
    const r = interpretReport([
      { name: '谷丙转氨酶', value: '56', unit: 'U/L', refRange: '9-50' },
      { name: 'TSH', value: '8.5', unit: 'mIU/L', refRange: '0.27-4.2' },
      { name: 'FT4', value: '9', unit: 'pmol/L', refRange: '12-22' },
    ], { age: 63, sex: 'F' });
    expect(r.patterns.map((p) => p.department)).toEqual(['内分泌科', '消化内科']);
  });
  it('equal weight keeps the order of detection', () => {
    const a = { id: 'a', name: 'A', text: '甲', department: 'X' };
    const b = { id: 'b', name: 'B', text: '乙', department: 'Y' };
    expect(dominantFirst([a, b], []).map((p) => p.id)).toEqual(['a', 'b']);
  });
});
