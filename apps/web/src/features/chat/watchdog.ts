import { LIMITS } from '@chatdr/contract';

/**
 * The no-change watchdog of chat-core §4/§9: while a question is being answered, 7000 ms without
 * any new frame triggers a retry (the client asks the server to resume from the last seq); after
 * 9 retries without change the question is flagged as timed out.
 */
export interface WatchdogTimers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface WatchdogOptions {
  onRetry: (attempt: number) => void;
  onTimeout: () => void;
  ms?: number;
  retries?: number;
  timers?: WatchdogTimers;
}

export interface Watchdog {
  /** Something changed (a frame arrived): the count starts again. */
  touch(): void;
  /** The answer ended: no more checks. */
  stop(): void;
  readonly retries: number;
  readonly stopped: boolean;
}

const realTimers: WatchdogTimers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export function createWatchdog({ onRetry, onTimeout, ms = LIMITS.watchdogMs, retries: maxRetries = LIMITS.watchdogRetries, timers = realTimers }: WatchdogOptions): Watchdog {
  let handle: unknown = null;
  let retries = 0;
  let stopped = false;

  const arm = () => {
    if (handle !== null) timers.clear(handle);
    handle = timers.set(fire, ms);
  };
  function fire() {
    handle = null;
    if (stopped) return;
    if (retries >= maxRetries) {
      stopped = true;
      onTimeout();
      return;
    }
    retries += 1;
    onRetry(retries);
    arm();
  }
  arm();

  return {
    touch() {
      if (stopped) return;
      retries = 0;
      arm();
    },
    stop() {
      stopped = true;
      if (handle !== null) timers.clear(handle);
      handle = null;
    },
    get retries() {
      return retries;
    },
    get stopped() {
      return stopped;
    },
  };
}
