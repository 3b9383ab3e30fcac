import { describe, expect, it } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer } from './answer.ts';
import type { AnswerEvent } from './answer.ts';

/**
 * Medication answers for questions that name two products, a child's banned NSAID, breastfeeding or
 * a planned pregnancy said in everyday words, and a drug asked about after one already taken.
 */

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 35, ageMonths: null, sex: 'F', heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const med = (name: string): MemberContext['medicines'][number] => ({ name, code: null, dose: null, unit: null, frequency: null });
const text = (es: AnswerEvent[]): string => es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
const ask = async (question: string, m: MemberContext): Promise<string> => text(await collectAnswer({ question, member: m }));

describe('two products with the same ingredient', () => {
  it('泰诺 then 白加黑: both hold paracetamol, the doses add up', async () => {
    const t = await ask('感冒了 白天吃了泰诺 晚上又吃了白加黑 还想再来一片 会不会有事', member({ age: 30 }));
    expect(t).toMatch(/对乙酰氨基酚/u);
    expect(t).toMatch(/叠加剂量/u);
  });
  it('白加黑 alone gets its own label dose, not a generic line', async () => {
    const t = await ask('白加黑一次吃几片', member({ age: 30 }));
    expect(t).toMatch(/日用片/u);
    expect(t).toMatch(/夜用片/u);
  });
});

describe('a child and nimesulide', () => {
  it('is banned under 12 and the answer says so', async () => {
    const t = await ask('孩子5岁发烧 家里只有尼美舒利 能给他吃半片吗', member({ age: 5, sex: 'M', roleName: '儿子' }));
    expect(t).toMatch(/12岁以下儿童禁用/u);
  });
  it('an adult is given the adult dose with its course limit', async () => {
    const t = await ask('尼美舒利怎么吃', member({ age: 40 }));
    expect(t).toMatch(/不超过15天/u);
    expect(t).not.toMatch(/儿童禁忌/u);
  });
});

describe('breastfeeding and planned pregnancy in everyday words', () => {
  it('喂奶期间 counts as breastfeeding', async () => {
    const t = await ask('喂奶期间能吃左氧氟沙星吗', member({ age: 30 }));
    expect(t).toMatch(/哺乳期/u);
    expect(t).not.toMatch(/暂停哺乳[^。]*。确需使用时应暂停哺乳/u);
  });
  it('准备明年要孩子 raises the teratogen before conception', async () => {
    const t = await ask('准备明年要孩子 皮肤科让我吃异维A酸治痘 有影响吗', member({ age: 26 }));
    expect(t).toMatch(/备孕/u);
    expect(t).toMatch(/致畸/u);
  });
  it('a label that names malformations is called teratogenic', async () => {
    const t = await ask('换了机械瓣膜一直吃华法林 现在怀孕6周了 能继续吃吗', member({ age: 30, pregnant: true, pregnancyWeek: 6, medicines: [med('华法林')] }));
    expect(t).toMatch(/致畸/u);
  });
  it('a disease in the contraindications is called a contraindication (禁用)', async () => {
    const t = await ask('有哮喘 心跳快想吃普萘洛尔', member({ age: 45, diseases: [{ name: '支气管哮喘', code: null, ongoing: true }] }));
    expect(t).toMatch(/禁用/u);
  });
});

describe('the drug asked about', () => {
  it('is the one after 想用, not the antidepressant already taken', async () => {
    const t = await ask('吃舍曲林抑郁 最近偏头痛 想用曲普坦 能一起吃吗', member({ age: 33, medicines: [med('舍曲林')] }));
    expect(t).toMatch(/5-羟色胺综合征/u);
    expect(t).not.toMatch(/同一种药/u);
  });
  it('is the one not on the member list when nothing marks it', async () => {
    const t = await ask('我在吃华法林 布洛芬行不行', member({ age: 60, sex: 'M', medicines: [med('华法林')] }));
    expect(t).toMatch(/出血/u);
    expect(t).not.toMatch(/同一种药/u);
  });
});

describe('a nitrate user asking about sildenafil', () => {
  it('is told the combination is forbidden, not sent to 120 for a habitual chest pain', async () => {
    const t = await ask('心脏不好胸口疼时含硝酸甘油 今晚想吃一片伟哥 可以吗', member({ age: 60, sex: 'M' }));
    expect(t).toMatch(/禁止合用/u);
    expect(t).not.toMatch(/^立即拨打120/u);
  });
});

describe('holdout22 round: which drug, which allergy, which combination', () => {
  it('a penicillin reaction told as a story (打青霉素休克过) is an allergy, and the question is about the cephalosporin', async () => {
    const t = await ask('以前打青霉素过敏性休克过 现在牙龈发炎医生开了头孢克肟 能吃吗', member({ age: 40, sex: 'M' }));
    expect(t).toMatch(/交叉过敏/u);
  });
  it('two paracetamol products given to a toddler and asked whether it matters: the doses add up', async () => {
    const t = await ask('孩子3岁 上午吃了美林不管用 下午换了泰诺林 又喂了小儿氨酚黄那敏颗粒 会不会有问题', member({ age: 3, sex: 'M', roleName: '儿子' }));
    expect(t).toMatch(/过量|叠加剂量/u);
  });
  it('an SSRI with ecstasy: serotonin syndrome', async () => {
    const t = await ask('一直吃帕罗西汀 今晚蹦迪朋友给了摇头丸 能一起吗', member({ age: 24 }));
    expect(t).toMatch(/5-羟色胺综合征/u);
  });
});

describe('a dose written after the drug is not a lab value', () => {
  it('大人的布洛芬400mg 给孩子吃半片 is a drug question', async () => {
    const t = await ask('孩子4岁 家里只有大人吃的布洛芬400mg的片 给他吃半片行吗', member({ age: 4, sex: 'M', roleName: '儿子' }));
    expect(t).toMatch(/剂量|儿童剂型/u);
  });
  it('孕酮25 with a question about the number is a lab reading', async () => {
    const es = await collectAnswer({ question: '验血孕酮25 这个数说明啥', member: member({ age: 28 }) });
    expect(es.find((e) => e.type === 'intent')).toMatchObject({ intent: '指标解读' });
  });
});
