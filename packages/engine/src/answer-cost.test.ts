import { describe, expect, it } from 'vitest';
import { answer } from './answer.ts';

/**
 * The engine's cost grows with the text, not faster (issue 15 item 4: a 2,000-character question
 * took ~430 ms of CPU, 65 ms for 500, from regular expressions that backtracked per character and
 * per-clause rescans). CPU time, the best of a few runs, with a bound well above the ~20 ms it
 * takes so that a loaded machine does not fail it.
 */
const BASE = '我最近一周总是头痛，尤其是下午，有时候还伴有恶心和头晕，血压有点高，晚上睡不好，吃了布洛芬稍微好一点，但是第二天又疼，需要去医院看吗？';
const DYSTONIA = '昨天吃了胃复安以后脖子有点歪，头往一边扭，眼睛往上翻，这是怎么回事？';
const repeat = (s: string, n: number) => s.repeat(Math.ceil(n / s.length)).slice(0, n);

async function cpuMs(question: string): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < 5; i++) {
    const c0 = process.cpuUsage();
    for await (const ev of answer({ question })) void ev;
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000);
  }
  return best;
}

describe('answer() cost on long questions', () => {
  it('a 2,000-character question costs tens of milliseconds, not hundreds', async () => {
    await cpuMs(BASE);
    for (const q of [repeat(BASE, 2000), repeat(DYSTONIA, 2000)]) expect(await cpuMs(q)).toBeLessThan(60);
  }, 120_000);
});
