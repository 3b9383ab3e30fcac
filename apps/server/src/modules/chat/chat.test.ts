import { describe, expect, it } from 'vitest';
import { FRAME_CODE, historyStatus, MSG, QuestionEmit } from '@chatdr/contract';
import { Batcher } from './batcher.ts';
import { searchTerms } from './chat.service.ts';
import { INTERVIEW_MAX_QUESTIONS } from '@chatdr/engine';
import { engineInput, historyTurns, HISTORY_DIALOGS } from './engine-adapter.ts';
import { mapEvent } from './frames.ts';

describe('chat: pure parts', () => {
  it('splits a search keyword into CJK bigrams and whole words', () => {
    expect(searchTerms('血压偏高')).toEqual(['血压', '压偏', '偏高']);
    expect(searchTerms('妈妈 CT检查')).toEqual(['妈妈', 'ct', '检查']);
    expect(searchTerms('痛')).toEqual(['痛']);
    expect(searchTerms('  ，。 ')).toEqual([]);
  });

  it('maps history status as chat-core §4 says', () => {
    for (const c of [1, 3032, 3033, 3095, 3096]) expect(historyStatus(c).status).toBe(2);
    for (const c of [3030, 3031, 3099, 3001]) expect(historyStatus(c)).toEqual({ status: -1, statusMessage: null });
    expect(historyStatus(null)).toEqual({ status: -1, statusMessage: MSG.cancelled });
  });

  it('maps known engine events to payload fields and passes others through', () => {
    expect(mapEvent({ type: 'sources', items: [{ index: 1, name: 'a', title: 'b', sourceName: 'c' }] })).toEqual({ code: FRAME_CODE.sources, payload: { sources: [{ index: 1, name: 'a', title: 'b', sourceName: 'c' }] } });
    expect(mapEvent({ type: 'followUps', questions: ['x'] }).payload).toEqual({ followUps: ['x'] });
    expect(mapEvent({ type: 'somethingNew', a: 1 })).toEqual({ code: FRAME_CODE.progress, payload: { event: { type: 'somethingNew', a: 1 } } });
  });

  it('builds the engine input in one place: skill, reasoning, history, location, inType', () => {
    const q = QuestionEmit.parse({ questionId: 'q1', text: ' 头痛 ', instructCode: 'ZZZC', reasoning: 0, inType: '2', city: '杭州' });
    const input = engineInput(q, { member: null, past: [{ question: '发烧', answer: '多喝水', instructCode: null, extras: { interview: { symptomId: 'fever' } } }] });
    expect(input).toMatchObject({ question: '头痛', skill: 'zzzc', reasoning: false, inType: 2, location: { city: '杭州' }, report: [] });
    expect(input.history).toEqual([{ role: 'user', text: '发烧', skill: null }, { role: 'assistant', text: '多喝水', interview: { symptomId: 'fever' } }]);
    // Bounded, but long enough for a whole self-check (the complaint plus 8 questions).
    expect(HISTORY_DIALOGS).toBe(INTERVIEW_MAX_QUESTIONS + 2);
    expect(historyTurns(Array.from({ length: 14 }, (_, i) => ({ question: `q${i}`, answer: `a${i}`, instructCode: null, extras: {} })))).toHaveLength(2 * HISTORY_DIALOGS);
  });

  it('validates the question emit (3030 otherwise)', () => {
    expect(QuestionEmit.safeParse({ questionId: 'q1', text: '' }).success).toBe(false);
    expect(QuestionEmit.safeParse({ questionId: 'q 1', text: 'x' }).success).toBe(false);
    expect(QuestionEmit.safeParse({ questionId: 'q1', text: '', inputMediaId: 'm1' }).success).toBe(true);
    expect(QuestionEmit.parse({ questionId: 'q1', text: 'x', privacyMode: 1 }).privacyMode).toBe(1);
  });

  it('batches what is pushed together (group commit), at most max per write, a bad item failing alone', async () => {
    const writes: number[][] = [];
    const b = new Batcher<number, number>(async (xs) => {
      writes.push(xs);
      if (xs.includes(13)) throw new Error('bad item');
      return xs.map((x) => x * 2);
    }, 4);
    const out = await Promise.allSettled([1, 2, 3, 4, 5, 13, 7].map((x) => b.push(x)));
    expect(out.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([2, 4, 6, 8, 10, 'failed', 14]);
    // Two batches (4 + 3), the failed one retried item by item.
    expect(writes).toEqual([[1, 2, 3, 4], [5, 13, 7], [5], [13], [7]]);
    expect(await b.push(21)).toBe(42);
    // With concurrency 2, two batches are written at once.
    let open = 0;
    let most = 0;
    const c = new Batcher<number, number>(async (xs) => {
      most = Math.max(most, ++open);
      await new Promise((r) => setTimeout(r, 5));
      open--;
      return xs;
    }, 2, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((x) => c.push(x)))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
