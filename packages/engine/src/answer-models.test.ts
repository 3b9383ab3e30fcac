import { describe, expect, it } from 'vitest';
import { collectAnswer, type AnswerEvent } from './index.ts';
import { modelDepartmentWhenNone, modelIntentClassifier } from './model/combine.ts';

const intentOf = (es: readonly AnswerEvent[]): string | undefined => {
  const e = es.find((x) => x.type === 'intent');
  return e?.type === 'intent' ? e.intent : undefined;
};
const departmentOf = (es: readonly AnswerEvent[]): string | undefined => {
  const e = es.find((x) => x.type === 'recommend');
  return e?.type === 'recommend' ? e.department : undefined;
};

// Own phrasings. The answer reports the trained models' readings where they decide (README, "Real questions").
describe('the answer uses the trained intent model', () => {
  it.each([['甲状腺结节需要做手术吗'], ['湿疹反反复复的怎么治'], ['怀孕了能吃螃蟹吗']])('reports the model’s intent when it is sure enough: %s', async (q) => {
    const m = modelIntentClassifier(q);
    const es = await collectAnswer({ question: q });
    if (m.p >= 0.3) expect(intentOf(es)).toBe(m.intent);
  });
  it('keeps the route’s intent in an emergency and for a meta question', async () => {
    const emergency = await collectAnswer({ question: '我爸突然说不出话，右边胳膊抬不起来' });
    expect(emergency.find((e) => e.type === 'triage')).toMatchObject({ level: 'emergency' });
    const hello = await collectAnswer({ question: '你好' });
    expect(intentOf(hello)).toBe('其他');
  });
});

describe('the answer uses the trained department model', () => {
  it('gives an answer without a department the model’s, when it is sure enough', async () => {
    const q = '脸上长痘痘 用什么洗面奶';
    const m = modelDepartmentWhenNone(q);
    const es = await collectAnswer({ question: q });
    expect(m?.department).toBe('皮肤科');
    expect(departmentOf(es)).toBeDefined();
  });
  it('adds none to a drug’s own facts', async () => {
    const es = await collectAnswer({ question: '对乙酰氨基酚一次吃几片' });
    expect(departmentOf(es)).toBeUndefined();
  });
  it('never recommends 急诊科 from the model; an emergency keeps the rule’s', async () => {
    const es = await collectAnswer({ question: '我爸突然说不出话，右边胳膊抬不起来' });
    expect(departmentOf(es) ?? '').toMatch(/急诊|卒中/u);
  });
});
