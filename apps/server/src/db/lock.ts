import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(`The data directory ${dir} is in use by another chatdr process (pid ${pid}). PGlite allows one process per data directory: stop that process, or start this one with another DATA_DIR (or DATABASE_URL for PostgreSQL).`);
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** When a process started: `id` compares exactly (same process), `ms` is the wall-clock instant. */
export interface ProcessStart {
  id: string;
  ms: number;
}

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux ABI Node runs on). */
const USER_HZ = 100;

function linuxStart(pid: number): ProcessStart | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Fields after the command name (in parentheses, which may itself hold spaces and parentheses):
  // state is field 3, starttime field 22.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  if (!Number.isFinite(ticks)) return null;
  let bootId = '';
  let btime = Number.NaN;
  try {
    bootId = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    btime = Number(/^btime (\d+)$/mu.exec(fs.readFileSync('/proc/stat', 'utf8'))?.[1]);
  } catch {
    /* not a full /proc */
  }
  return { id: `${bootId}:${ticks}`, ms: Number.isFinite(btime) ? btime * 1000 + (ticks * 1000) / USER_HZ : Number.NaN };
}

function psStart(pid: number): ProcessStart | null {
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5000 }).trim();
    const ms = Date.parse(out);
    return out && Number.isFinite(ms) ? { id: `ps:${out}`, ms } : null;
  } catch {
    return null;
  }
}

/** The start of a live process (Linux: /proc; elsewhere: `ps`), or null when it cannot be read. */
export function processStart(pid: number): ProcessStart | null {
  return process.platform === 'linux' ? linuxStart(pid) : psStart(pid);
}

interface LockContent {
  pid: number;
  /** ProcessStart.id of the holder; absent in lock files written before it was recorded. */
  start: string | null;
}

function parseLock(text: string): LockContent | null {
  const legacy = /^\s*(\d+)\s*$/u.exec(text);
  if (legacy) return { pid: Number(legacy[1]), start: null };
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === 'object' && v !== null) {
      const { pid, start } = v as { pid?: unknown; start?: unknown };
      if (typeof pid === 'number' && Number.isInteger(pid) && pid > 0) return { pid, start: typeof start === 'string' ? start : null };
    }
  } catch {
    /* unreadable: stale */
  }
  return null;
}

/** Slack between a lock file's mtime and its writer's start (clock granularity). */
const LEGACY_SLACK_MS = 2000;

/**
 * Whether a lock is held by a live process. A pid alone is not enough: after a crash (or in a new
 * container) the pid may have been given to an unrelated process. The lock records its holder's
 * start, and a live process with another start is not the holder. A lock file from before the
 * start was recorded is the holder's only if that process started before the file was written.
 */
function heldBy(lock: LockContent, lockMtimeMs: number): boolean {
  if (lock.pid === process.pid || !alive(lock.pid)) return false;
  const now = processStart(lock.pid);
  // Alive but its start cannot be read: assume it is the holder (refusing is the safe side).
  if (!now) return true;
  if (lock.start !== null) return now.id === lock.start;
  return !(now.ms > lockMtimeMs + LEGACY_SLACK_MS);
}

/**
 * Takes an exclusive lock on a PGlite data directory: a lock file created with O_EXCL holding our
 * pid and process start. A lock left by a dead process — or one whose pid now belongs to another
 * process — is taken over; one held by its live holder refuses. Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'chatdr.lock');
  const content = JSON.stringify({ pid: process.pid, start: processStart(process.pid)?.id ?? null });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, content);
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === content) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let lock: LockContent | null = null;
      let mtimeMs = 0;
      try {
        lock = parseLock(fs.readFileSync(file, 'utf8'));
        mtimeMs = fs.statSync(file).mtimeMs;
      } catch {
        /* removed meanwhile: race for it again */
      }
      if (lock && heldBy(lock, mtimeMs)) throw new DataDirLockedError(dir, lock.pid);
      // Stale lock (its process is gone or is another process now): remove it and race for it
      // again; O_EXCL picks one winner.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
