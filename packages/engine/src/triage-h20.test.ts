import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';

/**
 * Holdout20 round: burns from a fire or an explosion described as 烧了/燎了 on several body parts,
 * blood coughed up in a measured quantity (小半碗, 一口杯, 一大滩), and an older person's fall who
 * cannot get up with the foot turned out or the hip hurting (suspected hip fracture: call 120, do
 * not lift). Every phrasing here is new (none is in an eval set).
 */

describe('holdout20: burns from a fire', () => {
  it.each([
    ['厨房液化气爆了 我妈脸和两只胳膊都烧了 头发也燎了', m(58, 'F')],
    ['烧秸秆的时候火窜起来 我爸两条腿都烧了 裤子粘在肉上', m(62)],
    ['汽油着火 老公后背和屁股烧了一大片 有的地方黑了', m(40)],
    ['炉子爆燃 胳膊前胸肚子都烧了 起了好多大泡', m(35)],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });

  it.each([
    ['发烧了 身上都烧得难受', m(30)],
    ['吃了火锅 胃里烧得慌', m(30)],
  ] as const)('%s → not a burn', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
    expect(rules(text, member).some((id) => id.startsWith('burn'))).toBe(false);
  });
});

describe('holdout20: a measured quantity of coughed-up blood', () => {
  it.each([
    ['老爷子肺结核 今天咳了满满一口杯的血', m(75)],
    ['支扩的老毛病 咯出来半碗血 鲜红的', m(55, 'F')],
    ['咳嗽咳出来一大滩血 还有血块', m(48)],
  ] as const)('%s → emergency (massive haemoptysis)', (text, member) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(r.actions[0]).toMatch(/^立即拨打120.*侧卧/u);
  });

  it.each([
    ['咳了两口血 不多', m(40)],
  ] as const)('%s → urgent (haemoptysis without a large amount)', (text, member) => {
    expect(tri(text, member).level).toBe('urgent');
  });

  it('a cough without blood, and a blood pressure reading, are not haemoptysis', () => {
    expect(rules('咳嗽一周了 痰是黄的 没血', m(30))).not.toContain('hemoptysis');
    expect(rules('咳嗽咳得厉害 测了血压140/90', m(30))).not.toContain('hemoptysis');
  });
});

describe('holdout20: an older person who fell and cannot get up', () => {
  it.each([
    ['姥姥在家摔了 躺地上起不来 右脚往外歪着', m(85, 'F')],
    ['爷爷摔了一跤 脚尖往外撇 站不起来', m(80)],
    ['奶奶滑了一跤 屁股着地 右腿站不起来 脚往外撇着', m(79, 'F')],
    ['老爸跌了一跤 腿动不了 脚尖朝外翻', m(70)],
    ['老伴摔地上了 起不来 说胯骨疼', m(76, 'F')],
    ['奶奶摔了一跤 大腿根疼 站不起来', m(82, 'F')],
  ] as const)('%s → emergency (suspected hip fracture)', (text, member) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(r.matched.map((x) => x.ruleId).some((id) => id.startsWith('hip-fracture'))).toBe(true);
  });

  it.each([
    ['奶奶摔了一下 自己爬起来了 走路没事 就是膝盖蹭破了', m(80, 'F')],
    ['奶奶摔了一跤 大腿根有点疼 还能走', m(80, 'F')],
    ['我走路有点外八字 脚尖往外撇 是不是要矫正', m(20)],
    ['爷爷走路脚尖往外撇 好多年了 不疼', m(75)],
    ['早上起不来 浑身没劲', m(30)],
    ['手机摔了 屏幕碎了 手划了个小口子', m(30)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});
