import type { Redis } from 'ioredis';

/**
 * Tells every instance that a user's account data or sessions changed, so that the per-process
 * caches (sessions, account info) drop what they hold for that user. In-process by default; over
 * Redis pub/sub when REDIS_URL is set, so N instances stay coherent.
 */
export interface ChangeBus {
  userChanged(userId: number): Promise<void>;
  onUserChanged(fn: (userId: number) => void): void;
  close(): Promise<void>;
}

export class LocalChangeBus implements ChangeBus {
  protected readonly listeners: Array<(userId: number) => void> = [];
  async userChanged(userId: number): Promise<void> {
    this.emit(userId);
  }
  onUserChanged(fn: (userId: number) => void): void {
    this.listeners.push(fn);
  }
  protected emit(userId: number) {
    for (const fn of this.listeners) fn(userId);
  }
  async close(): Promise<void> {}
}

const CHANNEL = 'chatdr:user-changed';

export class RedisChangeBus extends LocalChangeBus {
  private constructor(private readonly pub: Redis, private readonly sub: Redis) {
    super();
  }
  static async connect(url: string): Promise<RedisChangeBus> {
    const { Redis } = await import('ioredis');
    const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = new Redis(url, { lazyConnect: true });
    await Promise.all([pub.connect(), sub.connect()]);
    const bus = new RedisChangeBus(pub, sub);
    await sub.subscribe(CHANNEL);
    sub.on('message', (_ch: string, msg: string) => {
      const id = Number(msg);
      if (Number.isInteger(id)) bus.emit(id);
    });
    return bus;
  }
  override async userChanged(userId: number): Promise<void> {
    // Local caches first (read-your-writes on this instance), then every other instance.
    this.emit(userId);
    await this.pub.publish(CHANNEL, String(userId));
  }
  override async close(): Promise<void> {
    await Promise.all([this.pub.quit(), this.sub.quit()]);
  }
}

export const createChangeBus = (redisUrl: string | undefined): Promise<ChangeBus> => (redisUrl ? RedisChangeBus.connect(redisUrl) : Promise.resolve(new LocalChangeBus()));

/**
 * A bounded per-process cache with a time-to-live, dropped per user on change-bus events.
 * The TTL bounds staleness should an invalidation be lost (e.g. a Redis reconnect).
 */
export class UserScopedCache<K, V> {
  private readonly map = new Map<K, { v: V; userId: number; at: number }>();
  private readonly byUser = new Map<number, Set<K>>();
  constructor(bus: ChangeBus, private readonly ttlMs: number, private readonly max: number, private readonly now: () => number = Date.now) {
    bus.onUserChanged((userId) => this.dropUser(userId));
  }
  get(key: K): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    if (this.now() - e.at > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    return e.v;
  }
  set(key: K, userId: number, v: V): void {
    if (this.map.size >= this.max) {
      const oldest = this.map.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    this.map.set(key, { v, userId, at: this.now() });
    let keys = this.byUser.get(userId);
    if (!keys) this.byUser.set(userId, (keys = new Set()));
    keys.add(key);
  }
  delete(key: K): void {
    const e = this.map.get(key);
    if (!e) return;
    this.map.delete(key);
    const keys = this.byUser.get(e.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(e.userId);
  }
  dropUser(userId: number): void {
    for (const k of this.byUser.get(userId) ?? []) this.map.delete(k);
    this.byUser.delete(userId);
  }
}
