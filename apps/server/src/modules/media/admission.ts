import { MediaError } from './media.service.ts';

export interface AdmissionOptions {
  /** Uploads of one account in progress at once (receiving, checking, reading). */
  running: number;
  /** Uploads of one account waiting for a place, their bodies unread; beyond: uploadQueued. */
  waiting: number;
  /** Bytes an account may send at once (the bucket's size); at least one whole request. */
  burstBytes: number;
  /** Bytes an account may send per minute once the burst is spent (the bucket's refill). */
  bytesPerMinute: number;
  /** Longest an upload waits for a place; then it is refused (uploadBusy). */
  maxWaitMs: number;
  now?: () => number;
}

interface Waiter {
  bytes: number;
  resolve: () => void;
}

interface Account {
  running: number;
  queue: Waiter[];
  tokens: number;
  at: number;
  timer: NodeJS.Timeout | null;
}

/**
 * Admission of one account's upload requests on this instance, before their bodies are read.
 *
 * The worker pools are fair per account, but receiving and checking a body happens on the event
 * loop before any pool is involved: one account sending large files on many connections (e.g.
 * 11 MB PDFs that are refused for their page count only once received) took the event loop and
 * the cores from everyone else's uploads (issue 15: another account's upload ×3.3 slower). So each
 * account has at most `running` uploads in progress, and sends at most `burstBytes` at once and
 * `bytesPerMinute` after that (a token bucket charged with the request's declared length). An
 * upload past either waits, unread — TCP holds the client back at no cost — in a per-account FIFO
 * of at most `waiting`; past that it is refused at once with uploadQueued (6012), and one still
 * waiting after `maxWaitMs` with uploadBusy (6013), both before the body is read.
 */
export class UploadAdmission {
  private readonly accounts = new Map<string, Account>();
  private readonly now: () => number;
  private readonly perMs: number;

  constructor(private readonly opts: AdmissionOptions) {
    this.now = opts.now ?? Date.now;
    this.perMs = opts.bytesPerMinute / 60_000;
  }

  /**
   * Waits for a place for an upload of `bytes` (its declared length; unknown: the largest
   * request) and returns the function that gives it back. Throws MediaError uploadQueued or
   * uploadBusy when it is refused.
   */
  async admit(owner: string, bytes: number): Promise<() => void> {
    const need = Math.min(Math.max(0, bytes), this.opts.burstBytes);
    const a = this.account(owner);
    this.refill(a);
    if (a.queue.length >= this.opts.waiting) throw new MediaError('uploadQueued');
    await new Promise<void>((resolve, reject) => {
      const w: Waiter = {
        bytes: need,
        resolve: () => {
          clearTimeout(deadline);
          resolve();
        },
      };
      // Still waiting after maxWaitMs: refused (the body was never read).
      const deadline = setTimeout(() => {
        const i = a.queue.indexOf(w);
        if (i < 0) return;
        a.queue.splice(i, 1);
        reject(new MediaError('uploadBusy'));
        this.pump(owner, a);
      }, this.opts.maxWaitMs);
      a.queue.push(w);
      this.pump(owner, a);
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      a.running--;
      this.pump(owner, a);
    };
  }

  /** Uploads of the owner in progress and waiting. */
  of(owner: string): { running: number; waiting: number } {
    const a = this.accounts.get(owner);
    return { running: a?.running ?? 0, waiting: a?.queue.length ?? 0 };
  }

  private account(owner: string): Account {
    let a = this.accounts.get(owner);
    if (!a) {
      a = { running: 0, queue: [], tokens: this.opts.burstBytes, at: this.now(), timer: null };
      this.accounts.set(owner, a);
    }
    return a;
  }

  private refill(a: Account): void {
    const t = this.now();
    a.tokens = Math.min(this.opts.burstBytes, a.tokens + (t - a.at) * this.perMs);
    a.at = t;
  }

  private pump(owner: string, a: Account): void {
    if (a.timer) {
      clearTimeout(a.timer);
      a.timer = null;
    }
    this.refill(a);
    for (let w = a.queue[0]; w && a.running < this.opts.running; w = a.queue[0]) {
      if (a.tokens < w.bytes) {
        a.timer = setTimeout(() => this.pump(owner, a), Math.ceil((w.bytes - a.tokens) / this.perMs));
        a.timer.unref();
        return;
      }
      a.tokens -= w.bytes;
      a.running++;
      a.queue.shift();
      w.resolve();
    }
    // An account with nothing in progress or waiting and a full bucket is the same as a new one:
    // forgotten now, or once its bucket has refilled.
    if (a.running !== 0 || a.queue.length !== 0) return;
    if (a.tokens >= this.opts.burstBytes) this.accounts.delete(owner);
    else {
      a.timer = setTimeout(() => this.pump(owner, a), Math.ceil((this.opts.burstBytes - a.tokens) / this.perMs));
      a.timer.unref();
    }
  }
}
