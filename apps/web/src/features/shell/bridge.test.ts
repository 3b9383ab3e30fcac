import { afterEach, describe, expect, it, vi } from 'vitest';
import { callNative, createBackHandler, DOUBLE_BACK_MS, NATIVE_OK } from './bridge';

describe('the back key', () => {
  it('goes back inside the app; on the home screen the second press within 2 s exits', () => {
    let t = 0;
    let root = false;
    const d = { atRoot: () => root, goBack: vi.fn(), notify: vi.fn(), exit: vi.fn(), now: () => t };
    const back = createBackHandler(d);
    expect(back()).toBe('back');
    expect(d.goBack).toHaveBeenCalledTimes(1);
    root = true;
    expect(back()).toBe('armed');
    expect(d.notify).toHaveBeenCalledTimes(1);
    t += DOUBLE_BACK_MS + 1;
    expect(back()).toBe('armed');
    t += 500;
    expect(back()).toBe('exit');
    expect(d.exit).toHaveBeenCalledTimes(1);
  });
});

describe('native calls', () => {
  afterEach(() => {
    delete (globalThis as { window?: unknown }).window;
  });
  it('use the shell only when it answers 10000; otherwise the web fallback', async () => {
    expect(await callNative('getDeviceInfo')).toBeUndefined();
    const calls: string[] = [];
    (globalThis as { window?: unknown }).window = {
      chatdrNative: {
        call: (m: string) => {
          calls.push(m);
          return Promise.resolve(m === 'getPushToken' ? { code: NATIVE_OK, data: 'tok-1' } : m === 'share' ? { code: 20_001 } : Promise.reject(new Error('no such call')));
        },
      },
    };
    expect(await callNative('getPushToken')).toBe('tok-1');
    expect(await callNative('share')).toBeUndefined();
    expect(await callNative('nothing')).toBeUndefined();
    expect(calls).toEqual(['getPushToken', 'share', 'nothing']);
  });
});
