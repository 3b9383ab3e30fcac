import type { z } from 'zod';
import { storable } from '../schemas/common.ts';

/** The base paths of the spec (chat-core §7, account-health §7). */
export const PREFIX = {
  service: '/api/chatDr-service',
  serviceV1: '/api/chatDr-service/v1',
  serviceV2: '/api/chatDr-service/v2',
  assistV1: '/api/chatDr-assist-service/v1',
  assistV2: '/api/chatDr-assist-service/v2',
  rehabCore: '/api/chatDr-rehab-core',
  rehabPlan: '/api/chatDr-rehab-plan',
  health: '/api/chatDr-health',
  /** The clinician workspace (ours). */
  clinic: '/api/chatDr-clinic',
} as const;
export type Prefix = (typeof PREFIX)[keyof typeof PREFIX];

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Which spec document lists the call (`extension`: ours, beyond the spec). */
export type SpecDoc = 'chat-core' | 'account-health' | 'extension';

/** One call of the route table. */
export interface RouteDef {
  /** Base path, decided once here for calls the spec lists without one. */
  readonly prefix: Prefix;
  /** Path exactly as the spec writes it (leading slash added); `{x}` marks a path parameter. */
  readonly path: string;
  readonly method: HttpMethod;
  /** Paths containing `/pb/` are public; everything else needs `Authorization: <sessionId>`. */
  readonly public: boolean;
  /** Area (server module) that implements it. */
  readonly area: string;
  /** What the call does, one line. */
  readonly summary: string;
  readonly spec: SpecDoc;
  /** Query-string schema (GET and DELETE, or POST calls that take `?x=`). */
  readonly query?: z.ZodType;
  /** Path-parameter schema (`{a}` in the path is field `a`). */
  readonly params?: z.ZodType;
  /** JSON body schema (POST). */
  readonly body?: z.ZodType;
  /** Schema of `data` in the success envelope. */
  readonly response?: z.ZodType;
  /** multipart/form-data upload (form field `file`). */
  readonly multipart?: boolean;
}

export interface RouteInput extends Omit<RouteDef, 'public' | 'method'> {
  readonly method?: HttpMethod;
}

/**
 * Builds a route entry: POST unless stated, public iff the path contains `/pb/`. Every input
 * schema (body, query, path) also refuses strings the database cannot store, anywhere in the
 * value (`storable`, schemas/common.ts): no route has to remember it.
 */
export function route<const T extends RouteInput>(def: T): T & { readonly method: HttpMethod; readonly public: boolean } {
  const path = def.path.startsWith('/') ? def.path : `/${def.path}`;
  const inputs = {
    ...(def.body ? { body: storable(def.body) } : {}),
    ...(def.query ? { query: storable(def.query) } : {}),
    ...(def.params ? { params: storable(def.params) } : {}),
  };
  return { ...def, ...inputs, path, method: def.method ?? 'POST', public: path.includes('/pb/') };
}

/** Full URL path of a call, e.g. `/api/chatDr-service/v1/pb/login/phone/login`. */
export function urlOf(r: Pick<RouteDef, 'prefix' | 'path'>): string {
  return `${r.prefix}${r.path}`;
}

/** Fastify-style path: `{id}` becomes `:id`. */
export function serverPathOf(r: Pick<RouteDef, 'prefix' | 'path'>): string {
  return urlOf(r).replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{x}` path parameters. */
export function fillPath(r: Pick<RouteDef, 'prefix' | 'path'>, params: Record<string, string | number> = {}): string {
  return urlOf(r).replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}
