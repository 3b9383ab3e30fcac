/**
 * Group commit: items pushed while batches are being written go together in the next one, so N
 * concurrent questions cost a few statements instead of N (PGlite runs one query at a time; on
 * PostgreSQL it saves pool connections). An idle batcher writes at the next turn of the event
 * loop (setImmediate), adding no wait of its own. Batches hold at most `max` items; at most
 * `concurrency` are written at once (1 on PGlite, which runs on this thread: a turn of the event
 * loop between two batches lets the sockets' I/O in). A failed batch of several items is retried
 * item by item, so one bad item fails only itself.
 */
export class Batcher<T, R> {
  private queue: Array<{ item: T; resolve: (r: R) => void; reject: (err: unknown) => void }> = [];
  private scheduled = false;
  private inFlight = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<R[]>,
    private readonly max = 64,
    private readonly concurrency = 1,
  ) {}

  push(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.scheduled || this.queue.length === 0 || this.inFlight >= this.concurrency) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.inFlight < this.concurrency) {
        this.inFlight++;
        void this.run(this.queue.splice(0, this.max)).finally(() => {
          this.inFlight--;
          this.kick();
        });
      }
    });
  }

  private async run(batch: Array<{ item: T; resolve: (r: R) => void; reject: (err: unknown) => void }>): Promise<void> {
    try {
      const out = await this.write(batch.map((b) => b.item));
      batch.forEach((b, i) => b.resolve(out[i] as R));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const b of batch) {
        try {
          const [r] = await this.write([b.item]);
          b.resolve(r as R);
        } catch (e) {
          b.reject(e);
        }
      }
    }
  }
}
