import { describe, it, expect } from 'vitest';
import conditionFactsJson from '../data/condition-facts.json' with { type: 'json' };
import { CONDITION_FACTS, conditionFacts } from './condition-facts.ts';
import { CONDITIONS, conditionById } from './conditions.ts';

const FIELDS = ['id', 'causes', 'riskFactors', 'consequences', 'prevention', 'prognosis', 'source'];
const LISTS = ['causes', 'riskFactors', 'consequences', 'prevention'] as const;
const RAW = conditionFactsJson as readonly Record<string, unknown>[];
const COND_IDS = new Set(CONDITIONS.map((c) => c.id));

describe('condition facts data', () => {
  it('covers at least 120 conditions', () => {
    expect(CONDITION_FACTS.length).toBeGreaterThanOrEqual(120);
  });

  it('uses only ids of conditions.json, each once', () => {
    const ids = CONDITION_FACTS.map((f) => f.id);
    expect(ids.filter((id) => !COND_IDS.has(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has exactly the schema fields, no others', () => {
    const bad = RAW.filter((e) => {
      const keys = Object.keys(e).sort();
      return keys.length !== FIELDS.length || keys.some((k) => !FIELDS.includes(k));
    }).map((e) => e.id);
    expect(bad).toEqual([]);
  });

  it('has non-empty lists of non-empty strings, with causes and consequences always present', () => {
    for (const f of CONDITION_FACTS) {
      expect(f.causes.length, f.id).toBeGreaterThan(0);
      expect(f.consequences.length, f.id).toBeGreaterThan(0);
      for (const k of LISTS) {
        expect(Array.isArray(f[k]), `${f.id}.${k}`).toBe(true);
        for (const s of f[k]) {
          expect(typeof s === 'string' && s.trim().length > 1, `${f.id}.${k}: ${s}`).toBe(true);
        }
        expect(new Set(f[k]).size, `${f.id}.${k} duplicates`).toBe(f[k].length);
      }
    }
  });

  it('names a source with a year and has a one-sentence prognosis', () => {
    for (const f of CONDITION_FACTS) {
      expect(f.source, f.id).toMatch(/\S/);
      expect(f.source, f.id).toMatch(/(19|20)\d\d/);
      expect(f.prognosis.trim().length, f.id).toBeGreaterThan(5);
      expect(f.prognosis, f.id).toMatch(/。$/);
      expect(f.prognosis.slice(0, -1), f.id).not.toMatch(/。/);
    }
  });

  it('is plain simplified Chinese without placeholders or English sentences', () => {
    const bad: string[] = [];
    for (const f of CONDITION_FACTS) {
      for (const s of [...LISTS.flatMap((k) => f[k]), f.prognosis, f.source]) {
        if (/TODO|TBD|待补|xxx|\?\?/i.test(s) || /[A-Za-z]{12,}/.test(s) || /[這會發醫預後個們對]/.test(s) || !/[\u4e00-\u9fff]/.test(s)) {
          bad.push(`${f.id}: ${s}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });
});

describe('conditionFacts()', () => {
  it('finds an entry by id and returns undefined for unknown ids', () => {
    expect(conditionFacts('gout')?.id).toBe('gout');
    expect(conditionFacts('no-such-condition')).toBeUndefined();
    expect(conditionFacts('')).toBeUndefined();
  });

  it('covers the core chronic conditions', () => {
    const core = ['hypertension', 't2dm', 'angina', 'ischemic-stroke', 'copd-exacerbation', 'asthma-attack', 'chronic-gastritis',
      'peptic-ulcer', 'gerd', 'nafld', 'gout', 'osteoporosis', 'hyperthyroidism', 'hypothyroidism', 'ckd', 'depression',
      'generalized-anxiety', 'insomnia-disorder', 'cervical-spondylosis', 'lumbar-disc-herniation', 'knee-oa',
      'allergic-rhinitis', 'eczema', 'urticaria', 'psoriasis', 'acne', 'iron-deficiency-anemia', 'bph', 'uti', 'renal-colic',
      'migraine', 'common-cold', 'influenza', 'acute-gastroenteritis', 'pneumonia', 'acute-bronchitis', 'otitis-media',
      'hfmd', 'herpes-zoster'];
    expect(core.filter((id) => conditionFacts(id) === undefined)).toEqual([]);
    expect(core.filter((id) => conditionById(id) === undefined)).toEqual([]);
  });

  it('痛风: causes name 嘌呤, risk factors name 啤酒, consequences name 痛风石 and 肾', () => {
    const g = conditionFacts('gout');
    expect(g?.causes.join('')).toContain('嘌呤');
    expect(g?.riskFactors.join('')).toContain('啤酒');
    expect(g?.consequences.join('')).toContain('痛风石');
    expect(g?.consequences.join('')).toMatch(/肾/);
  });

  it('高血压: consequences name the brain and the heart, prevention names salt', () => {
    const h = conditionFacts('hypertension');
    const c = h?.consequences.join('') ?? '';
    expect(c).toMatch(/脑/);
    expect(c).toMatch(/心/);
    expect(h?.prevention.join('')).toContain('盐');
  });

  it('2型糖尿病 consequences name the kidney, eyes and feet; 慢阻肺 prevention names 戒烟', () => {
    const d = conditionFacts('t2dm')?.consequences.join('') ?? '';
    expect(d).toMatch(/肾/);
    expect(d).toMatch(/失明|视网膜/);
    expect(d).toMatch(/足/);
    expect(conditionFacts('copd-exacerbation')?.prevention.join('')).toContain('戒烟');
  });

  it('returns frozen entries', () => {
    const g = conditionFacts('gout');
    expect(g && Object.isFrozen(g)).toBe(true);
    expect(Object.isFrozen(CONDITION_FACTS)).toBe(true);
  });
});
