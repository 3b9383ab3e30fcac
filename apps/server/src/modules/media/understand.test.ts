import { describe, expect, it } from 'vitest';
import { FIXTURE_HEADER, FIXTURE_ROWS } from './testing/report-fixture.ts';
import { cleanText, findDrug, nameWithDroppedChar, parseHeader, parseLabRow, parseLabRows, tokensOf, understand, type TextRow } from './understand.ts';

const row = (text: string, height = 30): TextRow => ({ cells: text.split(' '), height });

/** The fixture report as OCR read its clean screenshot (split names, misread arrows, 'f' for fL). */
const OCR_ROWS = [
  '江城市第一人民医院',
  '检验报告单',
  '姓名：张建国 性别：男 年龄：45岁',
  '科室：消化内科 标本：静脉血 临床诊断：肝功能异常',
  '采样时间： 2026-03-1208:30 报告时间：2026-03-1210:15',
  '序号 项目名称 代号 结果 单位 参考范围',
  '1 白 细胞 计数 WBC 6.52 10^9/L 3.5-9.5',
  '2 红细胞计数 RBC 4.12√ 10^12/L 4.3-5.8',
  '3 血红蛋白 HGB 118← g/L 130-175',
  '4 红细胞压积 HCT 37.2↓ % 40-50',
  '5 平均红细胞体积 MCV 90.3 f 82-100',
  '6 平均红细胞血红蛋白含量 MCH 28.6 Pg 27-34',
  '7 血小板计数 PLT 256 10^9/L 125-350',
  '8 中性粒细胞百分比 NEUT% 68.2 % 40-75',
  '9 淋巴 细胞百分比 LYMPH% 22.5 % 20-50',
  '10 谷丙转氨酶 ALT 56↑ U/L 9-50',
  '11 谷草转氨酶 AST 38 U/L 15-40',
  '12 总 胆红素 TBIL 15.8↑ μmol/L 3.4-20.5',
  '13 白蛋 白 ALB 42.1 g/L 40-55',
  '14 谷氨酰转肽酶 GGT 72↑ U/L 10-60',
  '15 碱性磷酸酶 ALP 85 U/L 45-125',
  '检验者：李明审核者：王芳本报告仅对所检标本负责',
].map((t) => row(t));

describe('lab rows', () => {
  it('reads all 15 rows of the fixture report as OCR gives them', () => {
    const doc = understand({ rows: OCR_ROWS, source: 'ocr', pages: 1 });
    expect(doc.items).toHaveLength(15);
    FIXTURE_ROWS.forEach((r, i) => {
      const item = doc.items[i];
      expect(item?.name).toBe(r.name);
      expect(item?.code).toBe(r.code);
      expect(item?.value).toBe(r.value);
      expect(item?.refRange).toBe(r.range);
      expect(item?.flag).toBe(r.expected);
      expect(item?.indicatorId).toBe(r.indicatorId);
    });
  });

  it('computes high/low from the range, never from the printed arrow', () => {
    // Printed ↑ but inside the range; printed nothing but above it.
    expect(parseLabRow(row('总胆红素 TBIL 15.8↑ μmol/L 3.4-20.5'))?.flag).toBe('normal');
    expect(parseLabRow(row('谷丙转氨酶 ALT 88 U/L 9-50'))?.flag).toBe('high');
    expect(parseLabRow(row('血红蛋白 HGB 118 ↑ g/L 130-175'))?.flag).toBe('low');
  });

  it('completes units and reads glued codes, one-sided ranges and qualitative results', () => {
    expect(parseLabRow(row('平均红细胞体积 MCV 90.3 f 82-100'))?.unit).toBe('fL');
    expect(parseLabRow(row('平均红细胞血红蛋白含量 MCH 28.6 Pg 27-34'))?.unit).toBe('pg');
    const glued = parseLabRow(row('谷丙转氨酶(ALT) 56 U/L 9-50'));
    expect(glued).toMatchObject({ name: '谷丙转氨酶', code: 'ALT', indicatorId: 'alt', flag: 'high' });
    expect(parseLabRow(row('低密度脂蛋白胆固醇 LDL-C 4.1 mmol/L <3.4'))).toMatchObject({ high: 3.4, low: null, flag: 'high' });
    expect(parseLabRow(row('尿蛋白 PRO 阳性(+) 阴性'))?.flag).toBe('positive');
    expect(parseLabRow(row('红细胞计数 RBC 4.12 10^12/L 4.3~5.8'))?.refRange).toBe('4.3-5.8');
  });

  it('reads two items from a row of a two-column report', () => {
    const items = parseLabRows(row('白细胞计数 WBC 6.52 10^9/L 3.5-9.5 谷丙转氨酶 ALT 56 H U/L 9-50'));
    expect(items.map((i) => [i.name, i.value, i.refRange, i.flag])).toEqual([
      ['白细胞计数', '6.52', '3.5-9.5', 'normal'],
      ['谷丙转氨酶', '56', '9-50', 'high'],
    ]);
  });

  it('reads ranges in brackets and a separate H/L column', () => {
    expect(parseLabRow(row('血红蛋白 118 L g/L (130-175)'))).toMatchObject({ refRange: '130-175', unit: 'g/L', flag: 'low', indicatorId: 'hgb' });
    expect(parseLabRow(row('*谷草转氨酶 38 U/L 15--40'))).toMatchObject({ name: '谷草转氨酶', refRange: '15-40', low: 15, high: 40, flag: 'normal' });
  });

  it('skips headers, labels and dates', () => {
    expect(parseLabRow(row('序号 项目名称 代号 结果 单位 参考范围'))).toBeNull();
    expect(parseLabRow(row('姓名：张建国 性别：男 年龄：45岁'))).toBeNull();
    expect(parseLabRow(row('采样时间： 2026-03-12 08:30'))).toBeNull();
    expect(parseLabRow(row('检验者：李明'))).toBeNull();
  });

  it('joins CJK fragments but not label tokens', () => {
    expect(tokensOf(row('1 白 细胞 计数 WBC'))).toEqual(['1', '白细胞计数', 'WBC']);
    expect(tokensOf(row('姓名:张三 性别:男'))).toEqual(['姓名:张三', '性别:男']);
    expect(cleanText('３.５～９.５')).toBe('3.5-9.5');
  });
});

