import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFY } from '@chatdr/contract/message/schemas';
import type { SmsProvider } from '../../providers/sms.ts';
import type { RemindStore, SmsJob } from './remind.store.ts';
import { SMS_LEASE_MS, SMS_MAX_ATTEMPTS, SmsChannel, smsTextOf } from './sms-channel.ts';

type Row = SmsJob & { owner: string | null; until: number; attempts: number; sentAt: Date | null; error: string | null };

/** The outbox in memory, with the store's claim rules (free or expired lease, attempts, since). */
class FakeOutbox implements Pick<RemindStore, 'claimSms' | 'finishSms'> {
  rows: Row[] = [];
  add(recordId: number, pending = true): void {
    this.rows.push({ id: this.rows.length + 1, recordId, phone: '13800000000', title: '用药提醒', content: `该服用药${recordId}了：1片`, pending, owner: null, until: 0, attempts: 0, sentAt: null, error: null });
  }
  async claimSms(owner: string, now: Date, leaseUntil: Date, o: { recordIds?: readonly number[]; maxAttempts: number; limit: number }): Promise<SmsJob[]> {
    const free = this.rows.filter((r) => !r.sentAt && r.until <= now.getTime() && r.attempts < o.maxAttempts && (!o.recordIds || o.recordIds.includes(r.recordId))).slice(0, o.limit);
    for (const r of free) Object.assign(r, { owner, until: leaseUntil.getTime(), attempts: r.attempts + 1 });
    return free.map((r) => ({ ...r }));
  }
  async finishSms(id: number, owner: string, v: { sentAt: Date | null; error: string | null; giveUp?: boolean }): Promise<boolean> {
    const r = this.rows.find((x) => x.id === id && x.owner === owner && !x.sentAt);
    if (!r) return false;
    Object.assign(r, { sentAt: v.sentAt, error: v.error }, v.sentAt || v.giveUp ? { owner: null, until: 0 } : {}, v.giveUp ? { attempts: 1000 } : {});
    return true;
  }
}

class Gateway implements SmsProvider {
  readonly name = 'gw';
  sent: string[] = [];
  fail = 0;
  async send(): Promise<void> {}
  async notify(_phone: string, _text: string, key?: string): Promise<void> {
    if (this.fail-- > 0) throw new Error('SMS gateway answered HTTP 500');
    this.sent.push(key ?? '');
  }
}

const notice = (recordId: number) => ({ id: recordId, pushType: 'user_remind', title: '', content: '', extra: { type: 1, userId: 1, recordId }, readFlag: false, createTime: '' });

describe('SmsChannel', () => {
  it('reminders are texted only when the account turned SMS on (the default is off)', () => {
    expect(DEFAULT_NOTIFY.find((s) => s.kind === 'remind')?.sms).toBe(false);
  });

  it('the text: the title and the first 60 characters of the content', () => {
    expect(smsTextOf({ title: '用药提醒', content: '该服用阿司匹林了：1片 · 饭后' })).toBe('【晓医】用药提醒：该服用阿司匹林了：1片 · 饭后');
    expect(smsTextOf({ title: '复查提醒', content: '字'.repeat(100) })).toHaveLength('【晓医】复查提醒：'.length + 60);
  });

  it('sends each queued reminder once, keyed by its record, even when two instances both try', async () => {
    let now = 1_000_000;
    const box = new FakeOutbox();
    box.add(7);
    box.add(8);
    const gw = new Gateway();
    const a = new SmsChannel(box, gw, () => now, 3_600_000);
    const b = new SmsChannel(box, gw, () => now, 3_600_000);
    await Promise.all([a.send(1, notice(7)), b.send(1, notice(7)), b.recover(), a.recover()]);
    expect(gw.sent.sort()).toEqual(['remind-7', 'remind-8']);
    now += SMS_LEASE_MS * 10;
    await Promise.all([a.recover(), b.send(1, notice(8))]);
    expect(gw.sent).toHaveLength(2);
  });

  it('a refused SMS waits for its lease to end, then goes out; after SMS_MAX_ATTEMPTS refusals it is given up', async () => {
    let now = 0;
    const box = new FakeOutbox();
    box.add(1);
    box.add(2);
    const gw = new Gateway();
    const ch = new SmsChannel(box, gw, () => now, 3_600_000);
    gw.fail = 1;
    await ch.send(1, notice(1));
    expect(gw.sent).toEqual([]);
    expect(box.rows[0]?.error).toBe('SMS gateway answered HTTP 500');
    await ch.recover(); // record 2 goes; record 1 is still under its lease
    expect(gw.sent).toEqual(['remind-2']);
    now += SMS_LEASE_MS;
    await ch.recover();
    expect(gw.sent).toEqual(['remind-2', 'remind-1']);

    box.add(3);
    gw.fail = 100;
    for (let i = 0; i < SMS_MAX_ATTEMPTS + 2; i++) {
      await ch.recover();
      now += SMS_LEASE_MS;
    }
    expect(box.rows[2]?.attempts).toBe(SMS_MAX_ATTEMPTS);
    expect(gw.sent).toHaveLength(2);
  });

  it('a dose taken or skipped before its SMS went out is not texted', async () => {
    const box = new FakeOutbox();
    box.add(5, false);
    const gw = new Gateway();
    await new SmsChannel(box, gw, () => 0, 3_600_000).recover();
    expect(gw.sent).toEqual([]);
    expect(box.rows[0]?.error).toMatch(/acted on/);
  });

  it('with no notify in the SMS provider nothing is claimed', async () => {
    const box = new FakeOutbox();
    box.add(1);
    await new SmsChannel(box, { name: 'codes-only', send: async () => {} }, () => 0, 3_600_000).recover();
    expect(box.rows[0]?.attempts).toBe(0);
  });
});
