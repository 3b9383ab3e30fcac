import { FEATURE_FLAGS, ageInYears, type AccountInfo, type FeatureFlag, type Member, type PersonalSettings } from '@chatdr/contract';
import type { AuthContext } from '../../http/context.ts';
import { fail } from '../../http/errors.ts';
import { maskPhone } from '../auth/auth.service.ts';
import { UserScopedCache, type ChangeBus } from '../../providers/change-bus.ts';
import type { AccountStore, MemberRow, UserRow } from './account.store.ts';

export const DEFAULT_SETTINGS: PersonalSettings = { fontSize: 'M', openTTs: false, privacyMode: false, recommendQuestions: true, notifyReminders: true };

export function toMember(m: MemberRow, now: Date): Member {
  return {
    id: m.id,
    userId: m.userId,
    name: m.name,
    age: ageInYears(m.birthDate, now),
    sex: m.sex === 'M' || m.sex === 'F' ? m.sex : null,
    roleName: m.roleName,
    roleCode: m.roleCode,
    roleTag: m.roleTag,
    isDefault: m.isDefault,
    birthDate: m.birthDate,
    height: m.height,
    weight: m.weight,
  };
}

/** Account rows are read on most screens: cached per user, dropped on every change (change bus). */
const ACCOUNT_CACHE_TTL_MS = 60_000;

export class AccountService {
  /** accountInfo.packageList: the account's packages (set by the app from modules/pkg; read fresh, never cached). */
  packageList: (userId: number) => Promise<AccountInfo['packageList']> = async () => [];
  private readonly cache: UserScopedCache<number, { user: UserRow; members: MemberRow[]; info?: { day: string; value: AccountInfo } }>;
  constructor(
    private readonly store: AccountStore,
    private readonly bus: ChangeBus,
    private readonly gray: { flags: string[]; minVersion: number },
    private readonly now: () => number = Date.now,
  ) {
    this.cache = new UserScopedCache(bus, ACCOUNT_CACHE_TTL_MS, 50_000, now);
  }

  private async rows(userId: number): Promise<{ user: UserRow; members: MemberRow[]; info?: { day: string; value: AccountInfo } }> {
    const hit = this.cache.get(userId);
    if (hit) return hit;
    const [user, members] = await Promise.all([this.store.user(userId), this.store.members(userId)]);
    if (!user) throw fail('notLoggedIn');
    const v: { user: UserRow; members: MemberRow[]; info?: { day: string; value: AccountInfo } } = { user, members };
    this.cache.set(userId, userId, v);
    return v;
  }

  async accountInfo(auth: AuthContext): Promise<AccountInfo> {
    const cached = await this.rows(auth.userId);
    // Ages change with the date: the built answer is kept for the day, with the rows.
    const day = new Date(this.now()).toDateString();
    const packageList = await this.packageList(auth.userId);
    if (cached.info?.day === day) return { ...cached.info.value, packageList };
    const value = this.buildInfo(cached.user, cached.members);
    cached.info = { day, value };
    return { ...value, packageList };
  }

  private buildInfo(user: UserRow, rows: MemberRow[]): AccountInfo {
    const now = new Date(this.now());
    const list = rows.map((m) => toMember(m, now));
    const self = rows.find((m) => m.isSelf);
    const me = self ? toMember(self, now) : null;
    return {
      id: me?.id ?? 0,
      userId: user.id,
      name: me?.name ?? '本人',
      sex: me?.sex ?? null,
      age: me?.age ?? null,
      headImage: null,
      roleName: me?.roleName ?? '本人',
      roleCode: me?.roleCode ?? 'ROLE_0000',
      roleTag: me?.roleTag ?? null,
      isDefault: me?.isDefault ?? 0,
      members: list,
      packageList: [],
      phone: maskPhone(user.phone),
      hasPassword: Boolean(user.passwordHash),
      createdAt: user.createdAt.toISOString(),
    };
  }

  async settings(auth: AuthContext, patch: Partial<PersonalSettings> | undefined): Promise<PersonalSettings> {
    const { user } = await this.rows(auth.userId);
    const current = { ...DEFAULT_SETTINGS, ...(user.settings as Partial<PersonalSettings>) };
    if (!patch || Object.keys(patch).length === 0) return current;
    const next = { ...current, ...patch };
    await this.store.saveSettings(auth.userId, next);
    await this.bus.userChanged(auth.userId);
    return next;
  }

  /** Feature flags: the configured ones, for clients at or above the minimum version. */
  grayAuth(versionNumber: number): FeatureFlag[] {
    if (versionNumber < this.gray.minVersion) return [];
    return FEATURE_FLAGS.filter((f) => this.gray.flags.includes(f));
  }
}
