import { describe, expect, it } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer, type AnswerEvent } from './answer.ts';

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 30, ageMonths: null, sex: 'F', heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}
const joined = (es: AnswerEvent[]): string => es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
const followUps = (es: AnswerEvent[]): string[] => es.flatMap((e) => (e.type === 'followUps' ? [...e.questions] : []));

/** Where a drug warning's allergy comes from is said truthfully: the profile (档案记录) or the question (你提到). */
describe('an allergy stated in the question is the user\'s words, not the profile\'s', () => {
  it('我对青霉素过敏 … 能吃阿莫西林吗: 你提到, and the profile line does not list it', async () => {
    const t = joined(await collectAnswer({ question: '我对青霉素过敏 嗓子疼 能吃阿莫西林吗', member: member() }));
    expect(t).toContain('你提到对青霉素过敏');
    expect(t).not.toContain('档案记录对青霉素过敏');
    expect(t).not.toMatch(/结合档案[^。]*青霉素/u);
  });
  it('an allergy in the profile is still 档案记录 and listed with the profile', async () => {
    const t = joined(await collectAnswer({ question: '嗓子疼 能吃阿莫西林吗', member: member({ allergies: [{ name: '青霉素', code: null, type: 'drug' }] }) }));
    expect(t).toContain('档案记录对青霉素过敏');
    // Said once, as the verdict's reason: the profile line does not repeat it (issue 17).
    expect(t.match(/对青霉素过敏/gu)).toHaveLength(1);
  });
  it('a cross-allergy names the class once (no 头孢菌素类（头孢菌素类）)', async () => {
    const t = joined(await collectAnswer({ question: '我对阿莫西林过敏 能吃头孢吗', member: member() }));
    expect(t).toContain('交叉过敏');
    expect(t).not.toContain('头孢菌素类（头孢菌素类）');
  });
  it('asks what the drug is for only when the question did not say', async () => {
    const withSymptom = followUps(await collectAnswer({ question: '嗓子疼 能吃阿莫西林吗', member: member() }));
    const bare = followUps(await collectAnswer({ question: '阿莫西林能吃吗', member: member() }));
    expect(withSymptom.some((q) => q.includes('因为什么症状'))).toBe(false);
    expect(bare.some((q) => q.includes('因为什么症状'))).toBe(true);
  });
});

/** A breastfeeding mother asking about her own cough: the baby's age says whom she feeds, not who takes the drug. */
describe('a breastfeeding mother asking about codeine for herself', () => {
  it('宝宝3个月 纯母乳 我这几天咳得厉害 … 可待因糖浆: the breastfeeding contraindication, not the child one', async () => {
    const t = joined(await collectAnswer({ question: '宝宝3个月 纯母乳 我这几天咳得厉害 家里有瓶复方磷酸可待因糖浆 喝几口行不', member: member({ age: 28 }) }));
    expect(t).toContain('哺乳期禁用可待因');
    expect(t).not.toContain('12岁以下儿童禁用可待因');
  });
  it('a baby with its own complaint stays the one asked about', async () => {
    const t = joined(await collectAnswer({ question: '宝宝3个月 纯母乳 宝宝咳嗽 能喝可待因糖浆吗', member: member({ age: 28 }) }));
    expect(t).toContain('12岁以下儿童禁用可待因');
  });
  it('a lactating profile alone brings the codeine breastfeeding warning', async () => {
    const t = joined(await collectAnswer({ question: '咳嗽厉害 能喝复方可待因糖浆吗', member: member({ age: 30, lactating: true }) }));
    expect(t).toContain('哺乳期禁用可待因');
  });
});

describe('what a user saw on the phone (414×896 screenshots)', () => {
  const empty = (): MemberContext => member({ age: null, sex: null });
  it('an empty profile gives no bare 结合档案：本人。 line', async () => {
    const t = joined(await collectAnswer({ question: '宝宝3个月 纯母乳 我这几天咳得厉害 家里有瓶复方磷酸可待因糖浆 喝几口行不', member: empty() }));
    expect(t).toContain('哺乳期禁用可待因');
    expect(t).not.toContain('结合档案');
  });
  it('a choking toddler is told about an airway foreign body, not pneumonias', async () => {
    const t = joined(await collectAnswer({ question: '两岁娃吃葡萄突然卡住了 脸憋得发紫 哭不出声也咳不出来 咋办啊' }));
    expect(t).toMatch(/需要警惕的情况[^]*1\. 气道异物（(可能性较大|有一定可能)）/u);
  });
});
