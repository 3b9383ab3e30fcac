import { describe, expect, it } from 'vitest';
import { LinearModel, rng, train, vocabulary } from './linear.ts';
import type { Example } from './linear.ts';

/** A toy task: the class is the letter that appears (a → A, b → B), with noise features. */
function toy(n: number, seed: number): Example[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const label = i % 2 === 0 ? 'A' : 'B';
    return { features: [label === 'A' ? 'a' : 'b', `n${Math.floor(r() * 5)}`, 'bias'], label };
  });
}

describe('linear model training', () => {
  it('the seeded PRNG repeats', () => {
    const a = rng(7), b = rng(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(rng(8)()).not.toBe(rng(7)());
  });

  it('keeps frequent features, most frequent first, ties by name', () => {
    const v = vocabulary([{ features: ['x', 'y'], label: 'A' }, { features: ['y', 'z', 'x'], label: 'B' }, { features: ['y'], label: 'A' }], 2);
    expect(v).toEqual(['y', 'x']);
    expect(vocabulary([{ features: ['x', 'y'], label: 'A' }], 1, 1)).toEqual(['x']);
  });

  it('is deterministic: the same data and seed give the same stored weights', () => {
    const data = toy(60, 3);
    const a = train(data, { classes: ['A', 'B'], epochs: 5, seed: 16 }).toData('toy');
    const b = train(data, { classes: ['A', 'B'], epochs: 5, seed: 16 }).toData('toy');
    expect(a).toEqual(b);
    const c = train(data, { classes: ['A', 'B'], epochs: 5, seed: 17 }).toData('toy');
    expect(c.weights).not.toBe(a.weights);
  });

  it('learns a separable task, and survives int8 storage', () => {
    const m = train(toy(80, 5), { classes: ['A', 'B'], epochs: 10, seed: 1 });
    expect(m.predict(['a', 'bias']).label).toBe('A');
    expect(m.predict(['b', 'bias']).label).toBe('B');
    const back = LinearModel.fromData(m.toData('toy'));
    expect(back.predict(['a', 'bias']).label).toBe('A');
    expect(back.predict(['b', 'bias']).p).toBeGreaterThan(0.8);
    const probs = back.predict(['a']).probs;
    expect(probs.reduce((x, y) => x + y, 0)).toBeCloseTo(1, 6);
  });

  it('skips examples whose label is not a class, ignores unknown features', () => {
    const m = train([...toy(20, 1), { features: ['a'], label: 'Z' }], { classes: ['A', 'B'], epochs: 3 });
    expect(m.meta.examples).toBe(20);
    expect(m.predict(['never-seen']).probs).toEqual([0.5, 0.5]);
  });
});
