import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { RequireLogin } from '../../app/RequireLogin';
import { loginPagePath } from '../../app/navigation';
import { queryClient } from '../../app/query-client';
import { PasswordField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { qk } from '../user/queries';
import { flowStateOf, sceneOf } from './flow';
import { isStrongPassword } from './validate';
import { Restart } from './VerifyPage';
import styles from './auth-flow.module.css';

/** /setting — set a new password (8–20 characters, letters and digits) after the code step. */
export default function NewPasswordPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const scene = sceneOf(params.get('scene'));
  const flow = flowStateOf(state);
  if (scene === 'setPwd') {
    if (!flow.verifyToken) return <Restart to="/user/account" />;
    return (
      <RequireLogin>
        <SetPwdForm verifyToken={flow.verifyToken} />
      </RequireLogin>
    );
  }
  if (!flow.phone || !flow.verifyToken) return <Restart to="/phone" />;
  return <ForgotPwdForm phone={flow.phone} verifyToken={flow.verifyToken} />;
}

function ForgotPwdForm({ phone, verifyToken }: { phone: string; verifyToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PasswordForm
      title={t('pwd.title')}
      submit={async (password) => {
        await api.call(routes.auth.forgotPwd, { body: { phone, verifyToken, password } });
        toast(t('pwd.doneForgot'), 'success');
        void navigate(loginPagePath(), { replace: true });
      }}
    />
  );
}

function SetPwdForm({ verifyToken }: { verifyToken: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PasswordForm
      title={t('pwd.setTitle')}
      submit={async (password) => {
        await api.call(routes.auth.setPwdSubmit, { body: { verifyToken, password } });
        toast(t('pwd.doneSet'), 'success');
        void queryClient.invalidateQueries({ queryKey: qk.account });
        void queryClient.invalidateQueries({ queryKey: qk.sessions });
        void navigate('/user/account', { replace: true });
      }}
    />
  );
}

function PasswordForm({ title, submit }: { title: string; submit: (password: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [pwd, setPwd] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const weak = pwd.length > 0 && !isStrongPassword(pwd);
  const mismatch = again.length > 0 && again !== pwd;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isStrongPassword(pwd)) return toast(t('pwd.weak'));
    if (pwd !== again) return toast(t('pwd.mismatch'));
    setBusy(true);
    try {
      await submit(pwd);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={title} testId="password-page">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className={styles.flowHead}>
          <h2 className={styles.flowHeadTitle}>{t('pwd.heading')}</h2>
          <p className={styles.flowHeadDesc}>{t('pwd.rule')}</p>
        </div>
        <div className="form-card">
          <PasswordField label={t('pwd.pwdLabel')} placeholder={t('pwd.pwdPlaceholder')} value={pwd} onChange={setPwd} autoComplete="new-password" testId="new-password" aria-invalid={weak} />
          <PasswordField label={t('pwd.confirmLabel')} placeholder={t('pwd.confirmPlaceholder')} value={again} onChange={setAgain} autoComplete="new-password" testId="new-password-confirm" aria-invalid={mismatch} />
        </div>
        {weak || mismatch ? (
          <p className="hint hint--error" role="alert">
            {weak ? t('pwd.weak') : t('pwd.mismatch')}
          </p>
        ) : null}
        <button type="submit" className="btn flow-submit" disabled={busy || !pwd || !again} data-testid="password-submit">
          {busy ? <span className="spinner" aria-hidden /> : null}
          {t('pwd.submit')}
        </button>
      </form>
    </Page>
  );
}
