import type { TFunction } from 'i18next';
import type { Member, MemberDetail } from '@chatdr/contract';
import { RoleAvatar } from '../../ui/RoleAvatar';
import '../../i18n/family';
import { avatarKeyOf } from './avatar';
import { ageOf } from './facts';
import { formatWeight } from './member-form';
import styles from '../../ui/role-avatar.module.css';

type AnyMember = Pick<Member, 'roleCode' | 'roleName' | 'sex' | 'age' | 'birthDate'> & { isSelf?: boolean };

export const isSelfMember = (m: AnyMember) => m.isSelf === true || m.roleCode === 'ROLE_0000';

export function MemberAvatar({ member, size = 44, ring }: { member: AnyMember; size?: number; ring?: boolean }) {
  return <RoleAvatar avatar={avatarKeyOf({ roleCode: member.roleCode, sex: member.sex, isSelf: isSelfMember(member) })} size={size} ring={ring} />;
}

/** The role as shown: 本人 for the account holder, else the role's name in the UI language. */
export const roleLabel = (t: TFunction, m: AnyMember) => (isSelfMember(m) ? t('family.role.ROLE_0000') : t(`family.role.${m.roleCode}`, { defaultValue: m.roleName }));

/** The role tag beside a name, or null when the name already says it (妈妈 · 妈妈). */
export function roleTag(t: TFunction, m: AnyMember & { name: string }): string | null {
  const label = roleLabel(t, m);
  return label === m.name.trim() || m.roleName === m.name.trim() ? null : label;
}

export const sexLabel = (t: TFunction, sex: 'M' | 'F' | null) => (sex === 'M' ? t('family.sexM') : sex === 'F' ? t('family.sexF') : null);

export function ageLabel(t: TFunction, m: Pick<AnyMember, 'birthDate' | 'age'>, now: Date): string | null {
  const a = ageOf(m.birthDate, now);
  if (a && 'months' in a) return t('family.ageMonths', { count: a.months });
  const years = a?.years ?? m.age;
  return years === null || years === undefined ? null : t('family.ageYears', { count: years });
}

/** "女 · 58岁 · 160 cm" style facts. */
export function memberFacts(t: TFunction, m: AnyMember & Partial<Pick<MemberDetail, 'height' | 'weight'>>, now: Date, withBody = false): string {
  const parts = [sexLabel(t, m.sex), ageLabel(t, m, now)];
  if (withBody) {
    if (m.height) parts.push(t('family.cm', { v: m.height }));
    if (m.weight) parts.push(t('family.kg', { v: formatWeight(m.weight) }));
  }
  return parts.filter(Boolean).join(' · ');
}

/** The avatar of "no profile" (不结合档案). */
export function NoProfileIcon({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden focusable="false" className={styles.roleAvatar}>
      <circle cx="20" cy="20" r="20" fill="var(--c-muted-bg)" />
      <circle cx="20" cy="20" r="9" fill="none" stroke="var(--c-placeholder)" strokeWidth="2.2" />
      <path d="M13.6 26.4 26.4 13.6" stroke="var(--c-placeholder)" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}
