import { describe, expect, it } from 'vitest';
import { bpTone, flagTone, fmtDateTime, fromLocalInput, toLocalInput } from './format';

describe('health formatting', () => {
  it('shows and reads times in China time whatever the device zone', () => {
    const t = Date.UTC(2026, 0, 9, 23, 30);
    expect(fmtDateTime(t)).toBe('2026-01-10 07:30');
    expect(toLocalInput(t)).toBe('2026-01-10T07:30');
    expect(fromLocalInput('2026-01-10T07:30')).toBe(t);
    expect(fromLocalInput('nope')).toBeNull();
  });
  it('tones: BP level 0 ok, 1–2 warn, 3+ danger; lab flags', () => {
    expect([0, 1, 2, 3, 5].map(bpTone)).toEqual(['ok', 'warn', 'warn', 'danger', 'danger']);
    expect(['normal', 'high', 'critical-low', 'unknown'].map(flagTone)).toEqual(['ok', 'warn', 'danger', 'muted']);
  });
});
