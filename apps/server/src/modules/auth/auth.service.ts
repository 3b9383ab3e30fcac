import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';
import { APPLY_STATE, SECURITY, type AccountSmsScene, type SmsScene } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { hmac, newSmsCode, newToken, sameBytes, sha256 } from '../../providers/crypto.ts';
import { UserScopedCache, type ChangeBus } from '../../providers/change-bus.ts';
import type { RateLimiter } from '../../providers/rate-limit.ts';
import type { SmsProvider } from '../../providers/sms.ts';
import type { AuthStore } from './auth.store.ts';

export interface ClientMeta {
  ip: string;
  deviceType: string | null;
  ua: string | null;
}

export interface AuthServiceDeps {
  store: AuthStore;
  sms: SmsProvider;
  limiter: RateLimiter;
  secret: string;
  registration: 'open' | 'apply';
  /** Drops cached sessions of a user on every instance when its sessions or account change. */
  bus: ChangeBus;
  now?: () => number;
  /** The stored files of a user (media module): listed before an account is deleted, removed after. */
  userFiles?: { list(userId: number): Promise<string[]>; remove(keys: string[]): Promise<void> };
}

interface CachedSession {
  ctx: AuthContext;
  loginAt: number;
  endsAt: number | null;
  lastSeenAt: number;
}

/** How long a resolved session is trusted without a database read (invalidations are immediate). */
const SESSION_CACHE_TTL_MS = 60_000;

// Argon2id parameters (OWASP: m=19 MiB, t=2, p=1).
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Verified against when the phone has no account, so that timing does not tell. */
let dummyHash: Promise<string> | null = null;

type CodeCheck = 'ok' | 'wrong' | 'expired' | 'locked';

/** Login, codes, passwords, sessions and applications: the rules of QUALITY.md's security bar. */
export class AuthService {
  private readonly now: () => number;
  private readonly sessions: UserScopedCache<string, CachedSession>;
  constructor(private readonly d: AuthServiceDeps) {
    this.now = d.now ?? Date.now;
    this.sessions = new UserScopedCache(d.bus, SESSION_CACHE_TTL_MS, 100_000, this.now);
  }

  /** Every change to a user's sessions or account goes through here. */
  private changed(userId: number): Promise<void> {
    return this.d.bus.userChanged(userId);
  }

  private codeHash(phone: string, scene: string, code: string): Buffer {
    return hmac(this.d.secret, `${scene}:${phone}:${code}`);
  }

  /** Sends a code bound to phone and purpose, within the per-phone and per-IP send limits. */
  async sendCode(phone: string, scene: SmsScene | AccountSmsScene, meta: Pick<ClientMeta, 'ip'>): Promise<{ resendAfter: number }> {
    // Forgot-password and cancellation codes go only to an active account, but the answer must
    // not tell whether the phone has one (issue 15 item 12): a phone without one goes through the
    // same limits and records the same (unknowable) code, so its counters and answers — success,
    // too frequent, hour/day limit — are those of a registered phone; only the SMS is not sent.
    let deliver = true;
    if (scene === 'forgotPwd' || scene === 'cancel') {
      const u = await this.d.store.userByPhone(phone);
      deliver = !!u && u.status === 'active';
    }
    const ipHits = await this.d.limiter.hit(`sms:ip:${meta.ip}`, 3_600_000);
    if (ipHits > SECURITY.smsSendPerIpPerHour) throw fail('tooManyRequests');
    const code = newSmsCode(SECURITY.smsCodeLength);
    await this.d.store.withPhoneLock(phone, async (store) => {
      const now = new Date(this.now());
      const c = await store.sendCounts(phone, now);
      const since = c.lastAt ? now.getTime() - c.lastAt.getTime() : Infinity;
      // The interval is per phone, whatever the purpose: the answer says how long to wait.
      if (since < SECURITY.smsSendIntervalMs) throw fail('smsTooFrequent', { data: { resendAfter: Math.ceil((SECURITY.smsSendIntervalMs - since) / 1000) } });
      if (c.hour >= SECURITY.smsSendPerHour) throw fail('smsHourLimit');
      if (c.day >= SECURITY.smsSendPerDay) throw fail('smsDayLimit');
      await store.insertCode(phone, scene, this.codeHash(phone, scene, code), now, new Date(now.getTime() + SECURITY.smsCodeTtlMs));
    });
    if (deliver) await this.d.sms.send(phone, code, scene);
    return { resendAfter: SECURITY.smsSendIntervalMs / 1000 };
  }

