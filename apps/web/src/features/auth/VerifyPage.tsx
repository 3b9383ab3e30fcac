import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { RequireLogin } from '../../app/RequireLogin';
import { webClientInfo } from '../../platform/device';
import { CodeField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Empty } from '../../ui/States';
import { useCodeSender } from './code-sender';
import { useAccountInfo } from '../user/queries';
import { flowStateOf, sceneOf, type FlowState } from './flow';
import { isSmsCode, maskPhone } from './validate';
import styles from './auth-flow.module.css';

/** /verify — the 6-digit code step of forgot password (?scene=forgotPwd) and set password (?scene=setPwd). */
export default function VerifyPage() {
  const [params] = useSearchParams();
  const { state } = useLocation();
  const scene = sceneOf(params.get('scene'));
  if (scene === 'setPwd')
    return (
      <RequireLogin>
        <SetPwdVerify />
      </RequireLogin>
    );
  const flow = flowStateOf(state);
  if (!flow.phone) return <Restart to="/phone" />;
  return <ForgotVerify phone={flow.phone} resendAfter={flow.resendAfter ?? 0} />;
}

/** The flow's state is gone (page opened directly): start again. */
export function Restart({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t('verify.title')}>
      <Empty
        title={t('verify.restart')}
        action={
          <Link className="btn btn--ghost btn--small" to={to} replace>
            {t('common.back')}
          </Link>
        }
      />
    </Page>
  );
}

function ForgotVerify({ phone, resendAfter }: { phone: string; resendAfter: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <VerifyForm
      title={t('verify.title')}
      info={t('verify.sentTo', { phone: maskPhone(phone) })}
      initialWait={resendAfter}
      send={async () => {
        const r = await api.call(routes.auth.sendLoginCode, { body: { phone, scene: 'forgotPwd', deviceType: webClientInfo().deviceType } });
        return r.resendAfter;
      }}
      verify={async (code) => {
        const r = await api.call(routes.auth.verifyCodeNotLogin, { body: { phone, code, scene: 'forgotPwd' } });
        const next: FlowState = { phone, verifyToken: r.verifyToken };
        void navigate('/setting?scene=forgotPwd', { replace: true, state: next });
      }}
    />
  );
}

function SetPwdVerify() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountInfo();
  const masked = account.data?.phone ?? '';
  return (
    <VerifyForm
      title={t('verify.setPwdTitle')}
      info={t('verify.willSend', { phone: masked })}
      initialWait={0}
      send={async () => (await api.call(routes.auth.setPwdSendCode, { body: {} })).resendAfter}
      verify={async (code) => {
        const r = await api.call(routes.auth.setPwdCheckCode, { body: { code } });
        const next: FlowState = { verifyToken: r.verifyToken };
        void navigate('/setting?scene=setPwd', { replace: true, state: next });
      }}
    />
  );
}

interface VerifyFormProps {
  title: string;
  info: string;
  /** Seconds to wait before a resend (a code was just sent by the previous screen). */
  initialWait: number;
  /** Sends a code; resolves with the server's resend wait. */
  send: () => Promise<number>;
  verify: (code: string) => Promise<void>;
}

function VerifyForm({ title, info, initialWait, send, verify }: VerifyFormProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender(initialWait);
  const codeRef = useRef<HTMLInputElement>(null);

  async function onSend() {
    if (await sender.send(async () => ({ resendAfter: await send() }))) codeRef.current?.focus();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isSmsCode(code)) return toast(t('common.invalidCode'));
    setBusy(true);
    try {
      await verify(code);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={title} testId="verify-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.flowHead}>
          <h2 className={styles.flowHeadTitle}>{t('verify.title')}</h2>
          <p className={styles.flowHeadDesc} data-testid="verify-info">
            {info}
          </p>
        </div>
        <div className="form-card">
          <CodeField
            ref={codeRef}
            value={code}
            onChange={setCode}
            hideLabel
            testId="verify-code"
            sendTestId="verify-send"
            left={sender.left}
            sent={sender.sent}
            sending={sender.sending}
            onSend={() => void onSend()}
          />
        </div>
        <button type="submit" className="btn flow-submit" disabled={busy || code.length < 6} data-testid="verify-submit">
          {busy ? <span className="spinner" aria-hidden /> : null}
          {t('verify.next')}
        </button>
      </form>
    </Page>
  );
}
