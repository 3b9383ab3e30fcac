import { SELF_ROLE } from '@chatdr/contract';
import { AVATAR_KEYS, type AvatarKey } from '../../ui/RoleAvatar';

export { AVATAR_KEYS, type AvatarKey };

const BY_ROLE: Record<string, AvatarKey> = {
  ROLE_1000: 'father',
  ROLE_1100: 'mother',
  ROLE_2000: 'husband',
  ROLE_2100: 'wife',
  ROLE_3000: 'son',
  ROLE_3100: 'daughter',
  boy: 'boy',
  girl: 'girl',
  ROLE_4000: 'other',
};

/** The avatar of a member: by role; the account holder (本人) by sex. */
export function avatarKeyOf(m: { roleCode: string | null; sex?: 'M' | 'F' | null; isSelf?: boolean }): AvatarKey {
  if (m.isSelf || m.roleCode === SELF_ROLE.roleCode) return m.sex === 'M' ? 'self-male' : m.sex === 'F' ? 'self-female' : 'self';
  return (m.roleCode && BY_ROLE[m.roleCode]) || 'other';
}

/** A key from the server, or ours when it sends one we do not draw. */
export const asAvatarKey = (v: string | null | undefined, fallback: AvatarKey): AvatarKey => ((AVATAR_KEYS as readonly string[]).includes(v ?? '') ? (v as AvatarKey) : fallback);