  /** Checks a code: single use, valid 5 minutes, void after 5 wrong tries. Wrong tries are committed. */
  async checkCode(phone: string, scene: SmsScene | AccountSmsScene, code: string): Promise<void> {
    const result = await this.d.store.withPhoneLock(phone, async (store): Promise<CodeCheck> => {
      const now = new Date(this.now());
      const row = await store.latestLiveCode(phone, scene);
      if (!row || row.expiresAt.getTime() <= now.getTime()) return 'expired';
      if (row.tries >= SECURITY.smsCodeMaxTries) return 'locked';
      if (!sameBytes(row.codeHash, this.codeHash(phone, scene, code))) {
        const tries = await store.addCodeTry(row.id);
        if (tries >= SECURITY.smsCodeMaxTries) {
          await store.useCode(row.id, now);
          return 'locked';
        }
        return 'wrong';
      }
      await store.useCode(row.id, now);
      return 'ok';
    });
    if (result === 'expired') throw fail('smsCodeExpired');
    if (result === 'locked') throw fail('smsCodeLocked');
    if (result === 'wrong') throw fail('smsCodeWrong');
  }

  private async issueSession(userId: number, meta: ClientMeta): Promise<string> {
    const token = newToken(SECURITY.sessionTokenBytes);
    const now = new Date(this.now());
    await this.d.store.insertSession({ publicId: newToken(12), tokenHash: sha256(token), userId, loginAt: now, deviceType: meta.deviceType, ua: meta.ua?.slice(0, 300) ?? null, now });
    return token;
  }

  /** A new session of an active account whose holder proved themselves another way (biometric unlock). */
  async startSession(userId: number, meta: ClientMeta): Promise<string> {
    const token = await this.issueSession(userId, meta);
    await this.changed(userId);
    return token;
  }

  /** Phone + code login. A new phone gets an account (open registration) or an applicant session (1099). */
  async loginByCode(phone: string, code: string, meta: ClientMeta): Promise<{ sessionId: string; userId: number; isNewUser: boolean }> {
    await this.checkCode(phone, 'login', code);
    let user = await this.d.store.userByPhone(phone);
    let isNewUser = false;
    if (!user) {
      isNewUser = true;
      user = await this.d.store.withPhoneLock(phone, async (store) => {
        const existing = await store.userByPhone(phone);
        if (existing) return existing;
        const u = await store.createUser(phone, this.d.registration === 'open' ? 'active' : 'applicant');
        if (u.status === 'active') await store.createSelfMember(u.id);
        return u;
      });
    }
    const sessionId = await this.issueSession(user.id, meta);
    if (user.status === 'applicant') throw fail('needApply', { data: { sessionId, userId: user.id, isNewUser } });
    return { sessionId, userId: user.id, isNewUser };
  }

  /**
   * Phone + password login. Failures are throttled per IP (across phones) and per (phone, IP)
   * pair with exponential back-off — never per account alone, so that nobody can lock someone
   * else's password login from their own address. An unknown phone, an account without a password
   * and a wrong password get the same answer and the same throttling: the answer does not tell
   * whether the phone is registered.
   */
  async loginByPassword(phone: string, password: string, meta: ClientMeta): Promise<{ sessionId: string; userId: number; isNewUser: boolean }> {
    const ipKey = `login:ip:${meta.ip}`;
    if ((await this.d.limiter.peek(ipKey, SECURITY.loginIpWindowMs)) >= SECURITY.loginFailuresPerIp) throw fail('tooManyRequests');
    // The phone is keyed by its HMAC: limiter keys (Redis) never hold a phone number.
    const pair = `login:pair:${hmac(this.d.secret, `login:${phone}`).toString('base64url')}:${meta.ip}`;
    const wait = (await this.d.limiter.heldUntil(`${pair}:hold`)) - this.now();
    if (wait > 0) throw fail('loginThrottled', { data: { retryAfter: Math.ceil(wait / 1000) } });
    const user = await this.d.store.userByPhone(phone);
    let good = false;
    if (user?.passwordHash) {
      good = await argonVerify(user.passwordHash, password).catch(() => false);
    } else {
      // Verified against a dummy hash so that the time taken does not tell either.
      dummyHash ??= argonHash('not-a-password-0', ARGON);
      await argonVerify(await dummyHash, password).catch(() => false);
    }
    if (!user || !good) {
      await this.d.limiter.hit(ipKey, SECURITY.loginIpWindowMs);
      const failures = await this.d.limiter.hit(`${pair}:fails`, SECURITY.loginFailureMemoryMs);
      const backoff = loginBackoffMs(failures);
      if (backoff > 0) await this.d.limiter.holdUntil(`${pair}:hold`, this.now() + backoff);
      throw fail('passwordWrong');
    }
    await this.d.limiter.reset(`${pair}:fails`);
    const sessionId = await this.issueSession(user.id, meta);
    if (user.status === 'applicant') throw fail('needApply', { data: { sessionId, userId: user.id, isNewUser: false } });
    return { sessionId, userId: user.id, isNewUser: false };
  }

