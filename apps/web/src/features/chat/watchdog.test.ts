import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWatchdog } from './watchdog';

describe('no-change watchdog', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('retries every 7000 ms without change, 9 times, then flags a time-out', () => {
    const onRetry = vi.fn();
    const onTimeout = vi.fn();
    createWatchdog({ onRetry, onTimeout });
    vi.advanceTimersByTime(6999);
    expect(onRetry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onRetry).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(7000 * 8);
    expect(onRetry).toHaveBeenCalledTimes(9);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(7000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(70_000);
    expect(onRetry).toHaveBeenCalledTimes(9);
  });

  it('starts counting again on every change', () => {
    const onRetry = vi.fn();
    const onTimeout = vi.fn();
    const w = createWatchdog({ onRetry, onTimeout });
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(6000);
      w.touch();
    }
    expect(onRetry).not.toHaveBeenCalled();
    vi.advanceTimersByTime(7000 * 3);
    expect(w.retries).toBe(3);
    w.touch();
    expect(w.retries).toBe(0);
  });

  it('does nothing once stopped', () => {
    const onRetry = vi.fn();
    const onTimeout = vi.fn();
    const w = createWatchdog({ onRetry, onTimeout });
    w.stop();
    vi.advanceTimersByTime(100_000);
    expect(onRetry).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
    expect(w.stopped).toBe(true);
  });
});
