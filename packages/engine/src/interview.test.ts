import { describe, expect, it } from 'vitest';
import type { MemberContext } from '@chatdr/contract';
import { collectAnswer } from './answer.ts';
import type { AnswerEvent } from './answer.ts';
import { continuedInterview, INTERVIEW_MAX_QUESTIONS, interviewStep, nextQuestion, readReply, redFlagProbes, stateOf } from './interview.ts';
import { triage } from './triage.ts';
import type { HistoryTurn } from './interview.ts';
import { rankConditions } from './conditions.ts';
import { extract } from './extract.ts';

function member(over: Partial<MemberContext> = {}): MemberContext {
  return {
    userInfoId: 1, name: '测试', roleName: '本人', age: 35, ageMonths: null, sex: 'M', heightCm: null, weightKg: null, bmi: null, bmiClass: null,
    diseases: [], allergies: [], medicines: [], surgeries: [], familyHistory: [], pregnant: false, pregnancyWeek: null, lactating: false, smoking: null, drinking: null,
    ...over,
  };
}

const textOf = (es: AnswerEvent[]) => es.flatMap((e) => (e.type === 'text' ? [e.delta] : [])).join('');
function find<T extends AnswerEvent['type']>(es: AnswerEvent[], type: T): Extract<AnswerEvent, { type: T }> | undefined {
  return es.find((e): e is Extract<AnswerEvent, { type: T }> => e.type === type);
}

/** Runs a whole self-check: the first question with zzzc, then the replies in order until a conclusion. */
async function selfCheck(first: string, reply: (symptomId: string) => string, m: MemberContext | null = null) {
  const history: HistoryTurn[] = [];
  let q = first;
  const asked: string[] = [];
  for (let i = 0; i <= INTERVIEW_MAX_QUESTIONS + 1; i++) {
    const es = await collectAnswer({ question: q, skill: i === 0 ? 'zzzc' : null, history, member: m });
    const iv = find(es, 'interview');
    history.push({ role: 'user', text: q }, { role: 'assistant', text: textOf(es), interview: iv ? { symptomId: iv.symptomId } : null, conclusion: find(es, 'conclusion') !== undefined });
    if (!iv) return { es, asked, history };
    asked.push(iv.symptomId);
    q = reply(iv.symptomId);
  }
  throw new Error('the interview did not end');
}

describe('readReply', () => {
  it('reads yes, no, unsure and free text', () => {
    expect(readReply('有')).toBe('yes');
    expect(readReply('是的，有一点')).toBe('yes');
    expect(readReply('没有')).toBe('no');
    expect(readReply('没')).toBe('no');
    expect(readReply('不确定')).toBe('unsure');
    expect(readReply('不知道')).toBe('unsure');
    expect(readReply('昨天开始肚子也有点疼，还拉了两次稀')).toBe('other');
  });
});

describe('the next question', () => {
  it('asks about a symptom that separates the candidates, never one already known', () => {
    const ex = extract('头痛两天');
    const ranked = rankConditions(ex, undefined, 8);
    const known = new Set(['headache']);
    const n = nextQuestion(ranked, known);
    expect(n).not.toBeNull();
    expect(n?.symptomId).not.toBe('headache');
    expect(n?.gain).toBeGreaterThan(0);
    expect(n?.question.endsWith('？')).toBe(true);
  });

  it('rebuilds the interview from the history', () => {
    const history: HistoryTurn[] = [
      { role: 'user', text: '头痛两天' },
      { role: 'assistant', text: '问题1：有没有恶心？', interview: { symptomId: 'nausea' } },
      { role: 'user', text: '有' },
      { role: 'assistant', text: '问题2：有没有发热？', interview: { symptomId: 'fever' } },
    ];
    const s = continuedInterview(history, '没有');
    expect(s?.statements).toEqual(['头痛两天']);
    expect(s?.answers.map((a) => [a.symptomId, a.reply])).toEqual([['nausea', 'yes'], ['fever', 'no']]);
    expect(s?.narrative).toContain('没有发热');
    // A long unrelated question is not a reply.
    expect(continuedInterview(history, '顺便问一下，我家里的降压药和感冒药可以一起吃吗？还有布洛芬能不能和它们一起吃呀？')).toBeNull();
    expect(continuedInterview([{ role: 'user', text: '头痛' }, { role: 'assistant', text: '建议休息' }], '有')).toBeNull();
  });

  it('turns yes/no answers into text the extractor reads', () => {
    const s = stateOf(['咳嗽三天'], [{ symptomId: 'fever', reply: '没有' }, { symptomId: 'sore-throat', reply: '有' }]);
    const ex = extract(s.narrative);
    expect(ex.symptoms.find((x) => x.id === 'fever')?.negated).toBe(true);
    expect(ex.symptoms.find((x) => x.id === 'sore-throat')?.negated).toBe(false);
  });
});

