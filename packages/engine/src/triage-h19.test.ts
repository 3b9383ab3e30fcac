import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';

/**
 * Holdout19 round: a groin, navel or scrotal hernia that no longer goes back and is hard, painful or
 * with vomiting, distension or no flatus (incarcerated / strangulated, emergency), and light spotting
 * in early pregnancy without severe pain, fainting or heavy bleeding (threatened miscarriage, urgent)
 * — where a denied intensity word (没剧痛, 不剧烈) must not make the pain severe. Every phrasing here
 * is new (none is in an eval set).
 */


describe('holdout19: a hernia that no longer goes back', () => {
  it.each([
    ['左边大腿根这个鼓包躺下也不消了 摸着发硬 很疼'],
    ['小肠气掉下来按不回去了 吐了两次'],
    ['肚脐那个包按不回去 肚子胀 没放屁'],
    ['阴囊那个包推不回去 发红 很疼'],
    ['大腿根那个包今天塞不回去了 硬邦邦的 恶心想吐'],
  ] as const)('%s → emergency (strangulated hernia)', (text) => {
    const r = tri(text, m(62));
    expect(r.level).toBe('emergency');
    expect(rules(text, m(62))).toContain('hernia-strangulated');
  });

  it.each([
    ['大腿根那个包站着出来 躺下就没了 不疼'],
    ['小肠气好几年了 躺下就回去'],
    ['右边大腿根那个包咳嗽的时候鼓出来 一按就回去了'],
  ] as const)('%s → routine (a reducible hernia)', (text) => {
    const r = tri(text, m(55));
    expect(r.level).toBe('routine');
    expect(rules(text, m(55))).not.toContain('hernia-strangulated');
  });
});

describe('holdout19: spotting in early pregnancy', () => {
  it.each([
    ['怀孕6周 护垫上有一点褐色的血迹 不疼'],
    ['怀孕8周 内裤上沾了点淡红的血 小肚子有点坠 不剧烈'],
    ['孕7周 今天卫生纸上擦出一点血 肚子微微有点坠 没有剧痛'],
  ] as const)('%s → urgent, not emergency', (text) => {
    const r = tri(text);
    expect(r.level).toBe('urgent');
    expect(rules(text)).toContain('early-pregnancy-bleeding');
  });

  it.each([
    ['怀孕8周 内裤上好多血 还有血块 头晕'],
    ['怀孕7周 内裤上有点血 左边肚子疼得厉害'],
    ['怀孕6周 见红了 刚才晕倒了一次'],
  ] as const)('%s → emergency (heavy bleeding, severe pain or fainting)', (text) => {
    expect(tri(text).level).toBe('emergency');
  });

  it('a denied intensity word does not make the pain severe', () => {
    const pain = extract('肚子有点坠 没剧痛').symptoms.filter((s) => !s.negated);
    expect(pain.some((s) => s.severe)).toBe(false);
    expect(extract('肚子剧痛').symptoms.some((s) => s.severe)).toBe(true);
  });

  it('blood on the underwear outside pregnancy is not an emergency', () => {
    expect(tri('内裤上有点血 月经刚完', m(28, 'F')).level).not.toBe('emergency');
  });
});
