import { CODE_OK, ERR, LIMITS, MSG, fillPath, type RouteDef } from '@chatdr/contract';
import type { z } from 'zod';
import type { ClientInfo } from '../platform/device';
import { ApiError, EmptyResponseError, NetworkError, TimeoutError, isAbort } from './errors';
import { buildHeaders, queryString, randomHex } from './headers';

/** Request body of a call: the input type of its contract schema. */
export type BodyOf<R> = R extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;
/** Query of a call (GET/DELETE or POST with `?x=`). */
export type QueryOf<R> = R extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
/** `data` of the success envelope. */
export type DataOf<R> = R extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;

export interface CallInput<R> {
  body?: BodyOf<R>;
  query?: QueryOf<R>;
  /** Values for `{x}` path parameters. */
  params?: Record<string, string | number>;
}

export interface CallOptions {
  /** Do not toast the message of a non-1 code (the caller handles it). */
  hideMsg?: boolean;
  signal?: AbortSignal;
  /**
   * `auto`: public (/pb/) calls go without Authorization, others need a token (refreshed after
   * 8 h; none → 未登录 and login opens). `optional`: send the current token if there is one
   * (logout, account cancellation). `none`: never.
   */
  auth?: 'auto' | 'optional' | 'none';
  /** A 401 is returned to the caller instead of ending the session (the token refresh itself). */
  raw401?: boolean;
  timeoutMs?: number;
}

export interface ApiDeps {
  fetch: typeof fetch;
  client: () => ClientInfo;
  /** The token keeper: resolves the (possibly refreshed) token or rejects with 未登录. */
  getToken: () => Promise<string>;
  /** The stored token, without refreshing. */
  peekToken: () => string | null;
  /** Code 401 / HTTP 401: clear the session and go to login. */
  onUnauthorized: () => void;
  /** Shows a failure to the user (the one showError). */
  notify: (err: unknown) => void;
  /** Code 1099 outside the login calls: the session is an applicant's, open the application page. */
  onNeedApply?: () => void;
  now?: () => Date;
  spanId?: () => string;
  timeoutMs?: number;
}

interface Envelope {
  code: number;
  msg?: string;
  data?: unknown;
}

const isEnvelope = (v: unknown): v is Envelope => typeof v === 'object' && v !== null && typeof (v as Envelope).code === 'number';

/**
 * The request layer (account-health §7/§8). It is the only code that turns a contract route into
 * a URL; pages call `api.call(routes.auth.x, { body })` and get the typed `data` back, or an error
 * that has already been shown (unless `hideMsg`).
 */
export function createApiClient(deps: ApiDeps) {
  const now = deps.now ?? (() => new Date());
  const spanId = deps.spanId ?? (() => randomHex(8));
  const defaultTimeout = deps.timeoutMs ?? LIMITS.requestTimeoutMs;

  async function call<R extends RouteDef>(route: R, input: CallInput<R> = {}, opts: CallOptions = {}): Promise<DataOf<R>> {
    const fail = (err: unknown): never => {
      if (!opts.hideMsg) deps.notify(err);
      throw err;
    };

    const mode = opts.auth ?? 'auto';
    let token: string | null = null;
    if (mode === 'optional') token = deps.peekToken();
    else if (mode === 'auto' && !route.public) token = await deps.getToken();

    const url = fillPath(route, input.params) + queryString(input.query as Record<string, unknown> | undefined);
    const hasBody = route.method !== 'GET';
    const headers = buildHeaders({ client: deps.client(), now: now(), spanId: spanId(), token, json: hasBody });

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, opts.timeoutMs ?? defaultTimeout);
    const onOuterAbort = () => controller.abort();
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
    // The caller may have given up while the token was being fetched.
    if (opts.signal?.aborted) controller.abort();

    let res: Response;
    let text: string;
    try {
      controller.signal.throwIfAborted();
      res = await deps.fetch(url, {
        method: route.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(input.body ?? {}) } : {}),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      text = await res.text();
    } catch (err) {
      if (timedOut) return fail(new TimeoutError());
      if (isAbort(err)) throw err;
      return fail(new NetworkError(err));
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }

    if (res.status === 401) {
      if (!opts.raw401) deps.onUnauthorized();
      throw new ApiError(ERR.notLoggedIn.code, MSG.notLoggedIn, 401);
    }
    if (res.status === 501) return fail(new ApiError(ERR.overloaded.code, MSG.serverCrowded, 501));
    if (!text.trim()) return fail(new EmptyResponseError());

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return fail(new ApiError(res.status >= 400 ? res.status : ERR.internal.code, MSG.genericError, res.status));
    }
    if (!isEnvelope(body)) return fail(new ApiError(res.status >= 400 ? res.status : ERR.internal.code, MSG.genericError, res.status));
    // A success without `data` (JSON drops undefined) is the `null` of the ok-only calls.
    if (body.code === CODE_OK) return (body.data ?? null) as DataOf<R>;
    if (body.code === ERR.notLoggedIn.code) {
      if (!opts.raw401) deps.onUnauthorized();
      throw new ApiError(body.code, body.msg ?? MSG.notLoggedIn, res.status, body.data ?? null);
    }
    if (body.code === ERR.needApply.code && !opts.hideMsg) deps.onNeedApply?.();
    return fail(new ApiError(body.code, body.msg ?? '', res.status, body.data ?? null));
  }

  return { call };
}

export type ApiClient = ReturnType<typeof createApiClient>;
