import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@chatdr/contract';
import type { ImagingPatient } from '@chatdr/contract/imaging/schemas';
import { api } from '../../api';
import { Button } from '../../ui/Button';
import { CodeField, PhoneField } from '../../ui/Field';
import { NavPage } from '../../ui/NavPage';
import { Empty } from '../../ui/States';
import { StatusTag } from '../../ui/StatusTag';
import { useCodeSender } from '../auth/code-sender';
import { cx } from '../../ui/cx';
import { showToast } from '../../ui/toast';
import { useMembers } from '../family/queries';
import '../../i18n/imaging';
import { studyDate } from './ImageListPage';
import { invalidateImaging } from './queries';
import s from './imaging.module.css';

const I = routes.imaging;

/**
 * /user/image/auth — authorise hospital imaging with an SMS code to the phone the hospital has
 * (the account's own, another, or an expired grant's), then link each hospital patient found to a
 * family member.
 */
export default function ImageAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const renewId = Number(params.get('grantId')) || 0;
  const members = useMembers();
  const [own, setOwn] = useState(true);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState('');
  const sender = useCodeSender();
  const [found, setFound] = useState<{ grantId: number; patients: ImagingPatient[] } | null>(null);
  const [choice, setChoice] = useState<Record<number, number>>({});

  const send = () =>
    sender.send(async () => {
      const r = renewId
        ? await api.call(I.sendMsgCodeWithGrantId, { body: { grantId: renewId } })
        : own
          ? await api.call(I.currentSendMsgCode, { body: {} })
          : await api.call(I.sendMsgCode, { body: { phone } });
      setSentTo(r.phone);
      return r;
    });
  const submit = async () => {
    setBusy(true);
    try {
      if (renewId) {
        await api.call(I.reGrantWithCode, { body: { grantId: renewId, code } });
        await invalidateImaging();
        const r = await api.call(I.getPatientList, { body: {} });
        setFound({ grantId: renewId, patients: r.list.filter((p) => p.grantId === renewId) });
        return;
      }
      const r = await api.call(I.getPatientListWithCode, { body: { code, ...(own ? {} : { phone }) } });
      setFound(r);
      setChoice(Object.fromEntries(r.patients.filter((p) => p.userInfoId).map((p) => [p.patientId, p.userInfoId ?? 0])));
      await invalidateImaging();
    } finally {
      setBusy(false);
    }
  };
  const bind = async (p: ImagingPatient, memberId: number) => {
    setChoice((c) => ({ ...c, [p.patientId]: memberId }));
    await api.call(I.bindMember, { body: { grantId: found?.grantId, patientIds: [p.patientId], userInfoId: memberId } });
    showToast(t('imaging.bindDone'), 'success');
    await invalidateImaging();
  };

  if (found) {
    return (
      <NavPage title={t('imaging.authTitle')} backTo="/user/image/list" testId="image-auth-page" footer={<div className={s.footer}><Button onClick={() => void navigate('/user/image/list', { replace: true })} testId="imaging-auth-done">{t('imaging.done')}</Button></div>}>
        <div className={s.body}>
          {found.patients.length === 0 ? <Empty title={t('imaging.noPatients')} testId="imaging-no-patients" /> : (
            <>
              <h2 className={s.sectionTitle}>{t('imaging.patientsTitle')}</h2>
              <p className={s.intro}>{t('imaging.patientsDesc')}</p>
              {found.patients.map((p) => {
                const chosen = choice[p.patientId];
                const name = members.data?.find((m) => m.id === chosen)?.name;
                return (
                  <div key={p.patientId} className={s.patient} data-testid="imaging-patient">
                    <div className={s.grantHead}>
                      <span>{p.name}</span>
                      {name ? <StatusTag>{t('imaging.bound', { name })}</StatusTag> : null}
                    </div>
                    <span className={s.meta}>
                      {[p.sex ? t(`imaging.sex.${p.sex}`, { defaultValue: p.sex }) : null, p.birthDate ? studyDate(p.birthDate) : null, p.hospital, p.hospitalPatientId, t('imaging.studyCount', { n: p.studyCount })].filter(Boolean).join(' · ')}
                    </span>
                    <span className={s.meta}>{t('imaging.bindTo')}</span>
                    <div className={s.chips} role="radiogroup" aria-label={t('imaging.bindTo')}>
                      {(members.data ?? []).map((m) => (
                        <button key={m.id} type="button" role="radio" aria-checked={chosen === m.id} className={cx(s.tab, chosen === m.id && s.tabOn)} onClick={() => void bind(p, m.id)} data-testid="imaging-bind-member">
                          {m.name}
                        </button>
                      ))}
                    </div>
                  </div>
                );
              })}
            </>
          )}
        </div>
      </NavPage>
    );
  }

  const phoneOk = own || renewId > 0 || /^1[3-9]\d{9}$/.test(phone);
  return (
    <NavPage title={t('imaging.authTitle')} backTo="/user/image/list" testId="image-auth-page">
      <div className={s.body}>
        <p className={s.intro}>{t('imaging.authIntro')}</p>
        {renewId ? null : (
          <div className={s.switch} role="radiogroup">
            <button type="button" role="radio" aria-checked={own} className={cx(s.tab, own && s.tabOn)} onClick={() => setOwn(true)} data-testid="imaging-own-phone">{t('imaging.ownPhone')}</button>
            <button type="button" role="radio" aria-checked={!own} className={cx(s.tab, !own && s.tabOn)} onClick={() => setOwn(false)} data-testid="imaging-other-phone">{t('imaging.otherPhone')}</button>
          </div>
        )}
        {!own && !renewId ? <PhoneField label={t('imaging.phone')} value={phone} onChange={setPhone} testId="imaging-phone" /> : null}
        <CodeField value={code} onChange={setCode} left={sender.left} sent={sender.sent} sending={sender.sending} onSend={() => void (phoneOk ? send() : undefined)} sendTestId="imaging-send-code" testId="imaging-code" />
        {sentTo ? <p className={s.meta} data-testid="imaging-code-sent">{t('imaging.codeSent', { phone: sentTo })}</p> : null}
        <Button disabled={!phoneOk || code.length !== 6} loading={busy} onClick={() => void submit()} testId="imaging-submit">{t('imaging.submit')}</Button>
      </div>
    </NavPage>
  );
}
