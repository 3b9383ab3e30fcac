import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseOutline } from 'antd-mobile-icons';
import { useGoBack } from '../../app/back-hooks';
import { isLoggedIn, useLoginStatus } from '../../app/login-store';
import { loginLanding } from '../../app/session';
import { Logo } from '../../ui/Logo';
import { PlainPage } from '../../ui/NavPage';
import { LoginPanel } from './LoginPanel';
import styles from './login.module.css';

/** LOGIN_TYPE 1: the full-screen login page (/signin everywhere, also /login on development origins). */
export default function LoginPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const status = useLoginStatus();
  if (isLoggedIn(status)) return <Navigate to={loginLanding()} replace />;
  return (
    <PlainPage className={styles.loginPage} testId="login-page">
      <header className={styles.loginPageTop}>
        <button type="button" className="icon-btn" aria-label={t('login.close')} onClick={() => goBack('/')} data-testid="login-page-close">
          <CloseOutline aria-hidden />
        </button>
      </header>
      <main className={styles.loginPageBody}>
        <div className={styles.loginHero}>
          <Logo size={64} />
          <h1 className={styles.loginHeroTitle}>{t('login.welcome')}</h1>
          <p className={styles.loginHeroSub}>{t('login.subtitle')}</p>
        </div>
        <LoginPanel />
      </main>
    </PlainPage>
  );
}
