import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinEngine, type ChatAnswerInput, type Engine, type EngineEvent } from './engine-adapter.ts';
import { EnginePool } from './engine-pool.ts';

const QUESTION = '我最近一周总是头痛，尤其是下午，有时候还伴有恶心和头晕，血压有点高，晚上睡不好，吃了布洛芬稍微好一点，但是第二天又疼，需要去医院看吗？';
const long = (n: number) => QUESTION.repeat(Math.ceil(n / QUESTION.length)).slice(0, n);
const input = (question: string): ChatAnswerInput => ({ question, skill: null, member: null, report: [], reasoning: true, history: [], location: null, inType: 0 });

async function collect(engine: Engine, q: ChatAnswerInput): Promise<EngineEvent[]> {
  const out: EngineEvent[] = [];
  // consumingMs is the deep think's measured time: it differs between any two runs.
  for await (const ev of engine(q)) out.push('consumingMs' in ev ? { ...ev, consumingMs: 0 } : ev);
  return out;
}

describe('EnginePool: the builtin engine in worker threads', () => {
  const pool = new EnginePool(1);
  afterAll(async () => {
    await pool.close();
  });

  it('streams the same events, in the same order, as the engine on the event loop', async () => {
    for (const q of [input('头痛两天了，有点恶心，怎么办'), input(long(2000)), { ...input('阿莫西林能吃吗'), member: null }]) {
      expect(await collect(pool.engine, q)).toEqual(await collect(builtinEngine, q));
    }
  }, 60_000);

  it('keeps the event loop free while long questions are computed (the engine on the loop holds it)', async () => {
    // Warm: the worker is started and the engine loaded.
    await collect(pool.engine, input('头痛'));
    const questions = Array.from({ length: 6 }, (_, i) => input(long(2000 - i)));
    const busy = async (engine: Engine) => {
      const elu0 = performance.eventLoopUtilization();
      await Promise.all(questions.map((q) => collect(engine, q)));
      return performance.eventLoopUtilization(elu0).utilization;
    };
    const onLoop = await busy(builtinEngine);
    const pooled = await busy(pool.engine);
    expect(onLoop).toBeGreaterThan(0.8);
    expect(pooled).toBeLessThan(0.3);
  }, 60_000);

  it('a listener that stops early (cancel) drops the rest; the next question is answered', async () => {
    const it1 = pool.engine(input(long(1500)))[Symbol.asyncIterator]();
    const first = await it1.next();
    expect(first.done).toBe(false);
    await it1.return?.();
    const events = await collect(pool.engine, input('咳嗽三天了'));
    expect(events.at(-1)?.type).toBe('done');
  }, 60_000);
});
