import { describe, expect, it } from 'vitest';
import { extract } from '../extract.ts';
import { charNgrams, entityTypesOf, featuresOf, modelText } from './features.ts';

describe('model features', () => {
  it('folds digits and normalises the text (simplified, half-width, lower case)', () => {
    expect(modelText('血糖７.２ mmol，頭痛')).toBe(modelText('血糖5.8 mmol,头痛'));
    expect(modelText('CT')).toBe('ct');
  });

  it('makes 1–3 character n-grams with the ends marked', () => {
    const g = charNgrams('头痛', 1, 3);
    expect(g).toEqual(expect.arrayContaining(['头', '痛', '^头', '头痛', '痛$', '^头痛', '头痛$']));
    expect(g).not.toContain('^');
    expect(charNgrams('ab', 2, 2, 'A:')).toEqual(['A:^a', 'A:ab', 'A:b$']);
  });

  it('adds the entity types, lexicon departments, body sites and who from the extraction', () => {
    const f = featuresOf('我儿子5岁 发烧咳嗽 是不是肺炎');
    expect(f).toEqual(expect.arrayContaining(['E:symptom', 'E:disease', 'W:child', 'C:child', 'N:num', 'bias']));
    expect(f.some((x) => x.startsWith('D:'))).toBe(true);
    expect(f.some((x) => x.startsWith('B:'))).toBe(true);
  });

  it('takes the asking clauses apart (A: n-grams), or marks that none asks', () => {
    expect(featuresOf('头疼三天了 吃什么药好').some((x) => x.startsWith('A:') && x.includes('药'))).toBe(true);
    expect(featuresOf('头疼三天了')).toContain('A:none');
  });

  it('lets the caller replace the entity types, and marks a child from the profile age', () => {
    const f = featuresOf('阿莫西林能和布洛芬一起吃吗', { entityTypes: ['drug', 'food'] });
    expect(f).toContain('E:food');
    expect(f).not.toContain('E:disease');
    expect(featuresOf('咳嗽有痰', { age: 6 })).toContain('C:child');
    expect(featuresOf('咳嗽有痰')).not.toContain('C:child');
  });

  it('finds a test entity in a report question', () => {
    expect(entityTypesOf(extract('体检 甘油三酯2.3 偏高要紧吗'))).toContain('test');
  });

  it('is a bag: every feature once', () => {
    const f = featuresOf('哈哈哈哈哈哈');
    expect(new Set(f).size).toBe(f.length);
  });
});
