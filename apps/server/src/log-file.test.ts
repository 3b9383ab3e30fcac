import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.ts';
import { logStreams } from './log-file.ts';

describe('local mode logs to a file (issue 18 point 12)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('request lines go to the file only; errors to the file and the terminal', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'chatdr-log-')), 'sub', 'chatdr.log');
    const terminal: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      terminal.push(String(chunk));
      return true;
    });
    const log = pino({ level: 'info' }, logStreams(file, 'info'));
    for (let i = 0; i < 50; i++) log.info({ route: '/api/x', status: 200 }, 'request');
    log.error('boom');
    log.flush();
    await new Promise((r) => setTimeout(r, 100));
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(51);
    expect(terminal.join('')).toContain('boom');
    expect(terminal.join('')).not.toContain('request');
  });

  it('defaults: DATA_DIR/chatdr.log in local mode, stdout in production, `-` for stdout', () => {
    const base = { DATA_DIR: '/tmp/chatdr-data', INIT_CWD: '/tmp' };
    expect(loadConfig({ ...base }).logFile).toBe('/tmp/chatdr-data/chatdr.log');
    expect(loadConfig({ ...base, LOG_FILE: '-' }).logFile).toBeNull();
    expect(loadConfig({ ...base, LOG_FILE: 'logs/a.log' }).logFile).toBe('/tmp/logs/a.log');
    expect(loadConfig({ ...base, CHATDR_MODE: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example', SECRET_KEY: 'x'.repeat(40) }).logFile).toBeNull();
  });
});
