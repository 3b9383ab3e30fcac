import { useEffect, type ReactNode } from 'react';
import { useNavigationType } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LeftOutline } from 'antd-mobile-icons';
import { useGoBack } from '../app/back-hooks';
import { cx } from './cx';

interface PageProps {
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
  testId?: string;
  /** Hide the back button (a page that must not be left this way). */
  noBack?: boolean;
}

/** A full screen with a navigation bar; slides in on push and fades in on back (history position). */
export function Page({ title, children, footer, onBack, backTo, right, className, testId, noBack }: PageProps) {
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
    <div className={cx('page', navType === 'PUSH' ? 'page--push' : 'page--pop', className)} data-testid={testId}>
      <header className="navbar">
        {noBack ? (
          <span className="navbar__side" />
        ) : (
          <button type="button" className="navbar__side navbar__back" aria-label={t('common.back')} data-testid="nav-back" onClick={() => (onBack ? onBack() : goBack(backTo))}>
            <LeftOutline aria-hidden />
          </button>
        )}
        <h1 className="navbar__title">{title}</h1>
        <div className="navbar__side navbar__right">{right}</div>
      </header>
      <main className="page__body">{children}</main>
      {footer ? <footer className="page__footer">{footer}</footer> : null}
    </div>
  );
}
