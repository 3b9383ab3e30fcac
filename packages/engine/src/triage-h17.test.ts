import { describe, it, expect } from 'vitest';
import { type TriageMember } from './triage.ts';
import { NOW, m, kid, level, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';

/**
 * Holdout17 round: ovarian torsion after movement, infant dehydration from a sunken fontanelle and a
 * dry nappy, a counted slow pulse (complete heart block), floaters with flashes but no field loss
 * (urgent), and an old stroke with residual weakness (routine). Every phrasing here is new (none is
 * in an eval set); the look-alikes must stay below emergency.
 */


describe('holdout17: ovarian torsion after movement', () => {
  it.each([
    ['卵巢上有个囊肿 刚才翻了个身左下腹一下子剧痛 吐了两回', m(29, 'F')],
    ['体育课跑完步 右边小肚子突然拧着疼 出了一头冷汗', m(15, 'F')],
    ['跳完操 左侧下腹突然疼起来 脸色发白 想吐吐了'],
  ] as const)('%s → emergency', (text, member?: TriageMember) => {
    expect(level(text, member)).toBe('emergency');
    expect(rules(text, member)).toContain('ovarian-torsion-suspected');
  });
  it('look-alikes stay below emergency', () => {
    expect(level('来大姨妈第一天 小肚子坠着疼 有点恶心', m(22, 'F'))).not.toBe('emergency');
    expect(level('B超说卵巢有个小囊肿 平时偶尔左边小肚子隐隐的不舒服', m(30, 'F'))).not.toBe('emergency');
    // a man: not a torsion of the ovary
    expect(rules('打完篮球右下腹突然疼 吐了一次', m(30, 'M'))).not.toContain('ovarian-torsion-suspected');
  });
});

describe('holdout17: infant severe dehydration (fontanelle, dry nappy)', () => {
  it.each([
    ['孩子10个月 拉肚子两天了 吐奶 囟门陷下去了 纸尿裤一下午还是干的', kid(0.8)],
    ['宝宝拉稀一直吐 前囟凹进去了 好几个小时尿布都是干的', kid(1)],
  ] as const)('%s → emergency', (text, member) => {
    expect(level(text, member)).toBe('emergency');
    expect(rules(text, member)).toContain('dehydration-severe-signs');
  });
  it('a dry nappy alone with diarrhoea and a lively child is not the severe rule', () => {
    expect(rules('宝宝拉稀三次 精神玩耍都好 尿不湿换得勤', kid(1))).not.toContain('dehydration-severe-signs');
  });
});

describe('holdout17: a counted slow pulse', () => {
  it('reads a pulse counted by hand in Chinese numerals', () => {
    expect(extract('我摸他脉一分钟才三十几下', NOW).vitals.heartRate).toEqual([35]);
    expect(extract('脉搏一分钟就四十下', NOW).vitals.heartRate).toEqual([40]);
    expect(extract('下肢静脉曲张三十多年了', NOW).vitals.heartRate).toEqual([]);
  });
  it.each([
    ['我妈刚才在厨房突然晕倒了 一会儿醒了 摸她脉一分钟只有三十二下', m(72, 'F')],
    ['老爷子这几天没力气 头有点晕 量了心率才36', m(81)],
    ['外公最近老没劲 我数了一下他的脉 一分钟三十几下', m(79)],
  ] as const)('%s → emergency', (text, member) => {
    expect(level(text, member)).toBe('emergency');
  });
  it('a slow pulse with no symptoms (an athlete) is not an emergency', () => {
    expect(level('我是跑马拉松的 体检心率48 没有任何不舒服', m(30))).not.toBe('emergency');
  });
});

describe('holdout17: floaters and flashes without field loss are urgent', () => {
  it.each([
    ['左眼今天突然冒出一堆小黑点飘 还时不时闪一下光 看东西范围还是全的'],
    ['这两天眼前黑影飘来飘去 还有闪光 视野没有缺'],
  ])('%s → urgent', (text) => {
    expect(level(text)).toBe('urgent');
  });
  it.each([
    ['眼前突然好多黑点飘 还一闪一闪 今天下面一块看不见了'],
    ['右眼黑影飘 有闪光 感觉上边好像有块东西挡着'],
  ])('%s → emergency (part of the field is missing)', (text) => {
    expect(level(text)).toBe('emergency');
    expect(rules(text)).toContain('retinal-detachment');
  });
});

describe('holdout17: an old stroke with residual weakness is not a new stroke', () => {
  it.each([
    ['中风三年了 左腿走路还是有点拖 想问问针灸康复有没有用', m(70)],
    ['我爸脑出血后一年多了 左手还是握不紧 在做康复', m(66)],
    ['以前得过脑梗 留下后遗症 说话有点慢', m(75)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(level(text, member)).not.toBe('emergency');
  });
  it.each([
    ['脑梗后两年了 今天早上突然右边胳膊抬不起来 嘴也歪了', m(72)],
    ['中风一年多了 刚才突然说不出话', m(68)],
  ] as const)('%s → emergency (a new, sudden change)', (text, member) => {
    expect(level(text, member)).toBe('emergency');
  });
});

describe('holdout17: urgent compositions', () => {
  it.each([
    ['喉咙左边肿得厉害 嘴巴张不开 讲话闷声闷气的', 'peritonsillar-abscess'],
    ['膝盖突然又红又肿又烫 疼得受不了 一点都走不了', 'hot-joint-severe'],
    ['小腿上的伤口发黑 往外冒脓 闻着有股臭味', 'wound-necrotic-foul'],
    ['有糖尿病 脚后跟磨破了 这两天红肿还流脓', 'diabetic-foot-infection'],
  ] as const)('%s → urgent (%s)', (text, rule) => {
    expect(level(text, m(60))).toBe('urgent');
    expect(rules(text, m(60))).toContain(rule);
  });
  it('look-alikes stay below urgent', () => {
    // gout with tenderness only (several blind sets label it routine)
    expect(level('喝了啤酒 大脚趾根又红又肿 碰都不能碰', m(45))).not.toBe('emergency');
    expect(rules('脚趾缝痒 脱皮 有点臭', m(30))).not.toContain('wound-necrotic-foul');
    // red and swollen but not said to be hot
    expect(rules('老寒腿 膝盖红肿 疼得走不了路', m(70))).not.toContain('hot-joint-severe');
    expect(rules('脚底磨破了一块 有点红', m(30))).not.toContain('diabetic-foot-infection');
  });
});
