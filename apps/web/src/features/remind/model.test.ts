import { describe, expect, it } from 'vitest';
import { daysUntil, doseState, nextMinute, todayIso } from './model';

describe('reminder model', () => {
  it('names the dose states of the server', () => {
    expect([0, 1, 2, 3].map((status) => doseState({ status }))).toEqual(['pending', 'taken', 'skipped', 'missed']);
  });
  it('counts days to a check date', () => {
    expect(daysUntil('2030-03-06', '2030-03-04')).toBe(2);
    expect(daysUntil('2030-03-04', '2030-03-04')).toBe(0);
    expect(daysUntil('2030-02-28', '2030-03-01')).toBe(-1);
  });
  it('gives today and the next minute in local time', () => {
    const d = new Date(2030, 2, 4, 23, 59, 30);
    expect(todayIso(d)).toBe('2030-03-04');
    expect(nextMinute(d)).toBe('00:00');
  });
});
