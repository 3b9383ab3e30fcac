import { lazy, Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavPage } from '../../ui/NavPage';
import { Loading, LoadFailed } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/imaging';
import { studyDate } from './ImageListPage';
import { useSharedStudies } from './queries';
import s from './imaging.module.css';

const DicomViewer = lazy(() => import('./DicomViewer'));

/** /share/imaging/:shareId — a read-only share of studies (no account needed). */
export default function ImageSharePage() {
  const { t } = useTranslation();
  const { shareId = '' } = useParams();
  const q = useSharedStudies(shareId);
  const [idx, setIdx] = useState(0);
  const study = q.data?.studies[idx];
  return (
    <NavPage title={t('imaging.shareTitle')} backTo="/" testId="image-share-page">
      <div className={s.body}>
        {q.isPending ? <Loading /> : q.isError || !q.data || !study ? <LoadFailed onRetry={() => void q.refetch()} /> : (
          <>
            <p className={s.meta}>{t('imaging.shareReadOnly', { d: q.data.expiresAt.slice(0, 10) })}</p>
            {q.data.studies.length > 1 ? (
              <div className={s.chips}>
                {q.data.studies.map((st, i) => (
                  <button key={st.relationId} type="button" className={cx(s.tab, i === idx && s.tabOn)} onClick={() => setIdx(i)}>{st.description}</button>
                ))}
              </div>
            ) : null}
            <p className={s.meta}>{[study.description, studyDate(study.studyDate), study.hospital].filter(Boolean).join(' · ')}</p>
            <Suspense fallback={<Loading />}>
              <DicomViewer key={study.relationId} study={study} />
            </Suspense>
          </>
        )}
      </div>
    </NavPage>
  );
}
