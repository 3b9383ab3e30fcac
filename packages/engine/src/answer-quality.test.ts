import { describe, expect, it } from 'vitest';
import { collectAnswer } from './answer.ts';
import { answerLines, answerViolations, doseAfterNo, internalLabels, repeatedSentences } from './answer-quality.ts';
import { qualityCases } from './answer-quality-cases.ts';
import { consistentFirstAid, leadFor, planLines, readerRuleName } from './compose.ts';
import { crisisLines, crisisPerson, HOTLINES } from './crisis.ts';
import { CONDITIONS, conditionById, type RankedCondition } from './conditions.ts';
import { impossibleCondition, plausibleRanked } from './plausible.ts';

// Issue 17, by mechanism: the planner (each clause once, no rule wording, the answer first), the
// plausibility limits of differentials, the crisis answer, and the build-failing check over every
// labelled eval set (and the non-holdout real questions, sampled to stay well under a minute).

const text = async (question: string, member: Parameters<typeof collectAnswer>[0]['member'] = null): Promise<string> => answerLines(await collectAnswer({ question, member })).join('\n');

describe('planner: each thing said once, in the reader\'s words', () => {
  it('drops a clause already said, whichever line brings it; keeps a short emphasis', () => {
    const out = planLines(['尽快到医院就诊，不要拖延；如症状加重，立即拨打120。', '多喝水；尽快到医院就诊，不要拖延；如症状加重，立即拨打120。', '立即就医。', '立即就医。']);
    expect(out).toEqual(['尽快到医院就诊，不要拖延；如症状加重，立即拨打120。', '多喝水。', '立即就医。', '立即就医。']);
    // Negative: different clauses that share words stay.
    expect(planLines(['血压偏高，注意低盐饮食。', '血糖偏高，注意控制主食。'])).toHaveLength(2);
  });

  it('a block label introduces one line only', () => {
    expect(planLines(['综合来看：小细胞低色素性贫血。', '综合来看：血脂异常。'])).toEqual(['综合来看：小细胞低色素性贫血。', '血脂异常。']);
  });

  it('a rule name loses the qualifiers written for the rule author, keeps 疑似', () => {
    expect(readerRuleName('突发一侧肢体无力或麻木（即使伴肩痛）')).toBe('突发一侧肢体无力或麻木');
    expect(readerRuleName('单侧肢体无力或麻木（BE-FAST：A）')).toBe('单侧肢体无力或麻木');
    expect(readerRuleName('撕裂样胸背痛（疑似主动脉夹层）')).toBe('撕裂样胸背痛（疑似主动脉夹层）');
    expect(readerRuleName('胸痛/胸闷持续20分钟以上')).toBe('胸痛或胸闷持续20分钟以上');
  });

  it('a symptom answer\'s first sentence answers: what it most likely is and what to do', () => {
    const r = (name: string, likelihood: RankedCondition['likelihood']): RankedCondition => ({ id: name, name, department: '', score: 0.5, likelihood, urgency: 'routine', matched: [] });
    expect(leadFor('尿痛、发热', [r('急性肾盂肾炎', '可能性较大'), r('膀胱炎', '有一定可能')], 'urgent', '泌尿外科')).toBe('从你说的尿痛、发热来看，最可能是急性肾盂肾炎，也要考虑膀胱炎。建议今天就到医院（泌尿外科或急诊）看一下，不要拖。');
    // A weak top match is not named as the answer.
    expect(leadFor('', [r('前庭神经炎', '可能性较小')], 'routine', '神经内科')).toMatch(/^从你的描述来看，信息还不够/u);
  });

  it('in a whole answer: the lead first, then the differentials; the urgent "go today" clause once', async () => {
    const t = await text('尿频尿急尿痛好几天了，今天开始发烧39度，右边腰也痛');
    const ls = t.split('\n');
    expect(ls[0]).toMatch(/^从你说的.+来看，最可能是急性肾盂肾炎/u);
    expect(t.indexOf('需要考虑的情况')).toBeGreaterThan(0);
    expect(t).not.toMatch(/尽快（今天内、数小时内）/u);
    expect(repeatedSentences(ls)).toEqual([]);
  });
});

describe('emergency first aid: only this emergency\'s, without contradictions', () => {
  it('one posture: a later 平躺并抬高双腿 does not contradict an earlier 坐起、前倾 (and the reverse)', () => {
    const out = consistentFirstAid(['立即拨打120：让患者坐起、前倾；带上药盒。', '立即脱离过敏原；平躺并抬高双腿，不要突然站起。'], '嘴唇肿 喘不上气');
    expect(out.join('')).toContain('坐起、前倾');
    expect(out.join('')).not.toContain('平躺并抬高双腿');
    expect(consistentFirstAid(['平躺并抬高双腿；保暖。', '坐起、前倾。'], '').join('')).not.toContain('前倾');
  });
  it('no chest-pain aspirin with haemoptysis, black stools or a suspected embolism; kept for a heart attack', () => {
    const acs = '立即拨打120，坐下休息；如无阿司匹林过敏且医生指导，可嚼服阿司匹林300mg；等待急救。';
    expect(consistentFirstAid([acs], '咳血 胸痛 疑似肺栓塞').join('')).not.toContain('阿司匹林');
    expect(consistentFirstAid([acs], '胸口压着疼 出冷汗').join('')).toContain('阿司匹林');
  });
});