describe('header', () => {
  it('reads patient, hospital, sample and dates (OCR drops the space before the time)', () => {
    const h = parseHeader(OCR_ROWS.map((r) => r.cells.join(' ')));
    expect(h).toMatchObject({
      hospital: FIXTURE_HEADER.hospital,
      title: FIXTURE_HEADER.title,
      patientName: FIXTURE_HEADER.patientName,
      sex: 'M',
      age: 45,
      department: FIXTURE_HEADER.department,
      sampleType: FIXTURE_HEADER.sample,
      collectedAt: FIXTURE_HEADER.collected,
      reportedAt: FIXTURE_HEADER.reported,
    });
  });
});

describe('documents', () => {
  it('classifies a lab report as 报告单 (medical info)', () => {
    const doc = understand({ rows: OCR_ROWS, source: 'ocr', pages: 1 });
    expect(doc).toMatchObject({ folderType: 'report', folderTypeName: '报告单', reportType: 1, drug: null });
  });

  it('classifies a health check-up report as 体检报告 (type 4)', () => {
    const doc = understand({ rows: [row('江城市体检中心'), row('健康体检报告'), ...OCR_ROWS.slice(6)], source: 'pdf-text', pages: 3 });
    expect(doc).toMatchObject({ folderType: 'checkup', folderTypeName: '体检报告', reportType: 4 });
  });

  it('reads a medicine box: drug name mapped to the engine entry', () => {
    const rows = [row('国药准字H20053121', 20), row('阿莫西林胶囊', 60), row('Amoxicillin Capsules', 25), row('0.25g×24粒', 28), row('处方药 江城制药有限公司', 20)];
    const doc = understand({ rows, source: 'ocr', pages: 1 });
    expect(doc).toMatchObject({ folderType: 'medicine', folderTypeName: '药物', reportType: 1 });
    expect(doc.drug).toEqual({ name: '阿莫西林胶囊', drugId: 'amoxicillin', drugName: '阿莫西林', spec: '0.25g×24粒' });
    expect(findDrug([row('盐酸二甲双胍缓释片', 40)])?.drugId).toBe('metformin');
  });

  it('classifies a medical record as 病历 and unknown text as 其他', () => {
    expect(understand({ rows: [row('门诊病历'), row('主诉：咳嗽3天'), row('现病史：…')], source: 'ocr', pages: 1 }).folderType).toBe('medical');
    expect(understand({ rows: [row('今天天气很好')], source: 'ocr', pages: 1 })).toMatchObject({ folderType: 'other', reportType: 0 });
  });
});

describe('OCR slips corrected against the unit table and the indicator lexicon', () => {
  it('the capital I read as l or 1 in a unit: mlU/L → mIU/L, 1U/mL → IU/mL', () => {
    expect(parseLabRow(row('促甲状腺激素 TSH 6.12 mlU/L 0.27-4.2'))).toMatchObject({ unit: 'mIU/L', flag: 'high', indicatorId: 'tsh' });
    expect(parseLabRow(row('甲状腺过氧化物酶抗体 TPOAb 56.2 1U/mL 0-34'))).toMatchObject({ unit: 'IU/mL', flag: 'high' });
  });
  it('a real unit is never changed, and an unknown one is kept as printed', () => {
    expect(parseLabRow(row('葡萄糖 GLU 5.1 mmol/L 3.9-6.1'))?.unit).toBe('mmol/L');
    expect(parseLabRow(row('尿酸 UA 420 umol/L 208-428'))?.unit).toBe('μmol/L');
    expect(parseLabRow(row('某指标 XYZ 3.2 abc/Q 1-5'))?.unit).toBe('abc/Q');
  });
  it('a character dropped from an indicator name is restored from the lexicon', () => {
    expect(nameWithDroppedChar('甲状腺过氧化物酶抗')?.id).toBe('tpoab');
    expect(parseLabRow(row('甲状腺过氧化物酶抗 56.2 IU/mL 0-34'))).toMatchObject({ name: '甲状腺过氧化物酶抗体', indicatorId: 'tpoab' });
  });
  it('no guess when the name is short, Latin, or fits several indicators', () => {
    expect(nameWithDroppedChar('白细')).toBeNull();
    expect(nameWithDroppedChar('WBC')).toBeNull();
    expect(nameWithDroppedChar('不是任何指标名称')).toBeNull();
  });
});
