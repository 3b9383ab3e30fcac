import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sex } from '@chatdr/contract';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { Page } from '../../ui/Page';
import { LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import { SexCards } from './SexCards';
import { useEditMember, useMember } from './queries';
import styles from './family.module.css';

/** /user/form — the account holder chooses their sex (their avatar follows it). */
export default function GenderPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const { member, ...q } = useMember(null);
  const edit = useEditMember();
  const [sex, setSex] = useState<Sex | null>(null);
  const value = sex ?? member?.sex ?? null;

  async function save() {
    if (!member || !value) return toast(t('family.form.pleaseChooseField', { field: t('family.form.sex') }));
    try {
      if (value !== member.sex) await edit.mutateAsync({ id: member.id, sex: value });
      toast(t('family.gender.saved'), 'success');
      goBack('/user/profile');
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Page
      title={t('family.gender.title')}
      testId="gender-page"
      footer={
        member ? (
          <button type="button" className="btn" disabled={!value || edit.isPending} onClick={() => void save()} data-testid="gender-save">
            {edit.isPending ? <span className="spinner" aria-hidden /> : null}
            {t('family.gender.save')}
          </button>
        ) : undefined
      }
    >
      {q.isPending ? (
        <Loading page />
      ) : q.isError || !member ? (
        <LoadFailed page onRetry={() => void q.refetch()} />
      ) : (
        <div className={styles.gender}>
          <h2 className={styles.genderHeading}>{t('family.gender.heading')}</h2>
          <p className={styles.genderDesc}>{t('family.gender.desc')}</p>
          <SexCards value={value} onChange={setSex} testId="gender" />
        </div>
      )}
    </Page>
  );
}