describe('plausible differentials: never a condition impossible for the person', () => {
  const limits = (id: string) => {
    const c = conditionById(id);
    if (!c) throw new Error(id);
    return c;
  };
  it('age, sex and pregnancy limits (positive and negative cases)', () => {
    expect(impossibleCondition(limits('growing-pains'), { age: 35, sex: 'M', pregnant: null })).not.toBeNull();
    expect(impossibleCondition(limits('growing-pains'), { age: 7, sex: 'M', pregnant: null })).toBeNull();
    expect(impossibleCondition(limits('depression'), { age: 0.5, sex: 'F', pregnant: null })).not.toBeNull();
    expect(impossibleCondition(limits('depression'), { age: 15, sex: 'F', pregnant: null })).toBeNull();
    expect(impossibleCondition(limits('hyperemesis'), { age: 1, sex: 'F', pregnant: null })).not.toBeNull();
    expect(impossibleCondition(limits('hyperemesis'), { age: 28, sex: 'F', pregnant: null })).toBeNull();
    // Unknown facts never exclude.
    expect(impossibleCondition(limits('growing-pains'), { age: null, sex: null, pregnant: null })).toBeNull();
    // Known adult without an age (a husband): no children-only condition.
    expect(impossibleCondition(limits('growing-pains'), { age: null, sex: 'M', pregnant: null, grownUp: true })).not.toBeNull();
  });

  it('the text naming a condition, or a couple\'s fertility, keeps it', () => {
    const ranked = [{ id: 'male-infertility', name: '男性不育症' }];
    expect(plausibleRanked(ranked, { age: 30, sex: 'F', pregnant: null }, '结婚两年一直没怀上', conditionById)).toHaveLength(1);
    expect(plausibleRanked(ranked, { age: 30, sex: 'F', pregnant: null }, '最近小肚子疼', conditionById)).toHaveLength(0);
  });

  it('no condition is suggested by a bare time or frequency word (持续, 反复, 好几天 say nothing about the disease)', async () => {
    const GENERIC = new Set(['持续', '一直', '经常', '总是', '突然', '最近', '反复', '好几天', '几天', '每天', '今天', '昨天', '晚上', '厉害', '难受', '不舒服', '严重']);
    expect(CONDITIONS.flatMap((c) => c.cues.filter((w) => GENERIC.has(w)).map((w) => `${c.name}: ${w}`))).toEqual([]);
    // In an answer: a period that 持续六七天 is not vertigo; a spinning room still is.
    expect(await text('月经一般持续六七天，量慢慢变少，怎么才算干净')).not.toMatch(/前庭神经炎/u);
    expect(await text('感冒后突然天旋地转，一动就吐，已经两天了')).toMatch(/前庭神经炎/u);
  }, 30_000);

  it('in answers: a snoring husband is not offered 腺样体肥大; an adult\'s seizure is not 热性惊厥', async () => {
    expect(await text('打呼噜特别响 老婆说我会憋气 白天开会老犯困')).not.toMatch(/腺样体肥大/u);
    expect(await text('孩子晚上睡觉总张着嘴 打呼噜 鼻子老不通气')).toMatch(/腺样体肥大/u);
  });
});

describe('crisis answers: warm, direct, safety first, the hotlines, no diagnosis list', () => {
  it('to the person at risk', async () => {
    const t = await text('最近觉得活着没意思，想死');
    expect(t.split('\n')[0]).toMatch(/担心你/u);
    expect(t).toContain('12356');
    expect(t).toContain('010-82951332');
    expect(t).not.toMatch(/（有一定可能）|（可能性较大）|判断依据|不要让他\/她独处/u);
  });

  it('a minor is asked to tell a parent or trusted adult; a bystander is told how to stay with them', () => {
    expect(crisisLines('我15岁，每天都想割手腕', crisisPerson('我15岁，每天都想割手腕', 'child', 15)).join('')).toMatch(/爸爸妈妈、老师或者你信任的大人/u);
    expect(crisisLines('我儿子说不想活了', crisisPerson('我儿子说不想活了', 'child', null)).join('')).toMatch(/陪在身边/u);
    expect(crisisLines('我不想活了', crisisPerson('我不想活了', 'self', 30)).join('')).toContain(HOTLINES);
  });
});

describe('automatic check over every labelled eval set', () => {
  it('the detectors catch what they are for (and pass clean text)', () => {
    expect(repeatedSentences(['多喝水，注意休息。', '多喝水，注意休息。'])).toHaveLength(1);
    expect(internalLabels(['分诊：urgent'])).toHaveLength(1);
    expect(internalLabels(['流行性感冒 0.43'])).toHaveLength(1);
    expect(internalLabels(['一次0.31～0.47 ml', '肌酐 0.85 mg/dL'])).toEqual([]);
    expect(doseAfterNo(['【用药结论】布洛芬：不建议（孕24周）。', '成人用法：一次0.2 g'])).toHaveLength(1);
    expect(doseAfterNo(['【用药结论】布洛芬：可以。', '成人用法：一次0.2 g'])).toEqual([]);
  });

  it('no repeated sentence, impossible condition, dose after a no, or internal label in any answer', async () => {
    // Every eighth labelled case and every thirtieth non-holdout real question (≈ 950 answers, ≈ 25 s on a quiet machine;
    // the timeout leaves room for a busy one). eval/quality.ts runs all of them.
    const cases = qualityCases(30).filter((c, i) => c.set === 'real.jsonl' || i % 8 === 0);
    expect(cases.length).toBeGreaterThan(900);
    const bad: string[] = [];
    for (const c of cases) {
      const es = await collectAnswer({ question: c.q, member: c.member });
      for (const v of answerViolations(es, c.person, c.q, c.member)) bad.push(`${c.set} ${c.id} 「${c.q.slice(0, 30)}」 ${v}`);
    }
    expect(bad).toEqual([]);
  }, 120_000);
});
