import { describe, it, expect } from 'vitest';
import { T2S_SIMPLIFIED, T2S_SIZE, T2S_TRADITIONAL, toSimplified } from './t2s.ts';
import { LEXICON_DATA, LEXICON_KINDS } from './lexicon-data.ts';

const traditional = Array.from(T2S_TRADITIONAL);
const simplified = Array.from(T2S_SIMPLIFIED);

describe('traditional → simplified table', () => {
  it('has index-aligned strings of equal length', () => {
    expect(traditional.length).toBe(simplified.length);
    expect(T2S_SIZE).toBe(traditional.length);
  });

  it('maps each traditional character once and never to itself', () => {
    const dupes = traditional.filter((c, i) => traditional.indexOf(c) !== i);
    expect(dupes).toEqual([]);
    expect(traditional.filter((c, i) => c === simplified[i])).toEqual([]);
  });

  it('is idempotent: no simplified character is itself mapped', () => {
    const mapped = new Set(traditional);
    expect(simplified.filter((c) => mapped.has(c))).toEqual([]);
  });

  it('covers several hundred characters', () => {
    expect(T2S_SIZE).toBeGreaterThanOrEqual(300);
  });

  it('converts common medical characters', () => {
    expect(toSimplified('壓醫藥臟腸膽腎腫瘍癢瀉')).toBe('压医药脏肠胆肾肿疡痒泻');
    expect(toSimplified('糖尿病')).toBe('糖尿病');
    expect(toSimplified('關節炎')).toBe('关节炎');
    expect(toSimplified('頸椎病')).toBe('颈椎病');
    expect(toSimplified('過敏性鼻炎')).toBe('过敏性鼻炎');
    expect(toSimplified('嘔吐腹瀉')).toBe('呕吐腹泻');
    // 噁 stays: simplified Chinese keeps it in chemical names such as 复方磺胺甲噁唑.
    expect(toSimplified('甲噁唑')).toBe('甲噁唑');
  });

  it('keeps characters it does not know', () => {
    expect(toSimplified('炎abc123')).toBe('炎abc123');
  });

  it('finds no traditional character in the lexicon data (the data is simplified)', () => {
    const mapped = new Set(traditional);
    const offenders = LEXICON_KINDS.flatMap((kind) =>
      LEXICON_DATA[kind].flatMap((e) => [e.name, ...e.synonyms].filter((s) => Array.from(s).some((c) => mapped.has(c))).map((s) => `${e.id}: ${s}`)),
    );
    expect(offenders).toEqual([]);
  });
});
