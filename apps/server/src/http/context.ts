import type { FastifyRequest } from 'fastify';

/** The authenticated caller of a request. */
export interface AuthContext {
  userId: number;
  /** Database id of the session row. */
  sessionRowId: number;
  /** Public id of the session (shown in the session list). */
  sessionPublicId: string;
  status: 'active' | 'applicant';
  phone: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    traceId: string;
    spanId: string;
  }
}

/** Client IP (X-Forwarded-For only when TRUST_PROXY is on: Fastify's trustProxy decides `req.ip`). */
export const clientIp = (req: FastifyRequest) => req.ip;

/** The raw session token of a request, if any. */
export function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const v = h.startsWith('Bearer ') ? h.slice(7) : h;
  return v.length > 0 && v.length <= 200 ? v : undefined;
}
