import type { StoredToken } from '@chatdr/contract';
import { KEYS, type KeyValueStore } from '../platform/storage';

/** The session token and its timestamp (chat-core §3 "Auth session"), kept under one key. */
export function createTokenStorage(store: KeyValueStore) {
  return {
    read(): StoredToken | null {
      const raw = store.getItem(KEYS.token);
      if (!raw) return null;
      try {
        const t = JSON.parse(raw) as Partial<StoredToken>;
        if (typeof t.value === 'string' && t.value && typeof t.stampedAt === 'number') return { value: t.value, stampedAt: t.stampedAt };
      } catch {
        // fall through: a corrupt entry counts as no token
      }
      store.removeItem(KEYS.token);
      return null;
    },
    write(token: StoredToken | null): void {
      if (token) store.setItem(KEYS.token, JSON.stringify(token));
      else store.removeItem(KEYS.token);
    },
  };
}
export type TokenStorage = ReturnType<typeof createTokenStorage>;