  /** Resolves a token to its caller: live, not ended, within 30 days of its login. */
  async resolve(token: string | undefined): Promise<AuthContext | null> {
    if (!token) return null;
    const now = this.now();
    // The per-process cache is keyed by the token itself (memory only), saving a hash per request;
    // the database only ever sees the token's SHA-256.
    let c = this.sessions.get(token);
    if (!c) {
      const r = await this.d.store.sessionByToken(sha256(token));
      if (!r) return null;
      c = {
        ctx: { userId: r.u.id, sessionRowId: r.s.id, sessionPublicId: r.s.publicId, status: r.u.status === 'applicant' ? 'applicant' : 'active', phone: r.u.phone },
        loginAt: r.s.loginAt.getTime(),
        endsAt: r.s.endsAt?.getTime() ?? null,
        lastSeenAt: r.s.lastSeenAt.getTime(),
      };
      this.sessions.set(token, r.u.id, c);
    }
    if (c.endsAt !== null && c.endsAt <= now) return null;
    if (now - c.loginAt >= SECURITY.sessionAbsoluteLifetimeMs) return null;
    // Last-seen is kept to the minute: one write per session per minute at most.
    if (now - c.lastSeenAt > 60_000) {
      c.lastSeenAt = now;
      await this.d.store.touchSession(c.ctx.sessionRowId, new Date(now));
    }
    return c.ctx;
  }

  /**
   * Rotates a token: a new one of the same login; the old one keeps working for a short grace.
   * A token rotates once: its successor is derived from it (HMAC with the server secret), so a
   * second or concurrent refresh of the same token — from any instance — finds the successor
   * already stored and answers that same token while it is live, never a new session.
   */
  async refresh(token: string, meta: ClientMeta): Promise<{ sessionId: string }> {
    const r = await this.d.store.sessionByToken(sha256(token));
    const now = this.now();
    if (!r || (r.s.endsAt && r.s.endsAt.getTime() <= now) || now - r.s.loginAt.getTime() >= SECURITY.sessionAbsoluteLifetimeMs) throw fail('refreshNotLoggedIn');
    const successor = hmac(this.d.secret, `session-rotation:${token}`).toString('base64url');
    const created = await this.d.store.insertSessionOnce({
      publicId: newToken(12),
      tokenHash: sha256(successor),
      userId: r.u.id,
      loginAt: r.s.loginAt,
      deviceType: meta.deviceType ?? r.s.deviceType,
      ua: (meta.ua ?? r.s.ua)?.slice(0, 300) ?? null,
      now: new Date(now),
    });
    if (!created) {
      // Rotated already: the same successor while it lives (logged out or rotated past its grace: refused).
      const next = await this.d.store.sessionByToken(sha256(successor));
      if (!next || next.s.userId !== r.u.id || (next.s.endsAt && next.s.endsAt.getTime() <= now)) throw fail('refreshNotLoggedIn');
      return { sessionId: successor };
    }
    await this.d.store.endSession(r.s.id, new Date(now + SECURITY.sessionRotationGraceMs));
    await this.changed(r.u.id);
    return { sessionId: successor };
  }

  async logout(auth: AuthContext | null): Promise<null> {
    if (!auth) return null;
    await this.d.store.endSession(auth.sessionRowId, new Date(this.now()));
    await this.changed(auth.userId);
    return null;
  }

  async forceLogout(auth: AuthContext, publicIds: string[] | undefined): Promise<{ ended: number }> {
    const now = new Date(this.now());
    const ended = publicIds ? await this.d.store.endUserSessions(auth.userId, now, { only: publicIds }) : await this.d.store.endUserSessions(auth.userId, now, { except: auth.sessionRowId });
    await this.changed(auth.userId);
    return { ended };
  }

