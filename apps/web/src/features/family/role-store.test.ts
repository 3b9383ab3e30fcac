import { describe, expect, it, vi } from 'vitest';
import { KEYS, type KeyValueStore } from '../../platform/storage';
import { createRoleStore } from './role-store';

function memory(init: Record<string, string> = {}): KeyValueStore {
  const m = new Map(Object.entries(init));
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
    get length() {
      return m.size;
    },
    key: (i) => [...m.keys()][i] ?? null,
  };
}

const self = { id: 1, isDefault: 0, isSelf: true };
const mum = { id: 2, isDefault: 0 };
const dad = { id: 3, isDefault: 0 };

describe('role store (chat-core §4)', () => {
  it('decides the roles on the first member list: the default member, else the user', () => {
    const r = createRoleStore(memory());
    r.syncMembers([self, { ...mum, isDefault: 1 }]);
    expect(r.useStore.getState()).toMatchObject({ presetRoleId: 2, currentRoleId: 2, synced: true });

    const r2 = createRoleStore(memory());
    r2.syncMembers([mum, self]);
    expect(r2.useStore.getState()).toMatchObject({ presetRoleId: 1, currentRoleId: 1 });
  });

  it('ignores an empty list (still loading)', () => {
    const r = createRoleStore(memory());
    r.syncMembers([]);
    expect(r.useStore.getState().synced).toBe(false);
  });

  it('resets a preset role that disappeared to the default, without a new session', () => {
    const r = createRoleStore(memory());
    const fn = vi.fn();
    r.onNewSession(fn);
    r.syncMembers([self, mum, dad]);
    r.selectRole(3);
    r.useStore.setState({ currentRoleId: 1 });
    r.syncMembers([self, mum]);
    expect(r.useStore.getState()).toMatchObject({ presetRoleId: 1, currentRoleId: 1 });
    expect(fn).not.toHaveBeenCalled();
  });

  it('starts a new session (sockets cleared) when the current role vanishes', () => {
    const r = createRoleStore(memory());
    const fn = vi.fn();
    const off = r.onNewSession(fn);
    r.syncMembers([self, mum]);
    r.selectRole(2);
    r.syncMembers([self]);
    expect(fn).toHaveBeenCalledWith({ reason: 'roleVanished', clearSockets: true });
    expect(r.useStore.getState()).toMatchObject({ presetRoleId: 1, currentRoleId: 1 });
    off();
    r.selectRole(1);
    r.syncMembers([mum]);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('keeps the state object when nothing changed (no re-render)', () => {
    const r = createRoleStore(memory());
    r.syncMembers([self, mum]);
    const before = r.useStore.getState();
    r.syncMembers([self, mum, dad]);
    expect(r.useStore.getState()).toBe(before);
  });

  it('clearing the preset role asks for confirmation once, and not when logged out', () => {
    const storage = memory();
    const r = createRoleStore(storage);
    r.syncMembers([self, mum]);
    expect(r.clearPreset(false)).toEqual({ showConfirm: false });
    expect(r.useStore.getState().presetRoleId).toBeNull();
    r.selectRole(2);
    expect(r.clearPreset(true)).toEqual({ showConfirm: true });
    r.confirmNotCombined();
    expect(storage.getItem(KEYS.notCombined)).toBe('1');
    r.selectRole(2);
    expect(r.clearPreset(true)).toEqual({ showConfirm: false });
    // A new page load remembers the confirmation.
    expect(createRoleStore(storage).useStore.getState().notCombinedConfirmed).toBe(true);
  });

  it('a not-combined preset stays cleared when members change', () => {
    const r = createRoleStore(memory());
    r.syncMembers([self, mum]);
    r.clearPreset(true);
    r.syncMembers([self, mum, dad]);
    expect(r.useStore.getState().presetRoleId).toBeNull();
  });

  it('logout forgets the roles and the confirmation', () => {
    const storage = memory({ [KEYS.notCombined]: '1' });
    const r = createRoleStore(storage);
    r.syncMembers([self]);
    r.reset();
    expect(r.useStore.getState()).toEqual({ presetRoleId: null, currentRoleId: null, notCombinedConfirmed: false, synced: false });
    expect(storage.getItem(KEYS.notCombined)).toBeNull();
  });
});
