/**
 * Logged-out task clicks counted in memory and added to the database in batches: a request costs
 * a map update, not a row. One entry per task id (the ids are checked before counting), so the
 * map stays as small as the task list. A failed write keeps its counts for the next flush; a
 * graceful stop flushes; a crash loses at most one interval's counts.
 */
export class TaskClickCounter {
  private pending = new Map<string, number>();
  private running: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly write: (counts: ReadonlyArray<readonly [taskId: string, clicks: number]>) => Promise<void>,
    intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), intervalMs);
    this.timer.unref();
  }

  add(taskId: string): void {
    this.pending.set(taskId, (this.pending.get(taskId) ?? 0) + 1);
  }

  /** Writes what was counted so far (one flush at a time). */
  flush(): Promise<void> {
    this.running = this.running.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      try {
        await this.write([...batch]);
      } catch (err) {
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        this.onError(err);
      }
    });
    return this.running;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
