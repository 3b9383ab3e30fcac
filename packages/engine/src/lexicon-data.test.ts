import { describe, it, expect } from 'vitest';
import { ALLERGEN_TYPES, LEXICON_DATA, LEXICON_KINDS, type LexiconKind } from './lexicon-data.ts';
import { normalizeText } from './normalize.ts';

const MINIMUM: Record<LexiconKind, number> = { disease: 200, drug: 250, allergen: 60, surgery: 50 };

/** The fields each data file may hold (besides the computed kind and rank). */
const FIELDS: Record<LexiconKind, { required: string[]; optional: string[] }> = {
  disease: { required: ['id', 'name', 'synonyms', 'icd10', 'department', 'category', 'chronic', 'source'], optional: [] },
  drug: { required: ['id', 'name', 'synonyms', 'drugClass', 'otc', 'source'], optional: ['note'] },
  allergen: { required: ['id', 'name', 'type', 'synonyms', 'source'], optional: [] },
  surgery: { required: ['id', 'name', 'synonyms', 'source'], optional: [] },
};

/**
 * Keys (names or synonyms) that legitimately belong to two entries of the same file. Each is
 * `key: [id, id]`. Keep this list short: an ambiguous key makes lookup() pick the first entry.
 */
const SHARED_KEYS: Record<LexiconKind, Record<string, string[]>> = { disease: {}, drug: {}, allergen: {}, surgery: {} };

const CATEGORIES = [
  '循环系统', '呼吸系统', '消化系统', '内分泌代谢', '神经系统', '精神心理', '泌尿系统', '男性生殖', '女性生殖',
  '妊娠分娩', '肌肉骨骼', '风湿免疫', '血液系统', '感染性疾病', '肿瘤', '皮肤', '眼', '耳鼻咽喉', '口腔', '损伤中毒',
];

describe.each(LEXICON_KINDS)('%s data', (kind) => {
  const entries = LEXICON_DATA[kind];

  it(`has at least ${MINIMUM[kind]} entries`, () => {
    expect(entries.length).toBeGreaterThanOrEqual(MINIMUM[kind]);
  });

  it('gives every entry an id, a name and a source that names a year', () => {
    for (const e of entries) {
      expect(e.id, JSON.stringify(e)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.name.trim(), e.id).not.toBe('');
      expect(e.name, e.id).toBe(e.name.trim());
      expect(e.source, e.id).toMatch(/(19|20)\d{2}/);
    }
  });

  it('holds only the known fields', () => {
    const { required, optional } = FIELDS[kind];
    for (const e of entries) {
      const fields = Object.keys(e).filter((f) => f !== 'kind' && f !== 'rank');
      expect(fields.filter((f) => !required.includes(f) && !optional.includes(f)), e.id).toEqual([]);
      expect(required.filter((f) => !fields.includes(f)), e.id).toEqual([]);
    }
  });

  it('has unique ids', () => {
    const ids = entries.map((e) => e.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('has non-empty synonyms that differ from the entry name', () => {
    for (const e of entries) {
      for (const s of e.synonyms) {
        expect(s.trim(), e.id).not.toBe('');
        expect(normalizeText(s), e.id).not.toBe(normalizeText(e.name));
      }
      const norms = e.synonyms.map(normalizeText);
      expect(norms.filter((n, i) => norms.indexOf(n) !== i), e.id).toEqual([]);
    }
  });

  it('never uses one entry’s name or synonym for another entry (except the listed overlaps)', () => {
    const owners = new Map<string, string[]>();
    for (const e of entries) {
      for (const key of new Set([e.name, ...e.synonyms].map(normalizeText))) owners.set(key, [...(owners.get(key) ?? []), e.id]);
    }
    const shared = Object.fromEntries([...owners].filter(([, ids]) => ids.length > 1));
    expect(shared).toEqual(SHARED_KEYS[kind]);
  });
});

describe('disease data', () => {
  it('has real-looking ICD-10 codes, a department, a known category and a chronic flag', () => {
    for (const d of LEXICON_DATA.disease) {
      expect(d.icd10, d.id).toMatch(/^[A-Z]\d{2}(\.\d{1,2})?$/);
      expect(d.department, d.id).toMatch(/科$/);
      expect(CATEGORIES, d.id).toContain(d.category);
      expect(typeof d.chronic, d.id).toBe('boolean');
    }
  });

  it('codes the well-known conditions correctly', () => {
    const code = (id: string) => LEXICON_DATA.disease.find((d) => d.id === id)?.icd10;
    expect(code('hypertension')).toBe('I10');
    expect(code('type-2-diabetes')).toMatch(/^E11/);
    expect(code('copd')).toMatch(/^J44/);
    expect(code('asthma')).toMatch(/^J45/);
    expect(code('chronic-hepatitis-b')).toBe('B18.1');
    expect(code('gout')).toMatch(/^M10/);
  });
});

describe('drug data', () => {
  it('gives every drug a class and an OTC flag', () => {
    for (const d of LEXICON_DATA.drug) {
      expect(d.drugClass.trim(), d.id).not.toBe('');
      expect(typeof d.otc, d.id).toBe('boolean');
    }
  });

  it('flags the common OTC analgesics and prescription-only antibiotics', () => {
    const otc = (name: string) => LEXICON_DATA.drug.find((d) => d.name === name)?.otc;
    expect(otc('对乙酰氨基酚')).toBe(true);
    expect(otc('布洛芬')).toBe(true);
    expect(otc('氯雷他定')).toBe(true);
    expect(otc('阿莫西林')).toBe(false);
    expect(otc('头孢克肟')).toBe(false);
    expect(otc('硝苯地平')).toBe(false);
  });
});

describe('allergen data', () => {
  it('has a valid type on every entry and all three types present', () => {
    for (const a of LEXICON_DATA.allergen) expect(ALLERGEN_TYPES, a.id).toContain(a.type);
    for (const t of ALLERGEN_TYPES) expect(LEXICON_DATA.allergen.some((a) => a.type === t), t).toBe(true);
  });
});

describe('all data', () => {
  it('has ids unique across the four files, so entryById needs no kind', () => {
    const ids = LEXICON_KINDS.flatMap((k) => LEXICON_DATA[k].map((e) => e.id));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('ranks entries by their position in the file', () => {
    for (const k of LEXICON_KINDS) LEXICON_DATA[k].forEach((e, i) => expect(e.rank).toBe(i));
  });
});
