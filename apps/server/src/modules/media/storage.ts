import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where media blobs live. Keys are server-chosen ([A-Za-z0-9_-]); contents are already sealed. */
export interface MediaStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
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
}
