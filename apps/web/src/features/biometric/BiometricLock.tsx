import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LockOutline } from 'antd-mobile-icons';
import { ERR } from '@chatdr/contract';
import { ApiError } from '../../api/errors';
import { toast } from '../../api';
import { dispatchLogin, setSessionToken } from '../../app/login-store';
import { logout } from '../../app/session-actions';
import { Button } from '../../ui/Button';
import { setUnlocked } from '../../app/biometric-lock';
import { unlock, writeFlag } from './biometric';
import '../../i18n/account';
import s from './biometric.module.css';

/**
 * Over every screen while biometric unlock is on and this start has not been unlocked: personal
 * health information stays hidden until the fingerprint or face is verified (account-health §6).
 */
export default function BiometricLock() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus(), []);
  const go = async () => {
    setBusy(true);
    try {
      const r = await unlock(t('biometric.prompt'));
      if (r) {
        setSessionToken(r.sessionId);
        dispatchLogin({ type: 'loginOk' });
      }
      setUnlocked();
    } catch (err) {
      // The passkey is gone on the server (removed on another device): this device's flag goes too.
      if (err instanceof ApiError && err.code === ERR.passkeyFailed.code) writeFlag(null);
      if (!(err instanceof ApiError)) toast(t('biometric.unlockFailed'));
    } finally {
      setBusy(false);
    }
  };
  const withCode = async () => {
    writeFlag(null);
    setUnlocked();
    await logout();
  };
  return (
    <div className={s.lock} role="dialog" aria-modal="true" aria-labelledby="bio-lock-title" data-testid="biometric-lock">
      <div className={s.lockIcon} aria-hidden>
        <LockOutline />
      </div>
      <h1 className={s.lockTitle} id="bio-lock-title">
        {t('biometric.lockTitle')}
      </h1>
      <p className={s.lead}>{t('biometric.lockSub')}</p>
      <div className={s.lockActions}>
        <Button ref={button} loading={busy} onClick={() => void go()} testId="biometric-unlock">
          {t('biometric.unlock')}
        </Button>
        <Button variant="secondary" onClick={() => void withCode()} testId="biometric-use-code">
          {t('biometric.useCode')}
        </Button>
      </div>
    </div>
  );
}
