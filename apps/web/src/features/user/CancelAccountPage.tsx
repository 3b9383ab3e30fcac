import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/antd';
import { routes } from '@chatdr/contract';
import { ExclamationTriangleOutline } from 'antd-mobile-icons';
import { api, toast } from '../../api';
import { leaveSession } from '../../app/session';
import { Check, CodeField, PhoneField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import { useCodeSender } from '../auth/code-sender';
import { isPhone, isSmsCode, matchesMasked } from '../auth/validate';
import { useAccountInfo } from './queries';
import { cx } from '../../ui/cx';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import styles from './user.module.css';

/**
 * /user/off — cancel the account. The server needs the full phone (the account info only has it
 * masked), so the user types it; it must match the masked number. After the code check the
 * account and all its data are gone: end the session locally and go home.
 */
export default function CancelAccountPage() {
  const { t } = useTranslation();
  const account = useAccountInfo();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender();
  const masked = account.data?.phone ?? '';
  const mismatch = phone.length === 11 && masked !== '' && !matchesMasked(phone, masked);

  async function send() {
    if (!isPhone(phone)) return toast(t('common.invalidPhone'));
    if (!matchesMasked(phone, masked)) return toast(t('off.phoneMismatch'));
    await sender.send(() => api.call(routes.auth.cancelSendCode, { body: { phone } }, { auth: 'optional' }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isPhone(phone) || !matchesMasked(phone, masked)) return toast(t('off.phoneMismatch'));
    if (!isSmsCode(code)) return toast(t('common.invalidCode'));
    if (!agreed) return toast(t('off.mustAgree'));
    const ok = await Dialog.confirm({ title: t('off.confirmTitle'), content: t('off.confirmContent'), confirmText: <span className="text-danger">{t('off.confirmOk')}</span>, cancelText: t('common.cancel') });
    if (!ok) return;
    setBusy(true);
    try {
      await api.call(routes.auth.cancelCheckCode, { body: { phone, code } }, { auth: 'optional' });
      await leaveSession('/');
      toast(t('off.done'), 'success');
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  if (account.isPending)
    return (
      <Page title={t('off.title')}>
        <Loading />
      </Page>
    );
  if (account.isError)
    return (
      <Page title={t('off.title')}>
        <LoadFailed onRetry={() => void account.refetch()} />
      </Page>
    );

  return (
    <Page title={t('off.title')} testId="off-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <section className={styles.warnCard} aria-labelledby="off-warn">
          <h2 id="off-warn" className={styles.warnCardTitle}>
            <ExclamationTriangleOutline aria-hidden /> {t('off.warnTitle')}
          </h2>
          <ul className={styles.warnCardList}>
            <li>{t('off.item1')}</li>
            <li>{t('off.item2')}</li>
            <li>{t('off.item3')}</li>
            <li>{t('off.item4')}</li>
          </ul>
        </section>
        <p className={cx('hint', styles.offAccount)}>{t('off.accountPhone', { phone: masked })}</p>
        <Card pad="form">
          <PhoneField value={phone} onChange={setPhone} placeholder={t('off.phonePlaceholder')} hideLabel testId="off-phone" aria-invalid={mismatch} />
          <CodeField value={code} onChange={setCode} hideLabel testId="off-code" sendTestId="off-send-code" left={sender.left} sent={sender.sent} sending={sender.sending} onSend={() => void send()} />
        </Card>
        {mismatch ? (
          <p className="hint hint--error" role="alert">
            {t('off.phoneMismatch')}
          </p>
        ) : null}
        <Check checked={agreed} onChange={setAgreed} testId="off-agree" className={styles.offAgree}>
          {t('off.agree')}
        </Check>
        <Button type="submit" variant="danger" className="flow-submit" loading={busy} testId="off-submit">
          {t('off.submit')}
        </Button>
      </form>
    </Page>
  );
}
