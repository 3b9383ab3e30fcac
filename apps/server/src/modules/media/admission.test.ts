import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MEDIA_ERR } from '@chatdr/contract/media/index';
import { UploadAdmission } from './admission.ts';

const MB = 2 ** 20;
const opts = { running: 2, waiting: 2, burstBytes: 30 * MB, bytesPerMinute: 60 * MB, maxWaitMs: 20_000 };
const settled = async <T>(p: Promise<T>): Promise<boolean> => {
  let done = false;
  void p.then(() => (done = true), () => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

describe('UploadAdmission (issue 15: one account cannot take the event loop with many bodies)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('past `running` uploads in progress, the next waits; another account goes at once', async () => {
    const a = new UploadAdmission({ ...opts, now: () => Date.now() });
    const r1 = await a.admit('A', MB);
    await a.admit('A', MB);
    const third = a.admit('A', MB);
    expect(await settled(third)).toBe(false);
    expect(await settled(a.admit('B', MB))).toBe(true);
    r1();
    expect(await settled(third)).toBe(true);
    expect(a.of('A')).toEqual({ running: 2, waiting: 0 });
  });

  it('past `waiting` waiting, refused at once with uploadQueued; a wait past maxWaitMs is refused with uploadBusy', async () => {
    const a = new UploadAdmission({ ...opts, now: () => Date.now() });
    await a.admit('A', MB);
    await a.admit('A', MB);
    const w1 = a.admit('A', MB).catch((e: unknown) => e);
    const w2 = a.admit('A', MB).catch((e: unknown) => e);
    await expect(a.admit('A', MB)).rejects.toMatchObject({ code: MEDIA_ERR.uploadQueued.code });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await w1).toMatchObject({ code: MEDIA_ERR.uploadBusy.code });
    expect(await w2).toMatchObject({ code: MEDIA_ERR.uploadBusy.code });
    expect(a.of('A').waiting).toBe(0);
  });

  it('bytes: a burst at once, then bytesPerMinute; a waiting upload goes when its bytes have accrued', async () => {
    const a = new UploadAdmission({ ...opts, now: () => Date.now() });
    (await a.admit('A', 20 * MB))();
    (await a.admit('A', 10 * MB))();
    // The bucket is empty: 6 MB at 1 MB/s take 6 s.
    const next = a.admit('A', 6 * MB);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settled(next)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_100);
    expect(await settled(next)).toBe(true);
    // Another account has its own bucket.
    expect(await settled(a.admit('B', 30 * MB))).toBe(true);
  });

  it('forgets an idle account once its bucket is full again', async () => {
    const a = new UploadAdmission({ ...opts, now: () => Date.now() });
    (await a.admit('A', 30 * MB))();
    const internal = a as unknown as { accounts: Map<string, unknown> };
    expect(internal.accounts.has('A')).toBe(true);
    await vi.advanceTimersByTimeAsync(31_000);
    expect(internal.accounts.has('A')).toBe(false);
  });
});