  async listSessions(auth: AuthContext) {
    const now = this.now();
    const rows = await this.d.store.liveSessions(auth.userId, new Date(now), new Date(now - SECURITY.sessionAbsoluteLifetimeMs));
    return rows.map((s) => ({ id: s.publicId, deviceType: s.deviceType, ua: s.ua, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString(), current: s.id === auth.sessionRowId }));
  }

  private async issueTicket(phone: string, scene: SmsScene | AccountSmsScene): Promise<{ verifyToken: string }> {
    const verifyToken = newToken(24);
    await this.d.store.insertTicket(sha256(verifyToken), phone, scene, new Date(this.now() + SECURITY.verifyTicketTtlMs));
    return { verifyToken };
  }
  private async consumeTicket(verifyToken: string, phone: string, scene: SmsScene | AccountSmsScene): Promise<void> {
    if (!(await this.d.store.consumeTicket(sha256(verifyToken), phone, scene, new Date(this.now())))) throw fail('verifyTicketInvalid');
  }

  /** Not-logged-in code check (forgot password): a single-use ticket for the next step. */
  async verifyNotLogin(phone: string, code: string): Promise<{ verifyToken: string }> {
    await this.checkCode(phone, 'forgotPwd', code);
    return this.issueTicket(phone, 'forgotPwd');
  }

  /** Forgot password: sets it and ends every session of the account. */
  async forgotPassword(phone: string, verifyToken: string, password: string): Promise<null> {
    await this.consumeTicket(verifyToken, phone, 'forgotPwd');
    const user = await this.d.store.userByPhone(phone);
    if (!user) throw fail('accountNotFound');
    await this.d.store.setPassword(user.id, await argonHash(password, ARGON));
    await this.d.store.endUserSessions(user.id, new Date(this.now()));
    await this.changed(user.id);
    return null;
  }

  // --- Changing the phone: the old number's code, then the new number's code -------------------

  /** custom/sendMsgCode (scene changePhone): a code to the account's current phone. */
  changePhoneSendOld(auth: AuthContext, meta: Pick<ClientMeta, 'ip'>) {
    return this.sendCode(auth.phone, 'changePhoneOld', meta);
  }
  /** custom/msgCheck: the old number verified; a single-use ticket for the change. */
  async changePhoneCheckOld(auth: AuthContext, code: string): Promise<{ verifyToken: string }> {
    await this.checkCode(auth.phone, 'changePhoneOld', code);
    return this.issueTicket(auth.phone, 'changePhoneOld');
  }
  private async newPhoneAllowed(auth: AuthContext, phone: string): Promise<void> {
    if (phone === auth.phone) throw fail('samePhone');
    if (await this.d.store.userByPhone(phone)) throw fail('phoneTaken');
  }
  /** userInfo/update/sendMsgCode: a code to the new phone, only with a live ticket of the old one. */
  async changePhoneSendNew(auth: AuthContext, phone: string, verifyToken: string, meta: Pick<ClientMeta, 'ip'>) {
    if (!(await this.d.store.ticketLive(sha256(verifyToken), auth.phone, 'changePhoneOld', new Date(this.now())))) throw fail('verifyTicketInvalid');
    await this.newPhoneAllowed(auth, phone);
    return this.sendCode(phone, 'changePhoneNew', meta);
  }
  /**
   * userInfo/update/updatePhone: the new number's code checked and the old number's ticket used,
   * the account moves to the new phone (its data stays; the change is recorded), and every other
   * session of the account ends.
   */
  async changePhone(auth: AuthContext, phone: string, code: string, verifyToken: string): Promise<{ phone: string; endedSessions: number }> {
    await this.newPhoneAllowed(auth, phone);
    await this.checkCode(phone, 'changePhoneNew', code);
    await this.consumeTicket(verifyToken, auth.phone, 'changePhoneOld');
    const now = new Date(this.now());
    const changeId = await this.d.store.withPhoneLock(phone, async (store) => {
      if (await store.userByPhone(phone)) throw fail('phoneTaken');
      return store.changePhone(auth.userId, auth.phone, phone, now);
    });
    const ended = await this.d.store.endUserSessions(auth.userId, now, { except: auth.sessionRowId });
    await this.d.store.setPhoneChangeEnded(changeId, ended);
    await this.changed(auth.userId);
    return { phone: maskPhone(phone), endedSessions: ended };
  }

