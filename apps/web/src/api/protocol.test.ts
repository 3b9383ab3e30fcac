import { describe, expect, it } from 'vitest';
import { blocksOf } from './protocol';

describe('agreement text', () => {
  it('splits paragraphs on blank lines and turns "## " lines into headings', () => {
    expect(blocksOf('## 一、总则\n本协议…\n\n第二段\n续行\n\n## 二、隐私\n\n')).toEqual([
      { kind: 'h', text: '一、总则' },
      { kind: 'p', text: '本协议…' },
      { kind: 'p', text: '第二段\n续行' },
      { kind: 'h', text: '二、隐私' },
    ]);
  });
});
