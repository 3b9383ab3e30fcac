import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, urlOf } from '@chatdr/contract';
import { startTestApp, type TestApp } from '../test/harness.ts';

// A web build as apps/web's Vite build leaves it: hashed assets with .br and .gz copies next to
// them (the precompress plugin in apps/web/vite.config.ts), index.html likewise, a small favicon without.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-web-'));
const js = `export const greeting = ${JSON.stringify('你好，我是晓医。'.repeat(200))};\n`;
const html = `<!doctype html><html><head><title>chatdr</title></head><body><div id="root">${'<p>晓医</p>'.repeat(200)}</div></body></html>`;
function write(rel: string, body: string, compressed = true) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, body);
  if (!compressed) return;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body));
}
write('index.html', html);
write('assets/index-AbC123xy.js', js);
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) => t.rt.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });

describe('static web client', () => {
  it('sends a hashed asset precompressed by Accept-Encoding, immutable for a year', async () => {
    const br = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);

    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(js);
  });

  it('sends index.html compressed and always revalidated', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    }
  });

  it('sends a file without compressed copies as it is, not compressed per request', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('API compression', () => {
  it('compresses an answer over 1 KiB for a client that accepts it, not a small one', async () => {
    const big = await get('/api/openapi.json', 'gzip, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()) as { openapi: string };
    expect(doc.openapi).toMatch(/^3\./);

    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-store');

    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();

    const { token } = await t.login();
    const small = await get(urlOf(routes.auth.accountInfo), 'gzip, br', { authorization: token });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('does not inflate a compressed request body', async () => {
    const res = await t.rt.app.inject({ method: 'POST', url: urlOf(routes.auth.sendLoginCode), headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, payload: zlib.gzipSync(JSON.stringify({ phone: '13800138000' })) });
    expect(res.statusCode).toBeLessThan(500);
    expect((JSON.parse(res.body) as { code: number }).code).not.toBe(1);
  });
});
