import { z } from 'zod';
import { int4, smsCode } from './common.ts';

/**
 * Biometric unlock with passkeys (WebAuthn platform authenticators): account-health §6 "Biometric
 * unlock (fingerprint or face) protects viewing personal health information"; §7
 * `/toc/sms/fingerprintCodeSend` and `Check` confirm enabling it with an SMS code.
 */

const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+={0,2}$/, '凭证格式不正确');
export const PASSKEY_TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
const transports = z.array(z.enum(PASSKEY_TRANSPORTS)).max(8);
/** The client extension outputs WebAuthn defines (none are asked for; unknown ones are dropped). */
const extensionResults = z.object({ appid: z.boolean().optional(), credProps: z.object({ rk: z.boolean().optional() }).optional(), hmacCreateSecret: z.boolean().optional() }).default({});

/** The browser's `PublicKeyCredential` of a registration, as @simplewebauthn/browser's RegistrationResponseJSON. */
export const PasskeyRegistrationJSON = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16_000),
    authenticatorData: b64url(8000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});
/** The browser's `PublicKeyCredential` of an assertion, as @simplewebauthn/browser's AuthenticationResponseJSON. */
export const PasskeyAuthenticationJSON = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: extensionResults,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(8000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});

/** fingerprintCodeSend: the code goes to the account's own phone. */
export const FingerprintCodeSendReq = z.object({}).passthrough().optional();
/** fingerprintCodeCheck: the code; answers the registration options (the challenge is single-use, 5 minutes). */
export const FingerprintCodeCheckReq = z.object({ code: smsCode });
/** PublicKeyCredentialCreationOptionsJSON, passed to the browser's startRegistration as is. */
export const PasskeyOptionsRes = z.object({ options: z.record(z.string(), z.unknown()) });
export type PasskeyOptionsRes = z.infer<typeof PasskeyOptionsRes>;

export const PasskeyRegisterReq = z.object({ response: PasskeyRegistrationJSON, deviceName: z.string().trim().max(40).optional() });
export const PasskeyItem = z.object({ id: z.number().int(), deviceName: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type PasskeyItem = z.infer<typeof PasskeyItem>;
export const PasskeyListRes = z.object({ list: z.array(PasskeyItem) });
export const PasskeyDeleteReq = z.object({ id: int4() });

/** Unlock: the assertion answers a fresh session (the one it replaces, if sent, ends). */
export const PasskeyUnlockOptionsReq = z.object({}).passthrough().optional();
export const PasskeyUnlockReq = z.object({ response: PasskeyAuthenticationJSON, deviceType: z.enum(['h5', 'android', 'ios', 'mini']).optional() });
export const PasskeyUnlockRes = z.object({ sessionId: z.string(), userId: z.number().int() });
export type PasskeyUnlockRes = z.infer<typeof PasskeyUnlockRes>;
