import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseOutline } from 'antd-mobile-icons';
import { useGoBack } from '../../app/back-hooks';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { loginLanding } from '../../app/session';
import { Logo } from '../../ui/Logo';
import { PlainPage } from '../../ui/NavPage';
import { LoginPanel } from './LoginPanel';
import './login.css';

/** LOGIN_TYPE 1: the full-screen login page (/signin everywhere, also /login on development origins). */
export default function LoginPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const status = useLoginStatus();
  if (isLoggedIn(status)) return <Navigate to={loginLanding()} replace />;
  return (
    <PlainPage className="login-page" testId="login-page">
      <header className="login-page__top">
        <button type="button" className="icon-btn" aria-label={t('login.close')} onClick={() => goBack('/')} data-testid="login-page-close">
          <CloseOutline aria-hidden />
        </button>
      </header>
      <main className="login-page__body">
        <div className="login-hero">
          <Logo size={64} />
          <h1 className="login-hero__title">{t('login.welcome')}</h1>
          <p className="login-hero__sub">{t('login.subtitle')}</p>
        </div>
        <LoginPanel />
      </main>
    </PlainPage>
  );
}
