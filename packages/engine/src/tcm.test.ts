import { describe, it, expect } from 'vitest';
import { differentiateTcm, isNegatedAt, mentionedUnnegated, TCM_SYNDROMES, TCM_PATENT_NOTE, tcmSyndromeById } from './tcm.ts';

const top = (text: string): string | undefined => differentiateTcm(text)[0]?.syndrome.id;
const ids = (text: string): string[] => differentiateTcm(text).map((m) => m.syndrome.id);

describe('tcm-syndromes.json', () => {
  it('has at least 20 well-formed syndromes with sources', () => {
    expect(TCM_SYNDROMES.length).toBeGreaterThanOrEqual(20);
    const seen = new Set<string>();
    for (const s of TCM_SYNDROMES) {
      expect(seen.has(s.id)).toBe(false);
      seen.add(s.id);
      expect(s.id).toMatch(/^[a-z0-9-]+$/u);
      expect(s.name).toMatch(/证|质/u);
      expect(s.signs.length).toBeGreaterThanOrEqual(5);
      for (const g of s.signs) {
        expect(g.weight).toBeGreaterThan(0);
        expect(g.weight).toBeLessThanOrEqual(1);
        expect(g.words.length).toBeGreaterThan(0);
      }
      const max = s.signs.reduce((a, g) => a + g.weight, 0);
      // Reachable, and never by one sign alone.
      expect(s.minScore).toBeLessThan(max);
      expect(Math.max(...s.signs.map((g) => g.weight))).toBeLessThan(s.minScore);
      expect(s.explanation.length).toBeGreaterThan(10);
      expect(s.lifestyle.length).toBeGreaterThan(0);
      expect(s.diet.recommend.length).toBeGreaterThan(0);
      expect(s.diet.avoid.length).toBeGreaterThan(0);
      expect(s.seeDoctor.length).toBeGreaterThan(10);
      expect(s.source).toMatch(/《.+》.*\d{4}/u);
      expect(s.patentNote).toBe(TCM_PATENT_NOTE);
    }
    expect(TCM_PATENT_NOTE).toContain('需在中医师辨证后使用');
  });
});

describe('differentiateTcm', () => {
  it('怕冷手脚冰凉腰膝酸软夜尿多 → 肾阳虚证 first', () => {
    const r = differentiateTcm('最近特别怕冷，手脚冰凉，腰膝酸软，夜尿多');
    expect(r[0]?.syndrome.name).toBe('肾阳虚证');
    expect(r[0]?.matched).toEqual(expect.arrayContaining(['怕冷', '手脚冰凉', '腰膝酸软', '夜尿多']));
    expect(r.length).toBeLessThanOrEqual(3);
    expect(top('怕冷手脚冰凉腰膝酸软夜尿多')).toBe('kidney-yang-deficiency');
  });

  it('不怕冷 does not count as 怕冷', () => {
    const r = differentiateTcm('我不怕冷，手脚冰凉，腰膝酸软');
    for (const m of r) expect(m.matched).not.toContain('怕冷');
    const yang = differentiateTcm('我也不怕冷，就是手脚冰凉').find((m) => m.syndrome.id === 'yang-deficiency-constitution');
    expect(yang).toBeUndefined();
  });

  it('a negation covers a list of signs', () => {
    expect(differentiateTcm('没有怕冷、手脚冰凉')).toEqual([]);
    expect(differentiateTcm('怕冷，手脚冰凉')[0]?.syndrome.id).toBe('yang-deficiency-constitution');
  });

  it('tongue and pulse words count', () => {
    expect(top('脸上油，长痘，口苦，舌苔黄腻')).toBe('damp-heat');
    expect(ids('大便不成形，没胃口，舌淡有齿痕，吃完饭胀')).toContain('spleen-stomach-weakness');
  });

  it.each([
    ['着凉了，怕冷，流清鼻涕，不出汗，头疼', 'wind-cold-cold'],
    ['感冒发烧，嗓子疼，流黄鼻涕，咳黄痰', 'wind-heat-cold'],
    ['一生气就胃疼，打嗝反酸，两胁胀', 'liver-stomach-disharmony'],
    ['心情不好，总叹气，两胁胀痛，经前乳房胀痛', 'liver-qi-stagnation'],
    ['头晕头胀，脸红，脾气急容易发火，耳鸣，血压高', 'liver-yang-rising'],
    ['手心脚心发热，晚上盗汗，腰酸，耳鸣，舌红少苔', 'kidney-yin-deficiency'],
    ['干咳，嗓子干，声音嘶哑，舌红少苔', 'lung-yin-deficiency'],
    ['心慌，失眠多梦，记性差，没力气，没胃口', 'heart-spleen-deficiency'],
    ['胃凉，喝热水舒服，吃凉的就胃疼，吐清水', 'spleen-stomach-cold'],
    ['昨天吃撑了，打嗝酸臭，肚子胀，不想吃饭', 'food-retention'],
    ['胸口针扎样痛，总在一个地方疼，嘴唇发紫，舌下青筋', 'blood-stasis'],
    ['容易累，一动就出汗，经常感冒，说话没力气', 'qi-deficiency'],
  ])('%s → %s', (text, id) => {
    expect(top(text)).toBe(id);
  });

  it('normalises traditional characters', () => {
    expect(top('怕冷，手腳冰涼，腰膝酸軟，夜尿多')).toBe('kidney-yang-deficiency');
  });

  it('needs more than one sign and ignores unrelated text', () => {
    expect(differentiateTcm('怕冷')).toEqual([]);
    expect(differentiateTcm('今天天气不错')).toEqual([]);
    expect(differentiateTcm('')).toEqual([]);
  });

  it('returns at most topN, best first', () => {
    const r = differentiateTcm('怕冷，手脚冰凉，腰膝酸软，夜尿多，盗汗，手心热，耳鸣，乏力，气短');
    expect(r.length).toBe(3);
    for (let i = 1; i < r.length; i++) expect((r[i - 1]?.score ?? 0) >= (r[i]?.score ?? 0)).toBe(true);
    expect(differentiateTcm('怕冷，手脚冰凉，腰膝酸软，夜尿多', 1)).toHaveLength(1);
  });

  it('looks syndromes up by id', () => {
    expect(tcmSyndromeById('kidney-yin-deficiency')?.commonPatents).toContain('六味地黄丸');
    expect(tcmSyndromeById('nope')).toBeUndefined();
  });
});

describe('negation helpers', () => {
  it('detects simple negation and A-不-A questions', () => {
    expect(mentionedUnnegated('不怕冷', '怕冷')).toBe(false);
    expect(mentionedUnnegated('没有什么怕冷', '怕冷')).toBe(false);
    expect(mentionedUnnegated('不怕冷，但是怕冷的时候', '怕冷')).toBe(true);
    expect(isNegatedAt('怕不怕冷', 2)).toBe(false);
    expect(isNegatedAt('我怕冷', 1)).toBe(false);
    expect(mentionedUnnegated('没胃口', '没胃口')).toBe(true);
  });
});
