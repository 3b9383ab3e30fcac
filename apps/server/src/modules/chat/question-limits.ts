import type { RateLimiter } from '../../providers/rate-limit.ts';

/** Per-account and per-IP question limits (README: CHAT_USER_* and CHAT_IP_*). */
export interface QuestionLimitsConfig {
  /** Questions of one account answering at once on this instance. */
  userInFlight: number;
  /** Questions of one account per minute. */
  userPerMinute: number;
  /** Questions from one client IP answering at once on this instance. */
  ipInFlight: number;
  /** Questions from one client IP per minute. */
  ipPerMinute: number;
}

const MINUTE_MS = 60_000;

/**
 * Keeps one account (or one address) from taking the chat for everyone: its questions in flight
 * are counted here (per instance: they are this instance's answers and CPU), its questions per
 * minute in the rate limiter's fixed windows (Redis when REDIS_URL is set, so the whole cluster
 * counts). A question past either limit is refused with 3001 (busy, resend allowed).
 */
export class QuestionLimits {
  private readonly users = new Map<number, number>();
  private readonly ips = new Map<string, number>();

  constructor(
    private readonly cfg: QuestionLimitsConfig,
    private readonly limiter: RateLimiter,
    private readonly onLimiterError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * Counts a question in the account's and the address's minute windows; false when either is
   * past its limit. Every emit counts, refused ones too: a client that keeps flooding stays
   * refused until the window ends. A limiter failure (Redis down) lets the question through.
   */
  async withinPerMinute(userId: number, ip: string | null): Promise<boolean> {
    try {
      const [u, i] = await Promise.all([this.limiter.hit(`chatq:u:${userId}`, MINUTE_MS), ip ? this.limiter.hit(`chatq:ip:${ip}`, MINUTE_MS) : Promise.resolve(0)]);
      return u <= this.cfg.userPerMinute && i <= this.cfg.ipPerMinute;
    } catch (err) {
      this.onLimiterError(err);
      return true;
    }
  }

  /** Takes an in-flight slot for the account and the address; false (nothing taken) when either is full. */
  acquire(userId: number, ip: string | null): boolean {
    const u = this.users.get(userId) ?? 0;
    const i = ip ? (this.ips.get(ip) ?? 0) : 0;
    if (u >= this.cfg.userInFlight || (ip && i >= this.cfg.ipInFlight)) return false;
    this.users.set(userId, u + 1);
    if (ip) this.ips.set(ip, i + 1);
    return true;
  }

  /** Gives back the slot `acquire` took. */
  release(userId: number, ip: string | null): void {
    const u = (this.users.get(userId) ?? 1) - 1;
    if (u <= 0) this.users.delete(userId);
    else this.users.set(userId, u);
    if (!ip) return;
    const i = (this.ips.get(ip) ?? 1) - 1;
    if (i <= 0) this.ips.delete(ip);
    else this.ips.set(ip, i);
  }

  /** Questions in flight of one account (tests, diagnostics). */
  inFlight(userId: number): number {
    return this.users.get(userId) ?? 0;
  }
}
