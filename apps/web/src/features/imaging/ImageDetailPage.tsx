import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { routes } from '@chatdr/contract';
import { api } from '../../api';
import { Button } from '../../ui/Button';
import { NavPage } from '../../ui/NavPage';
import { Loading, LoadFailed } from '../../ui/States';
import { showToast } from '../../ui/toast';
import '../../i18n/imaging';
import { studyDate } from './ImageListPage';
import { useStudyDetail } from './queries';
import s from './imaging.module.css';

const DicomViewer = lazy(() => import('./DicomViewer'));

/** /user/image/detail?id= — one study in the DICOM viewer; share it read-only. */
export default function ImageDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const q = useStudyDetail(id);
  const share = async () => {
    const r = await api.call(routes.imaging.saveShare, { body: { relationIds: [id] } });
    const link = `${location.origin}${location.pathname}#/share/imaging/${r.shareId}`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      /* the toast still says where it is */
    }
    showToast(t('imaging.shareCopied'), 'success');
  };
  const study = q.data?.study;
  return (
    <NavPage title={study?.description || t('imaging.viewerTitle')} backTo="/user/image/list" testId="image-detail-page" right={study ? <Button small variant="secondary" className={s.navAction} onClick={() => void share()} testId="imaging-share">{t('imaging.share')}</Button> : undefined}>
      <div className={s.body}>
        {q.isPending ? <Loading /> : q.isError || !study ? <LoadFailed onRetry={() => void q.refetch()} /> : (
          <>
            <p className={s.meta}>{[studyDate(study.studyDate), study.hospital, study.patientName, t('imaging.series', { n: study.series.length })].filter(Boolean).join(' · ')}</p>
            <Suspense fallback={<Loading />}>
              <DicomViewer study={study} />
            </Suspense>
          </>
        )}
      </div>
    </NavPage>
  );
}
