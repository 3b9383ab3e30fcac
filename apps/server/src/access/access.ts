import { NOT_FOUND, type AccessResource } from '@chatdr/contract';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../http/context.ts';
import { fail, type AppError } from '../http/errors.ts';
import { POLICY, type IdOf, type Permission, type Rule } from './policy.ts';

/** The catalogue's not-found answer of a resource type (also for a row gone between check and use). */
export function notFound(resource: AccessResource): AppError {
  return fail('notFound', { msg: NOT_FOUND[resource] });
}

/**
 * Ownership checks of every module, through one policy (policy.ts): `require` before a service
 * reads or writes what a request names; an id that does not exist and another account's id get
 * the same answer.
 */
/** Who asks: an account (`userId`, the app's calls) or a doctor (`doctorId`, the clinician workspace). */
export type Principal = Pick<AuthContext, 'userId'> | { readonly doctorId: number };

export class Access {
  constructor(private readonly db: Db) {}

  /** The ids among `ids` the caller may use under `permission` (one query; none for an empty list). */
  async check<P extends Permission>(who: Principal, permission: P, ids: Iterable<IdOf<P>>): Promise<Set<IdOf<P>>> {
    const want = [...new Set(ids)];
    if (want.length === 0) return new Set();
    const rule = POLICY[permission] as unknown as Rule<IdOf<P>>;
    // A doctor's permission asked for an account (or the reverse) allows nothing.
    const owner = rule.principal === 'doctor' ? ('doctorId' in who ? who.doctorId : undefined) : 'userId' in who ? who.userId : undefined;
    if (owner === undefined) return new Set();
    return new Set(await rule.allowed(this.db, owner, want));
  }

  /** Every id of `ids` is usable under `permission`, or the resource type's not-found answer. */
  async require<P extends Permission>(who: Principal, permission: P, ids: Iterable<IdOf<P>>): Promise<void> {
    const want = new Set(ids);
    const ok = await this.check(who, permission, want);
    if (ok.size !== want.size) throw notFound(POLICY[permission].resource);
  }

  /**
   * The usable ids among `ids`, or the not-found answer when there is none: for calls that act on
   * what they may (a delete of a list that another device already shortened).
   */
  async requireSome<P extends Permission>(who: Principal, permission: P, ids: Iterable<IdOf<P>>): Promise<Array<IdOf<P>>> {
    const ok = await this.check(who, permission, ids);
    if (ok.size === 0) throw notFound(POLICY[permission].resource);
    return [...ok];
  }

  /**
   * What a store call found or changed after the check — a row, `true`, a non-zero count — or the
   * not-found answer of the permission's resource type (it went away between the check and the call).
   */
  found<P extends Permission, T>(permission: P, row: T | null | undefined | false | 0): T {
    if (row === undefined || row === null || row === false || row === 0) throw notFound(POLICY[permission].resource);
    return row;
  }
}
