import { describe, expect, it } from 'vitest';
import { DOSE_UNITS } from '@chatdr/contract';
import { familyEn } from '../../i18n/family.en';
import { familyZhCN } from '../../i18n/family.zh-CN';
import {
  DOSE_UNIT_OPTIONS,
  MATERNITY_OUTCOMES,
  ageOn,
  canHaveMaternity,
  detailSummary,
  formatDetailDate,
  formatDoseUnit,
  frequencyKeyOf,
  outcomeLabel,
  outcomeOf,
  parseDose,
  reactionKeyOf,
  sortMaternity,
  yearOptions,
  type Tr,
} from './record-detail';

type Tree = { [k: string]: string | Tree };
/** A stand-in for i18next's t over one bundle: dotted lookup and {{x}} interpolation. */
const trOf =
  (bundle: unknown): Tr =>
  (key, opts = {}) => {
    let node: unknown = bundle;
    for (const part of key.split('.')) node = (node as Tree | undefined)?.[part];
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(opts[k] ?? ''));
  };
const zh = trOf(familyZhCN);
const en = trOf(familyEn);

describe('detailSummary', () => {
  it('medicine: frequency, then dose with its unit', () => {
    expect(detailSummary('medicine', { frequency: '每日1次', dose: 5, unit: 'mg' }, zh)).toBe('每日1次 · 5毫克');
    expect(detailSummary('medicine', { frequency: '每日1次', dose: 5, unit: 'mg' }, en)).toBe('Once a day · 5 mg');
    expect(detailSummary('medicine', { dose: 2.5, unit: 'none' }, zh)).toBe('2.5');
    expect(detailSummary('medicine', { unit: 'tablet' }, zh)).toBe('片');
    expect(detailSummary('medicine', { frequency: '隔日1次' }, zh)).toBe('隔日1次');
  });

  it('disease: status and year', () => {
    expect(detailSummary('disease', { status: 'cured', date: '2015' }, zh)).toBe('已治愈 · 2015年');
    expect(detailSummary('disease', { status: 'ongoing' }, en)).toBe('Under treatment');
    expect(detailSummary('disease', {}, zh)).toBe('');
    expect(detailSummary('disease', null, zh)).toBe('');
  });

  it('familyHistory: the relation first', () => {
    expect(detailSummary('familyHistory', { relation: '父亲' }, zh)).toBe('父亲');
    expect(detailSummary('familyHistory', { relation: '外祖父母', date: '2001', status: 'ongoing' }, en)).toBe('Maternal grandparent · Under treatment · 2001');
    expect(detailSummary('familyHistory', { relation: '表哥' }, zh)).toBe('表哥');
  });

  it('allergy: type and reaction (typed reactions as they are)', () => {
    expect(detailSummary('allergy', { allergenType: 'drug', reaction: '皮疹' }, zh)).toBe('药物 · 皮疹');
    expect(detailSummary('allergy', { allergenType: 'environment', reaction: '皮疹' }, en)).toBe('Environment · Rash');
    expect(detailSummary('allergy', { reaction: ' 眼睛痒 ' }, zh)).toBe('眼睛痒');
  });

  it('surgery: the year only; maternity: outcome and month', () => {
    expect(detailSummary('surgery', { date: '2019', status: 'cured' }, zh)).toBe('2019年');
    expect(detailSummary('maternity', { outcome: 'caesarean', date: '2018-03' }, zh)).toBe('剖宫产 · 2018年3月');
  });
});

describe('formatting helpers', () => {
  it('formats dates, doses and parses typed doses', () => {
    expect(formatDetailDate('2015', zh)).toBe('2015年');
    expect(formatDetailDate('2015-03-09', zh)).toBe('2015年3月');
    expect(formatDetailDate('2015-03', en)).toBe('3/2015');
    expect(formatDetailDate(null, zh)).toBeNull();
    expect(formatDoseUnit(0.5, 'μg', zh)).toBe('0.5微克');
    expect(formatDoseUnit(null, null, zh)).toBeNull();
    expect(parseDose('5')).toBe(5);
    expect(parseDose('0.25')).toBe(0.25);
    expect(parseDose('0')).toBeNull();
    expect(parseDose('1.2.3')).toBeNull();
    expect(parseDose('200000')).toBeNull();
  });

  it('maps stored words back to keys', () => {
    expect(frequencyKeyOf('每晚1次')).toBe('qn');
    expect(frequencyKeyOf('x')).toBeNull();
    expect(reactionKeyOf('荨麻疹')).toBe('hives');
    expect(reactionKeyOf('头晕')).toBeNull();
  });

  it('covers every dose unit of the contract with a label in both languages', () => {
    expect(DOSE_UNIT_OPTIONS.map((u) => u.value)).toEqual([...DOSE_UNITS]);
    expect(DOSE_UNIT_OPTIONS.map((u) => u.zh).join(' ')).toBe('片 粒/胶囊 袋 支 克 毫克 毫升 单位 微克 微升 瓶 滴 付 喷 帽 涂抹 吸 针 贴 勺 无');
    for (const u of DOSE_UNIT_OPTIONS) {
      expect(zh(`family.detail.unit.${u.key}`)).toBe(u.zh);
      expect(en(`family.detail.unit.${u.key}`)).not.toBe(`family.detail.unit.${u.key}`);
    }
  });

  it('offers years from this year back to the birth year', () => {
    const ys = yearOptions(new Date(2024, 5, 1), '2020-02-03');
    expect(ys).toEqual([2024, 2023, 2022, 2021, 2020]);
    expect(yearOptions(new Date(2024, 5, 1)).at(-1)).toBe(1900);
  });
});

describe('maternity history', () => {
  it('labels outcomes in Chinese (the stored name) and both languages', () => {
    expect(MATERNITY_OUTCOMES.map(outcomeLabel)).toEqual(['顺产', '剖宫产', '自然流产', '人工流产', '异位妊娠', '其他']);
    for (const o of MATERNITY_OUTCOMES) {
      expect(zh(`family.maternity.outcome.${o}`)).toBe(outcomeLabel(o));
      expect(en(`family.maternity.outcome.${o}`)).not.toBe(`family.maternity.outcome.${o}`);
    }
  });

  it('reads the outcome from the detail, else from the name', () => {
    expect(outcomeOf({ name: '顺产', detail: { outcome: 'caesarean' } })).toBe('caesarean');
    expect(outcomeOf({ name: '异位妊娠', detail: {} })).toBe('ectopic');
    expect(outcomeOf({ name: '双胞胎', detail: {} })).toBeNull();
  });

  it('is for women aged 12 and over', () => {
    const now = new Date(2024, 5, 10);
    expect(ageOn('2012-06-10', now)).toBe(12);
    expect(ageOn('2012-06-11', now)).toBe(11);
    expect(canHaveMaternity({ sex: 'F', birthDate: '2012-06-10' }, now)).toBe(true);
    expect(canHaveMaternity({ sex: 'F', birthDate: '2012-06-11' }, now)).toBe(false);
    expect(canHaveMaternity({ sex: 'M', birthDate: '1980-01-01' }, now)).toBe(false);
    expect(canHaveMaternity({ sex: 'F', birthDate: null }, now)).toBe(true);
  });

  it('sorts the latest first, undated last', () => {
    const list = [
      { id: 1, detail: { date: '2010-05' } },
      { id: 2, detail: {} },
      { id: 3, detail: { date: '2018-01' } },
    ];
    expect(sortMaternity(list).map((r) => r.id)).toEqual([3, 1, 2]);
  });
});
