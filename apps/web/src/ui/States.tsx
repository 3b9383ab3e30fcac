import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { cx } from './cx';
import { PlainPage } from './NavPage';
import styles from './EmptyState.module.css';

interface StateBase {
  /** Fills the screen's body (a whole-page state) instead of sitting in a section. */
  page?: boolean;
  className?: string;
}

/** A centred spinner with a live label (screen readers announce it). */
export function Loading({ label, page, className }: StateBase & { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={cx(styles.state, page && styles.page, className)} role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <span className={styles.desc}>{label ?? t('common.loading')}</span>
    </div>
  );
}

/** The first screen of a lazy route while its chunk loads. */
export function PageLoading() {
  return (
    <PlainPage>
      <Loading page />
    </PlainPage>
  );
}

interface EmptyProps extends StateBase {
  title: string;
  desc?: string;
  icon?: ReactNode;
  action?: ReactNode;
  testId?: string;
}

/** Nothing to show (or a failure): a picture, a title, an explanation and at most one action. */
export function EmptyState({ title, desc, icon, action, page, className, testId }: EmptyProps) {
  return (
    <div className={cx(styles.state, page && styles.page, className)} data-testid={testId}>
      <div className={styles.icon} aria-hidden>
        {icon ?? <EmptyArt />}
      </div>
      <p className={styles.title}>{title}</p>
      {desc ? <p className={styles.desc}>{desc}</p> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

export const Empty = EmptyState;

/** A failed load with a retry button. */
export function LoadFailed({ onRetry, page, className }: StateBase & { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      page={page}
      className={className}
      testId="load-failed"
      icon={<FailArt />}
      title={t('common.loadFailed')}
      desc={t('common.loadFailedDesc')}
      action={
        <Button variant="secondary" small onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

function EmptyArt() {
  return (
    <svg viewBox="0 0 96 96" width="88" height="88">
      <circle cx="48" cy="48" r="44" fill="var(--c-primary-soft)" />
      <rect x="28" y="24" width="40" height="50" rx="6" fill="var(--c-surface)" stroke="var(--c-primary)" strokeWidth="3" />
      <path d="M37 40h22M37 50h22M37 60h12" stroke="var(--c-primary)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function FailArt() {
  return (
    <svg viewBox="0 0 96 96" width="88" height="88">
      <circle cx="48" cy="48" r="44" fill="var(--c-danger-soft)" />
      <path d="M48 26 72 68H24z" fill="var(--c-surface)" stroke="var(--c-danger)" strokeWidth="3" strokeLinejoin="round" />
      <path d="M48 42v12" stroke="var(--c-danger)" strokeWidth="3.5" strokeLinecap="round" />
      <circle cx="48" cy="61" r="2.5" fill="var(--c-danger)" />
    </svg>
  );
}
