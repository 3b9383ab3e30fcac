import { createHash, createPublicKey, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for integration tests (the e2e test uses Chromium's virtual
 * authenticator): ES256 credentials, `none` attestation, user present and verified, a signature
 * counter. It answers in the browser's JSON form (@simplewebauthn/browser's RegistrationResponseJSON
 * and AuthenticationResponseJSON).
 */
export class SoftAuthenticator {
  private readonly creds = new Map<string, { key: KeyObject; rpId: string; userHandle: string; counter: number }>();

  private static authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(counter);
    return Buffer.concat([createHash('sha256').update(rpId).digest(), Buffer.from([flags]), c, ...(attested ? [attested] : [])]);
  }

  create(options: Record<string, unknown>, origin: string): Record<string, unknown> {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
    const credId = randomBytes(16);
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]);
    const len = Buffer.alloc(2);
    len.writeUInt16BE(credId.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, credId, Buffer.from(isoCBOR.encode(cose))]);
    const authData = SoftAuthenticator.authData(rp.id, 0x45, 0, attested);
    const attStmt = new Map<string, string>();
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([['fmt', 'none'], ['attStmt', attStmt], ['authData', new Uint8Array(authData)]]));
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const id = credId.toString('base64url');
    this.creds.set(id, { key: privateKey, rpId: rp.id, userHandle: user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData.toString('base64url'), attestationObject: Buffer.from(attestationObject).toString('base64url'), transports: ['internal'] },
    };
  }

  /** An assertion with the first credential of the relying party (or `credentialId`); `tamper` breaks the signature. */
  get(options: Record<string, unknown>, origin: string, o: { credentialId?: string; tamper?: boolean; counter?: number } = {}): Record<string, unknown> {
    const rpId = options.rpId as string;
    const entry = [...this.creds.entries()].find(([id, c]) => c.rpId === rpId && (!o.credentialId || id === o.credentialId));
    if (!entry) throw new Error('no credential for ' + rpId);
    const [id, cred] = entry;
    cred.counter = o.counter ?? cred.counter + 1;
    const authData = SoftAuthenticator.authData(rpId, 0x05, cred.counter);
    const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), cred.key);
    if (o.tamper) signature.writeUInt8((signature.readUInt8(signature.length - 1) ^ 1) & 0xff, signature.length - 1);
    return {
      id,
      rawId: id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: clientData.toString('base64url'), authenticatorData: authData.toString('base64url'), signature: signature.toString('base64url'), userHandle: cred.userHandle },
    };
  }
}
