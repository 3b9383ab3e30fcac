import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api';
import { blocksOf, fetchProtocol, PROTOCOL_CODES, type ProtocolCode } from '../../api/protocol';
import { useGoBack } from '../../app/back-hooks';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import styles from './file.module.css';

const isProtocolCode = (v: string | null): v is ProtocolCode => PROTOCOL_CODES.includes(v as ProtocolCode);

/** /file?code=userAgreement|privacyPolicy&isBack=true — an agreement, readable before logging in. */
export default function FilePage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('code');
  const code = raw ?? '';
  // isBack=true: opened from another screen (jump-to-file), so back returns there; else back goes home.
  const isBack = params.get('isBack') === 'true';
  const q = useQuery({ queryKey: ['protocol', code], queryFn: ({ signal }) => fetchProtocol(code, signal), enabled: code !== '', staleTime: 10 * 60_000 });
  const fallbackTitle = isProtocolCode(raw) ? t(`file.${raw}`) : t('file.title');
  const notFound = code === '' || (q.error instanceof ApiError && (q.error.code === 404 || q.error.code === 400));

  let body;
  if (notFound) body = <Empty title={t('file.notFound')} />;
  else if (q.isPending) body = <Loading />;
  else if (q.isError) body = <LoadFailed onRetry={() => void q.refetch()} />;
  else {
    const doc = q.data;
    body = (
      <article className={styles.doc} data-testid="file-content">
        <h2 className={styles.docTitle}>{doc.title}</h2>
        <p className={styles.docMeta}>{t('file.meta', { version: doc.version, date: doc.updatedAt.slice(0, 10) })}</p>
        {blocksOf(doc.content).map((b, i) => (b.kind === 'h' ? <h3 key={i}>{b.text}</h3> : <p key={i}>{b.text}</p>))}
      </article>
    );
  }

  return (
    <Page title={q.data?.title ?? fallbackTitle} testId="file-page" onBack={() => (isBack ? goBack('/') : void navigate('/', { replace: true }))}>
      {body}
    </Page>
  );
}
