import { describe, it, expect } from 'vitest';
import { LAB_INDICATORS } from './labs-data.ts';
import { knowledgeRange } from './labs.ts';
import { normalizeText } from './normalize.ts';

const FIELDS = new Set([
  'id', 'name', 'aliases', 'category', 'unit', 'ranges', 'qualitative', 'conversions', 'criticalLow', 'criticalHigh',
  'meaningHigh', 'meaningLow', 'advice', 'source',
]);

const CATEGORIES = [
  '血常规', '尿常规', '肝功能', '肾功能', '血脂', '血糖', '电解质', '甲状腺功能', '心肌标志物', '凝血功能', '炎症指标',
  '肿瘤标志物', '铁代谢与维生素', '激素', '乙肝五项', '感染筛查', '其他',
];

const key = (s: string): string => normalizeText(s).replace(/[\s*＊]/gu, '');

describe('lab indicator data', () => {
  it('has at least 150 entries', () => {
    expect(LAB_INDICATORS.length).toBeGreaterThanOrEqual(150);
  });

  it('has unique kebab-case ids', () => {
    const ids = LAB_INDICATORS.map((i) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/u);
  });

  it('has only known fields and categories', () => {
    for (const indicator of LAB_INDICATORS) {
      for (const field of Object.keys(indicator)) expect(FIELDS, `${indicator.id}.${field}`).toContain(field);
      expect(CATEGORIES, indicator.id).toContain(indicator.category);
      expect(indicator.name.trim(), indicator.id).not.toBe('');
      expect(indicator.meaningHigh.trim(), indicator.id).not.toBe('');
      expect(indicator.meaningLow.trim(), indicator.id).not.toBe('');
      expect(indicator.advice.trim(), indicator.id).not.toBe('');
    }
  });

  it('uses every name and alias for one entry only (after normalisation)', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const indicator of LAB_INDICATORS) {
      const own = new Set([indicator.name, ...indicator.aliases].map(key));
      for (const k of own) {
        const other = owner.get(k);
        if (other !== undefined && other !== indicator.id) clashes.push(`${k}: ${other} / ${indicator.id}`);
        owner.set(k, indicator.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('cites a source with a year on every entry', () => {
    for (const indicator of LAB_INDICATORS) expect(indicator.source, indicator.id).toMatch(/(19|20)\d{2}/u);
  });

  it('gives every numeric entry an adult range, and qualitative entries none', () => {
    for (const indicator of LAB_INDICATORS) {
      if (indicator.qualitative) {
        expect(indicator.ranges, indicator.id).toEqual([]);
        continue;
      }
      const male = knowledgeRange(indicator, { age: 40, sex: 'M' });
      const female = knowledgeRange(indicator, { age: 40, sex: 'F' });
      expect(male ?? female, indicator.id).not.toBeNull();
    }
  });

  it('has well-formed ranges, conversions and critical values', () => {
    for (const indicator of LAB_INDICATORS) {
      for (const r of indicator.ranges) {
        expect(r.low !== undefined || r.high !== undefined, indicator.id).toBe(true);
        if (r.low !== undefined && r.high !== undefined) expect(r.low, indicator.id).toBeLessThan(r.high);
        if (r.ageMin !== undefined && r.ageMax !== undefined) expect(r.ageMin, indicator.id).toBeLessThan(r.ageMax);
      }
      for (const c of indicator.conversions ?? []) {
        expect(c.factor, indicator.id).toBeGreaterThan(0);
        expect(key(c.unit), indicator.id).not.toBe(key(indicator.unit));
      }
      const lows = indicator.ranges.map((r) => r.low).filter((v): v is number => v !== undefined);
      const highs = indicator.ranges.map((r) => r.high).filter((v): v is number => v !== undefined);
      if (indicator.criticalLow !== undefined) expect(indicator.criticalLow, indicator.id).toBeLessThan(Math.min(...lows));
      if (indicator.criticalHigh !== undefined) expect(indicator.criticalHigh, indicator.id).toBeGreaterThan(Math.max(...highs));
    }
  });

  it('holds the well-established adult intervals and panic values', () => {
    const byId = new Map(LAB_INDICATORS.map((i) => [i.id, i]));
    const adult = (id: string, sex: 'M' | 'F'): unknown => {
      const indicator = byId.get(id);
      return indicator ? knowledgeRange(indicator, { age: 40, sex }) : undefined;
    };
    expect(adult('hgb', 'M')).toMatchObject({ low: 130, high: 175 });
    expect(adult('hgb', 'F')).toMatchObject({ low: 115, high: 150 });
    expect(adult('wbc', 'M')).toMatchObject({ low: 3.5, high: 9.5 });
    expect(adult('plt', 'F')).toMatchObject({ low: 125, high: 350 });
    expect(adult('k', 'M')).toMatchObject({ low: 3.5, high: 5.3 });
    expect(adult('alt', 'M')).toMatchObject({ low: 9, high: 50 });
    expect(byId.get('k')).toMatchObject({ criticalLow: 2.8, criticalHigh: 6.2 });
    expect(byId.get('na')).toMatchObject({ criticalLow: 120, criticalHigh: 160 });
    expect(byId.get('glu')).toMatchObject({ criticalLow: 2.8, criticalHigh: 22.2 });
    expect(byId.get('ca')).toMatchObject({ criticalLow: 1.6, criticalHigh: 3.5 });
    expect(byId.get('inr')).toMatchObject({ criticalHigh: 4.5 });
  });
});
