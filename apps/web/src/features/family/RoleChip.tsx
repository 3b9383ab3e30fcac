import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownFill } from 'antd-mobile-icons';
import { lazyPage } from '../../app/chunk-reload';
import '../../i18n/family';
import { MemberAvatar, NoProfileIcon } from './MemberBits';
import { useMembers } from './queries';
import { useRoleStore } from './role-store';
import styles from './family.module.css';

/** The popups (member list, and the add-member form with its pickers) load the first time they open. */
const ChangeRolePopup = lazyPage(() => import('./ChangeRolePopup'));

/**
 * The chat header's role chip: whom the consultation is about (the current role), or 不结合档案.
 * Tapping it opens the change-role popup. Loaded lazily by the chat home once logged in.
 */
export default function RoleChip({ onPicked }: { onPicked?: (memberId: number) => void }) {
  const { t } = useTranslation();
  const members = useMembers();
  const presetRoleId = useRoleStore((s) => s.presetRoleId);
  const currentRoleId = useRoleStore((s) => s.currentRoleId);
  const synced = useRoleStore((s) => s.synced);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);

  if (!members.data || !synced) return null;
  const notCombined = presetRoleId === null;
  const current = members.data.find((m) => m.id === currentRoleId) ?? members.data.find((m) => m.isSelf);
  const name = notCombined ? t('family.roles.notCombined') : (current?.name ?? '');

  return (
    <>
      <button type="button" className={styles.roleChip} aria-haspopup="dialog" aria-label={t('family.roles.chipLabel', { name })} onClick={() => {
          setWanted(true);
          setOpen(true);
        }} data-testid="role-chip" data-current={notCombined ? 'none' : current?.id}>
        {notCombined || !current ? <NoProfileIcon size={22} /> : <MemberAvatar member={current} size={22} />}
        <span className={styles.roleChipName}>{name}</span>
        <DownFill className={styles.roleChipCaret} aria-hidden />
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <ChangeRolePopup visible={open} onClose={() => setOpen(false)} members={members.data} {...(onPicked ? { onPicked } : {})} />
        </Suspense>
      ) : null}
    </>
  );
}
