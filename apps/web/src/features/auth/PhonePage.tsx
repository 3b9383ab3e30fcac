import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { webClientInfo } from '../../platform/device';
import { PhoneField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import type { FlowState } from './flow';
import { resendWait } from './code-sender';
import { isPhone } from './validate';
import styles from './auth-flow.module.css';

/** /phone — forgot password, step 1: the account's phone number; sends the forgotPwd code. */
export default function PhonePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!isPhone(phone)) return toast(t('common.invalidPhone'));
    setBusy(true);
    try {
      const r = await api.call(routes.auth.sendLoginCode, { body: { phone, scene: 'forgotPwd', deviceType: webClientInfo().deviceType } });
      const state: FlowState = { phone, resendAfter: resendWait(r) };
      void navigate('/verify?scene=forgotPwd', { state });
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('phone.title')} testId="phone-page">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className={styles.flowHead}>
          <h2 className={styles.flowHeadTitle}>{t('phone.heading')}</h2>
          <p className={styles.flowHeadDesc}>{t('phone.desc')}</p>
        </div>
        <div className="form-card">
          <PhoneField value={phone} onChange={setPhone} hideLabel testId="phone-input" />
        </div>
        <button type="submit" className="btn flow-submit" disabled={busy || phone.length < 11} data-testid="phone-submit">
          {busy ? <span className="spinner" aria-hidden /> : null}
          {t('phone.next')}
        </button>
      </form>
    </Page>
  );
}
