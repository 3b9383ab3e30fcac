/** Home-task clicks: logged-out ones are counted and written in batches, never a row per request. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERR, INSIGHT_LIMITS, routes } from '@chatdr/contract';
import { randomIp, startTestApp, type TestApp } from '../../test/harness.ts';

const S = routes.system;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const rowsOf = async (where: ReturnType<typeof sql>): Promise<number> => {
  const res = await t.rt.database.db.execute(sql`select count(*)::int as n from task_clicks where ${where}`);
  return Number((res as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
};

describe('clickTask', () => {
  it('logged out: adds no row per request; counts are written in batches', async () => {
    const before = await rowsOf(sql`user_id is null`);
    const total = await t.rt.services.insight.flushTaskClicks().then(() => t.rt.database.db.execute(sql`select coalesce(sum(clicks), 0)::int as n from task_click_counts where task_id = 'consult'`));
    const start = Number((total as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
    const clicks = 3 * INSIGHT_LIMITS.publicClicksPerIpPerMinute;
    for (let i = 0; i < clicks; i++) {
      const res = await t.call(S.clickTaskPublic, { query: { id: 'consult' }, ip: randomIp() });
      expect(res.code).toBe(1);
    }
    expect(await rowsOf(sql`user_id is null`)).toBe(before);
    await t.rt.services.insight.flushTaskClicks();
    const after = await t.rt.database.db.execute(sql`select clicks::int as n from task_click_counts where task_id = 'consult'`);
    expect(Number((after as unknown as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(start + clicks);
  });

  it('logged out: limited per client IP (429)', async () => {
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < INSIGHT_LIMITS.publicClicksPerIpPerMinute + 5; i++) codes.push((await t.call(S.clickTaskPublic, { query: { id: 'family' }, ip })).status);
    expect(codes.filter((c) => c === 200)).toHaveLength(INSIGHT_LIMITS.publicClicksPerIpPerMinute);
    expect(codes.slice(INSIGHT_LIMITS.publicClicksPerIpPerMinute)).toEqual(Array(5).fill(429));
    expect((await t.call(S.clickTaskPublic, { query: { id: 'family' }, ip })).code).toBe(ERR.tooManyRequests.code);
    expect((await t.call(S.clickTaskPublic, { query: { id: 'family' }, ip: randomIp() })).code).toBe(1);
  });

  it('logged in: a user’s clicks on a task are one row, and taskList shows it clicked', async () => {
    const { token, userId } = await t.login();
    for (let i = 0; i < 20; i++) expect((await t.call(S.clickTask, { token, query: { id: 'indicator' } })).code).toBe(1);
    expect(await rowsOf(sql`user_id = ${userId}`)).toBe(1);
    const list = (await t.call(S.taskList, { token })).data as Array<{ id: string; clicked: boolean }>;
    expect(list.find((x) => x.id === 'indicator')?.clicked).toBe(true);
  });
});
