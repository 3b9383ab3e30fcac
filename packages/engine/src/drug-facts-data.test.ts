import { describe, it, expect } from 'vitest';
import part1Json from '../data/drug-facts/part1.json' with { type: 'json' };
import part2Json from '../data/drug-facts/part2.json' with { type: 'json' };
import { DRUG_FACTS, DRUG_SITUATIONS, drugFactsById, type DrugFacts } from './drug-facts-data.ts';
import { entriesOf } from './lexicon.ts';

const DRUGS = entriesOf('drug');
const DRUG_IDS = new Set(DRUGS.map((d) => d.id));
const FIELDS = ['id', 'indications', 'adult', 'child', 'contraindications', 'cautions', 'pregnancy', 'lactation', 'interactions', 'alcohol', 'sideEffects', 'source'];
const ADULT_FIELDS = new Set(['text', 'singleMaxMg', 'dailyMaxMg', 'note']);
const CHILD_FIELDS = ['text', 'perKgMg', 'intervalHours', 'dailyMaxPerKgMg', 'singleMaxMg', 'minAgeMonths'];
const CHILD_OPTIONAL = new Set(['forms']);
const SAFETY = ['avoid', 'caution', 'compatible'];
const ALCOHOL = ['avoid', 'caution', 'none'];
const SEVERITY = ['major', 'moderate', 'minor'];

const positiveOrNull = (x: number | null): boolean => x === null || (Number.isFinite(x) && x > 0);
const pairOk = (p: readonly [number, number] | null): boolean => p === null || (p.length === 2 && p[0] > 0 && p[1] > 0 && p[0] <= p[1]);

