import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeText } from '../normalize.ts';
import { linkTokens } from './link.ts';
import { segment } from './segment.ts';

// The segmenter and the KB load once per worker (~1–3 s on a busy machine): not inside a test's 5 s.
beforeAll(() => { segment('预热一下'); }, 60_000);

const links = (q: string): string[] => {
  const t = normalizeText(q);
  return linkTokens(t, segment(t)).map((l) => `${l.type}:${l.name}${l.match === 'typo' ? '~' : ''}`);
};

describe('segmentation with the KB dictionary', () => {
  it('keeps known terms whole and gives offsets into the normalised text', () => {
    const t = normalizeText('爸爸查出冠状动脉粥样硬化性心脏病');
    const toks = segment(t);
    for (const tok of toks) expect(t.slice(tok.start, tok.end)).toBe(tok.text);
    expect(toks.map((x) => x.text)).toContain('冠状动脉粥样硬化性心脏病');
  });
  it('drops whitespace tokens', () => {
    expect(segment('头疼 发烧').every((x) => x.text.trim() !== '')).toBe(true);
  });
});

describe('linking mentions to KB entities', () => {
  it('links names and lay synonyms of every type', () => {
    expect(links('老爸血压高 一直吃氨氯地平')).toEqual(expect.arrayContaining(['drug:氨氯地平']));
    expect(links('想约个肠镜')).toEqual(['test:肠镜']);
    expect(links('下周要做甲功和肝功')).toEqual(['test:甲状腺功能', 'test:肝功能']);
    expect(links('肚子一直拉稀')).toContain('body_part:腹部');
    expect(links('去年割阑尾留了疤')).toEqual(['operation:阑尾切除术']);
    expect(links('去皮肤科还是去内科')).toContain('department:皮肤科');
  });
  it('prefers the longest match (a specific disease, not the organ inside it)', () => {
    expect(links('确诊了慢性萎缩性胃炎')).toEqual(['disease:慢性萎缩性胃炎']);
    expect(links('确诊了慢性萎缩性胃炎')).not.toContain('body_part:胃');
  });
  it('links traditional characters through normalisation', () => {
    expect(links('醫生說我有糖尿病')).toContain('disease:2型糖尿病');
  });
  it('tolerates one wrong character in a longer name, and only then', () => {
    expect(links('吃了两粒布落芬')).toEqual(['drug:布洛芬~']);
    expect(links('奥美拉挫吃了一周')).toEqual(['drug:奥美拉唑~']);
    expect(links('我担心得不得了')).toEqual([]);
  });
  it('links nothing in a sentence without medical terms', () => {
    expect(links('今天天气不错 出去走走')).toEqual([]);
  });
});
