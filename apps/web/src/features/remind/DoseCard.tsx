import { useTranslation } from 'react-i18next';
import type { RemindRecord } from '@chatdr/contract/remind/schemas';
import { cx } from '../../ui/cx';
import { doseState } from './model';
import { useAct } from './queries';

/** One dose of a day: time, medicine, dose · meals, and take / skip (or its state). */
export function DoseCard({ r }: { r: RemindRecord }) {
  const { t } = useTranslation();
  const act = useAct();
  const state = doseState(r);
  return (
    <div className={cx('dose-card', `is-${state}`)} data-testid="dose-card" data-status={r.status} data-id={r.id}>
      <span className="dose-card__time">{r.remindTime}</span>
      <span className="dose-card__main">
        <span className="dose-card__name">{r.name}</span>
        <span className="dose-card__detail">{r.detail}</span>
      </span>
      <span className="dose-card__actions">
        {state === 'pending' || state === 'missed' ? (
          <>
            {state === 'missed' ? <span className="status-tag status-tag--missed">{t('remind.missed')}</span> : null}
            {state === 'pending' ? (
              <button type="button" className="pill-btn pill-btn--ghost" disabled={act.isPending} onClick={() => act.mutate({ ids: [r.id], what: 'skip' })} data-testid="dose-skip">
                {t('remind.skip')}
              </button>
            ) : null}
            <button type="button" className="pill-btn" disabled={act.isPending} onClick={() => act.mutate({ ids: [r.id], what: 'take' })} data-testid="dose-take">
              {state === 'missed' ? t('remind.takeLate') : t('remind.take')}
            </button>
          </>
        ) : (
          <span className={cx('status-tag', `status-tag--${state}`)} data-testid="dose-state">
            {t(`remind.${state}`)}
          </span>
        )}
      </span>
    </div>
  );
}
