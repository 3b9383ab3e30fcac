import { describe, expect, it } from 'vitest';
import { segments, wav } from './tts-player';

describe('read-aloud segments', () => {
  it('cuts at sentence ends, merges short sentences up to ~80 characters, cuts overlong ones', () => {
    expect(segments('你好。今天头疼吗？多喝水！')).toEqual(['你好。今天头疼吗？多喝水！']);
    const long = '这是一句比较长的话，用来测试分段。'.repeat(8);
    const parts = segments(long);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(long);
    expect(parts.every((p) => p.length <= 100)).toBe(true);
    expect(segments('啊'.repeat(1500), 600).map((p) => p.length)).toEqual([600, 600, 300]);
    expect(segments('  \n ')).toEqual([]);
  });

  it('wraps PCM as a 16-bit mono WAV', async () => {
    const b = wav([new Uint8Array(100), new Uint8Array(60)], 22_050);
    const v = new DataView(await b.arrayBuffer());
    expect(b.size).toBe(44 + 160);
    expect(b.type).toBe('audio/wav');
    expect(v.getUint32(24, true)).toBe(22_050);
    expect(v.getUint32(40, true)).toBe(160);
    expect(v.getUint16(34, true)).toBe(16);
  });
});
