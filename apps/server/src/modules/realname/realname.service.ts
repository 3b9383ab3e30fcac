import { ID_CARD_MSG, checkIdCard, maskIdCard, maskName, type RealNameInfo } from '@chatdr/contract';
import type { Access } from '../../access/access.ts';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import type { RealNameProvider } from './provider.ts';
import type { RealNameRow, RealNameStore } from './realname.store.ts';

/** Seals and opens a field (the media store's AES-256-GCM), bound to its associated data. */
export interface FieldSealer {
  seal(aad: string, plain: Buffer): Buffer;
  open(aad: string, sealed: Buffer): Buffer;
}

export interface RealNameDeps {
  store: RealNameStore;
  access: Access;
  provider: RealNameProvider;
  sealer: FieldSealer;
  now?: () => number;
  warn: (err: unknown, msg: string) => void;
}

const aad = (memberId: number, field: string) => `field:real_names:${memberId}:${field}`;
/** Today in China time (birth dates are China dates). */
const chinaToday = (now: number) => new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);

/** Real-name authentication of a member (account-health §7 realNameAuth, /user/auth/:id). */
export class RealNameService {
  private readonly now: () => number;
  constructor(private readonly d: RealNameDeps) {
    this.now = d.now ?? Date.now;
  }

  private info(memberId: number, row: RealNameRow | undefined): RealNameInfo {
    const base = { userInfoId: memberId, providerLevel: this.d.provider.level };
    if (!row) return { ...base, state: 0, name: null, idNumber: null, level: null, provider: null, verifiedAt: null };
    const name = this.d.sealer.open(aad(memberId, 'name'), row.nameSealed).toString('utf8');
    const id = this.d.sealer.open(aad(memberId, 'id'), row.idSealed).toString('utf8');
    return { ...base, state: 1, name: maskName(name), idNumber: maskIdCard(id), level: row.level === 'identity' ? 'identity' : 'format', provider: row.provider, verifiedAt: row.verifiedAt.toISOString() };
  }

  async get(auth: AuthContext, memberId: number): Promise<RealNameInfo> {
    await this.d.access.require(auth, 'member', [memberId]);
    return this.info(memberId, await this.d.store.get(auth.userId, memberId));
  }

  async verify(auth: AuthContext, memberId: number, name: string, idNumber: string): Promise<RealNameInfo> {
    await this.d.access.require(auth, 'member', [memberId]);
    if (await this.d.store.get(auth.userId, memberId)) throw fail('realNameDone');
    const checked = checkIdCard(idNumber, chinaToday(this.now()));
    if (!checked.ok) throw fail('idNumberInvalid', { msg: ID_CARD_MSG[checked.problem] });
    const id = checked.info.normalized;
    let answer: 'match' | 'mismatch';
    try {
      answer = await this.d.provider.verify(name, id);
    } catch (err) {
      // The name and number are never logged.
      this.d.warn(err instanceof Error ? new Error(err.message) : err, 'real-name provider failed');
      throw fail('realNameUnavailable');
    }
    if (answer !== 'match') throw fail('realNameMismatch');
    const row: RealNameRow = {
      memberId,
      userId: auth.userId,
      nameSealed: this.d.sealer.seal(aad(memberId, 'name'), Buffer.from(name, 'utf8')),
      idSealed: this.d.sealer.seal(aad(memberId, 'id'), Buffer.from(id, 'utf8')),
      level: this.d.provider.level,
      provider: this.d.provider.id,
      verifiedAt: new Date(this.now()),
    };
    if (!(await this.d.store.insert(row))) throw fail('realNameDone');
    return this.info(memberId, row);
  }
}
