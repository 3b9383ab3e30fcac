import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { displayName } from './media.service.ts';
import { LocalDiskStorage, SealedStorage } from './storage.ts';

describe('sealed storage', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatdr-media-'));
  const sealed = new SealedStorage(new LocalDiskStorage(dir), 'a-secret-a-secret-a-secret-a-secret-00');

  it('round-trips, with a fresh IV per blob and nothing readable on disk', async () => {
    const plain = Buffer.from('姓名：张三 血红蛋白 118 g/L');
    await sealed.put('bkey000001', plain);
    await sealed.put('bkey000002', plain);
    expect(await sealed.get('bkey000001')).toEqual(plain);
    const a = fs.readFileSync(path.join(dir, 'bk', 'bkey000001'));
    const b = fs.readFileSync(path.join(dir, 'bk', 'bkey000002'));
    expect(a.equals(b)).toBe(false);
    expect(a.includes(Buffer.from('张三'))).toBe(false);
    expect(await sealed.get('bkey000404')).toBeNull();
  });

  it('refuses a tampered blob, a blob moved to another key, and another secret', async () => {
    const file = path.join(dir, 'bk', 'bkey000001');
    const good = fs.readFileSync(file);
    const bad = Buffer.from(good);
    bad[bad.length - 1] = (bad[bad.length - 1] ?? 0) ^ 1;
    fs.writeFileSync(file, bad);
    await expect(sealed.get('bkey000001')).rejects.toThrow();
    fs.writeFileSync(file, good);
    fs.copyFileSync(file, path.join(dir, 'bk', 'bkey000003'));
    await expect(sealed.get('bkey000003')).rejects.toThrow();
    const other = new SealedStorage(new LocalDiskStorage(dir), 'another-secret-another-secret-another-0');
    await expect(other.get('bkey000001')).rejects.toThrow();
  });

  it('refuses keys that could leave the directory', async () => {
    await expect(sealed.put('../../etc/x', Buffer.from('x'))).rejects.toThrow();
  });
});

describe('display names', () => {
  it('drops paths and control characters and ends with the stored type', () => {
    expect(displayName('C:\\Users\\me\\报告.JPG', 'jpg')).toBe('报告.jpg');
    expect(displayName('../../a\u0000b<script>.png', 'png')).toBe('abscript.png');
    expect(displayName('virus.exe', 'pdf')).toBe('virus.pdf');
    expect(displayName('', 'png')).toBe('file.png');
    expect(displayName('x'.repeat(500), 'pdf').length).toBeLessThanOrEqual(100);
  });
});
