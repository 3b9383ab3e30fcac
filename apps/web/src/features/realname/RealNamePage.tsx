import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { ID_CARD_MSG, checkIdCard, routes } from '@chatdr/contract';
import { api, toast } from '../../api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import { StatusTag } from '../../ui/StatusTag';
import { formatDateTime } from '../user/format';
import { useAccountInfo } from '../user/queries';
import '../../i18n/account';
import s from './realname.module.css';

const A = routes.account;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** /user/auth/:id — 实名认证 of a member (realNameAuth): the form, or the verified state masked. */
export default function RealNamePage() {
  const { t, i18n } = useTranslation();
  const memberId = Number(useParams().id);
  const qc = useQueryClient();
  const account = useAccountInfo();
  const key = ['realName', memberId] as const;
  const info = useQuery({ queryKey: key, queryFn: ({ signal }) => api.call(A.realNameInfo, { query: { userInfoId: memberId } }, { signal }), enabled: Number.isInteger(memberId) && memberId > 0 });
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const member = account.data ? (account.data.id === memberId ? account.data.name : account.data.members.find((m) => m.id === memberId)?.name) : undefined;
  const check = idNumber.length === 18 ? checkIdCard(idNumber, today()) : null;
  const idError = check && !check.ok ? ID_CARD_MSG[check.problem] : undefined;

  const submit = async () => {
    setBusy(true);
    try {
      const r = await api.call(A.realNameAuth, { body: { userInfoId: memberId, name: name.trim(), idNumber: idNumber.trim() } });
      qc.setQueryData(key, r);
      toast(t('realName.success'), 'success');
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('realName.title')} testId="realname-page" backTo="/user/account">
      <div className={s.body}>
        {info.isPending ? (
          <Loading />
        ) : info.isError ? (
          <LoadFailed onRetry={() => void info.refetch()} />
        ) : info.data.state === 1 ? (
          <div className={s.card} data-testid="realname-done">
            <div className={s.badge} aria-hidden>
              <CheckShieldOutline />
            </div>
            <div className={s.tagRow}>
              <StatusTag>{info.data.level === 'identity' ? t('realName.doneIdentity') : t('realName.doneFormat')}</StatusTag>
            </div>
            <dl className={s.facts}>
              <dt>{t('realName.name')}</dt>
              <dd data-testid="realname-name">{info.data.name}</dd>
              <dt>{t('realName.id')}</dt>
              <dd data-testid="realname-id">{info.data.idNumber}</dd>
            </dl>
            {info.data.verifiedAt ? <p className={s.note}>{t('realName.at', { time: formatDateTime(info.data.verifiedAt, i18n.language) })}</p> : null}
            {info.data.level === 'format' ? <p className={s.warn}>{t('realName.formatOnly')}</p> : null}
          </div>
        ) : (
          <>
            <p className={s.lead}>{t('realName.lead')}</p>
            {member ? <p className={s.note}>{t('realName.member', { name: member })}</p> : null}
            <div className={s.card}>
              <TextField label={t('realName.name')} placeholder={t('realName.namePh')} value={name} onChange={setName} maxLength={50} autoComplete="name" testId="realname-input-name" />
              <TextField label={t('realName.id')} placeholder={t('realName.idPh')} value={idNumber} onChange={(v) => setIdNumber(v.replace(/[^0-9xX]/g, '').toUpperCase().slice(0, 18))} maxLength={18} autoComplete="off" inputMode="text" testId="realname-input-id" aria-invalid={idError ? true : undefined} aria-describedby={idError ? 'realname-id-error' : undefined} />
              {idError ? (
                <p className={s.error} id="realname-id-error" role="alert">
                  {idError}
                </p>
              ) : null}
            </div>
            <p className={info.data.providerLevel === 'format' ? s.warn : s.note} data-testid="realname-provider-note">
              {info.data.providerLevel === 'format' ? t('realName.formatOnly') : t('realName.identity')}
            </p>
            <Button loading={busy} disabled={name.trim().length < 2 || !check?.ok} onClick={() => void submit()} testId="realname-submit">
              {t('realName.submit')}
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
