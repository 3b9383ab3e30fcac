import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes } from '@chatdr/contract';
import { clientIp } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { register } from '../../http/route.ts';
import type { PasskeyService, RelyingParty } from './passkey.service.ts';

export interface RelyingPartyConfig {
  /** WEBAUTHN_RP_ID, or null: the origin's host name. */
  rpId: string | null;
  /** Origins besides the server's own host (ALLOWED_ORIGINS). */
  allowedOrigins: readonly string[];
}

/**
 * The page's origin (the Origin header the browser sets): the server's own host or an allowed
 * origin, and the relying-party id its passkeys are bound to.
 */
export function relyingParty(req: FastifyRequest, cfg: RelyingPartyConfig): RelyingParty {
  const origin = req.headers.origin;
  let url: URL | null;
  try {
    url = typeof origin === 'string' ? new URL(origin) : null;
  } catch {
    url = null;
  }
  if (!url || !origin || (url.host !== req.headers.host && !cfg.allowedOrigins.includes(origin))) throw fail('badRequest', { msg: '当前页面不支持生物识别解锁' });
  const rpId = cfg.rpId ?? url.hostname;
  if (url.hostname !== rpId && !url.hostname.endsWith(`.${rpId}`)) throw fail('badRequest', { msg: '当前页面不支持生物识别解锁' });
  return { origin: url.origin, rpId };
}

const header = (req: FastifyRequest, name: string): string | null => {
  const v = req.headers[name];
  return typeof v === 'string' && v.length > 0 ? v.slice(0, 300) : null;
};

/** Biometric unlock: wiring only. */
export function passkeyRoutes(app: FastifyInstance, svc: PasskeyService, cfg: RelyingPartyConfig): void {
  const a = routes.account;
  register(app, a.fingerprintCodeSend, ({ auth, req }) => svc.sendCode(auth, { ip: clientIp(req) }));
  register(app, a.fingerprintCodeCheck, ({ auth, body, req }) => svc.checkCode(auth, body.code, relyingParty(req, cfg)));
  register(app, a.passkeyRegister, ({ auth, body, req }) => svc.register(auth, body.response, body.deviceName, relyingParty(req, cfg)));
  register(app, a.passkeyList, ({ auth }) => svc.list(auth));
  register(app, a.passkeyDelete, ({ auth, body }) => svc.remove(auth, body.id));
  register(app, a.passkeyUnlockOptions, ({ req }) => svc.unlockOptions(relyingParty(req, cfg)));
  register(app, a.passkeyUnlock, ({ auth, body, req }) =>
    svc.unlock(body.response, relyingParty(req, cfg), { ip: clientIp(req), deviceType: body.deviceType ?? header(req, 'devicetype'), ua: header(req, 'ua') ?? header(req, 'user-agent') }, auth),
  );
}
