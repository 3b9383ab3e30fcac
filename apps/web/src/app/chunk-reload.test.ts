import { describe, expect, it } from 'vitest';
import { CHUNK_RELOAD_WINDOW_MS, isChunkLoadError, shouldReload, withTimestamp } from './chunk-reload';

describe('chunk-load failure', () => {
  it('recognises failed dynamic imports', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/A.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads with a timestamp parameter and keeps the hash route', () => {
    expect(withTimestamp('http://127.0.0.1:8080/#/user/about', 123)).toBe('http://127.0.0.1:8080/?t=123#/user/about');
    expect(withTimestamp('http://h/?t=1&x=2#/file?code=a', 9)).toBe('http://h/?t=9&x=2#/file?code=a');
  });

  it('does not reload in a loop', () => {
    expect(shouldReload(null, 1000)).toBe(true);
    expect(shouldReload(1000, 1000 + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(shouldReload(1000, 1000 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
  });
});
