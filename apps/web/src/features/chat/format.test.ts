import { describe, expect, it } from 'vitest';
import { excerpt, highlight, timeLabel } from './format';

describe('chat formatting', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  const words = { today: '今天', yesterday: '昨天' };
  it('labels times', () => {
    expect(timeLabel(new Date(2026, 10, 22, 9, 5).getTime(), now, words)).toBe('今天 09:05');
    expect(timeLabel(new Date(2026, 10, 21, 23, 59).getTime(), now, words)).toBe('昨天 23:59');
    expect(timeLabel(new Date(2026, 2, 3).getTime(), now, words)).toBe('03-03');
    expect(timeLabel(new Date(2025, 2, 3).getTime(), now, words)).toBe('2025-03-03');
  });
  it('highlights every hit', () => {
    expect(highlight('头痛发烧，头痛', '头痛')).toEqual([
      { text: '头痛', hit: true },
      { text: '发烧，', hit: false },
      { text: '头痛', hit: true },
    ]);
    expect(highlight('abc', '')).toEqual([{ text: 'abc', hit: false }]);
  });
  it('cuts an excerpt around the hit', () => {
    const long = `${'甲'.repeat(100)}头痛${'乙'.repeat(100)}`;
    const e = excerpt(long, '头痛', 30);
    expect(e).toContain('头痛');
    expect(e.startsWith('…')).toBe(true);
    expect(excerpt('短文本', '无')).toBe('短文本');
  });
});
