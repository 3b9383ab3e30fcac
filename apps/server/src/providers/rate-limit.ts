import type { Redis } from 'ioredis';

/** A hold outlives its instant by this much in real time (clocks of instances differ a little). */
const HOLD_SLACK_MS = 60_000;

/** Fixed-window counters and holds, shared by every instance when backed by Redis. */
export interface RateLimiter {
  /** Adds one hit to `key` in a window of `windowMs`; returns the count in the window. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Current count without adding. */
  peek(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  /**
   * Holds `key` until the instant `until` (epoch ms, on the caller's clock; a later hold replaces
   * it). Kept at least until then in real time.
   */
  holdUntil(key: string, until: number): Promise<void>;
  /** The instant `key` is held until, or 0 when it never was or has been dropped. */
  heldUntil(key: string): Promise<number>;
  close(): Promise<void>;
}

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly holds = new Map<string, number>();
  private sweeps = 0;
  constructor(private readonly now: () => number = Date.now) {}
  private current(key: string, windowMs: number) {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= windowMs) return null;
    return w;
  }
  async hit(key: string, windowMs: number): Promise<number> {
    if (++this.sweeps % 1000 === 0) this.sweep(windowMs);
    const w = this.current(key, windowMs);
    if (w) return ++w.count;
    this.windows.set(key, { start: this.now(), count: 1 });
    return 1;
  }
  async peek(key: string, windowMs: number): Promise<number> {
    return this.current(key, windowMs)?.count ?? 0;
  }
  async reset(key: string): Promise<void> {
    this.windows.delete(key);
    this.holds.delete(key);
  }
  async holdUntil(key: string, until: number): Promise<void> {
    if (++this.sweeps % 1000 === 0) this.sweep(0);
    this.holds.set(key, until);
  }
  async heldUntil(key: string): Promise<number> {
    return this.holds.get(key) ?? 0;
  }
  private sweep(windowMs: number) {
    const t = this.now();
    for (const [k, w] of this.windows) if (t - w.start >= Math.max(windowMs, 86_400_000)) this.windows.delete(k);
    for (const [k, until] of this.holds) if (until + HOLD_SLACK_MS <= t) this.holds.delete(k);
  }
  async close(): Promise<void> {}
}

export class RedisRateLimiter implements RateLimiter {
  constructor(private readonly redis: Redis, private readonly prefix = 'chatdr:rl:') {}
  async hit(key: string, windowMs: number): Promise<number> {
    const k = this.prefix + key;
    const res = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec();
    const count = res?.[0]?.[1];
    return typeof count === 'number' ? count : 0;
  }
  async peek(key: string): Promise<number> {
    const v = await this.redis.get(this.prefix + key);
    return v ? Number(v) : 0;
  }
  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
  async holdUntil(key: string, until: number): Promise<void> {
    await this.redis.set(this.prefix + key, String(until), 'PX', Math.max(0, Math.ceil(until - Date.now())) + HOLD_SLACK_MS);
  }
  async heldUntil(key: string): Promise<number> {
    const v = Number(await this.redis.get(this.prefix + key));
    return Number.isFinite(v) ? v : 0;
  }
  async close(): Promise<void> {
    await this.redis.quit();
  }
}

export async function createRateLimiter(redisUrl: string | undefined): Promise<RateLimiter> {
  if (!redisUrl) return new MemoryRateLimiter();
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await redis.connect();
  return new RedisRateLimiter(redis);
}
