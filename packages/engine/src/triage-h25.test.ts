import { describe, it, expect } from 'vitest';
import { m, kid, tri } from './triage-test-kit.ts';
import { extract } from './extract.ts';
import { classifyIntent } from './intent.ts';

/**
 * Holdout25 round (calm writers who ask whether they can wait): a suicide note written (信也写好了)
 * with stockpiled pills, 一板半 of paracetamol, a child who found a grandparent's pills and some are
 * missing (少了三四片), saddle numbness with 尿不太出来, black stool like tar with 站起来眼前发黑 even when the
 * writer blames 猪血, an infant fall from a bed with vomiting and unusual sleepiness, near-absent
 * fetal movement at 36 weeks (没怎么感觉到胎动), and two look-alikes: a DVT with 喘气胸口都没事, a nursing
 * mother 还在喂奶 with mastitis. Every phrasing is new.
 */

describe('holdout25: emergencies told calmly', () => {
  it.each([
    ['活着没意思 药都攒够了 遗书也写好了 就想跟人说说话', m(28, 'F')],
    ['跟对象吵架 吞了一板半布洛芬 现在胃有点不舒服 睡一觉能好吗', m(19, 'F')],
    ['孩子在爷爷屋里翻出一瓶降压药 数了数少了两三片 现在还在玩 用去医院吗', kid(3)],
    ['腰突老毛病了 今天会阴那块发木 尿不太出来 能等明天专家号吗', m(48)],
    ['吃着氯吡格雷 大便黑得发亮 起床的时候头晕眼前发黑 应该是吃了鸭血吧', m(70)],
    ['宝宝10个月 从沙发上掉到地上 吐了两次 特别能睡', kid(1)],
    ['怀孕35周 今天一天都没怎么感觉到胎动 明天再去医院行吗', m(29, 'F', { pregnant: true, pregnancyWeek: 35 })],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
});

describe('holdout25: look-alikes', () => {
  it.each([
    ['坐了一天长途车 右小腿肿了 按着疼 喘气胸口都没事', m(50)],
    ['孩子两个月 正在喂奶 左边乳房红肿疼 发烧38.5', m(30, 'F')],
    ['前天吃了猪血 今天大便有点黑 没别的不舒服', m(40)],
    ['孩子从小床上滑下来 哭了一会儿 现在吃奶玩耍都正常', kid(1)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('holdout25: intents', () => {
  it.each([
    ['爸爸要做心脏支架 去专科医院好还是去省医院好', '就医建议'],
    ['体检乙肝五项 大三阳啥意思', '指标解读'],
    ['拔完牙多久能刷牙', '注意事项'],
    ['出生证明丢了 怎么补办', '其他'],
  ] as const)('%s → %s', (q, want) => {
    expect(classifyIntent(q, extract(q))).toBe(want);
  });
});
