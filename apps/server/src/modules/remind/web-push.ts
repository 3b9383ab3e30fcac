import webpush from 'web-push';
import { and, eq } from 'drizzle-orm';
import type { Notice, PushPayload } from '@chatdr/contract/remind/schemas';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import type { RemindChannel, SchedulerLog } from './scheduler.ts';

export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** Web Push subscriptions, scoped by account. */
export class PushStore {
  constructor(private readonly db: Db) {}
  async save(userId: number, v: { endpoint: string; p256dh: string; auth: string }): Promise<void> {
    // One row per endpoint: a browser that changes hands (another login) moves to that account.
    await this.db.insert(pushSubscriptions).values({ userId, ...v }).onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: v.p256dh, auth: v.auth } });
  }
  async remove(userId: number, endpoint: string): Promise<void> {
    await this.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
  }
  async removeById(id: number): Promise<void> {
    await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  }
  of(userId: number): Promise<PushSubscriptionRow[]> {
    return this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  }
}

/** What a reminder's push carries: the service worker (apps/web/public/sw.js) shows it and opens `url`. */
export const pushPayloadOf = (n: Notice): PushPayload => ({ id: n.id, pushType: n.pushType, title: n.title, content: n.content, url: `/#/user/notify?type=${n.extra.type}&userId=${n.extra.userId}` });

/**
 * Web Push: each of the account's browser subscriptions gets the reminder, encrypted per RFC 8291
 * (aes128gcm) and signed with VAPID by the `web-push` library; the request goes out with fetch.
 * After the delivery commit, best effort like the live socket (the message is in the list anyway);
 * a subscription the push service no longer knows (404, 410) is dropped.
 */
export class WebPushChannel implements RemindChannel {
  readonly name = 'web-push';
  constructor(
    private readonly store: PushStore,
    private readonly vapid: Vapid,
    private readonly log?: SchedulerLog,
    private readonly post: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async send(userId: number, notice: Notice): Promise<void> {
    const subs = await this.store.of(userId);
    const body = JSON.stringify(pushPayloadOf(notice));
    await Promise.all(
      subs.map(async (s) => {
        const req = webpush.generateRequestDetails({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, body, {
          vapidDetails: this.vapid,
          TTL: 3600,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
        });
        const res = await this.post(req.endpoint, { method: 'POST', headers: req.headers as Record<string, string>, body: req.body ? new Uint8Array(req.body) : null, signal: AbortSignal.timeout(10_000) }).catch((err: unknown) => {
          this.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'web push request failed');
          return null;
        });
        if (!res) return;
        if (res.status === 404 || res.status === 410) await this.store.removeById(s.id);
        else if (res.status >= 400) this.log?.warn({ status: res.status }, 'web push refused');
      }),
    );
  }
}
