import { randomUUID } from 'node:crypto';
import { DEFAULT_NOTIFY } from '@chatdr/contract/message/schemas';
import type { Notice } from '@chatdr/contract/remind/schemas';
import type { SmsProvider } from '../../providers/sms.ts';
import type { DueRecord, RecordRow, RemindStore, SmsJob } from './remind.store.ts';
import type { RemindChannel, SchedulerLog } from './scheduler.ts';

/** How long a claim on an SMS holds: past it another instance may send it (the gateway times out at 10 s). */
export const SMS_LEASE_MS = 30_000;
/** Tries per SMS before it is given up (each after the previous claim's lease ran out). */
export const SMS_MAX_ATTEMPTS = 3;
/** Unsent SMS picked up per recovery pass. */
const RECOVER_BATCH = 200;
/** Sends to the gateway at once. */
const SEND_CONCURRENCY = 16;

/** Reminders are texted off unless the account turned SMS on for 提醒 (/user/notifys). */
const REMIND_SMS_DEFAULT = DEFAULT_NOTIFY.find((s) => s.kind === 'remind')?.sms ?? false;

/** The text of a reminder SMS (the same form as the message centre's SMS notices). */
export const smsTextOf = (j: Pick<SmsJob, 'title' | 'content'>): string => `【晓医】${j.title}：${j.content.slice(0, 60)}`;

/**
 * SMS, for accounts whose 提醒 setting has SMS on. `persist` (inside the delivery transaction)
 * writes one outbox row per reminder delivered now — once, whatever the number of instances
 * (unique record_id, and the records it is given are those the transaction delivers). After the
 * commit, `send` claims that reminder's row under a lease and texts it through the SMS provider,
 * then marks it sent. A row left unsent (the instance died between commit and send, or the gateway
 * failed) is claimed by any instance's next pass once its lease has run out (`recover`), up to
 * SMS_MAX_ATTEMPTS tries and only within the grace period: a reminder is not texted hours late,
 * nor once the dose was taken or skipped.
 */
export class SmsChannel implements RemindChannel {
  readonly name = 'sms';
  /** This instance's name on its SMS claims. */
  readonly owner = `remind-sms-${randomUUID()}`;
  constructor(
    private readonly store: Pick<RemindStore, 'claimSms' | 'finishSms'>,
    private readonly sms: SmsProvider,
    private readonly now: () => number,
    private readonly graceMs: number,
    private readonly log?: SchedulerLog,
  ) {}

  async persist(s: RemindStore, records: readonly DueRecord[], at: Date): Promise<RecordRow[]> {
    await s.queueSms(records.map((r) => r.id), REMIND_SMS_DEFAULT, at);
    return [];
  }

  async send(_userId: number, notice: Notice): Promise<void> {
    await this.drain([notice.extra.recordId]);
  }

  async recover(): Promise<void> {
    for (;;) {
      const n = await this.drain(undefined);
      if (n < RECOVER_BATCH) return;
    }
  }

  /** Claims the unsent SMS of these records (or any, up to a batch) and sends them. Returns how many were claimed. */
  private async drain(recordIds: readonly number[] | undefined): Promise<number> {
    if (!this.sms.notify) return 0;
    const now = new Date(this.now());
    const jobs = await this.store.claimSms(this.owner, now, new Date(now.getTime() + SMS_LEASE_MS), {
      recordIds,
      since: new Date(now.getTime() - this.graceMs),
      maxAttempts: SMS_MAX_ATTEMPTS,
      limit: recordIds ? recordIds.length : RECOVER_BATCH,
    });
    for (let i = 0; i < jobs.length; i += SEND_CONCURRENCY) await Promise.all(jobs.slice(i, i + SEND_CONCURRENCY).map((j) => this.sendOne(j)));
    return jobs.length;
  }

  private async sendOne(j: SmsJob): Promise<void> {
    if (!j.pending) {
      await this.store.finishSms(j.id, this.owner, { sentAt: null, error: 'dose acted on before the SMS went out', giveUp: true });
      return;
    }
    try {
      await this.sms.notify?.(j.phone, smsTextOf(j), `remind-${j.recordId}`);
    } catch (err) {
      // Never the text or the phone in the log: only why the gateway refused.
      const why = err instanceof Error ? err.message.slice(0, 200) : 'SMS gateway failed';
      this.log?.warn({ smsId: j.id, why }, 'reminder SMS not sent; retried when its lease ends');
      await this.store.finishSms(j.id, this.owner, { sentAt: null, error: why });
      return;
    }
    await this.store.finishSms(j.id, this.owner, { sentAt: new Date(this.now()), error: null });
  }
}
