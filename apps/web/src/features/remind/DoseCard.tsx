import { useTranslation } from 'react-i18next';
import type { RemindRecord } from '@chatdr/contract/remind/schemas';
import { cx, modifier } from '../../ui/cx';
import { doseState } from './model';
import { useAct } from './queries';
import styles from './remind.module.css';

/** One dose of a day: time, medicine, dose · meals, and take / skip (or its state). */
export function DoseCard({ r }: { r: RemindRecord }) {
  const { t } = useTranslation();
  const act = useAct();
  const state = doseState(r);
  return (
    <div className={cx(styles.doseCard, `is-${state}`)} data-testid="dose-card" data-status={r.status} data-id={r.id}>
      <span className={styles.doseCardTime}>{r.remindTime}</span>
      <span className={styles.doseCardMain}>
        <span className={styles.doseCardName}>{r.name}</span>
        <span className={styles.doseCardDetail}>{r.detail}</span>
      </span>
      <span className={styles.doseCardActions}>
        {state === 'pending' || state === 'missed' ? (
          <>
            {state === 'missed' ? <span className={cx(styles.statusTag, styles.statusTagMissed)}>{t('remind.missed')}</span> : null}
            {state === 'pending' ? (
              <button type="button" className={cx(styles.pillBtn, styles.pillBtnGhost)} disabled={act.isPending} onClick={() => act.mutate({ ids: [r.id], what: 'skip' })} data-testid="dose-skip">
                {t('remind.skip')}
              </button>
            ) : null}
            <button type="button" className={styles.pillBtn} disabled={act.isPending} onClick={() => act.mutate({ ids: [r.id], what: 'take' })} data-testid="dose-take">
              {state === 'missed' ? t('remind.takeLate') : t('remind.take')}
            </button>
          </>
        ) : (
          <span className={cx(styles.statusTag, modifier(styles, 'statusTag', state))} data-testid="dose-state">
            {t(`remind.${state}`)}
          </span>
        )}
      </span>
    </div>
  );
}
