import { describe, expect, it } from 'vitest';
import { TaskClickCounter } from './click-counter.ts';

describe('TaskClickCounter', () => {
  it('writes one total per task per flush, and nothing when nothing was counted', async () => {
    const writes: Array<ReadonlyArray<readonly [string, number]>> = [];
    const c = new TaskClickCounter(async (counts) => void writes.push(counts), 60_000, () => undefined);
    for (let i = 0; i < 5000; i++) c.add(i % 2 ? 'consult' : 'family');
    await c.flush();
    await c.flush();
    expect(writes).toEqual([[['family', 2500], ['consult', 2500]]]);
    await c.close();
  });

  it('keeps the counts of a failed write for the next flush, and flushes at close', async () => {
    const writes: Array<ReadonlyArray<readonly [string, number]>> = [];
    let fail = true;
    const errors: unknown[] = [];
    const c = new TaskClickCounter(
      async (counts) => {
        if (fail) throw new Error('database is busy');
        writes.push(counts);
      },
      60_000,
      (err) => errors.push(err),
    );
    c.add('rate');
    c.add('rate');
    await c.flush();
    expect(errors).toHaveLength(1);
    fail = false;
    c.add('rate');
    await c.close();
    expect(writes).toEqual([[['rate', 3]]]);
  });
});
