/**
 * The app's only browser storage: the session token (with its timestamp), the font level, the
 * language, the 不结合档案 confirmation flag and the open chat session's id. No health data is ever written here (QUALITY.md, privacy).
 */
export const STORAGE_PREFIX = 'chatdr.';
export const KEYS = {
  token: `${STORAGE_PREFIX}token`,
  font: `${STORAGE_PREFIX}font`,
  lang: `${STORAGE_PREFIX}lang`,
  chunkReload: `${STORAGE_PREFIX}chunkReloadAt`,
  whiteScreen: `${STORAGE_PREFIX}whiteScreenReloads`,
  /** The 不结合档案 dialog was confirmed once (chat-core §4; a UI flag, not health data). */
  notCombined: `${STORAGE_PREFIX}notCombinedConfirmed`,
  /**
   * The id of the chat session open on the home screen (issue 18: a reload or reopen restores it
   * from the server's stored history). An id only — the messages are never written here.
   */
  openSession: `${STORAGE_PREFIX}openSession`,
  /**
   * Biometric unlock is on for this device (chat-core §3 local settings "face and fingerprint
   * flags"): how (`passkey` or the native shell's `native`) and the passkey's row id. No secret.
   */
  biometric: `${STORAGE_PREFIX}biometric`,
} as const;

/** The language is a device preference, not account data: it survives logout. */
const KEPT_AT_LOGOUT: readonly string[] = [KEYS.lang];

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  readonly length: number;
  key(index: number): string | null;
}

const memory = new Map<string, string>();
const memoryStore: KeyValueStore = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
  get length() {
    return memory.size;
  },
  key: (i) => [...memory.keys()][i] ?? null,
};

/** localStorage when usable (private modes can throw), else an in-memory map. */
export function localStore(): KeyValueStore {
  try {
    const s = globalThis.localStorage;
    const probe = `${STORAGE_PREFIX}probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return memoryStore;
  }
}

/** Removes every chatdr key except the device preferences kept at logout. */
export function clearAccountStorage(store: KeyValueStore = localStore()): void {
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(STORAGE_PREFIX) && !KEPT_AT_LOGOUT.includes(k)) doomed.push(k);
  }
  doomed.forEach((k) => store.removeItem(k));
}
