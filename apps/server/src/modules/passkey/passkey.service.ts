import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyItem, PasskeyOptionsRes, PasskeyUnlockRes } from '@chatdr/contract';
import type { Access } from '../../access/access.ts';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { hmac } from '../../providers/crypto.ts';
import type { AuthService, ClientMeta } from '../auth/auth.service.ts';
import type { PasskeyRow, PasskeyStore } from './passkey.store.ts';

/** The page asking: its origin and the relying-party id its credentials are bound to. */
export interface RelyingParty {
  origin: string;
  rpId: string;
}

export interface PasskeyServiceDeps {
  store: PasskeyStore;
  auth: AuthService;
  access: Access;
  secret: string;
  rpName: string;
  now?: () => number;
}

/** A challenge lives 5 minutes and is used once. */
const CHALLENGE_TTL_MS = 5 * 60_000;
const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(-4)}` : '晓医用户');
/** The client data's challenge, read before verification so that the stored challenge can be used up first. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const c = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof c.challenge === 'string' && c.challenge.length <= 200 ? c.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Biometric unlock (account-health §6): a passkey on a WebAuthn platform authenticator (the
 * device's fingerprint or face), enabled after an SMS code to the account's phone
 * (fingerprintCodeSend / Check); an unlock is a verified assertion and answers a fresh session.
 */
export class PasskeyService {
  private readonly now: () => number;
  constructor(private readonly d: PasskeyServiceDeps) {
    this.now = d.now ?? Date.now;
  }

  sendCode(auth: AuthContext, meta: Pick<ClientMeta, 'ip'>) {
    return this.d.auth.sendCode(auth.phone, 'fingerprint', meta);
  }

  /** The code checked: registration options with a challenge bound to the account. */
  async checkCode(auth: AuthContext, code: string, rp: RelyingParty): Promise<PasskeyOptionsRes> {
    await this.d.auth.checkCode(auth.phone, 'fingerprint', code);
    const existing = await this.d.store.list(auth.userId);
    const options = await generateRegistrationOptions({
      rpName: this.d.rpName,
      rpID: rp.rpId,
      userName: mask(auth.phone),
      userDisplayName: mask(auth.phone),
      // A stable opaque handle (never the phone or the row id).
      userID: new Uint8Array(hmac(this.d.secret, `webauthn-user:${auth.userId}`).subarray(0, 16)),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports ? p.transports.split(',') : undefined })),
      authenticatorSelection: { authenticatorAttachment: 'platform', residentKey: 'preferred', userVerification: 'required' },
      timeout: CHALLENGE_TTL_MS,
    });
    const now = this.now();
    await this.d.store.insertChallenge(options.challenge, 'register', auth.userId, new Date(now + CHALLENGE_TTL_MS), new Date(now));
    return { options: { ...options } };
  }

  async register(auth: AuthContext, response: RegistrationResponseJSON, deviceName: string | undefined, rp: RelyingParty): Promise<PasskeyItem> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.d.store.useChallenge(challenge, 'register', auth.userId, new Date(this.now())))) throw fail('passkeyChallengeInvalid');
    let verified;
    try {
      verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpId, requireUserVerification: true });
    } catch {
      throw fail('passkeyFailed');
    }
    if (!verified.verified) throw fail('passkeyFailed');
    const c = verified.registrationInfo.credential;
    const row = await this.d.store.insert({
      userId: auth.userId,
      credentialId: c.id,
      publicKey: Buffer.from(c.publicKey),
      counter: c.counter,
      transports: (c.transports ?? []).join(','),
      deviceName: deviceName?.trim() || '本机',
    });
    if (!row) throw fail('passkeyExists');
    return item(row);
  }

  async list(auth: AuthContext): Promise<{ list: PasskeyItem[] }> {
    return { list: (await this.d.store.list(auth.userId)).map(item) };
  }

  async remove(auth: AuthContext, id: number): Promise<null> {
    await this.d.access.require(auth, 'passkey', [id]);
    this.d.access.found('passkey', await this.d.store.remove(auth.userId, id));
    return null;
  }

  /** Assertion options: any of the device's discoverable passkeys for this relying party. */
  async unlockOptions(rp: RelyingParty): Promise<PasskeyOptionsRes> {
    const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    const now = this.now();
    await this.d.store.insertChallenge(options.challenge, 'unlock', null, new Date(now + CHALLENGE_TTL_MS), new Date(now));
    return { options: { ...options } };
  }

  /**
   * A verified assertion of a stored passkey: a fresh session of its account. A session sent along
   * (the locked one) ends if it is the same account's.
   */
  async unlock(response: AuthenticationResponseJSON, rp: RelyingParty, meta: ClientMeta, previous: AuthContext | null): Promise<PasskeyUnlockRes> {
    const challenge = challengeOf(response.response.clientDataJSON);
    if (!challenge || !(await this.d.store.useChallenge(challenge, 'unlock', null, new Date(this.now())))) throw fail('passkeyChallengeInvalid');
    const found = await this.d.store.byCredential(response.id);
    if (!found || found.status !== 'active') throw fail('passkeyFailed');
    const p = found.p;
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.rpId,
        credential: { id: p.credentialId, publicKey: new Uint8Array(p.publicKey), counter: p.counter, transports: p.transports ? p.transports.split(',') : undefined },
        requireUserVerification: true,
      });
    } catch {
      throw fail('passkeyFailed');
    }
    if (!verified.verified) throw fail('passkeyFailed');
    // The signature counter only moves forwards (0 stays 0 for authenticators that keep none).
    if (!(await this.d.store.used(p.id, verified.authenticationInfo.newCounter, new Date(this.now())))) throw fail('passkeyFailed');
    const sessionId = await this.d.auth.startSession(p.userId, meta);
    if (previous && previous.userId === p.userId) await this.d.auth.logout(previous);
    return { sessionId, userId: p.userId };
  }
}

function item(p: PasskeyRow): PasskeyItem {
  return { id: p.id, deviceName: p.deviceName, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null };
}
