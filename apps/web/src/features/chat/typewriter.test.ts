import { describe, expect, it } from 'vitest';
import { BASE_CHARS_PER_TICK, speedMultiplier, tick } from './typewriter';

describe('typewriter', () => {
  it('speeds up ×3 when more than 200 characters remain and ×2 when more than 80', () => {
    expect(speedMultiplier(201)).toBe(3);
    expect(speedMultiplier(200)).toBe(2);
    expect(speedMultiplier(81)).toBe(2);
    expect(speedMultiplier(80)).toBe(1);
    expect(speedMultiplier(0)).toBe(1);
  });

  it('waits in prepare until 10 characters arrived', () => {
    expect(tick({ shown: 0, received: 9, done: false, state: 'prepare' })).toEqual({ shown: 0, state: 'prepare' });
    expect(tick({ shown: 0, received: 10, done: false, state: 'prepare' })).toEqual({ shown: BASE_CHARS_PER_TICK, state: 'typing' });
  });

  it('types a short complete answer without waiting for 10 characters', () => {
    let s = tick({ shown: 0, received: 2, done: true, state: 'prepare' });
    expect(s).toEqual({ shown: 2, state: 'complete' });
    s = tick({ shown: 2, received: 2, done: true, state: s.state });
    expect(s.state).toBe('complete');
  });

  it('shows 3× per tick far behind the stream, then slows down, and completes only after the last frame', () => {
    const a = tick({ shown: 0, received: 500, done: false, state: 'typing' });
    expect(a.shown).toBe(BASE_CHARS_PER_TICK * 3);
    const b = tick({ shown: 400, received: 500, done: false, state: 'typing' });
    expect(b.shown).toBe(400 + BASE_CHARS_PER_TICK * 2);
    const c = tick({ shown: 495, received: 500, done: false, state: 'typing' });
    expect(c).toEqual({ shown: Math.min(500, 495 + BASE_CHARS_PER_TICK), state: 'typing' });
    expect(tick({ shown: 500, received: 500, done: false, state: 'typing' })).toEqual({ shown: 500, state: 'typing' });
    expect(tick({ shown: 500, received: 500, done: true, state: 'typing' })).toEqual({ shown: 500, state: 'complete' });
  });

  it('never shows more than received', () => {
    let shown = 0;
    let state: 'prepare' | 'typing' | 'complete' = 'prepare';
    for (let i = 0; i < 1000 && state !== 'complete'; i++) {
      ({ shown, state } = tick({ shown, received: 321, done: true, state }));
      expect(shown).toBeLessThanOrEqual(321);
    }
    expect(state).toBe('complete');
    expect(shown).toBe(321);
  });
});
