import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Switch } from 'antd-mobile';
import { FileOutline, EditSOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { Dialog } from '../../ui/antd';
import { Cell, CellGroup } from '../../ui/Cell';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { bmiFacts } from './facts';
import { MemberAvatar, ageLabel, isSelfMember, roleTag, sexLabel } from './MemberBits';
import { formatWeight } from './member-form';
import { idParam, withId } from './params';
import { setConsult, useDeleteMember, useMember } from './queries';
import styles from './family.module.css';

/** /user/profile — one member's profile (?id=, default the account holder): facts, BMI, links, edit and delete. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const { member, ...q } = useMember(id);
  const del = useDeleteMember();
  const [savingDefault, setSavingDefault] = useState(false);
  const [now] = useState(() => new Date());

  if (q.isPending)
    return (
      <Page title={t('family.profile.title')} testId="member-profile-page">
        <Loading page />
      </Page>
    );
  if (q.isError || !member)
    return (
      <Page title={t('family.profile.title')} testId="member-profile-page">
        {q.isError ? <LoadFailed page onRetry={() => void q.refetch()} /> : <Empty page title={t('family.notFound')} desc={t('family.notFoundDesc')} />}
      </Page>
    );

  const self = isSelfMember(member);
  const bmi = bmiFacts(member, now);
  const sex = sexLabel(t, member.sex);

  async function toggleDefault(on: boolean) {
    if (!member) return;
    setSavingDefault(true);
    try {
      await setConsult(member.id, on ? 1 : 0);
      toast(on ? t('family.profile.defaultOn') : t('family.profile.defaultOff'), 'success');
    } catch {
      // Shown by the request layer.
    } finally {
      setSavingDefault(false);
    }
  }

  async function remove() {
    if (!member) return;
    const ok = await Dialog.confirm({
      content: t('family.profile.deleteConfirm', { name: member.name }),
      confirmText: <span className="text-danger">{t('family.profile.deleteOk')}</span>,
      cancelText: t('family.form.cancel'),
    });
    if (!ok) return;
    try {
      await del.mutateAsync(member.id);
      toast(t('family.profile.deleted'), 'success');
      goBack('/?tab=health');
    } catch {
      // Shown by the request layer.
    }
  }

  return (
    <Page
      title={self ? t('family.profile.selfTitle') : t('family.profile.title')}
      testId="member-profile-page"
      footer={
        <div className={styles.footerActions}>
          <button type="button" className="btn btn--ghost" onClick={() => void navigate(withId('/user/role', member.id))} data-testid="profile-edit">
            <EditSOutline aria-hidden />
            {t('family.profile.edit')}
          </button>
          {self ? null : (
            <button type="button" className="btn btn--plain-danger" onClick={() => void remove()} disabled={del.isPending} data-testid="profile-delete">
              {t('family.profile.delete')}
            </button>
          )}
        </div>
      }
    >
      <div className={styles.profileHero} data-testid="member-profile">
        <MemberAvatar member={member} size={72} ring />
        <div className={styles.profileHeroMain}>
          <p className={styles.profileHeroName} data-testid="member-profile-name">
            {member.name}
          </p>
          <p className={styles.profileHeroTags}>
            {roleTag(t, member) ? <span className="tag">{roleTag(t, member)}</span> : null}
            {member.isDefault === 1 ? <span className="tag tag--warn">{t('family.default')}</span> : null}
          </p>
        </div>
      </div>

      <button type="button" className={styles.statStrip} onClick={() => void navigate(withId('/user/bmi', member.id))} data-testid="profile-bmi">
        <span className={styles.stat}>
          <span className={styles.statValue}>{member.height ?? '—'}</span>
          <span className={styles.statLabel}>{t('family.form.height')} · cm</span>
        </span>
        <span className={styles.stat}>
          <span className={styles.statValue}>{member.weight !== null ? formatWeight(member.weight) : '—'}</span>
          <span className={styles.statLabel}>{t('family.form.weight')} · kg</span>
        </span>
        <span className={styles.stat}>
          <span className={styles.statValue}>{bmi.bmi ?? '—'}</span>
          <span className={styles.statLabel}>
            {t('family.profile.bmi')}
            {bmi.slug ? <span className={cx(styles.bmiDot, styles[`bmiDot${bmi.slug.charAt(0).toUpperCase()}${bmi.slug.slice(1)}`])}>{t(`family.bmiClass.${bmi.slug}`)}</span> : null}
          </span>
        </span>
      </button>

      <CellGroup>
        <Cell title={t('family.form.sex')} extra={sex ?? t('family.notSet')} {...(self ? { to: '/user/form' } : {})} testId="profile-sex" />
        <Cell title={t('family.profile.age')} extra={ageLabel(t, member, now) ?? t('family.notSet')} />
        <Cell title={t('family.form.birthDate')} extra={member.birthDate ?? t('family.notSet')} />
        <Cell
          title={<span id="profile-default-label">{t('family.default')}</span>}
          desc={t('family.form.defaultHint')}
          extra={<Switch checked={member.isDefault === 1} loading={savingDefault} onChange={(v) => void toggleDefault(v)} aria-labelledby="profile-default-label" data-testid="profile-default" />}
        />
      </CellGroup>

      <CellGroup>
        <Cell icon={<FileOutline />} title={t('family.profile.healthFile')} desc={t('family.profile.healthFileDesc')} to={withId('/user/mine', member.id)} testId="profile-health-file" />
        <Cell icon={<UnorderedListOutline />} title={t('family.profile.fillHistory')} desc={t('family.profile.fillHistoryDesc')} to={withId('/user/new-health-history', member.id)} testId="profile-history" />
      </CellGroup>
    </Page>
  );
}
