import { useTranslation } from 'react-i18next';
import { CheckCircleFill } from 'antd-mobile-icons';
import type { Sex } from '@chatdr/contract';
import { RoleAvatar } from '../../ui/RoleAvatar';
import { cx } from '../../ui/cx';
import styles from './family.module.css';
import '../../i18n/family';

/** Two big cards to choose one's own sex (gender page and onboarding); `<testId>-M` and `<testId>-F`. */
export function SexCards({ value, onChange, testId }: { value: Sex | null; onChange: (s: Sex) => void; testId: string }) {
  const { t } = useTranslation();
  const options: Array<{ sex: Sex; label: string; avatar: 'self-male' | 'self-female' }> = [
    { sex: 'M', label: t('family.sexM'), avatar: 'self-male' },
    { sex: 'F', label: t('family.sexF'), avatar: 'self-female' },
  ];
  return (
    <div className={styles.sexCards} role="radiogroup" aria-label={t('family.form.sex')}>
      {options.map((o) => {
        const on = value === o.sex;
        return (
          <button key={o.sex} type="button" role="radio" aria-checked={on} className={cx(styles.sexCard, on && 'is-on')} onClick={() => onChange(o.sex)} data-testid={`${testId}-${o.sex}`}>
            <RoleAvatar avatar={o.avatar} size={84} />
            <span className={styles.sexCardLabel}>{o.label}</span>
            {on ? <CheckCircleFill className={styles.sexCardCheck} aria-hidden /> : null}
          </button>
        );
      })}
    </div>
  );
}
