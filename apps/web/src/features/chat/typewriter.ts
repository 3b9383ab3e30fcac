import { LIMITS } from '@chatdr/contract';

/**
 * The typewriter of chat-core §4/§9: typing starts once 10 characters have arrived (or the answer
 * is complete), then every 100 ms shows a few more characters — 3× as many while more than 200
 * remain, 2× while more than 80 remain, so a long answer never lags far behind the stream.
 */
export type TypingState = 'prepare' | 'typing' | 'complete';

/** Characters per 100 ms tick at ×1: the spec's display speed 30 (chars per second) times step 1. */
export const BASE_CHARS_PER_TICK = Math.max(1, Math.round((LIMITS.typewriterDisplaySpeed * LIMITS.typewriterSpeedStep * LIMITS.typewriterIntervalMs) / 1000));

/** The speed multiplier for the characters not yet shown. */
export function speedMultiplier(remaining: number): 1 | 2 | 3 {
  if (remaining > LIMITS.typewriterFastRemaining) return 3;
  if (remaining > LIMITS.typewriterMediumRemaining) return 2;
  return 1;
}

export interface TypewriterInput {
  /** Characters shown so far. */
  shown: number;
  /** Characters received so far. */
  received: number;
  /** No more text will arrive (the last frame came). */
  done: boolean;
  state: TypingState;
}

/** One 100 ms tick: how many characters to show now and the new typing state. */
export function tick({ shown, received, done, state }: TypewriterInput): { shown: number; state: TypingState } {
  if (state === 'complete') return { shown: received, state };
  if (state === 'prepare' && received < LIMITS.typewriterStartChars && !done) return { shown: 0, state: 'prepare' };
  const remaining = Math.max(0, received - shown);
  if (remaining === 0) return { shown, state: done ? 'complete' : 'typing' };
  const next = Math.min(received, shown + BASE_CHARS_PER_TICK * speedMultiplier(remaining));
  return { shown: next, state: done && next >= received ? 'complete' : 'typing' };
}
