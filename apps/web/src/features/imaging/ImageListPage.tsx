import { useRef, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ImagingStudy } from '@chatdr/contract/imaging/schemas';
import { routes } from '@chatdr/contract';
import { api } from '../../api';
import { Button } from '../../ui/Button';
import { NavPage } from '../../ui/NavPage';
import { Empty, Loading, LoadFailed } from '../../ui/States';
import { StatusTag } from '../../ui/StatusTag';
import { showToast } from '../../ui/toast';
import { cx } from '../../ui/cx';
import { useMembers } from '../family/queries';
import '../../i18n/imaging';
import { invalidateImaging, uploadDicom, useGrants, useStudies } from './queries';
import s from './imaging.module.css';

export const studyDate = (d: string | null): string => (d && /^\d{8}$/.test(d) ? `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}` : (d ?? ''));

function StudyCard({ study, onOpen }: { study: ImagingStudy; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className={s.study} onClick={onOpen} data-testid="imaging-study">
      <span className={s.modality} aria-hidden>{(study.modality ?? 'DICOM').split('/')[0]}</span>
      <span className={s.main}>
        <span className={s.head}>
          <span className={s.title}>{study.description || t('imaging.viewerTitle')}</span>
          {study.isNew ? <span className={s.new}>{t('imaging.isNew')}</span> : null}
        </span>
        <span className={s.meta}>
          {[studyDate(study.studyDate), study.hospital, study.patientName].filter(Boolean).join(' · ')}
        </span>
        <span className={s.meta}>
          {t('imaging.series', { n: study.seriesCount })} · {t('imaging.images', { n: study.instanceCount })} · {study.source === 'upload' ? t('imaging.fromUpload') : t('imaging.fromHospital')}
        </span>
      </span>
    </button>
  );
}

/** /user/image/list — the family's imaging studies (hospital and uploaded), grants and uploads. */
export default function ImageListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const members = useMembers();
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const studies = useStudies(memberId);
  const grants = useGrants();
  const total = studies.data;
  const fileRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const self = members.data?.find((m) => m.isSelf);
  const uploadFor = memberId ?? self?.id;

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (!files.length || !uploadFor) return;
    setUploading(true);
    const r = await uploadDicom(files, uploadFor);
    setUploading(false);
    if (r.ok) {
      showToast(t('imaging.uploaded'), 'success');
      void navigate(`/user/image/detail?id=${r.relationId}`);
    } else showToast(r.msg, 'fail');
  };
  const switchGrant = async (grantId: number, status: number) => {
    await api.call(routes.imaging.grantSwitch, { body: { grantId, status } });
    await invalidateImaging();
  };

  return (
    <NavPage title={t('imaging.listTitle')} backTo="/user/folder/list" testId="image-list-page">
      <div className={s.tabs} role="tablist">
        <button type="button" role="tab" aria-selected={memberId === undefined} className={cx(s.tab, memberId === undefined && s.tabOn)} onClick={() => setMemberId(undefined)}>
          {t('imaging.all')}
        </button>
        {(members.data ?? []).map((m) => (
          <button key={m.id} type="button" role="tab" aria-selected={memberId === m.id} className={cx(s.tab, memberId === m.id && s.tabOn)} onClick={() => setMemberId(m.id)} data-testid="imaging-member-tab">
            {m.name}
          </button>
        ))}
      </div>
      <div className={s.body}>
        {total && !total.hospitalConfigured ? <p className={s.notice}>{t('imaging.notConfigured')}</p> : (
          <div className={s.banner}>
            <div className={s.bannerText}>
              <p className={s.bannerTitle}>{t('imaging.authBanner')}</p>
              <p className={s.bannerDesc}>{t('imaging.authBannerDesc')}</p>
            </div>
            <Button small onClick={() => void navigate('/user/image/auth')} testId="imaging-auth-entry">{t('imaging.authAction')}</Button>
          </div>
        )}
        {studies.isPending ? <Loading /> : studies.isError ? <LoadFailed onRetry={() => void studies.refetch()} /> : studies.data.list.length === 0 ? (
          <Empty title={t('imaging.empty')} desc={t('imaging.emptyDesc')} testId="imaging-empty" />
        ) : (
          <ul className={s.list}>
            {studies.data.list.map((st) => (
              <li key={st.relationId}>
                <StudyCard study={st} onOpen={() => void navigate(`/user/image/detail?id=${st.relationId}`)} />
              </li>
            ))}
          </ul>
        )}
        <div className={s.uploadRow}>
          <input ref={fileRef} className={s.fileInput} type="file" multiple accept=".dcm,application/dicom" onChange={(e) => void onFiles(e)} data-testid="imaging-upload-input" aria-label={t('imaging.upload')} />
          <Button variant="secondary" loading={uploading} disabled={!uploadFor} onClick={() => fileRef.current?.click()} testId="imaging-upload">
            {uploading ? t('imaging.uploading') : t('imaging.upload')}
          </Button>
        </div>
        {grants.data && grants.data.list.length > 0 ? (
          <>
            <h2 className={s.sectionTitle}>{t('imaging.grants')}</h2>
            {grants.data.list.map((g) => (
              <div key={g.grantId} className={s.grant} data-testid="imaging-grant">
                <div className={s.grantHead}>
                  <span>{g.phone}</span>
                  <StatusTag tone={g.expired ? 'warn' : g.status === 1 ? 'ok' : 'muted'}>{g.expired ? t('imaging.grantExpired') : g.status === 1 ? t('imaging.grantOn') : t('imaging.grantOff')}</StatusTag>
                </div>
                <span className={s.meta}>{t('imaging.grantUntil', { d: g.expiresAt.slice(0, 10) })}</span>
                <span className={s.meta}>{g.members.length ? t('imaging.grantMembers', { names: g.members.join('、') }) : t('imaging.grantNone')}</span>
                <div className={s.grantActions}>
                  {g.expired ? (
                    <Button small variant="secondary" onClick={() => void navigate(`/user/image/auth?grantId=${g.grantId}`)}>{t('imaging.grantRenew')}</Button>
                  ) : (
                    <Button small variant="secondary" onClick={() => void switchGrant(g.grantId, g.status === 1 ? 0 : 1)}>{g.status === 1 ? t('imaging.grantTurnOff') : t('imaging.grantTurnOn')}</Button>
                  )}
                </div>
              </div>
            ))}
          </>
        ) : null}
      </div>
    </NavPage>
  );
}
