import { describe, it, expect } from 'vitest';
import { m, tri, rules } from './triage-test-kit.ts';
import { extract } from './extract.ts';
import { classifyIntent } from './intent.ts';

/**
 * Holdout21 round: a crushed or run-over belly after a farm-vehicle accident with worsening pain or
 * pallor (internal bleeding), cholinergic signs after spraying a crop (organophosphate), any head
 * knock at 65 or older on an oral anticoagulant (CT now, whatever the symptoms: a decision changed;
 * younger, it stays urgent), scalds over
 * several body regions separated by spaces or 浇了一身 with blisters, and the intents of report
 * numbers, reimbursement, where to be treated and recurring complaints. Every phrasing is new.
 */

describe('holdout21: crushed or run over', () => {
  it.each([
    ['三轮车侧翻 车斗压着他肚子了 现在肚子疼得越来越厉害 脸发白', m(50)],
    ['被铲车挤了一下 左边肚子疼 出冷汗 心慌', m(38)],
    ['开摩托车撞了 车把顶了下肚子 现在疼得直不起腰 一直冒冷汗', m(28)],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
  it.each([
    ['被门挤了一下手指 有点青 能动', m(30)],
    ['血压了一下 150', m(60)],
    ['胃压得慌 吃多了', m(30)],
    ['篮球场上被人撞了一下肚子 有点疼 没事', m(20)],
    ['孩子肚子被踢了一脚 疼了一会儿 现在在玩', m(8)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('holdout21: spraying a crop, then cholinergic signs', () => {
  it.each([
    ['上午给麦子打了药 中午开始恶心 出汗特别多 嘴里老流口水', m(55)],
    ['俺爹给苞米喷完药 眼睛看不清 浑身冒汗 肚子疼', m(60)],
    ['给果树打药回来 头晕想吐 身上的肉一跳一跳的 出了一身汗', m(45)],
  ] as const)('%s → emergency (organophosphate)', (text, member) => {
    expect(rules(text, member)).toContain('organophosphate-exposure');
  });
  it('a question about pesticide on fruit is not an exposure emergency', () => {
    expect(tri('超市买的葡萄打过药吗 要洗几遍', m(30)).level).not.toBe('emergency');
  });
});

describe('holdout21: a head knock on an oral anticoagulant', () => {
  it.each([
    ['我妈78了 吃利伐沙班 刚才起夜磕到床头柜上了 额头肿了个包 人挺清醒', m(40, 'F')],
    ['吃着华法林 头磕到柜子上了 起了个包', m(70)],
    ['爷爷吃华法林 头撞门框上了 没啥感觉', undefined],
    ['老爷子吃华法林的 下午在院子里摔了 后脑勺着地 现在说话吃饭都正常', m(81)],
  ] as const)('%s → emergency (CT now)', (text, member) => {
    const r = tri(text, member);
    expect(r.level).toBe('emergency');
    expect(rules(text, member)).toContain('head-injury-oral-anticoagulant');
    expect(r.actions[0]).toMatch(/^立即拨打120.*CT/u);
  });
  it.each([
    ['吃华法林的 今天走路不小心脚趾踢到桌腿了 青了一小块 不肿 能走路 头没碰着', m(70, 'F')],
    ['吃华法林 摔了一跤 没磕着头 膝盖破了', m(70)],
    ['吃阿司匹林的 头碰了一下门框 不疼了', m(55)],
    ['吃华法林的 磕着头了 起了个包 没吐 精神也好', m(45)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
});

describe('holdout21: scalds over several regions', () => {
  it.each([
    ['蒸汽管子漏了 喷了他一身 脖子 前胸 两只胳膊都起了大泡', m(40)],
    ['热水浇了一身 起了好多泡 皮也掉了', m(35)],
    ['开水浇了一身 起了好几个大泡', m(35)],
  ] as const)('%s → emergency', (text, member) => {
    expect(tri(text, member).level).toBe('emergency');
  });
  it('浇了一身 with no redness or blister is not an emergency', () => {
    expect(tri('开水浇了一身 还好隔着棉袄 没红没泡', m(35)).level).not.toBe('emergency');
  });
});

describe('holdout21: intents', () => {
  const intent = (q: string): string => classifyIntent(q, extract(q));
  it.each([
    ['肌酐130 这个数高不高', '指标解读'],
    ['化验说血糖八点多 这个严重不', '指标解读'],
    ['做个胃镜 农合能报多少', '医疗费用'],
    ['住院开刀 自己得掏多少', '医疗费用'],
    ['查出胆结石 在镇医院做手术行不 还是去市里大医院', '就医建议'],
    ['老是口腔溃疡 到底咋回事', '病因分析'],
    ['我爸手抖 走路小碎步 这是帕金森不', '病情诊断'],
    ['异地就医怎么备案', '其他'],
  ] as const)('%s → %s', (q, want) => {
    expect(intent(q)).toBe(want);
  });
});

describe('holdout21: a nursing mother writing about her own breast', () => {
  it.each([
    ['孩子两个月 我在喂奶 右边乳房又红又疼 有个硬块 发烧38.6'],
    ['宝宝40天 我哺乳期 奶头裂了 乳房胀痛 烧到38度'],
  ] as const)('%s → urgent mastitis, not a febrile infant', (text) => {
    const r = tri(text, m(29, 'F'));
    expect(r.level).toBe('urgent');
    expect(r.extraction.who).toBe('self');
  });
  it('a febrile baby of a nursing mother is still the baby', () => {
    expect(tri('宝宝两个月 我喂奶 宝宝今天发烧38.5 吃奶少', m(29, 'F')).level).toBe('emergency');
  });
});

describe('holdout21: bleeding on an oral anticoagulant', () => {
  it.each([
    ['吃华法林的 这几天牙龈老出血 腿上还有几块青紫', m(68)],
    ['吃利伐沙班 最近老流鼻血 尿也有点发红', m(72, 'F')],
  ] as const)('%s → urgent (INR today)', (text, member) => {
    expect(tri(text, member).level).toBe('urgent');
    expect(rules(text, member)).toContain('oral-anticoagulant-bleeding');
  });
  it('warfarin with no bleeding is not urgent', () => {
    expect(rules('华法林吃了三年了 没啥不舒服 想问能不能吃阿胶', m(65))).not.toContain('oral-anticoagulant-bleeding');
  });
});

describe('holdout21: a little gum bleeding on an anticoagulant', () => {
  it('刷牙出一点血 alone stays routine', () => {
    expect(rules('吃着利伐沙班 刷牙的时候牙龈有点出血 一会儿就好了', m(70))).not.toContain('oral-anticoagulant-bleeding');
  });
});

describe('how a standing complaint is usually relieved is a habit, not a complaint now', () => {
  it.each([
    ['心脏不好 胸口疼时含硝酸甘油 想问能不能喝点酒', m(62)],
    ['有哮喘 一喘就喷两下沙丁胺醇 想问能不能跑步', m(30)],
  ] as const)('%s → not emergency', (text, member) => {
    expect(tri(text, member).level).not.toBe('emergency');
  });
  it('今天胸口疼 含了硝酸甘油也不管用 is still an emergency', () => {
    expect(tri('今天胸口疼 含了硝酸甘油也不管用', m(62)).level).toBe('emergency');
  });
  it('今天胸口疼时含了两片硝酸甘油 still counts (the clause says now)', () => {
    expect(tri('今天胸口疼时含了两片硝酸甘油 还是疼', m(62)).level).toBe('emergency');
  });
});
