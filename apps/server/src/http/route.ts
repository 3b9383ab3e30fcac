import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { serverPathOf, type RouteDef } from '@chatdr/contract';
import { AppError, envelopeOk, fail } from './errors.ts';
import type { AuthContext } from './context.ts';

type In<S> = S extends z.ZodType ? z.output<S> : undefined;
type Out<S> = S extends z.ZodType ? z.input<S> : unknown;

export interface HandlerCtx<R extends RouteDef> {
  body: In<R['body']>;
  query: In<R['query']>;
  params: R['params'] extends z.ZodType ? z.output<R['params']> : Record<string, string>;
  auth: R['public'] extends true ? AuthContext | null : AuthContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RegisterOptions {
  /** Sessions of applicants (unregistered phones) may call it. */
  allowApplicant?: boolean;
}

/** Resolves a session token to its caller; installed by the auth module. */
export type SessionResolver = (req: FastifyRequest) => Promise<AuthContext | null>;

declare module 'fastify' {
  interface FastifyInstance {
    implementedRoutes: RouteDef[];
    resolveSession: SessionResolver;
  }
}

function firstIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '请求参数不正确';
  const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
  // Messages written in Chinese in the contract are shown as they are; zod's defaults get the field name.
  return /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : `请求参数不正确（${where}${issue.message}）`;
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown): In<S> {
  if (!schema) return undefined as In<S>;
  const r = schema.safeParse(value ?? undefined);
  if (!r.success) throw fail('badRequest', { msg: firstIssue(r.error) });
  return r.data as In<S>;
}

/**
 * Wires one call of the contract's route table to a handler: method and path from the table,
 * input validated by its schemas, session required unless the path is public, the result wrapped
 * in the envelope. Routes stay one line each; the rules live in services.
 */
export function register<const R extends RouteDef>(
  app: FastifyInstance,
  r: R,
  handler: (ctx: HandlerCtx<R>) => Promise<Out<R['response']>> | Out<R['response']>,
  opts: RegisterOptions = {},
): void {
  app.implementedRoutes.push(r);
  app.route({
    method: r.method,
    url: serverPathOf(r),
    handler: async (req, reply) => {
      const auth = await app.resolveSession(req);
      req.auth = auth;
      if (!r.public) {
        if (!auth) throw fail('notLoggedIn');
        if (auth.status === 'applicant' && !opts.allowApplicant) throw fail('needApply');
      }
      const ctx = {
        body: parse(r.body, req.body),
        query: parse(r.query, req.query),
        params: r.params ? parse(r.params, req.params) : ((req.params ?? {}) as Record<string, string>),
        auth,
        req,
        reply,
      } as HandlerCtx<R>;
      const data = await handler(ctx);
      return envelopeOk(data ?? null);
    },
  });
}

export { AppError };

/** The context of a call made by another kind of caller (a doctor of the clinician workspace). */
export interface ActorCtx<R extends RouteDef, A> {
  body: In<R['body']>;
  actor: A;
  token: string;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Like `register`, for calls whose caller is not an account: `resolve` turns the request's token
 * into the caller (null: 401, the same answer as a user call without a session). Input is
 * validated by the route's schemas and the result wrapped in the envelope, as for every call.
 */
export function registerActor<const R extends RouteDef, A>(
  app: FastifyInstance,
  r: R,
  resolve: (token: string | undefined) => Promise<A | null>,
  handler: (ctx: ActorCtx<R, A>) => Promise<Out<R['response']>> | Out<R['response']>,
): void {
  app.implementedRoutes.push(r);
  app.route({
    method: r.method,
    url: serverPathOf(r),
    handler: async (req, reply) => {
      req.auth = null;
      const h = req.headers.authorization;
      const token = h && h.length <= 200 ? (h.startsWith('Bearer ') ? h.slice(7) : h) : undefined;
      const actor = await resolve(token);
      if (!actor || !token) throw fail('notLoggedIn');
      const data = await handler({ body: parse(r.body as R['body'], req.body), actor, token, req, reply });
      return envelopeOk(data ?? null);
    },
  });
}
