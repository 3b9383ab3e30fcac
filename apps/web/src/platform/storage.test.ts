import { describe, expect, it } from 'vitest';
import { KEYS, clearAccountStorage, type KeyValueStore } from './storage';

describe('browser storage', () => {
  it('clears every chatdr key at logout except the language, and leaves other apps alone', () => {
    const map = new Map<string, string>([
      [KEYS.token, 't'],
      [KEYS.font, 'XL'],
      [KEYS.lang, 'en'],
      ['other.key', 'x'],
    ]);
    const store: KeyValueStore = {
      getItem: (k) => map.get(k) ?? null,
      setItem: (k, v) => void map.set(k, v),
      removeItem: (k) => void map.delete(k),
      get length() {
        return map.size;
      },
      key: (i) => [...map.keys()][i] ?? null,
    };
    clearAccountStorage(store);
    expect([...map.keys()].sort()).toEqual([KEYS.lang, 'other.key'].sort());
  });
});
