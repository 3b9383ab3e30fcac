import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { FairQueue, PoolError, WorkerPool, type PoolReply } from './pool.ts';

/** A worker that answers { id, owner, n } after `ms`, allocates `mb` of JS heap for 'grow', or spins for 'spin'. */
const ECHO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  if (m.op === 'spin') { for (;;); }
  if (m.op === 'grow') { const keep = []; for (;;) keep.push(new Array(1e6).fill(Math.random())); }
  setTimeout(() => parentPort.postMessage({ id: m.id, owner: m.owner, n: m.n }), m.ms ?? 20);
});
`;
type Echo = PoolReply & { owner: string; n: number };

let pool: WorkerPool<Echo> | null = null;
const make = (o: Partial<{ size: number; timeoutMs: number; maxQueue: number; maxPerOwner: number; jobsPerWorker: number }> = {}) => {
  pool = new WorkerPool<Echo>({
    size: o.size ?? 1,
    timeoutMs: o.timeoutMs ?? 10_000,
    resourceLimits: { maxOldGenerationSizeMb: 48 },
    maxQueue: o.maxQueue ?? 100,
    maxPerOwner: o.maxPerOwner ?? 100,
    ...(o.jobsPerWorker ? { jobsPerWorker: o.jobsPerWorker } : {}),
    spawn: (resourceLimits) => new Worker(ECHO, { eval: true, resourceLimits }),
  });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('FairQueue', () => {
  it('serves owners round-robin, each in its own order', () => {
    const q = new FairQueue<string>();
    for (const x of ['a1', 'a2', 'a3', 'b1', 'c1', 'b2']) q.push(x[0] ?? '', x);
    const out: string[] = [];
    for (let x = q.shift(); x !== undefined; x = q.shift()) out.push(x);
    expect(out).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
    expect(q.length).toBe(0);
  });
});

describe('WorkerPool', () => {
  it("one owner's burst does not hold another owner back: B's job runs second, not fifth", async () => {
    const p = make({ size: 1 });
    const done: string[] = [];
    const run = (owner: string, n: number) => p.run(owner, { owner, n, ms: 30 }).then((r) => done.push(`${r.owner}${r.n}`));
    const jobs = [1, 2, 3, 4].map((n) => run('A', n));
    jobs.push(run('B', 1));
    await Promise.all(jobs);
    expect(done).toEqual(['A1', 'B1', 'A2', 'A3', 'A4']);
  });

  it('refuses an owner past its share at once, others still get in', async () => {
    const p = make({ size: 1, maxPerOwner: 2 });
    const a = [p.run('A', { ms: 50 }), p.run('A', { ms: 50 })];
    await expect(p.run('A', {})).rejects.toMatchObject({ reason: 'owner' });
    const b = p.run('B', { n: 7 });
    expect((await b).n).toBe(7);
    await Promise.all(a);
    expect((await p.run('A', { n: 1 })).n).toBe(1);
  });

  it('refuses when the queue is full', async () => {
    const p = make({ size: 1, maxQueue: 2 });
    const jobs = [p.run('A', { ms: 50 }), p.run('B', {}), p.run('C', {})];
    await expect(p.run('D', {})).rejects.toBeInstanceOf(PoolError);
    await Promise.all(jobs);
  });

  it('ends a job past its time and runs the next one in a new worker', async () => {
    const p = make({ size: 1, timeoutMs: 2000 });
    const spin = p.run('A', { op: 'spin' });
    const next = p.run('B', { n: 2 });
    await expect(spin).rejects.toMatchObject({ reason: 'timeout' });
    expect((await next).n).toBe(2);
    expect(p.spawned).toBe(2);
  });

  it('graceful: a job past its time fails at once, its worker ends only when it answers, then the next job runs', async () => {
    // The time limit counts from the job's post, a new thread's start included: generous for a loaded machine.
    pool = new WorkerPool<Echo>({ size: 1, timeoutMs: 1500, resourceLimits: {}, maxQueue: 10, maxPerOwner: 10, graceful: true, spawn: (resourceLimits) => new Worker(ECHO, { eval: true, resourceLimits }) });
    const p = pool;
    const t0 = performance.now();
    const slow = p.run('A', { ms: 2500 });
    const next = p.run('B', { n: 5 });
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    expect(performance.now() - t0).toBeLessThan(2500);
    expect((await next).n).toBe(5);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(2500);
    expect(p.spawned).toBe(2);
  });

  it("ends a job past its worker's memory limit (resourceLimits), and the pool carries on", async () => {
    const p = make({ size: 1 });
    await expect(p.run('A', { op: 'grow' })).rejects.toMatchObject({ reason: 'memory' });
    expect((await p.run('A', { n: 3 })).n).toBe(3);
  });

  it('jobsPerWorker 1: a fresh worker per job', async () => {
    const p = make({ size: 1, jobsPerWorker: 1 });
    await Promise.all([p.run('A', {}), p.run('A', {}), p.run('B', {})]);
    expect(p.spawned).toBe(3);
    expect(p.pending).toBe(0);
  });
});
