import { describe, expect, it } from 'vitest';
import { newMessage, type ChatMessage } from './model';
import { isBusy } from './send-gate';

const m = (o: Partial<ChatMessage>): ChatMessage => ({ ...newMessage('q', '问', null, 0), ...o });

describe('sending gate', () => {
  it('is open with no messages and after a finished, typed-out answer or a failure', () => {
    expect(isBusy([], false)).toBe(false);
    expect(isBusy([m({ status: 2, typing: 'complete' })], false)).toBe(false);
    expect(isBusy([m({ status: -1 })], false)).toBe(false);
  });

  it('is closed while waiting (-2), sent (0), answering (1), typing, or auditing', () => {
    for (const status of [-2, 0, 1] as const) expect(isBusy([m({ status })], false)).toBe(true);
    expect(isBusy([m({ status: 2, typing: 'typing' })], false)).toBe(true);
    expect(isBusy([], true)).toBe(true);
  });
});
