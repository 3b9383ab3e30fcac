import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media blobs live. Keys are server-chosen ([A-Za-z0-9_-]); contents are already sealed. */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** Every blob's key and last-modified time (ms), for the orphan sweep. */
  list(): AsyncIterable<{ key: string; mtimeMs: number }>;
}

const KEY_RE = /^[A-Za-z0-9_-]{8,80}$/;

/** Blobs as files under a directory (`MEDIA_DIR`, default `DATA_DIR/media`), fanned out by key prefix. */
export class LocalDiskStorage implements MediaStorage {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    if (!KEY_RE.test(key)) throw new Error('bad storage key');
    return path.join(this.dir, key.slice(0, 2), key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const tmp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, data, { mode: 0o600 });
    await fs.rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.file(key), { force: true });
  }

  async *list(): AsyncIterable<{ key: string; mtimeMs: number }> {
    let dirs: string[];
    try {
      dirs = await fs.readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const d of dirs) {
      const sub = path.join(this.dir, d);
      const names = await fs.readdir(sub).catch(() => [] as string[]);
      for (const name of names) {
        // Leftover temporary files of an interrupted put are swept like orphans.
        const key = name.endsWith('.tmp') ? null : name;
        const st = await fs.stat(path.join(sub, name)).catch(() => null);
        if (!st?.isFile()) continue;
        if (key && KEY_RE.test(key)) yield { key, mtimeMs: st.mtimeMs };
        else if (name.endsWith('.tmp')) yield { key: `tmp:${d}/${name}`, mtimeMs: st.mtimeMs };
      }
    }
  }

  /** Removes a leftover temporary file named by list() (`tmp:<dir>/<name>`). */
  async deleteTmp(ref: string): Promise<void> {
    const m = /^tmp:([A-Za-z0-9_-]{2})\/([A-Za-z0-9_.-]+\.tmp)$/.exec(ref);
    if (m?.[1] && m[2]) await fs.rm(path.join(this.dir, m[1], m[2]), { force: true });
  }
}

const MAGIC = Buffer.from('CDM1');
const IV = 12;
const TAG = 16;

/**
 * Encryption at rest: AES-256-GCM, key derived (HKDF-SHA256) from the server secret, a random
 * 96-bit IV per blob, the storage key as associated data (a blob cannot be swapped for another).
 * Layout: 'CDM1' | iv | tag | ciphertext.
 */
export class SealedStorage {
  private readonly key: Buffer;

  constructor(private readonly storage: MediaStorage, secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'chatdr-media', 'media-at-rest-v1', 32));
  }

  seal(key: string, plain: Buffer): Buffer {
    const iv = randomBytes(IV);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    c.setAAD(Buffer.from(key));
    const body = Buffer.concat([c.update(plain), c.final()]);
    return Buffer.concat([MAGIC, iv, c.getAuthTag(), body]);
  }

  open(key: string, sealed: Buffer): Buffer {
    if (sealed.length < MAGIC.length + IV + TAG || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) throw new Error('not a sealed media blob');
    const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV);
    const tag = sealed.subarray(MAGIC.length + IV, MAGIC.length + IV + TAG);
    const d = createDecipheriv('aes-256-gcm', this.key, iv);
    d.setAAD(Buffer.from(key));
    d.setAuthTag(tag);
    return Buffer.concat([d.update(sealed.subarray(MAGIC.length + IV + TAG)), d.final()]);
  }

  put(key: string, plain: Buffer): Promise<void> {
    return this.storage.put(key, this.seal(key, plain));
  }

  async get(key: string): Promise<Buffer | null> {
    const sealed = await this.storage.get(key);
    return sealed ? this.open(key, sealed) : null;
  }

  delete(key: string): Promise<void> {
    return this.storage.delete(key);
  }

  list(): AsyncIterable<{ key: string; mtimeMs: number }> {
    return this.storage.list();
  }

  /** Removes a blob or a leftover temporary file named by list(). */
  async remove(ref: string): Promise<void> {
    if (ref.startsWith('tmp:')) {
      if (this.storage instanceof LocalDiskStorage) await this.storage.deleteTmp(ref);
      return;
    }
    await this.storage.delete(ref);
  }
}

/**
 * The same sealing for a database field (real-name data): AES-256-GCM under the media key, the
 * associated data naming the field (`field:<table>:<row>:<column>`, never a media key's shape), so
 * a sealed value cannot be moved to another row or column.
 */
export function fieldSealer(secret: string): { seal(aad: string, plain: Buffer): Buffer; open(aad: string, sealed: Buffer): Buffer } {
  const none: MediaStorage = {
    put: () => Promise.reject(new Error('field sealer stores nothing')),
    get: () => Promise.resolve(null),
    delete: () => Promise.resolve(),
    list: async function* () {},
  };
  const s = new SealedStorage(none, secret);
  return { seal: (aad, plain) => s.seal(aad, plain), open: (aad, sealed) => s.open(aad, sealed) };
}
