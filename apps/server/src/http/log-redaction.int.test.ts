import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '@chatdr/contract';
import { askOverSocket } from '../modules/chat/testing.ts';
import { startTestApp, type TestApp } from '../test/harness.ts';
import { safeErr } from './log-safe.ts';

/** Health data planted in requests whose queries fail: none of it may reach the log. */
const PLANTED = { name: '抑郁测试员', birthDate: '1987-06-05', weight: 68.7, question: '我有抑郁症怎么办', keyword: '我有抑郁症' };
const PLANTED_STRINGS = [PLANTED.name, PLANTED.birthDate, String(PLANTED.weight), PLANTED.question, PLANTED.keyword, '抑郁', '\\u6291\\u90c1'];

let t: TestApp;
let token = '';
let port = 0;
beforeAll(async () => {
  t = await startTestApp();
  token = (await t.login()).token;
  await t.rt.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.rt.app.server.address();
  port = typeof addr === 'object' && addr ? addr.port : 0;
});
afterAll(async () => {
  await t.close();
});

/** Runs `fn` while a table is renamed away, so every query on it fails in the database. */
async function withoutTable(table: string, fn: () => Promise<void>): Promise<void> {
  await t.rt.database.db.execute(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_gone`));
  try {
    await fn();
  } finally {
    await t.rt.database.db.execute(sql.raw(`ALTER TABLE ${table}_gone RENAME TO ${table}`));
  }
}

describe('logs after forced database failures', () => {
  it('name the failure but carry no query parameter or free text of the request', async () => {
    const before = t.logs.length;
    const member = { roleCode: 'ROLE_1100', name: PLANTED.name, sex: 'F', birthDate: PLANTED.birthDate, height: 163, weight: PLANTED.weight };
    // A member, a record and a search whose queries fail: HTTP 500 with the trace id.
    await withoutTable('members', async () => {
      const r = await t.call(routes.family.saveUserInfo, { token, body: member });
      expect(r.status).toBe(500);
    });
    const saved = await t.call(routes.family.saveUserInfo, { token, body: member });
    expect(saved.code).toBe(1);
    await withoutTable('chat_dialogs', async () => {
      const s = await t.call(routes.chat.historySearch, { token, body: { keyword: PLANTED.keyword, page: 1, size: 10 } });
      expect(s.status).toBe(500);
      // The socket path: the question cannot be stored.
      const frames = await askOverSocket(port, token, { text: PLANTED.question });
      expect(frames.at(-1)?.header.status).toBe(2);
    });
    await withoutTable('health_records', async () => {
      const r = await t.call(routes.family.batchSaveRecords, { token, body: { userInfoId: (saved.data as { id: number }).id, records: [{ type: 'disease', name: '抑郁症', detail: { note: PLANTED.question } }] } });
      expect(r.status).toBe(500);
    });
    const written = t.logs.slice(before).join('\n');
    expect(written).toContain('unhandled error');
    for (const s of PLANTED_STRINGS) expect(written, s).not.toContain(s);
    expect(written).toContain('database error');
    expect(written).toContain('"code":"42P01"');
  });
});

describe('safeErr', () => {
  it('keeps the kind of a drizzle error and drops its query, parameters and cause message', () => {
    const cause = Object.assign(new Error('value "我有抑郁症" is out of range'), { code: '22003', severity: 'ERROR', detail: 'Key (name)=(我有抑郁症)' });
    const err = Object.assign(new Error('Failed query: select 1 where x = $1\nparams: 我有抑郁症'), { name: 'DrizzleQueryError', query: 'select 1 where x = $1', params: ['我有抑郁症'], cause });
    const out = safeErr(err);
    expect(out).toMatchObject({ type: 'DrizzleQueryError', code: '22003' });
    expect(JSON.stringify(out)).not.toContain('抑郁');
    expect(out.stack).toMatch(/^\s+at /);
  });

  it('keeps the first line of another error', () => {
    expect(safeErr(new TypeError('x is not a function\nsecond line'))).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
  });
});