describe('drug facts data (part 1 + part 2)', () => {
  const part1 = part1Json as readonly DrugFacts[];
  const part2 = part2Json as readonly DrugFacts[];

  it('part 1 has at least 125 entries', () => {
    expect(part1.length).toBeGreaterThanOrEqual(125);
  });

  // TOTAL COUNT: needs part 2 (written separately) to hold its own ≥125 entries.
  it('TOTAL COUNT: has at least 250 entries across both parts', () => {
    expect(DRUG_FACTS.length).toBeGreaterThanOrEqual(250);
  });

  it('loads both parts in order and finds entries by id', () => {
    expect(DRUG_FACTS.length).toBe(part1.length + part2.length);
    expect(drugFactsById('warfarin')?.id).toBe('warfarin');
    expect(drugFactsById('no-such-drug')).toBeUndefined();
  });

  it('uses only ids of drugs.json, each once across both parts', () => {
    const ids = DRUG_FACTS.map((f) => f.id);
    expect(ids.filter((id) => !DRUG_IDS.has(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const p1 = new Set(part1.map((f) => f.id));
    expect(part2.map((f) => f.id).filter((id) => p1.has(id))).toEqual([]);
  });

  it('has exactly the schema fields', () => {
    for (const f of DRUG_FACTS) {
      expect(Object.keys(f).sort(), f.id).toEqual([...FIELDS].sort());
      for (const k of Object.keys(f.adult)) expect(ADULT_FIELDS.has(k), `${f.id}.adult.${k}`).toBe(true);
      if (f.child !== null) expect(Object.keys(f.child).filter((k) => !CHILD_OPTIONAL.has(k)).sort(), f.id).toEqual([...CHILD_FIELDS].sort());
    }
  });

  it('uses only the allowed levels and severities', () => {
    for (const f of DRUG_FACTS) {
      expect(SAFETY, `${f.id} pregnancy`).toContain(f.pregnancy.level);
      expect(SAFETY, `${f.id} lactation`).toContain(f.lactation.level);
      expect(ALCOHOL, `${f.id} alcohol`).toContain(f.alcohol.level);
      for (const i of f.interactions) expect(SEVERITY, f.id).toContain(i.severity);
      expect(f.pregnancy.text.trim(), f.id).not.toBe('');
      expect(f.lactation.text.trim(), f.id).not.toBe('');
      if (f.alcohol.level !== 'none') expect(f.alcohol.text.trim(), f.id).not.toBe('');
    }
  });

  it('has positive numbers, ordered ranges, and child maxima within adult maxima', () => {
    for (const f of DRUG_FACTS) {
      expect(f.adult.text.trim(), f.id).not.toBe('');
      expect(positiveOrNull(f.adult.singleMaxMg), `${f.id} singleMaxMg`).toBe(true);
      expect(positiveOrNull(f.adult.dailyMaxMg), `${f.id} dailyMaxMg`).toBe(true);
      if (f.adult.singleMaxMg !== null && f.adult.dailyMaxMg !== null) expect(f.adult.singleMaxMg, f.id).toBeLessThanOrEqual(f.adult.dailyMaxMg);
      const c = f.child;
      if (c === null) continue;
      expect(c.text.trim(), f.id).not.toBe('');
      expect(pairOk(c.perKgMg), `${f.id} perKgMg`).toBe(true);
      expect(pairOk(c.intervalHours), `${f.id} intervalHours`).toBe(true);
      expect(positiveOrNull(c.dailyMaxPerKgMg), `${f.id} dailyMaxPerKgMg`).toBe(true);
      expect(positiveOrNull(c.singleMaxMg), `${f.id} child singleMaxMg`).toBe(true);
      expect(c.minAgeMonths === null || (Number.isInteger(c.minAgeMonths) && c.minAgeMonths >= 0), `${f.id} minAgeMonths`).toBe(true);
      if (c.singleMaxMg !== null && f.adult.singleMaxMg !== null) expect(c.singleMaxMg, `${f.id} child vs adult single max`).toBeLessThanOrEqual(f.adult.singleMaxMg);
      if (c.perKgMg !== null && c.dailyMaxPerKgMg !== null) expect(c.perKgMg[0], `${f.id} per-dose vs daily per kg`).toBeLessThanOrEqual(c.dailyMaxPerKgMg);
    }
  });

  it('names existing drugs and classes in interactions, and never the drug itself', () => {
    const classes = DRUGS.map((d) => d.drugClass);
    for (const f of DRUG_FACTS) {
      for (const i of f.interactions) {
        expect(i.withIds.length + i.withClasses.length, `${f.id}: ${i.text}`).toBeGreaterThan(0);
        for (const id of i.withIds) expect(DRUG_IDS.has(id), `${f.id} → ${id}`).toBe(true);
        for (const c of i.withClasses) expect(classes.some((k) => k.includes(c)), `${f.id} → class ${c}`).toBe(true);
        expect(i.text.trim(), f.id).not.toBe('');
      }
    }
  });

  it('has non-empty cautions with disease alternatives', () => {
    for (const f of DRUG_FACTS) {
      for (const c of f.cautions) {
        expect(c.when.split('|').every((w) => w.trim() !== ''), `${f.id}: ${c.when}`).toBe(true);
        expect(c.text.trim(), f.id).not.toBe('');
      }
    }
  });

  it('cites a source on every entry', () => {
    for (const f of DRUG_FACTS) expect(f.source.trim(), f.id).not.toBe('');
  });
});

describe('drug situations (data/drug-facts/situations.json)', () => {
  it('names existing drugs, compiles its patterns, has a trigger and cites a dated source', () => {
    expect(DRUG_SITUATIONS.length).toBeGreaterThanOrEqual(4);
    for (const x of DRUG_SITUATIONS) {
      expect(DRUG_IDS.has(x.drugId), x.drugId).toBe(true);
      expect(x.when !== undefined || x.childUnderMonths !== undefined || x.lactating === true, x.drugId).toBe(true);
      if (x.when !== undefined) expect(() => new RegExp(x.when ?? '', 'iu'), x.drugId).not.toThrow();
      if (x.unless !== undefined) expect(() => new RegExp(x.unless ?? '', 'iu'), x.drugId).not.toThrow();
      expect(SEVERITY, x.drugId).toContain(x.severity);
      expect(x.text.trim(), x.drugId).not.toBe('');
      expect(x.source, x.drugId).toMatch(/(19|20)\d\d/u);
    }
  });
});
