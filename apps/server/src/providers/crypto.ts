import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A 6-digit code from the CSPRNG. */
export const newSmsCode = (length = 6) => String(randomInt(0, 10 ** length)).padStart(length, '0');
/** An opaque token of `bytes` random bytes, base64url. */
export const newToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest();
export const hmac = (key: string, s: string) => createHmac('sha256', key).update(s).digest();
export const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

/** The server secret: from config, else generated once into the data dir (local mode). */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const s = randomBytes(32).toString('base64url');
    fs.writeFileSync(file, s, { mode: 0o600, flag: 'wx' });
    return s;
  }
}
