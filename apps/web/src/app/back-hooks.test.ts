import { describe, expect, it, vi } from 'vitest';
import { BACK_HOOK_ROUTES, createBackRegistry } from './back-hooks';

describe('route back hooks', () => {
  it('lists the spec routes with a back-hook flag', () => {
    expect(BACK_HOOK_ROUTES).toEqual(['/user/newUser', '/pkg/pay/success', '/user/folder/detail', '/user/image/detail']);
  });

  it('runs the hook a flagged page declared, and nothing for other routes', () => {
    const reg = createBackRegistry(BACK_HOOK_ROUTES);
    const hook = vi.fn();
    const off = reg.register('/pkg/pay/success', hook);
    expect(reg.run('/pkg/pay/success')).toBe(true);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(reg.run('/user')).toBe(false);
    expect(reg.register('/user', vi.fn())).toBeTypeOf('function');
    expect(reg.run('/user')).toBe(false);
    off();
    expect(reg.run('/pkg/pay/success')).toBe(false);
  });

  it('a stale unregister does not remove a newer hook', () => {
    const reg = createBackRegistry(BACK_HOOK_ROUTES);
    const first = reg.register('/user/newUser', vi.fn());
    const second = vi.fn();
    reg.register('/user/newUser', second);
    first();
    expect(reg.run('/user/newUser')).toBe(true);
    expect(second).toHaveBeenCalled();
  });
});
