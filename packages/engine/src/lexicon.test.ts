import { describe, it, expect } from 'vitest';
import { entriesOf, entryById, lookup, suggest, templates } from './lexicon.ts';

const first = (query: string, kind: Parameters<typeof suggest>[1]) => suggest(query, kind)[0];

describe('suggest', () => {
  it('puts 高血压 first for the prefix 高血', () => {
    expect(first('高血', 'disease')).toMatchObject({ id: 'hypertension', name: '高血压', kind: 'disease', matched: '高血压' });
  });

  it('finds 高血压 through the colloquial synonym 血压高', () => {
    expect(first('血压高', 'disease')).toMatchObject({ name: '高血压', matched: '血压高' });
  });

  it('finds 对乙酰氨基酚 through 扑热息痛 and brand names', () => {
    expect(first('扑热息痛', 'drug')).toMatchObject({ name: '对乙酰氨基酚', matched: '扑热息痛' });
    expect(first('泰诺林', 'drug')?.name).toBe('对乙酰氨基酚');
    expect(first('芬必得', 'drug')?.name).toBe('布洛芬');
    expect(first('美林', 'drug')?.name).toBe('布洛芬');
  });

  it('finds 2型糖尿病 through T2DM in any case and width', () => {
    for (const q of ['T2DM', 't2dm', 'Ｔ２ＤＭ', ' t2dm ']) expect(first(q, 'disease')?.name).toBe('2型糖尿病');
  });

  it('puts the entry whose synonym is the whole query above longer names starting with it', () => {
    expect(first('糖尿病', 'disease')).toMatchObject({ name: '2型糖尿病', matched: '糖尿病' });
    expect(first('乙肝', 'disease')?.name).toBe('慢性乙型肝炎');
    const names = suggest('糖尿病', 'disease').map((s) => s.name);
    expect(names).toContain('糖尿病足');
    expect(names).toContain('妊娠期糖尿病');
  });

  it('completes 青霉 to 青霉素类 among allergens', () => {
    expect(first('青霉', 'allergen')).toMatchObject({ id: 'penicillin-allergy', name: '青霉素类' });
  });

  it('accepts traditional characters', () => {
    expect(first('高血壓', 'disease')?.name).toBe('高血压');
    expect(first('血壓高', 'disease')).toMatchObject({ name: '高血压', matched: '血压高' });
    expect(first('高血壓性心臟病', 'disease')?.name).toBe('高血压性心脏病');
    expect(first('膽囊結石', 'disease')?.name).toBe('胆囊结石');
    expect(first('攝護腺肥大', 'disease')?.name).toBe('前列腺增生');
  });

  it('returns nothing for an empty or blank query', () => {
    expect(suggest('', 'disease')).toEqual([]);
    expect(suggest('   ', ['disease', 'drug'])).toEqual([]);
  });

  it('ranks exact name, exact synonym, prefixes, then substrings', () => {
    const names = suggest('肺炎', 'disease', 20).map((s) => s.name);
    expect(names[0]).toBe('肺炎');
    // 支原体肺炎 only contains 肺炎, so it comes after the exact match.
    expect(names.indexOf('支原体肺炎')).toBeGreaterThan(0);
  });

  it('orders ties by popularity (data order)', () => {
    const names = suggest('头孢', 'drug', 30).map((s) => s.name);
    const ranks = names.map((n) => lookup(n, 'drug')?.rank ?? -1);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('matches substrings of names and synonyms', () => {
    expect(suggest('心梗', 'disease').map((s) => s.name)).toEqual(expect.arrayContaining(['急性心肌梗死', '陈旧性心肌梗死']));
    expect(suggest('地平', 'drug').map((s) => s.name)).toEqual(expect.arrayContaining(['硝苯地平', '氨氯地平']));
  });

  it('searches several kinds at once and tells which kind each result is', () => {
    const results = suggest('阿司匹林', ['drug', 'allergen']);
    expect(results.slice(0, 2).map((s) => s.kind)).toEqual(['drug', 'allergen']);
  });

  it('respects the limit and never returns one entry twice', () => {
    const results = suggest('炎', 'disease', 5);
    expect(results).toHaveLength(5);
    const all = suggest('炎', 'disease', 500);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(suggest('炎', 'disease', 0)).toEqual([]);
  });

  it('finds drugs by brand name and surgeries by colloquial name', () => {
    expect(first('络活喜', 'drug')?.name).toBe('氨氯地平');
    expect(first('心脏支架', 'surgery')?.name).toBe('冠状动脉支架植入术');
    expect(first('剖腹产', 'surgery')?.name).toBe('剖宫产术');
    expect(first('割阑尾', 'surgery')?.name).toBe('阑尾切除术');
  });

  it('finds allergens of each type', () => {
    expect(first('螨虫', 'allergen')).toMatchObject({ name: '尘螨' });
    expect(first('螃蟹', 'allergen')).toMatchObject({ name: '蟹' });
    expect(first('造影剂', 'allergen')).toMatchObject({ name: '碘造影剂' });
  });

  it('returns nothing when no key contains the query', () => {
    expect(suggest('zzzz', ['disease', 'drug', 'allergen', 'surgery'])).toEqual([]);
  });
});

describe('lookup', () => {
  it('finds an entry by exact name or synonym, normalised', () => {
    expect(lookup('高血压', 'disease')?.id).toBe('hypertension');
    expect(lookup('血压高', 'disease')?.id).toBe('hypertension');
    expect(lookup(' 高血壓 ', 'disease')?.id).toBe('hypertension');
    expect(lookup('ｔ２ｄｍ')?.id).toBe('type-2-diabetes');
    expect(lookup('扑热息痛', 'drug')?.name).toBe('对乙酰氨基酚');
  });

  it('does not match prefixes', () => {
    expect(lookup('高血', 'disease')).toBeUndefined();
    expect(lookup('')).toBeUndefined();
  });

  it('prefers the given kind and, without one, the kind order', () => {
    expect(lookup('阿司匹林', 'allergen')?.kind).toBe('allergen');
    expect(lookup('阿司匹林')?.kind).toBe('drug');
  });

  it('returns the kind-specific fields', () => {
    const d = lookup('高血压', 'disease');
    expect(d).toMatchObject({ icd10: 'I10', department: '心血管内科', category: '循环系统', chronic: true });
    expect(lookup('布洛芬', 'drug')).toMatchObject({ otc: true });
    expect(lookup('花生', 'allergen')).toMatchObject({ type: 'food' });
  });
});

describe('templates', () => {
  it('gives the most common entries of a kind, 12 by default', () => {
    const diseases = templates('disease');
    expect(diseases).toHaveLength(12);
    expect(diseases[0]?.name).toBe('高血压');
    expect(diseases[1]?.name).toBe('2型糖尿病');
    expect(templates('allergen', 3).map((a) => a.name)).toEqual(['青霉素类', '头孢菌素类', '磺胺类']);
    expect(templates('surgery', 0)).toEqual([]);
  });

  it('follows data order', () => {
    expect(templates('drug', 5)).toEqual(entriesOf('drug').slice(0, 5));
  });
});

describe('entryById', () => {
  it('finds any kind by id', () => {
    expect(entryById('hypertension')?.name).toBe('高血压');
    expect(entryById('acetaminophen')?.name).toBe('对乙酰氨基酚');
    expect(entryById('penicillin-allergy')?.kind).toBe('allergen');
    expect(entryById('appendectomy')?.kind).toBe('surgery');
    expect(entryById('no-such-id')).toBeUndefined();
  });

  it('returns frozen entries that callers cannot change', () => {
    const e = entryById('hypertension');
    expect(Object.isFrozen(e)).toBe(true);
    expect(Object.isFrozen(e?.synonyms)).toBe(true);
  });
});
