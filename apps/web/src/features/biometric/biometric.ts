import { browserSupportsWebAuthn, platformAuthenticatorIsAvailable, startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { PASSKEY_TRANSPORTS, routes } from '@chatdr/contract';
import { api } from '../../api';
import { KEYS, localStore } from '../../platform/storage';
import { callNative } from '../shell/bridge';

/**
 * Biometric unlock (account-health §6: fingerprint or face protects viewing personal health
 * information). In browsers and web views: a passkey on the device's platform authenticator
 * (WebAuthn through @simplewebauthn/browser), registered after the SMS code of
 * fingerprintCodeSend/Check; an unlock is the server's verification of an assertion and answers a
 * fresh session. In a native shell that offers `biometricAuth` and no WebAuthn: the shell's own
 * fingerprint or face prompt gates this device (the server is not asked).
 */
export type BiometricMode = 'passkey' | 'native';
export interface BiometricFlag {
  mode: BiometricMode;
  /** The passkey's id on the server (passkey mode). */
  id?: number;
}

const A = routes.account;

export function readFlag(): BiometricFlag | null {
  const raw = localStore().getItem(KEYS.biometric);
  if (!raw) return null;
  try {
    const f = JSON.parse(raw) as Partial<BiometricFlag>;
    if (f.mode === 'passkey' || f.mode === 'native') return { mode: f.mode, ...(typeof f.id === 'number' ? { id: f.id } : {}) };
  } catch {
    // a corrupt flag counts as off
  }
  return null;
}
export function writeFlag(f: BiometricFlag | null): void {
  if (f) localStore().setItem(KEYS.biometric, JSON.stringify(f));
  else localStore().removeItem(KEYS.biometric);
}

/** What this device can do: a platform authenticator (passkey), the native shell's prompt, or nothing. */
export async function detectSupport(): Promise<BiometricMode | null> {
  try {
    if (browserSupportsWebAuthn() && (await platformAuthenticatorIsAvailable())) return 'passkey';
  } catch {
    // fall through to the shell
  }
  const native = await callNative<{ available?: boolean }>('biometricAvailable');
  return native?.available ? 'native' : null;
}

async function nativePrompt(reason: string): Promise<boolean> {
  const r = await callNative<{ verified?: boolean }>('biometricAuth', { reason });
  return r?.verified === true;
}

/** The SMS code checked, this device's biometric enrolled; the flag written. */
export async function enable(code: string, mode: BiometricMode, reason: string, deviceName: string): Promise<BiometricFlag> {
  const { options } = await api.call(A.fingerprintCodeCheck, { body: { code } });
  if (mode === 'native') {
    if (!(await nativePrompt(reason))) throw new Error('cancelled');
    const f: BiometricFlag = { mode };
    writeFlag(f);
    return f;
  }
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  const known = (t: string): t is (typeof PASSKEY_TRANSPORTS)[number] => (PASSKEY_TRANSPORTS as readonly string[]).includes(t);
  const body = { response: { ...response, response: { ...response.response, transports: response.response.transports?.filter(known) } }, deviceName };
  const item = await api.call(A.passkeyRegister, { body });
  const f: BiometricFlag = { mode, id: item.id };
  writeFlag(f);
  return f;
}

/** Turns it off here: the passkey removed on the server (if it still is there), the flag cleared. */
export async function disable(): Promise<void> {
  const f = readFlag();
  if (f?.mode === 'passkey' && f.id) await api.call(A.passkeyDelete, { body: { id: f.id } }, { hideMsg: true }).catch(() => null);
  writeFlag(null);
}

/** An unlock: a passkey assertion verified by the server (a fresh session id) or the shell's prompt (null). */
export async function unlock(reason: string): Promise<{ sessionId: string } | null> {
  const f = readFlag();
  if (f?.mode === 'native') {
    if (!(await nativePrompt(reason))) throw new Error('cancelled');
    return null;
  }
  const { options } = await api.call(A.passkeyUnlockOptions, { body: {} });
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  // The locked session rides along (auth: optional) and ends: the unlock answers a fresh one.
  const r = await api.call(A.passkeyUnlock, { body: { response } }, { auth: 'optional' });
  return { sessionId: r.sessionId };
}
