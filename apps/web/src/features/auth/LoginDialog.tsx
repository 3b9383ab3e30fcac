import { useEffect, useId, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useLoginStore } from '../../app/login-store';
import { closeLoginDialog } from '../../app/session';
import { Logo } from '../../ui/Logo';
import { LoginPanel } from './LoginPanel';
import styles from './login.module.css';

/** LOGIN_TYPE 0: the login dialog over the home screen (hidden while an agreement is open on top). */
export default function LoginDialog() {
  const { t } = useTranslation();
  const open = useLoginStore((s) => s.dialogOpen);
  const { pathname } = useLocation();
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const visible = open && pathname === '/';
  // Move focus into the dialog when it opens (keyboard and screen-reader users land on it).
  useEffect(() => {
    if (!visible) return;
    const id = window.setTimeout(() => box.current?.focus(), 60);
    return () => window.clearTimeout(id);
  }, [visible]);
  return (
    <Popup
      visible={visible}
      onMaskClick={closeLoginDialog}
      onClose={closeLoginDialog}
      bodyClassName={styles.loginPopup}
      position="bottom"
    >
      <div ref={box} tabIndex={-1} className={styles.loginPopupBox} role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid="login-dialog">
        <div className={styles.loginPopupHead}>
          <Logo size={36} />
          <div className={styles.loginPopupTitles}>
            <h2 id={titleId} className={styles.loginPopupTitle}>
              {t('login.welcome')}
            </h2>
            <p className={styles.loginPopupSub}>{t('login.subtitle')}</p>
          </div>
          <button type="button" className="icon-btn" aria-label={t('login.close')} onClick={closeLoginDialog} data-testid="login-dialog-close">
            <CloseOutline aria-hidden />
          </button>
        </div>
        <LoginPanel />
      </div>
    </Popup>
  );
}
