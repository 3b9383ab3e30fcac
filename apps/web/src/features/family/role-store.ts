import { useEffect, useRef } from 'react';
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { clearPresetRole, confirmNotCombined, defaultPresetRole, onMembersChanged, type RoleMember, type RoleState } from '@chatdr/contract';
import { onLogin } from '../../app/login-store';
import { KEYS, localStore, type KeyValueStore } from '../../platform/storage';

/**
 * The roles of chat-core §4: the preset role (whose profile replies use; null = 不结合档案) and the
 * current role (who the consultation is about). The transitions are contract's pure functions;
 * this store applies them, remembers the 不结合档案 confirmation (a UI flag, not health data) and
 * tells the chat when it must start a new session.
 *
 * First-screen safe: zustand and contract's role logic only, no request layer.
 */
export interface RoleStoreState extends RoleState {
  /** The member list has been seen once (the roles are decided). */
  synced: boolean;
}

export interface NewSessionEvent {
  /** Why: the current role disappeared from the member list. */
  reason: 'roleVanished';
  /** Every socket must be closed before the new session starts. */
  clearSockets: boolean;
}

const pick = (s: RoleStoreState): RoleState => ({ presetRoleId: s.presetRoleId, currentRoleId: s.currentRoleId, notCombinedConfirmed: s.notCombinedConfirmed });

export function createRoleStore(storage: KeyValueStore) {
  const readFlag = () => storage.getItem(KEYS.notCombined) === '1';
  const initial = (): RoleStoreState => ({ presetRoleId: null, currentRoleId: null, notCombinedConfirmed: readFlag(), synced: false });
  const useStore: UseBoundStore<StoreApi<RoleStoreState>> = create<RoleStoreState>(initial);
  const listeners = new Set<(e: NewSessionEvent) => void>();

  const emit = (e: NewSessionEvent) => {
    for (const fn of [...listeners]) {
      try {
        fn(e);
      } catch (err) {
        console.error('newSession listener failed', err);
      }
    }
  };

  return {
    useStore,
    /**
     * The member list (re)loaded. The first time it decides the roles (the default member, else
     * the user); afterwards a vanished preset role resets to the default, and a vanished current
     * role also clears the sockets and starts a new session.
     */
    syncMembers(members: readonly RoleMember[]): void {
      if (members.length === 0) return;
      const s = useStore.getState();
      if (!s.synced) {
        const id = defaultPresetRole(members);
        useStore.setState({ presetRoleId: id, currentRoleId: id, synced: true });
        return;
      }
      const current = pick(s);
      const effect = onMembersChanged(current, members);
      if (effect.state !== current) useStore.setState(effect.state);
      if (effect.newSession) emit({ reason: 'roleVanished', clearSockets: effect.clearSockets });
    },
    /** The user picked a member in the change-role popup: replies use and are about that member. */
    selectRole(id: number): void {
      useStore.setState({ presetRoleId: id, currentRoleId: id, synced: true });
    },
    /**
     * 不结合档案: the preset role is cleared. `showConfirm` says whether the confirm dialog must show
     * (not when it was confirmed before, nor when logged out).
     */
    clearPreset(loggedIn: boolean): { showConfirm: boolean } {
      const r = clearPresetRole(pick(useStore.getState()), loggedIn);
      useStore.setState(r.state);
      return { showConfirm: r.showConfirm };
    },
    /** The 不结合档案 dialog was confirmed: remembered on this device until logout. */
    confirmNotCombined(): void {
      useStore.setState(confirmNotCombined(pick(useStore.getState())));
      storage.setItem(KEYS.notCombined, '1');
    },
    /** Logout: roles are undecided again and the confirmation is forgotten. */
    reset(): void {
      storage.removeItem(KEYS.notCombined);
      useStore.setState(initial());
    },
    /** Subscribes to new-session requests; returns the remover. */
    onNewSession(fn: (e: NewSessionEvent) => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

export const roles = createRoleStore(localStore());
export const useRoleStore = roles.useStore;
onLogin('logout', () => roles.reset());

/** The hook the chat uses: `fn` runs when the current role vanished (close sockets, start a new session). */
export function useNewSession(fn: (e: NewSessionEvent) => void): void {
  const ref = useRef(fn);
  useEffect(() => {
    ref.current = fn;
  });
  useEffect(() => roles.onNewSession((e) => ref.current(e)), []);
}
