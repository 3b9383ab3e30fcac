import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';

/**
 * Session 13 mechanisms that are not one phrasing: a complaint asked about as a possibility
 * (会不会中毒) is not one the person has; a child and an adult's medicine in one sentence with an
 * ingestion is an accidental poisoning whatever the amount; hours without urine with a distended,
 * aching lower belly is acute retention; the time since a treatment (化疗结束半年) is not how long a
 * complaint has lasted.
 */

describe('a complaint asked about as a possibility is not present', () => {
  it.each([
    ['卫生棉条放久了会不会中毒', 'poisoning'],
    ['打完疫苗会不会发烧', 'fever'],
    ['孩子烧到39度 担心会抽筋', 'convulsion'],
    ['吃了一片过期的维生素C 会不会中毒', 'poisoning'],
  ])('%s: %s is not current', (q, id) => {
    const s = extract(q).symptoms.filter((x) => x.id === id);
    expect(s.length).toBeGreaterThan(0);
    expect(s.every((x) => x.negated)).toBe(true);
  });
  it('the complaint said as a fact stays (吃了就中毒了)', () => {
    expect(extract('他喝了农药中毒了').symptoms.some((x) => x.id === 'poisoning' && !x.negated)).toBe(true);
  });
  it('a bare possibility question about a tampon is not an emergency', () => {
    expect(tri('卫生棉条放久了会不会中毒', m(25, 'F')).level).not.toBe('emergency');
  });
});

describe('a child who took an adult\'s medicine', () => {
  it.each([
    ['孩子吃了奶奶的降压药 会不会中毒', kid(3)],
    ['两岁娃把大人的安眠药翻出来嚼了两片 现在挺精神', kid(2)],
    ['三岁孩子把奶奶的硝苯地平吃了 现在挺好', kid(3)],
    ['刚才发现闺女在玩她姥爷平时吃的格列齐特 药板上空了一格 也不知道是不是吃了', kid(4)],
    ['宝宝吃了我的二甲双胍 一片', kid(2)],
  ])('%s → emergency', (q, who) => {
    expect(tri(q, who).level).toBe('emergency');
  });
  it.each([
    ['宝宝三岁 咳嗽 能不能吃奶奶的止咳药', kid(3)],
    ['给孩子吃了半片大人的退烧药 会不会有事', kid(5)],
  ])('%s is a dose question, not an ingestion', (q, who) => {
    expect(tri(q, who).level).not.toBe('emergency');
  });
});

describe('hours without urine and a distended belly', () => {
  it('我爸前列腺增生 一上午没尿 小肚子胀得难受 → acute retention, emergency', () => {
    expect(rules('我爸前列腺增生 一上午没尿 小肚子胀得难受', m(70, 'M'))).toContain('no-urine-bladder-distension');
  });
  it('no urine without a distended belly is not this rule', () => {
    expect(rules('今天一上午没尿 口渴', m(30, 'M'))).not.toContain('no-urine-bladder-distension');
  });
});

describe('the time since a treatment is not the complaint\'s duration', () => {
  it.each(['化疗结束半年了 这两天发烧', '做完手术三个月了 这两天发烧', '术后两年 这两天发烧'])('%s lasts two days', (q) => {
    expect(extract(q).durationDays).toBe(2);
  });
  it('发烧三天了 still lasts three days', () => {
    expect(extract('发烧三天了').durationDays).toBe(3);
  });
});
