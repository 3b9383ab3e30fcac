import { describe, it, expect } from 'vitest';
import { m, kid, tri, rules } from './triage-test-kit.ts';
import { parseNumber } from './numbers.ts';

/**
 * Holdout22 round: a fast pulse said as 一百五六 with fever and tremor (thyroid storm, diet pills),
 * new-onset diabetic ketoacidosis in a child (drinking and passing water, weight loss, then vomiting,
 * deep breathing, drowsiness), weakness climbing from the legs to the hands with breathlessness
 * (GBS), shivering that stopped (不抖了) in the cold and wet, rebound tenderness with fever from 38 ℃,
 * a Cantonese child (两岁仔) who took a grandparent's pill, a pot of soup over a toddler, coughed blood
 * measured in the next clause, and two look-alikes: 能喘气能说话 with a fish bone, a snorer's pauses.
 * Every phrasing is new.
 */

describe('holdout22: numbers said as approximate ranges', () => {
  it.each([
    ['一百五六', 160],
    ['一百二三', 130],
    ['一百六', 160],
    ['一百零五', 105],
  ] as const)('%s → %d', (raw, value) => {
    expect(parseNumber(raw)).toBe(value);
  });
});

describe('holdout22: new emergencies', () => {
  it.each([
    ['吃了网上买的减肥胶囊 心跳一百四五 发烧39度 手一直抖 人很烦躁', m(26, 'F')],
    ['甲亢药自己停了 这两天发高烧39.5 心率150 拉肚子 大汗', m(35, 'F')],
    ['儿子8岁 最近老喊渴 一晚上起来尿三四次 人瘦了一圈 今天吐了好几回 呼吸又深又快', kid(8)],
    ['前阵子感冒 这两天腿先发软 今天手也软了 拿不住碗 说喘气费劲', m(40)],
    ['老人在雪地里摔了没人发现 找到时一直发抖 后来不抖了 叫他也不太应', m(75)],
    ['右下腹疼了一天 按下去松手的时候更疼 体温38.1', m(22)],
    ['三岁细路仔偷吃了外婆一粒降压药 硝苯地平 现在还好', kid(3)],
    ['孩子把刚熬好的粥打翻了 倒在胳膊和胸口上 起了好多大泡', kid(2)],
    ['我爸支气管扩张 咳了好多血 差不多有半碗', m(66)],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('holdout22: look-alikes', () => {
  it.each([
    ['喉咙卡了根鱼刺 咽口水疼 能喘气能说话', m(30)],
    ['睡觉打呼噜 老婆说我半夜会憋气 白天犯困', m(45)],
    ['发烧38度 心跳100 有点怕冷', m(30)],
    ['最近老渴 喝水多 尿也多 想查查是不是糖尿病', m(50)],
    ['我仔细看了看 孩子嘴里没东西', m(30, 'F')],
    ['刚煮好的粥倒碗里了 有点烫嘴', m(30, 'F')],
    ['右下腹有点疼 按着疼 不发烧', m(25)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
  it('a choking toddler whose breathing gurgles (呼噜呼噜) is still an emergency', () => {
    expect(tri('宝宝吃葡萄呛着了 现在嗓子呼噜呼噜的 喘气费劲', kid(2)).level).toBe('emergency');
  });
  it('the rule that fires for a snorer is none of the breathlessness rules', () => {
    expect(rules('睡觉打呼噜 老婆说我半夜会憋气 白天犯困', m(45)).some((id) => id.includes('dyspnea'))).toBe(false);
  });
});