  setPwdSendCode(auth: AuthContext, meta: Pick<ClientMeta, 'ip'>) {
    return this.sendCode(auth.phone, 'setPwd', meta);
  }
  async setPwdCheckCode(auth: AuthContext, code: string) {
    await this.checkCode(auth.phone, 'setPwd', code);
    return this.issueTicket(auth.phone, 'setPwd');
  }
  /** Sets or changes the password; the account's other sessions end. */
  async setPwdSubmit(auth: AuthContext, verifyToken: string, password: string): Promise<null> {
    await this.consumeTicket(verifyToken, auth.phone, 'setPwd');
    const user = await this.d.store.userById(auth.userId);
    if (user?.passwordHash && (await argonVerify(user.passwordHash, password).catch(() => false))) throw fail('samePassword');
    await this.d.store.setPassword(auth.userId, await argonHash(password, ARGON));
    await this.d.store.endUserSessions(auth.userId, new Date(this.now()), { except: auth.sessionRowId });
    await this.changed(auth.userId);
    return null;
  }

  cancelSendCode(phone: string, meta: Pick<ClientMeta, 'ip'>) {
    return this.sendCode(phone, 'cancel', meta);
  }
  /** Cancels the account: deletes it with all its data (cascade), which also ends its sessions. */
  async cancelAccount(phone: string, code: string): Promise<null> {
    await this.checkCode(phone, 'cancel', code);
    const user = await this.d.store.userByPhone(phone);
    if (!user) throw fail('accountNotFound');
    // Nothing of the user stays on disk: their files are taken before the rows cascade away and
    // removed right after (a stop in between leaves orphans the media sweep removes).
    const files = (await this.d.userFiles?.list(user.id)) ?? [];
    await this.d.store.deleteUser(user.id, phone);
    await this.d.userFiles?.remove(files);
    await this.changed(user.id);
    return null;
  }

  // Application-only registration
  sendApplyCode(auth: AuthContext, meta: Pick<ClientMeta, 'ip'>) {
    return this.sendCode(auth.phone, 'apply', meta);
  }
  async applicationState(auth: AuthContext) {
    const a = await this.d.store.applicationOf(auth.userId);
    const state = auth.status === 'active' ? APPLY_STATE.approved : (a?.state ?? APPLY_STATE.none);
    return { state, phone: maskPhone(auth.phone), createdAt: a?.createdAt.toISOString() ?? null };
  }
  async apply(auth: AuthContext, v: { name: string; reason: string; code: string }) {
    if (auth.status === 'active') return this.applicationState(auth);
    const existing = await this.d.store.applicationOf(auth.userId);
    if (existing && existing.state !== APPLY_STATE.rejected) throw fail('applyExists');
    await this.checkCode(auth.phone, 'apply', v.code);
    if (existing) await this.d.store.decideApplication(auth.userId, APPLY_STATE.pending, new Date(this.now()));
    else await this.d.store.insertApplication(auth.userId, v.name, v.reason);
    return this.applicationState(auth);
  }
  /** Operator decision on an application: approval activates the account and creates 本人. */
  async decideApplication(phone: string, approve: boolean): Promise<void> {
    const user = await this.d.store.userByPhone(phone);
    if (!user) throw fail('accountNotFound');
    const now = new Date(this.now());
    await this.d.store.withPhoneLock(phone, async (store) => {
      const a = await store.applicationOf(user.id);
      if (!a) throw fail('notFound');
      await store.decideApplication(user.id, approve ? APPLY_STATE.approved : APPLY_STATE.rejected, now);
      if (approve && user.status === 'applicant') {
        await store.setUserStatus(user.id, 'active');
        await store.createSelfMember(user.id);
      }
    });
    await this.changed(user.id);
  }

  /** Housekeeping run periodically. */
  purge(): Promise<void> {
    const now = this.now();
    return this.d.store.purgeExpired(new Date(now), new Date(now - SECURITY.sessionAbsoluteLifetimeMs));
  }
}

/**
 * How long a (phone, IP) pair waits after its `failures`-th wrong password: nothing for the first
 * SECURITY.loginFreeFailures, then the base doubling up to the cap.
 */
export function loginBackoffMs(failures: number): number {
  const over = failures - SECURITY.loginFreeFailures;
  if (over <= 0) return 0;
  return Math.min(SECURITY.loginBackoffBaseMs * 2 ** Math.min(over - 1, 30), SECURITY.loginBackoffMaxMs);
}

/** 13800138000 → 138****8000 */
export const maskPhone = (p: string) => (p.length >= 7 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '****');
