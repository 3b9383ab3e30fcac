import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `endAt` (never negative). */
export function secondsLeft(endAt: number, now: number): number {
  return Math.max(0, Math.ceil((endAt - now) / 1000));
}

/**
 * A resend countdown: `start(60)` after a code is sent; `left` is 0 when sending is allowed again.
 * `initialSeconds` starts it at mount (a code sent by the previous screen).
 */
export function useCountdown(initialSeconds = 0) {
  const [endAt, setEndAt] = useState(() => (initialSeconds > 0 ? Date.now() + initialSeconds * 1000 : 0));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endAt === 0) return;
    const id = window.setInterval(() => {
      const n = Date.now();
      setNow(n);
      if (n >= endAt) window.clearInterval(id);
    }, 250);
    return () => window.clearInterval(id);
  }, [endAt]);
  const start = useCallback((seconds: number) => {
    const n = Date.now();
    setNow(n);
    setEndAt(n + seconds * 1000);
  }, []);
  return { left: secondsLeft(endAt, now), start, started: endAt !== 0 };
}
