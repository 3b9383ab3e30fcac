import { create } from 'zustand';
import { KEYS, localStore } from '../platform/storage';

/**
 * Whether the app starts locked (biometric unlock on for this device: features/biometric). Kept
 * apart from that feature so the first screen knows it without loading WebAuthn code.
 */
export const useBiometricLock = create<{ locked: boolean }>(() => ({ locked: localStore().getItem(KEYS.biometric) !== null }));
export const setUnlocked = () => useBiometricLock.setState({ locked: false });
