import { useEffect, type ReactNode } from 'react';
import { useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { useGoBack } from '../app/back-hooks';
import { cx } from './cx';
import styles from './NavPage.module.css';

export interface NavPageProps {
  title: string;
  children: ReactNode;
  /** Sticky bottom area (primary action), above the safe-area inset. */
  footer?: ReactNode;
  /** Replaces the default back action (route back hook → history back → `backTo`). */
  onBack?: () => void;
  /** Where back goes when the page was opened directly. */
  backTo?: string;
  right?: ReactNode;
  className?: string;
  /** Extra class for the scrolling body (e.g. a column layout that fills the screen). */
  bodyClassName?: string;
  testId?: string;
  /** Hide the back button (a page that must not be left this way). */
  noBack?: boolean;
}

/** A full screen with a navigation bar; slides in on push and fades in on back (history position). */
export function NavPage({ title, children, footer, onBack, backTo, right, className, bodyClassName, testId, noBack }: NavPageProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const navType = useNavigationType();
  useEffect(() => {
    document.title = `${title} · chatdr`;
    return () => {
      document.title = 'chatdr';
    };
  }, [title]);
  return (
    <div className={cx(styles.page, navType === 'PUSH' ? styles.push : styles.pop, className)} data-testid={testId}>
      <header className={styles.navbar}>
        {noBack ? (
          <span className={styles.side} />
        ) : (
          <button type="button" className={cx(styles.side, styles.back)} aria-label={t('common.back')} data-testid="nav-back" onClick={() => (onBack ? onBack() : goBack(backTo))}>
            <LeftOutline aria-hidden />
          </button>
        )}
        <h1 className={styles.title}>{title}</h1>
        <div className={cx(styles.side, styles.right)}>{right}</div>
      </header>
      <main className={cx(styles.body, bodyClassName)}>{children}</main>
      {footer ? <footer className={styles.footer}>{footer}</footer> : null}
    </div>
  );
}

/** A full screen without a navigation bar (route error, lazy-route loading, the login page). */
export function PlainPage({ children, className, testId, role }: { children: ReactNode; className?: string; testId?: string; role?: 'alert' }) {
  return (
    <div className={cx(styles.page, className)} data-testid={testId} role={role}>
      {children}
    </div>
  );
}
