import { describe, expect, it } from 'vitest';
import { linkOf, parseLink, segments } from './annotate';

describe('annotations as links', () => {
  const text = '可能是偏头痛，可以服用布洛芬，建议神经内科就诊。';
  const anns = [
    { start: 3, end: 6, type: 'disease', id: 'migraine' },
    { start: 11, end: 14, type: 'drug', id: 'ibuprofen' },
    { start: 17, end: 21, type: 'dept', id: '神经内科' },
  ];

  it('renders text|type|id links inside the text', () => {
    const s = segments(text, anns);
    expect(s.map((x) => x.text).join('')).toBe(text);
    expect(s.filter((x) => x.link).map((x) => x.link)).toEqual(['偏头痛|disease|migraine', '布洛芬|drug|ibuprofen', '神经内科|dept|神经内科']);
  });

  it('only links what the typewriter has shown', () => {
    const s = segments(text, anns, 13);
    expect(s.map((x) => x.text).join('')).toBe(text.slice(0, 13));
    expect(s.filter((x) => x.link)).toHaveLength(1);
  });

  it('skips overlapping annotations', () => {
    const s = segments(text, [anns[0]!, { start: 4, end: 8, type: 'disease', id: 'x' }]);
    expect(s.filter((x) => x.link)).toHaveLength(1);
    expect(s.map((x) => x.text).join('')).toBe(text);
  });

  it('parses a link back', () => {
    expect(parseLink(linkOf('布洛芬', 'drug', 'a|b'))).toEqual({ text: '布洛芬', type: 'drug', id: 'a|b' });
    expect(parseLink('plain')).toBeNull();
  });
});
