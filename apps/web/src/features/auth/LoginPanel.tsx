import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ERR, LOGIN_TYPE, routes } from '@chatdr/contract';
import { ApiError, api, showError, toast } from '../../api';
import { dispatchLogin, setSessionToken } from '../../app/login-store';
import { closeLoginDialog, completeLogin } from '../../app/session';
import { webClientInfo } from '../../platform/device';
import { CodeField, PasswordField, PhoneField } from '../../ui/Field';
import { cx } from '../../ui/cx';
import { AgreementCheck } from './AgreementCheck';
import { useCodeSender } from './code-sender';
import { isPhone, isSmsCode } from './validate';
import styles from './login.module.css';

type Mode = typeof LOGIN_TYPE.sms | typeof LOGIN_TYPE.password;

/**
 * The login form shared by the login dialog (LOGIN_TYPE 0) and the login page (LOGIN_TYPE 1):
 * SMS-code login (2) and password login (3), switchable, behind the agreement checkbox.
 */
export function LoginPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<Mode>(LOGIN_TYPE.sms);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const sender = useCodeSender();
  const codeRef = useRef<HTMLInputElement>(null);
  const deviceType = webClientInfo().deviceType;

  async function sendCode() {
    if (!isPhone(phone)) return toast(t('common.invalidPhone'));
    if (await sender.send(() => api.call(routes.auth.sendLoginCode, { body: { phone, scene: 'login', deviceType } }))) codeRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (submitting) return;
    if (!isPhone(phone)) return toast(t('common.invalidPhone'));
    if (mode === LOGIN_TYPE.sms && !isSmsCode(code)) return toast(t('common.invalidCode'));
    if (mode === LOGIN_TYPE.password && !password) return toast(t('login.emptyPassword'));
    if (!agreed) return toast(t('login.mustAgree'));
    setSubmitting(true);
    try {
      const res =
        mode === LOGIN_TYPE.sms
          ? await api.call(routes.auth.phoneLogin, { body: { phone, code, deviceType } }, { hideMsg: true })
          : await api.call(routes.auth.passwordLogin, { body: { phone, password, deviceType } }, { hideMsg: true });
      completeLogin(res);
      toast(t('login.success'), 'success');
    } catch (err) {
      // 1099: the phone must apply first; the data is a limited applicant session (account-health §2).
      if (err instanceof ApiError && err.code === ERR.needApply.code) {
        const sessionId = (err.data as { sessionId?: unknown } | null)?.sessionId;
        if (typeof sessionId === 'string' && sessionId) setSessionToken(sessionId);
        closeLoginDialog();
        void navigate(`/apply?phone=${encodeURIComponent(phone)}`);
        return;
      }
      dispatchLogin({ type: 'loginFailed' });
      if (err instanceof ApiError && !err.message.trim()) toast(t('login.failed'));
      else showError(err);
    } finally {
      setSubmitting(false);
    }
  }

  const tab = (m: Mode, label: string, testId: string) => (
    <button type="button" role="tab" aria-selected={mode === m} className={cx(styles.loginTabsTab, mode === m && styles.isActive)} onClick={() => setMode(m)} data-testid={testId}>
      {label}
    </button>
  );

  return (
    <form className="login-panel" onSubmit={(e) => void submit(e)} noValidate data-testid="login-form">
      <div className={styles.loginTabs} role="tablist" aria-label={t('login.title')}>
        {tab(LOGIN_TYPE.sms, t('login.tabSms'), 'login-tab-sms')}
        {tab(LOGIN_TYPE.password, t('login.tabPassword'), 'login-tab-password')}
      </div>
      <div className="form-card">
        <PhoneField value={phone} onChange={setPhone} hideLabel testId="login-phone" autoFocus={false} />
        {mode === LOGIN_TYPE.sms ? (
          <CodeField
            ref={codeRef}
            value={code}
            onChange={setCode}
            hideLabel
            testId="login-code"
            sendTestId="login-send-code"
            left={sender.left}
            sent={sender.sent}
            sending={sender.sending}
            onSend={() => void sendCode()}
          />
        ) : (
          <PasswordField label={t('login.password')} placeholder={t('login.passwordPlaceholder')} value={password} onChange={setPassword} hideLabel testId="login-password" />
        )}
      </div>
      <div className={styles.loginPanelRow}>
        <Link className="link-btn" to="/phone" data-testid="login-forgot" onClick={closeLoginDialog}>
          {t('login.forgot')}
        </Link>
      </div>
      <button type="submit" className={cx('btn', styles.loginPanelSubmit)} disabled={submitting} data-testid="login-submit">
        {submitting ? <span className="spinner" aria-hidden /> : null}
        {t('login.submit')}
      </button>
      <AgreementCheck checked={agreed} onChange={setAgreed} />
    </form>
  );
}
