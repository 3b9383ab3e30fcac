import { describe, expect, it } from 'vitest';
import { actionSteps, collectAnswer, signText } from './answer.ts';

/** Issue 18 points 6 and 7: an emergency the web can show as one, and a trace a lay reader can read. */
const events = (question: string) => collectAnswer({ question });

describe('the emergency event', () => {
  it('a sudden one-sided weakness gives call 120, the first steps as a checklist and emergency follow-ups', async () => {
    const es = await events('我爸突然一侧胳膊没劲，肩膀也疼，说话不清楚');
    const em = es.find((e) => e.type === 'emergency');
    expect(em).toBeDefined();
    if (em?.type !== 'emergency') return;
    expect(em.call).toBe('120');
    expect(em.steps[0]).toMatch(/120/u);
    expect(em.steps.length).toBeGreaterThan(1);
    expect(em.signs.join('')).not.toMatch(/即使|BE-FAST/u);
    const text = es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
    expect(text).not.toMatch(/即使伴|BE-FAST|判断依据/u);
    const follow = es.find((e) => e.type === 'followUps');
    expect(follow?.type === 'followUps' ? follow.questions : []).toContain('等救护车时还能做些什么？');
  });

  it('a question with no red flag has no emergency event', async () => {
    const es = await events('最近有点咳嗽，嗓子痒');
    expect(es.some((e) => e.type === 'emergency')).toBe(false);
  });

  it('rule notes are dropped from a warning sign, the suspicion stays', () => {
    expect(signText('突发一侧肢体无力或麻木（即使伴肩痛）')).toBe('突发一侧肢体无力或麻木');
    expect(signText('口角歪斜（BE-FAST：F）')).toBe('口角歪斜');
    expect(signText('撕裂样胸背痛（疑似主动脉夹层）')).toBe('撕裂样胸背痛（疑似主动脉夹层）');
    expect(signText('停经或可能怀孕+腹痛+阴道出血（疑似宫外孕）')).toBe('停经或可能怀孕、腹痛、阴道出血（疑似宫外孕）');
    expect(signText('活动诱发胸痛/胸闷')).toBe('活动诱发胸痛或胸闷');
  });

  it('actions split into one instruction per step', () => {
    expect(actionSteps(['立即拨打120，不要自行驾车；坐下休息。', '立即拨打120，不要自行驾车'])).toEqual(['立即拨打120，不要自行驾车', '坐下休息']);
  });
});

describe('the deep-think trace for a lay reader', () => {
  const traceOf = async (q: string) =>
    (await events(q))
      .flatMap((e) => (e.type === 'deepThink' ? [e.text] : []))
      .join('\n');

  it('no English level words, no raw scores', async () => {
    for (const q of ['头痛发烧两天了', '胸口疼出冷汗', '最近总是失眠多梦，舌苔厚', '布洛芬和对乙酰氨基酚能一起吃吗']) {
      const trace = await traceOf(q);
      expect(trace, q).not.toMatch(/\b(?:urgent|emergency|routine|selfcare|OTC|bit)\b/u);
      expect(trace, q).not.toMatch(/\d\.\d{2}/u);
      // The same likelihood words as the answer's list (可能性较大 / 有一定可能 / 可能性较小).
      for (const m of trace.matchAll(/（(可能性[^）]*|有一定可能)）/gu)) expect(['可能性较大', '有一定可能', '可能性较小']).toContain(m[1]);
    }
  });
});
