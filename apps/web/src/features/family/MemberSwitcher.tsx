import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AddOutline } from 'antd-mobile-icons';
import type { MemberDetail } from '@chatdr/contract';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import styles from './family.module.css';
import { MemberAvatar } from './MemberBits';

/** Chips of every member (the health file's switcher) with an add entry at the end. */
export function MemberSwitcher({ members, value, onChange }: { members: readonly MemberDetail[]; value: number | undefined; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.memberSwitch} role="group" aria-label={t('family.list.title')} data-testid="member-switcher">
      {members.map((m) => {
        const on = m.id === value;
        return (
          <button key={m.id} type="button" aria-pressed={on} className={cx(styles.memberChip, on && 'is-on')} onClick={() => onChange(m.id)} data-testid="member-chip" data-id={m.id}>
            <MemberAvatar member={m} size={28} />
            <span className={styles.memberChipName}>{m.name}</span>
          </button>
        );
      })}
      <button type="button" className={cx(styles.memberChip, styles.memberChipAdd)} onClick={() => void navigate('/user/role')} aria-label={t('family.list.add')} data-testid="file-add-member">
        <AddOutline aria-hidden />
      </button>
    </div>
  );
}
