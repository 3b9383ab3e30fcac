import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { APPLY_STATE, routes } from '@chatdr/contract';
import { ClockCircleOutline, CheckCircleOutline, CloseCircleOutline } from 'antd-mobile-icons';
import { api, toast, tokenStorage } from '../../api';
import { dispatchLogin } from '../../app/login-store';
import { loginPagePath } from '../../app/navigation';
import { queryClient } from '../../app/query-client';
import { endSession } from '../../app/session';
import { CodeField, TextAreaField, TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { useCodeSender } from './code-sender';
import { isSmsCode, maskPhone } from './validate';
import styles from './auth-flow.module.css';
import { cx, modifier } from '../../ui/cx';

const applyKey = ['apply', 'state'] as const;
const NAME_MAX = 20;
const REASON_MAX = 200;

/**
 * /apply?phone= — registration is by application: a code login of an unregistered phone returns
 * 1099 with a limited applicant session (stored as the token). The page shows the application
 * form, then its review state; once approved the session is a full one and the app opens.
 */
export default function ApplyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const hasToken = tokenStorage.read() !== null;
  const q = useQuery({
    queryKey: applyKey,
    queryFn: ({ signal }) => api.call(routes.auth.applyCheck, { body: {} }, { signal }),
    enabled: hasToken,
  });
  const state = q.data?.state;

  useEffect(() => {
    if (state !== APPLY_STATE.approved) return;
    dispatchLogin({ type: 'loginOk' });
    queryClient.removeQueries({ queryKey: applyKey });
    void navigate('/', { replace: true });
  }, [state, navigate]);

  const backToLogin = () => {
    endSession();
    void navigate(loginPagePath(), { replace: true });
  };

  const phone = params.get('phone') ?? q.data?.phone ?? '';
  let body;
  if (!hasToken) {
    body = (
      <Empty
        title={t('apply.noSession')}
        action={
          <button type="button" className="btn btn--small" onClick={backToLogin}>
            {t('apply.backToLogin')}
          </button>
        }
      />
    );
  } else if (q.isPending) body = <Loading />;
  else if (q.isError) body = <LoadFailed onRetry={() => void q.refetch()} />;
  else if (state === APPLY_STATE.none) body = <ApplyForm phone={phone} />;
  else if (state === APPLY_STATE.pending)
    body = (
      <Result icon={<ClockCircleOutline />} tone="warn" title={t('apply.pendingTitle')} desc={t('apply.pendingDesc')} testId="apply-pending">
        <button type="button" className="btn" onClick={() => void q.refetch()} disabled={q.isFetching} data-testid="apply-refresh">
          {q.isFetching ? <span className="spinner" aria-hidden /> : null}
          {t('apply.refresh')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={backToLogin}>
          {t('apply.backToLogin')}
        </button>
      </Result>
    );
  else if (state === APPLY_STATE.approved) body = <Result icon={<CheckCircleOutline />} tone="ok" title={t('apply.approvedTitle')} desc={t('apply.approvedDesc')} testId="apply-approved" />;
  else
    body = (
      <Result icon={<CloseCircleOutline />} tone="danger" title={t('apply.rejectedTitle')} desc={t('apply.rejectedDesc')} testId="apply-rejected">
        <button type="button" className="btn btn--ghost" onClick={backToLogin}>
          {t('apply.backToLogin')}
        </button>
      </Result>
    );

  return (
    <Page title={t('apply.title')} testId="apply-page" onBack={backToLogin}>
      {body}
    </Page>
  );
}

function Result({ icon, tone, title, desc, testId, children }: { icon: ReactNode; tone: 'ok' | 'warn' | 'danger'; title: string; desc: string; testId: string; children?: ReactNode }) {
  return (
    <>
      <div className={styles.applyResult}>
        <Empty testId={testId} icon={<span className={cx(styles.resultIcon, modifier(styles, 'resultIcon', tone))}>{icon}</span>} title={title} desc={desc} />
      </div>
      {children ? <div className={styles.applyActions}>{children}</div> : null}
    </>
  );
}

function ApplyForm({ phone }: { phone: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender();

  async function send() {
    await sender.send(() => api.call(routes.auth.sendApplyCode, { body: {} }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) return toast(t('apply.nameRequired'));
    if (!reason.trim()) return toast(t('apply.reasonRequired'));
    if (!isSmsCode(code)) return toast(t('common.invalidCode'));
    setBusy(true);
    try {
      const r = await api.call(routes.auth.apply, { body: { name: name.trim(), reason: reason.trim(), code } });
      toast(t('apply.submitted'), 'success');
      queryClient.setQueryData(applyKey, r);
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="apply-form">
      <div className={styles.flowHead}>
        <p className={styles.flowHeadDesc}>{t('apply.intro')}</p>
      </div>
      <div className="form-card">
        {phone ? (
          <div className={styles.applyPhone}>
            <span>{t('common.phone')}</span>
            <span>{maskPhone(phone)}</span>
          </div>
        ) : null}
        <TextField label={t('apply.name')} placeholder={t('apply.namePlaceholder')} value={name} onChange={setName} maxLength={NAME_MAX} autoComplete="name" testId="apply-name" />
        <TextAreaField label={t('apply.reason')} placeholder={t('apply.reasonPlaceholder')} value={reason} onChange={setReason} maxLength={REASON_MAX} testId="apply-reason" />
        <CodeField value={code} onChange={setCode} testId="apply-code" sendTestId="apply-send-code" left={sender.left} sent={sender.sent} sending={sender.sending} onSend={() => void send()} />
      </div>
      <button type="submit" className="btn flow-submit" disabled={busy} data-testid="apply-submit">
        {busy ? <span className="spinner" aria-hidden /> : null}
        {t('apply.submit')}
      </button>
    </form>
  );
}
