import { describe, expect, it } from 'vitest';
import { KEYS, type KeyValueStore } from '../platform/storage';
import { createTokenStorage } from './token-storage';

function memory(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
  };
}

describe('token storage', () => {
  it('keeps the token with its timestamp under one key', () => {
    const m = memory();
    const s = createTokenStorage(m);
    expect(s.read()).toBeNull();
    s.write({ value: 'abc', stampedAt: 42 });
    expect(JSON.parse(m.map.get(KEYS.token) ?? '')).toEqual({ value: 'abc', stampedAt: 42 });
    expect(s.read()).toEqual({ value: 'abc', stampedAt: 42 });
    s.write(null);
    expect(m.map.has(KEYS.token)).toBe(false);
  });

  it('drops a corrupt entry', () => {
    const m = memory();
    m.setItem(KEYS.token, '{not json');
    expect(createTokenStorage(m).read()).toBeNull();
    expect(m.map.has(KEYS.token)).toBe(false);
    m.setItem(KEYS.token, JSON.stringify({ value: '', stampedAt: 1 }));
    expect(createTokenStorage(m).read()).toBeNull();
  });
});
