import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PhonebookOutline } from 'antd-mobile-icons';
import { routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { queryClient } from '../../app/query-client';
import { useCountdown } from '../../ui/countdown';
import { cx } from '../../ui/cx';
import { CodeField, PhoneField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Loading } from '../../ui/States';
import { useAccountInfo } from '../user/queries';
import '../../i18n/account';
import s from './account.module.css';

const A = routes.account;
const START = '/user/account/changephone';
interface Flow {
  ticket?: string;
  phone?: string;
}
const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(-4)}` : p);

function Steps({ n }: { n: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <div className={s.steps} role="img" aria-label={t('changePhone.step', { n })}>
      {[1, 2, 3].map((i) => (
        <span key={i} className={cx(s.step, i <= n && s.stepOn)} />
      ))}
    </div>
  );
}

function StepPage({ testId, n, title, sub, children, action }: { testId: string; n: 1 | 2 | 3; title: string; sub: string; children: ReactNode; action: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={t('changePhone.title')} testId={testId} backTo={START} footer={action}>
      <div className={s.body}>
        <Steps n={n} />
        <h2 className={s.title}>{title}</h2>
        <p className={s.sub}>{sub}</p>
        <div className={s.card}>{children}</div>
      </div>
    </Page>
  );
}

/** /user/account/changephone — the current number and what changing it does. */
export function ChangePhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountInfo();
  return (
    <Page
      title={t('changePhone.title')}
      testId="change-phone-page"
      backTo="/user/account"
      footer={
        <button type="button" className="btn" onClick={() => void navigate('/user/account/identityverify')} data-testid="change-phone-start">
          {t('changePhone.start')}
        </button>
      }
    >
      <div className={s.body}>
        <div className={s.hero} aria-hidden>
          <PhonebookOutline />
        </div>
        <p className={s.sub}>{t('changePhone.current')}</p>
        {account.isPending ? <Loading /> : <h2 className={s.title} data-testid="change-phone-current">{account.data?.phone ?? ''}</h2>}
        <p className={cx(s.card, s.note)}>{t('changePhone.desc')}</p>
      </div>
    </Page>
  );
}

/** /user/account/identityverify — step 1: the code sent to the current number (custom/sendMsgCode, msgCheck). */
export function IdentityVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const account = useAccountInfo();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const cd = useCountdown();
  const send = async () => {
    setSending(true);
    try {
      const r = await api.call(A.customSendCode, { body: { scene: 'changePhone' } });
      cd.start(r.resendAfter);
      toast(t('changePhone.sent'));
    } catch {
      // shown by the request layer
    } finally {
      setSending(false);
    }
  };
  const next = async () => {
    setBusy(true);
    try {
      const r = await api.call(A.customCheckCode, { body: { scene: 'changePhone', code } });
      void navigate('/user/account/bindnewphone', { state: { ticket: r.verifyToken } satisfies Flow });
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepPage
      testId="identity-verify-page"
      n={1}
      title={t('changePhone.verifyTitle')}
      sub={t('changePhone.verifySub', { phone: account.data?.phone ?? '' })}
      action={
        <button type="button" className="btn" disabled={code.length !== 6 || busy} onClick={() => void next()} data-testid="identity-verify-next">
          {t('changePhone.next')}
        </button>
      }
    >
      <CodeField value={code} onChange={setCode} left={cd.left} sent={cd.started} sending={sending} onSend={() => void send()} sendTestId="identity-verify-send" testId="identity-verify-code" />
    </StepPage>
  );
}

/** /user/account/bindnewphone — step 2: the new number (userInfo/update/sendMsgCode). */
export function BindNewPhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = (useLocation().state ?? {}) as Flow;
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  if (!flow.ticket) return <Navigate to={START} replace />;
  const ticket = flow.ticket;
  const next = async () => {
    setBusy(true);
    try {
      await api.call(A.updatePhoneSendCode, { body: { phone, verifyToken: ticket } });
      void navigate('/user/account/inputverify', { state: { ticket, phone } satisfies Flow });
    } catch {
      // shown by the request layer (已注册, 相同号码, 验证已失效)
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepPage
      testId="bind-new-phone-page"
      n={2}
      title={t('changePhone.newTitle')}
      sub={t('changePhone.newSub')}
      action={
        <button type="button" className="btn" disabled={phone.length !== 11 || busy} onClick={() => void next()} data-testid="bind-new-phone-next">
          {t('changePhone.next')}
        </button>
      }
    >
      <PhoneField value={phone} onChange={setPhone} testId="bind-new-phone-input" />
    </StepPage>
  );
}

/** /user/account/inputverify — step 3: the new number's code (updatePhone); other devices are logged out. */
export function InputVerifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const flow = (useLocation().state ?? {}) as Flow;
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const cd = useCountdown(60);
  if (!flow.ticket || !flow.phone) return <Navigate to={START} replace />;
  const { ticket, phone } = flow;
  const resend = async () => {
    setSending(true);
    try {
      const r = await api.call(A.updatePhoneSendCode, { body: { phone, verifyToken: ticket } });
      cd.start(r.resendAfter);
    } catch {
      // shown by the request layer
    } finally {
      setSending(false);
    }
  };
  const submit = async () => {
    setBusy(true);
    try {
      await api.call(A.updatePhone, { body: { phone, code, verifyToken: ticket } });
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      toast(t('changePhone.done'), 'success');
      void navigate('/user/account', { replace: true });
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <StepPage
      testId="input-verify-page"
      n={3}
      title={t('changePhone.codeTitle')}
      sub={t('changePhone.codeSub', { phone: mask(phone) })}
      action={
        <button type="button" className="btn" disabled={code.length !== 6 || busy} onClick={() => void submit()} data-testid="input-verify-submit">
          {t('changePhone.submit')}
        </button>
      }
    >
      <CodeField value={code} onChange={setCode} left={cd.left} sent sending={sending} onSend={() => void resend()} sendTestId="input-verify-resend" testId="input-verify-code" />
    </StepPage>
  );
}
