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

/**
 * Takes an exclusive lock on a PGlite data directory: a lock file created with O_EXCL holding our
 * pid. A lock left by a dead process is taken over; one held by a live process refuses.
 * Returns the release function.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'chatdr.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dir, pid);
      // Stale lock (its process is gone): remove it and race for it again; O_EXCL picks one winner.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dir}`);
}
