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
import './report.css';

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
      <div className="report-faq">
        {asks.data?.questions.length ? (
          <ul className="report-card report-asks" data-testid="question-asks" aria-label={t('report.question.asks')}>
            <li className="report-asks__title" aria-hidden>
              {t('report.question.asks')}
            </li>
            {asks.data.questions.map((q) => (
              <li key={q} className="report-ask">
                {q}
              </li>
            ))}
          </ul>
        ) : null}
        <ul className="report-card report-faq__list">
          {FAQ.map((k) => {
            const on = open === k;
            return (
              <li key={k} className={cx('report-faq__item', on && 'is-open')} data-testid="question-item" data-key={k}>
                <button type="button" className="report-faq__q" aria-expanded={on} aria-controls={`faq-${k}`} onClick={() => setOpen(on ? null : k)}>
                  <span>{t(`report.question.items.${k}.q`)}</span>
                  <DownOutline aria-hidden className="report-faq__chev" />
                </button>
                <p className="report-faq__a" id={`faq-${k}`} hidden={!on}>
                  {t(`report.question.items.${k}.a`)}
                </p>
              </li>
            );
          })}
        </ul>
        <p className="report-disclaimer">{t('report.disclaimer')}</p>
      </div>
    </Page>
  );
}
