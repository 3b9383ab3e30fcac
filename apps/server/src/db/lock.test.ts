import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStart } from './lock.ts';

const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill();
      await new Promise((r) => c.once('exit', r));
    }
  }
});

/** A live process that is not a chatdr server (it just sleeps). */
async function bystander(): Promise<number> {
  const c = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  children.push(c);
  await new Promise((r) => c.once('spawn', r));
  if (c.pid === undefined) throw new Error('no pid');
  return c.pid;
}

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-lock-unit-'));
const lockFile = (dir: string) => path.join(dir, 'chatdr.lock');

describe('PGlite data directory lock', () => {
  it('records the holder’s pid and process start', () => {
    const dir = tmpDir();
    const release = lockDataDir(dir);
    const content = JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number; start: string | null };
    expect(content.pid).toBe(process.pid);
    expect(content.start).toBe(processStart(process.pid)?.id ?? null);
    release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
  });

  it('takes over a stale lock whose pid now belongs to another live process', async () => {
    const dir = tmpDir();
    const pid = await bystander();
    // Written by a chatdr process that crashed; the kernel has since given its pid to the bystander.
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: 'boot-of-long-ago:12345' }));
    const release = lockDataDir(dir);
    expect((JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as { pid: number }).pid).toBe(process.pid);
    release();
  });

  it('takes over a pid-only lock file (older format) written before its pid’s process started', async () => {
    const dir = tmpDir();
    const pid = await bystander();
    fs.writeFileSync(lockFile(dir), String(pid));
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(lockFile(dir), anHourAgo, anHourAgo);
    const release = lockDataDir(dir);
    release();
  });

  it('refuses while the recorded process is alive, with its pid in the message', async () => {
    const dir = tmpDir();
    const pid = await bystander();
    const start = processStart(pid);
    expect(start).not.toBeNull();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: start?.id }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`pid ${pid}`, 'u'));
    // A pid-only lock written after that process started is still its own.
    fs.writeFileSync(lockFile(dir), String(pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
