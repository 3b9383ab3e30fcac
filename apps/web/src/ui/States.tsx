import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx';

/** A centred spinner with a live label (screen readers announce it). */
export function Loading({ label, className }: { label?: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx('state', 'state--loading', className)} role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span className="state__desc">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** The first screen of a lazy route while its chunk loads. */
export function PageLoading() {
  return (
    <div className="page page--plain">
      <Loading className="state--page" />
    </div>
  );
}

interface EmptyProps {
  title: string;
  desc?: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
  testId?: string;
}

export function Empty({ title, desc, icon, action, className, testId }: EmptyProps) {
  return (
    <div className={cx('state', className)} data-testid={testId}>
      <div className="state__icon" aria-hidden>
        {icon ?? <EmptyArt />}
      </div>
      <p className="state__title">{title}</p>
      {desc ? <p className="state__desc">{desc}</p> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

/** A failed load with a retry button. */
export function LoadFailed({ onRetry, className }: { onRetry: () => void; className?: string }) {
  const { t } = useTranslation();
  return (
    <Empty
      className={className}
      testId="load-failed"
      icon={<FailArt />}
      title={t('common.loadFailed')}
      desc={t('common.loadFailedDesc')}
      action={
        <button type="button" className="btn btn--ghost btn--small" onClick={onRetry}>
          {t('common.retry')}
        </button>
      }
    />
  );
}

function EmptyArt() {
  return (
    <svg viewBox="0 0 96 96" width="88" height="88">
      <circle cx="48" cy="48" r="44" fill="var(--c-primary-soft)" />
      <rect x="28" y="24" width="40" height="50" rx="6" fill="#fff" stroke="var(--c-primary)" strokeWidth="3" />
      <path d="M37 40h22M37 50h22M37 60h12" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function FailArt() {
  return (
    <svg viewBox="0 0 96 96" width="88" height="88">
      <circle cx="48" cy="48" r="44" fill="#fdf1ec" />
      <path d="M48 26 72 68H24z" fill="#fff" stroke="var(--c-danger)" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 42v12" stroke="var(--c-danger)" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="48" cy="61" r="2.5" fill="var(--c-danger)" />
    </svg>
  );
}
