import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERR, allRoutes, routes, urlOf } from '@chatdr/contract';
import { DataDirLockedError, lockDataDir } from '../../db/lock.ts';
import { randomPhone, startTestApp } from '../../test/harness.ts';

describe('service endpoints', () => {
  it('serves /healthz and an OpenAPI 3.1 document of every implemented route', async () => {
    const t = await startTestApp();
    try {
      const health = await t.rt.app.inject({ method: 'GET', url: '/healthz' });
      expect(JSON.parse(health.body)).toMatchObject({ code: 1, data: { status: 'ok' } });
      const doc = JSON.parse((await t.rt.app.inject({ method: 'GET', url: '/api/openapi.json' })).body) as { openapi: string; paths: Record<string, Record<string, { summary: string }>> };
      expect(doc.openapi).toBe('3.1.0');
      for (const r of t.rt.app.implementedRoutes) expect(doc.paths[urlOf(r)]?.[r.method.toLowerCase()]?.summary).toBe(r.summary);
      const login = doc.paths[urlOf(routes.auth.phoneLogin)]?.post as unknown as { requestBody: { content: { 'application/json': { schema: { required: string[] } } } } };
      expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['phone', 'code']));
      // Not-yet-implemented calls stay out of the document.
      expect(Object.keys(doc.paths).length).toBe(new Set(t.rt.app.implementedRoutes.map(urlOf)).size);
      expect(allRoutes().length).toBeGreaterThanOrEqual(Object.keys(doc.paths).length);
      const page = await t.rt.app.inject({ method: 'GET', url: '/api/docs' });
      expect(page.headers['content-type']).toContain('text/html');
    } finally {
      await t.close();
    }
  });

  it('answers HTTP 501 with 当前人数过多，请稍后重试 past the in-flight limit', async () => {
    const t = await startTestApp({ MAX_IN_FLIGHT: '1' });
    try {
      // An SMS gateway that takes its time keeps the first request in flight.
      const send = t.outbox.send.bind(t.outbox);
      t.outbox.send = async (phone: string, code: string) => {
        await new Promise((r) => setTimeout(r, 400));
        return send(phone, code);
      };
      const slow = t.rt.app.inject({ method: 'POST', url: urlOf(routes.auth.sendLoginCode), headers: { 'content-type': 'application/json' }, payload: { phone: randomPhone() } });
      await new Promise((r) => setTimeout(r, 150));
      const second = await t.rt.app.inject({ method: 'GET', url: '/healthz' });
      expect(second.statusCode).toBe(501);
      expect(JSON.parse(second.body).msg).toBe('当前人数过多，请稍后重试');
      expect((await slow).statusCode).toBe(200);
      expect((await t.rt.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('logs an unknown failure with its trace id and answers without internals', async () => {
    const t = await startTestApp();
    const { token } = await t.login();
    // The database goes away under the running app.
    await t.rt.database.close();
    const res = await t.rt.app.inject({ method: 'GET', url: urlOf(routes.auth.accountInfo), headers: { authorization: token, traceid: 'm-1122100000-0.0.1710' } });
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body)).toEqual({ code: ERR.internal.code, msg: ERR.internal.msg, data: { traceId: 'm-1122100000-0.0.1710' } });
    expect(res.body).not.toMatch(/pglite|closed|stack/i);
    expect(t.logs.join('\n')).toMatch(/"traceId":"m-1122100000-0.0.1710".*unhandled error/);
    await t.rt.app.close();
  });
});

describe('PGlite data directory lock', () => {
  it('refuses a second process on the same data directory with a clear message, and frees it on exit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-lock-'));
    const holder = spawn(process.execPath, ['-e', `require('fs').writeFileSync(${JSON.stringify(path.join(dir, 'chatdr.lock'))}, String(process.pid)); setTimeout(() => {}, 30000)`]);
    await new Promise((r) => setTimeout(r, 300));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/in use by another chatdr process/);
    holder.kill();
    await new Promise((r) => holder.once('exit', r));
    // The holder died without cleaning up: its stale lock is taken over.
    const release = lockDataDir(dir);
    expect((JSON.parse(fs.readFileSync(path.join(dir, 'chatdr.lock'), 'utf8')) as { pid: number }).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, 'chatdr.lock'))).toBe(false);
  });

  it('a second server on the same DATA_DIR exits with the reason', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-second-'));
    const serverDir = path.resolve(import.meta.dirname, '../../..');
    const start = (port: number) => spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn' } });
    const first = start(0);
    await new Promise<void>((resolve, reject) => {
      first.stdout.on('data', (d: Buffer) => d.toString().includes('chatdr is running') && resolve());
      first.once('exit', (c) => reject(new Error(`first server exited ${c}`)));
    });
    const second = start(0);
    let err = '';
    second.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const code = await new Promise<number | null>((r) => second.once('exit', r));
    first.kill('SIGTERM');
    await new Promise((r) => first.once('exit', r));
    expect(code).toBe(2);
    expect(err).toContain('is in use by another chatdr process');
  });
});

describe('agreements', () => {
  it('serves the user agreement and privacy policy by code, latest or by version, publicly', async () => {
    const t = await startTestApp();
    try {
      for (const code of ['userAgreement', 'privacyPolicy']) {
        const res = await t.call(routes.system.protocolFindByCode, { params: { a: code, b: 'latest' } });
        expect(res.code).toBe(1);
        const p = res.data as { code: string; title: string; version: string; content: string };
        expect(p.code).toBe(code);
        expect(p.title).toMatch(/协议|政策/);
        expect(p.content.split('\n').some((l) => l.startsWith('## '))).toBe(true);
        expect(p.content).not.toContain('version:');
        expect((await t.call(routes.system.protocolFindByCode, { params: { a: code, b: p.version } })).code).toBe(1);
      }
      expect((await t.call(routes.system.protocolFindByCode, { params: { a: 'secrets', b: 'latest' } })).code).toBe(ERR.badRequest.code);
      expect((await t.call(routes.system.protocolFindByCode, { params: { a: 'userAgreement', b: '9.9' } })).code).toBe(ERR.notFound.code);
    } finally {
      await t.close();
    }
  });
});
