import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api';
import { Page } from '../../ui/Page';
import { Empty, Loading } from '../../ui/States';
import '../../i18n/media';
import { createPdfCache, openPdf, type PdfOpen } from './pdf-open';
import { downloadFile, mediaUrlOf } from './queries';
import styles from './report.module.css';
import { cx } from '../../ui/cx';

/** Local copies of opened PDFs for this page load (kept while the file is unchanged). */
const cache = createPdfCache(8, (url) => URL.revokeObjectURL(url));

/**
 * /pdf?id=<inputMediaId>&name=<file name> — the in-app file viewer (PDFs and photos). Opening follows chat-core §4:
 * 文件不存在 without a name or id, the cached copy when there is one, else 正在下载..., the media
 * URL (getMediaUrlPost), the download and the cache; 下载失败，请稍后重试 on failure. A photo
 * (by the type it was served with) shows as a picture; a PDF in an <iframe>, with a download link
 * as the fallback. No request of its own checks the page's CSP: a frame the policy blocks fires
 * `securitypolicyviolation`, and the viewer switches to the file card.
 */
export default function PdfPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id');
  const name = params.get('name');
  // A retry downloads again (force) unless the file is unchanged.
  const [attempt, setAttempt] = useState(0);
  const open = useQuery({
    queryKey: ['pdf', id ?? '', name ?? '', attempt],
    queryFn: (): Promise<PdfOpen> => openPdf({ id, name }, { cache, getUrl: mediaUrlOf, download: (url) => downloadFile(url, name), toast: (m) => toast(m) }, { force: attempt > 0 }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const state = open.data ?? null;
  // Shown inline unless the page's CSP blocks a blob: frame; then the file card opens it in the
  // browser's own viewer.
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const on = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI.startsWith('blob') && /frame|child|default/.test(e.effectiveDirective)) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', on);
    return () => document.removeEventListener('securitypolicyviolation', on);
  }, []);
  const frames = { data: !blocked };
  const load = () => setAttempt((n) => n + 1);

  const title = name?.trim() || t('pdf.title');
  let body;
  if (!state) body = <Loading page label={t('pdf.downloading')} />;
  else if (!state.ok)
    body =
      state.reason === 'missing' ? (
        <Empty page testId="pdf-missing" title={t('pdf.fileMissing')} />
      ) : (
        <Empty
          page
          testId="pdf-failed"
          title={t('pdf.downloadFailed')}
          action={
            <button type="button" className="btn btn--ghost btn--small" onClick={load} data-testid="pdf-retry">
              {t('pdf.retry')}
            </button>
          }
        />
      );
  else if (state.kind === 'image')
    body = (
      <div className={cx(styles.pdfView, 'pdf-view--image')} data-testid="pdf-view" data-kind="image" data-cached={state.cached}>
        <div className={styles.pdfViewPicture}>
          <img src={state.url} alt={title} data-testid="file-image" />
        </div>
        <div className={styles.pdfViewBar}>
          <a className="btn btn--small" href={state.url} download={name ?? 'image'} data-testid="pdf-download">
            {t('pdf.download')}
          </a>
        </div>
      </div>
    );
  else
    body = (
      <div className={styles.pdfView} data-testid="pdf-view" data-kind="pdf" data-cached={state.cached}>
        {frames.data ? (
          <iframe className={styles.pdfViewFrame} src={state.url} title={title} data-testid="pdf-frame" />
        ) : (
          <div className={styles.pdfViewNone} data-testid="pdf-card">
            <span className={styles.pdfViewBadge} aria-hidden>
              PDF
            </span>
            <p className={styles.pdfViewName}>{title}</p>
            <p className={styles.pdfViewHint}>{t('pdf.fallback')}</p>
          </div>
        )}
        <div className={styles.pdfViewBar}>
          {frames.data ? <span className={styles.pdfViewHint}>{t('pdf.fallback')}</span> : null}
          <a className="btn btn--small" href={state.url} download={name ?? 'file.pdf'} data-testid="pdf-download">
            {t('pdf.download')}
          </a>
          <a className="btn btn--ghost btn--small" href={state.url} target="_blank" rel="noopener" data-testid="pdf-open-new">
            {t('pdf.openNew')}
          </a>
        </div>
      </div>
    );

  return (
    <Page title={title} testId="pdf-page" backTo="/">
      {body}
    </Page>
  );
}
