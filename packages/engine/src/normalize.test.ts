import { describe, it, expect } from 'vitest';
import { normalizeText } from './normalize.ts';

describe('normalizeText', () => {
  it('turns full-width letters and digits into lower-case half-width', () => {
    expect(normalizeText('ＡＢＣ１２３')).toBe('abc123');
    expect(normalizeText('Ｔ２ＤＭ')).toBe('t2dm');
  });

  it('lower-cases Latin letters and keeps Chinese', () => {
    expect(normalizeText('COPD')).toBe('copd');
    expect(normalizeText('IgA肾病')).toBe('iga肾病');
  });

  it('trims and collapses whitespace, including the ideographic space', () => {
    expect(normalizeText('  高血压 \t 病  ')).toBe('高血压 病');
    expect(normalizeText('\u3000糖尿病\u3000')).toBe('糖尿病');
  });

  it('folds Cantonese function characters one for one (spans stay aligned)', () => {
    expect(normalizeText('佢冇发烧')).toBe('他没发烧');
    expect(normalizeText('出咗好多汗')).toBe('出了好多汗');
    expect(normalizeText('喺屋企瞓唔着')).toBe('在屋企睡唔着');
    expect(normalizeText('晒咗成日').length).toBe(4);
  });

  it('turns traditional characters into simplified', () => {
    expect(normalizeText('高血壓')).toBe('高血压');
    expect(normalizeText('醫藥')).toBe('医药');
    expect(normalizeText('腎臟')).toBe('肾脏');
    expect(normalizeText('膽囊結石')).toBe('胆囊结石');
    expect(normalizeText('慢性阻塞性肺疾病')).toBe('慢性阻塞性肺疾病');
  });

  it('maps Roman numerals and full-width punctuation through NFKC', () => {
    expect(normalizeText('Ⅱ型糖尿病')).toBe('ii型糖尿病');
    expect(normalizeText('（过敏）')).toBe('(过敏)');
  });

  it('returns an empty string for blank input', () => {
    expect(normalizeText('')).toBe('');
    expect(normalizeText('   ')).toBe('');
  });
});
