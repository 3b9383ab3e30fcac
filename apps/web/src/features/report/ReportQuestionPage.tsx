import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DownOutline } from 'antd-mobile-icons';
import { routes } from '@chatdr/contract';
import { ReportId } from '@chatdr/contract/report/schemas';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api';
import { Page } from '../../ui/Page';
import { cx } from '../../ui/cx';
import '../../i18n/media';
import styles from './report.module.css';

const FAQ = ['arrows', 'range', 'slight', 'recheck', 'privacy', 'accuracy'] as const;

/**
 * /healthreport/question — common answers about reading a report; with `?id=` (a report) the
 * questions worth asking about that report come first (getCheckQuestion).
 */
export default function ReportQuestionPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const parsed = ReportId.safeParse(params.get('id') ?? '');
  const reportId = parsed.success ? parsed.data : null;
  const asks = useQuery({
    queryKey: ['report', 'questions', reportId ?? ''],
    queryFn: ({ signal }) => api.call(routes.report.getCheckQuestion, { body: { reportId: reportId ?? '' } }, { signal, hideMsg: true }),
    enabled: Boolean(reportId),
  });
  const [open, setOpen] = useState<string | null>(FAQ[0]);

  return (
    <Page title={t('report.question.title')} testId="question-page" backTo={reportId ? `/healthreport/${reportId}` : '/'}>
      <div className={styles.reportFaq}>
        {asks.data?.questions.length ? (
          <ul className={cx(styles.reportCard, styles.reportAsks)} data-testid="question-asks" aria-label={t('report.question.asks')}>
            <li className={styles.reportAsksTitle} aria-hidden>
              {t('report.question.asks')}
            </li>
            {asks.data.questions.map((q) => (
              <li key={q} className={styles.reportAsk}>
                {q}
              </li>
            ))}
          </ul>
        ) : null}
        <ul className={cx(styles.reportCard, styles.reportFaqList)}>
          {FAQ.map((k) => {
            const on = open === k;
            return (
              <li key={k} className={cx(styles.reportFaqItem, on && styles.isOpen)} data-testid="question-item" data-key={k}>
                <button type="button" className={styles.reportFaqQ} aria-expanded={on} aria-controls={`faq-${k}`} onClick={() => setOpen(on ? null : k)}>
                  <span>{t(`report.question.items.${k}.q`)}</span>
                  <DownOutline aria-hidden className={styles.reportFaqChev} />
                </button>
                <p className={styles.reportFaqA} id={`faq-${k}`} hidden={!on}>
                  {t(`report.question.items.${k}.a`)}
                </p>
              </li>
            );
          })}
        </ul>
        <p className={styles.reportDisclaimer}>{t('report.disclaimer')}</p>
      </div>
    </Page>
  );
}