describe('the zzzc self-check', () => {
  it('opens by asking what is wrong when nothing was described', async () => {
    const es = await collectAnswer({ question: '我想做个症状自查', skill: 'zzzc' });
    expect(textOf(es)).toContain('请描述一下主要哪里不舒服');
    expect(find(es, 'interview')).toBeUndefined();
  });

  it('asks at most 8 distinct questions and ends with a conclusion card', async () => {
    const { es, asked } = await selfCheck('头痛两天了', () => '没有');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.length).toBeLessThanOrEqual(INTERVIEW_MAX_QUESTIONS);
    expect(new Set(asked).size).toBe(asked.length);
    const c = find(es, 'conclusion');
    expect(c?.command).toBe('zzzc');
    expect(c?.conditions.length).toBeGreaterThan(0);
    expect(c?.conditions.length).toBeLessThanOrEqual(3);
    expect(c?.department).toBeTruthy();
    expect(textOf(es)).toMatch(/自查结论（共回答\d个问题）/u);
  });

  it('follows the answers: a sore throat and fever interview ends near an upper respiratory infection', async () => {
    const yes = new Set(['fever', 'sore-throat', 'runny-nose', 'nasal-congestion', 'cough', 'sneezing']);
    const { es } = await selfCheck('嗓子疼，流鼻涕', (id) => (yes.has(id) ? '有' : '没有'), member({ age: 30 }));
    const names = find(es, 'conclusion')?.conditions.map((c) => c.name) ?? [];
    expect(names.some((n) => /感冒|上呼吸道|咽炎|扁桃体|流行性感冒/u.test(n))).toBe(true);
  });

  it('stops the interview at once when an answer reveals an emergency', async () => {
    const history: HistoryTurn[] = [
      { role: 'user', text: '胸口不舒服' },
      { role: 'assistant', text: '问题1：有没有出冷汗？', interview: { symptomId: 'cold-sweat' } },
    ];
    const es = await collectAnswer({ question: '有，胸口像压了块石头，疼了半小时', history, member: member({ age: 60 }) });
    expect(find(es, 'triage')?.level).toBe('emergency');
    expect(textOf(es).startsWith('立即拨打120')).toBe(true);
    expect(find(es, 'interview')).toBeUndefined();
  });
});

describe('the complaint\'s red-flag questions (redFlagProbes)', () => {
  it('headache with fever: a stiff neck, purpura and confusion are asked before anything else', () => {
    const t = triage('头痛发烧两天');
    const known = new Set(t.extraction.symptoms.map((s) => s.id));
    expect(redFlagProbes(t, known).slice(0, 3)).toEqual(['neck-stiffness', 'purpura', 'confusion']);
  });
  it('a symptom the person cannot have is never asked: no 胎动 for a headache unless a pregnancy is known', () => {
    for (const q of ['头痛两天', '头疼了两天，有点恶心', '我老公头痛两天']) {
      const t = triage(q);
      expect(redFlagProbes(t, new Set(t.extraction.symptoms.map((s) => s.id)))).not.toContain('decreased-fetal-movement');
      expect(interviewStep(stateOf([q], []), null).next?.symptomId).not.toBe('decreased-fetal-movement');
    }
    // Positive: a known pregnancy may be asked about fetal movement with a headache.
    const preg = triage('怀孕34周，头痛两天');
    expect(redFlagProbes(preg, new Set(preg.extraction.symptoms.map((s) => s.id)))).toContain('decreased-fetal-movement');
  });
  it('an answered probe is not asked again; a complaint without red-flag partners has none', () => {
    const t = triage('头痛发烧两天');
    const known = new Set([...t.extraction.symptoms.map((s) => s.id), 'neck-stiffness']);
    expect(redFlagProbes(t, known)).not.toContain('neck-stiffness');
    const itch = triage('手背有点痒');
    expect(redFlagProbes(itch, new Set(itch.extraction.symptoms.map((s) => s.id)))).toEqual([]);
  });
  it('the self-check opens with them and concludes with the complaint kept', () => {
    const first = interviewStep(stateOf(['头痛发烧两天'], []), null);
    expect(first.next?.symptomId).toBe('neck-stiffness');
    const pairs = ['neck-stiffness', 'purpura', 'confusion'].map((symptomId) => ({ symptomId, reply: '没有' }));
    const after = interviewStep(stateOf(['头痛发烧两天'], pairs), null);
    expect(['neck-stiffness', 'purpura', 'confusion']).not.toContain(after.next?.symptomId);
    expect(after.triage.extraction.symptoms.filter((s) => !s.negated).map((s) => s.id)).toEqual(expect.arrayContaining(['headache', 'fever']));
  });
});
