/**
 * CI gate: the stored models' accuracy on real-holdout (eval/real/real.jsonl, id divisible by 5,
 * never trained or tuned on) must stay above the floors measured when they were trained, minus a
 * small margin. A change to the features, the training or the weights that loses accuracy fails
 * the build.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { extract } from '../extract.ts';
import { loadReal, splitReal } from '../../eval/real/labels.ts';
import { sameDepartment } from '../../eval/real/score.ts';
import { predictDepartment, predictIntent } from './predict.ts';

/** Measured on real-holdout when the stored models were trained (600 questions: intent 64.3 %, department 60.8 %), minus about 2 points. */
export const FLOORS = { intent: 0.62, department: 0.58 } as const;

const holdout = splitReal(loadReal())['real-holdout'];
/** Each holdout question's two predictions, the extraction computed once. */
let predicted: Array<{ intent: string; department: string }> = [];

describe('real-holdout gate', () => {
  beforeAll(() => {
    predicted = holdout.map((c) => {
      const ex = extract(c.q);
      return { intent: predictIntent(c.q, undefined, ex).intent, department: predictDepartment(c.q, { ex }).department };
    });
  }, 120_000);

  it('has the holdout questions to measure on', () => {
    expect(holdout.length).toBeGreaterThanOrEqual(500);
  });

  it(`intent accuracy ≥ ${FLOORS.intent}`, () => {
    const hits = holdout.filter((c, i) => predicted[i]?.intent === c.intent).length;
    expect(hits / holdout.length).toBeGreaterThanOrEqual(FLOORS.intent);
  });

  it(`department accuracy ≥ ${FLOORS.department}`, () => {
    const answerable = holdout.flatMap((c, i) => (c.answerable ? [{ c, got: predicted[i]?.department ?? '' }] : []));
    const hits = answerable.filter(({ c, got }) => sameDepartment(c.department, got, c.subject)).length;
    expect(hits / answerable.length).toBeGreaterThanOrEqual(FLOORS.department);
  });
});
