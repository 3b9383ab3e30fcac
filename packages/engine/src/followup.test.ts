import { describe, expect, it } from 'vitest';
import { continuedQuestion, HOSPITAL_CITY_ASK } from './followup.ts';
import type { HistoryTurn } from './interview.ts';

const turns = (user: string, assistant: string): HistoryTurn[] => [{ role: 'user', text: user }, { role: 'assistant', text: assistant }];

describe('a reply that continues the previous turn (followup.ts)', () => {
  describe('the city the hospital finder asked for', () => {
    it('我在北京 after the city question continues the search with the city (skill zyy)', () => {
      const c = continuedQuestion(turns('附近有什么好的三甲医院', HOSPITAL_CITY_ASK), '我在北京');
      expect(c).toMatchObject({ skill: 'zyy' });
      expect(c?.question).toContain('附近有什么好的三甲医院');
      expect(c?.question).toContain('北京');
    });
    it('not without the city question, nor without a city', () => {
      expect(continuedQuestion(turns('头痛怎么办', '多休息'), '我在北京')).toBeNull();
      expect(continuedQuestion(turns('附近有什么医院', HOSPITAL_CITY_ASK), '我也不知道')).toBeNull();
    });
  });

  describe('a chip worded as the doctor\'s question', () => {
    it('有没有皮疹？ after a child\'s fever adds the rash to that story', () => {
      const c = continuedQuestion(turns('孩子3岁发烧38.5度怎么办', '可能是……'), '有没有皮疹？');
      expect(c?.question).toBe('孩子3岁发烧38.5度怎么办，还有皮疹');
    });
    it('a symptom\'s own ask sentence (嗓子疼不疼？) works the same way', () => {
      expect(continuedQuestion(turns('发烧两天了', '……'), '嗓子疼不疼？')?.question).toContain('还有咽痛');
    });
    it('not after a message without a complaint, nor for a new question of its own', () => {
      expect(continuedQuestion(turns('你好', '你好，我是晓医'), '有没有皮疹？')).toBeNull();
      expect(continuedQuestion(turns('发烧两天了', '……'), '高血压平时要注意什么')).toBeNull();
    });
  });

  describe('a medication follow-up', () => {
    it('一次吃多少？ after a question about 布洛芬 keeps the drug', () => {
      expect(continuedQuestion(turns('布洛芬能和感冒药一起吃吗', '……'), '一次吃多少？')?.question).toBe('布洛芬一次吃多少？');
    });
    it('not when the follow-up names its own drug or a complaint', () => {
      expect(continuedQuestion(turns('布洛芬能吃吗', '……'), '对乙酰氨基酚一次吃多少？')).toBeNull();
      expect(continuedQuestion(turns('布洛芬能吃吗', '……'), '肚子疼怎么办')).toBeNull();
    });
  });

  it('the first message of a session continues nothing', () => {
    expect(continuedQuestion([], '我在北京')).toBeNull();
  });
});
