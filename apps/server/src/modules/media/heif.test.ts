import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@chatdr/contract/media/index';
import { HeicDecoder } from './heic.ts';
import { heifSize } from './heif.ts';
import { sniff } from './sniff.ts';
import { heicClaiming } from './testing/bombs.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/report-photo.heic'));

describe('heifSize: the size a HEIC declares, from its header', () => {
  it('reads the primary image of a real iPhone-style HEIC (grid of tiles)', () => {
    expect(heifSize(PHOTO)).toMatchObject({ width: 1710, height: 2348 });
  });

  it('reads a 252-byte bomb claiming 100,000 × 100,000, which is typed as HEIC', async () => {
    const bomb = heicClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    expect(await sniff(bomb)).toEqual({ fileType: 'image', mime: 'image/heic' });
    const size = heifSize(bomb);
    expect(size).toEqual({ width: 100_000, height: 100_000, maxPixels: 1e10 });
    expect((size?.maxPixels ?? 0) > MEDIA_LIMITS.maxPixels).toBe(true);
  });

  it('answers null for a header it cannot read (truncated, no meta, garbage)', () => {
    expect(heifSize(PHOTO.subarray(0, 200))).toBeNull();
    expect(heifSize(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(16)]))).toBeNull();
    expect(heifSize(Buffer.alloc(64, 0xff))).toBeNull();
  });
});

describe('HeicDecoder: libheif in worker threads under limits', () => {
  it('decodes the photo', async () => {
    const d = new HeicDecoder({ workers: 1, maxPixels: MEDIA_LIMITS.maxPixels, maxQueue: 4, maxPerOwner: 4 });
    try {
      const img = await d.decode(PHOTO, '1');
      expect([img.width, img.height, img.data.length]).toEqual([1710, 2348, 1710 * 2348 * 4]);
    } finally {
      await d.close();
    }
  });

  it('fails a decode that needs more WebAssembly memory than its cap, without taking the process with it', async () => {
    const d = new HeicDecoder({ workers: 1, maxPixels: MEDIA_LIMITS.maxPixels, maxQueue: 4, maxPerOwner: 4, wasmMb: 24 });
    try {
      await expect(d.decode(PHOTO, '1')).rejects.toMatchObject({ name: 'PoolError', reason: 'memory' });
    } finally {
      await d.close();
    }
  });

  it("refuses a decode over libheif's own reading of the size (checked before pixels are decoded)", async () => {
    const d = new HeicDecoder({ workers: 1, maxPixels: 1000 * 1000, maxQueue: 4, maxPerOwner: 4 });
    try {
      await expect(d.decode(PHOTO, '1')).rejects.toMatchObject({ name: 'HeicTooLargeError' });
    } finally {
      await d.close();
    }
  });

  it('fails a decode past its time limit', async () => {
    const d = new HeicDecoder({ workers: 1, maxPixels: MEDIA_LIMITS.maxPixels, maxQueue: 4, maxPerOwner: 4, timeoutMs: 5 });
    try {
      await expect(d.decode(PHOTO, '1')).rejects.toMatchObject({ reason: 'timeout' });
    } finally {
      await d.close();
    }
  });
});
