import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import '../../i18n/media';
import { useReport } from '../report/queries';
import { cx, modifier } from '../../ui/cx';
import styles from './chat.module.css';
import { phaseOf, stepOf } from '../report/report-model';

/**
 * The PDF/image message's stepped statuses (chat-core §4: 0 uploading → 1, 2, 3 → 4 complete, or
 * 98 with the not-interpretable message) for a report sent into the chat; the durable reading
 * files it for the member. Polls while it runs.
 */
export default function ReportProgress({ reportId, onPhase }: { reportId: string; onPhase?: (phase: 'running' | 'done' | 'failed') => void }) {
  const { t } = useTranslation();
  const q = useReport(reportId);
  const status = q.data?.status ?? 0;
  const phase = phaseOf(status);
  const step = stepOf(status);
  useEffect(() => {
    onPhase?.(phase);
  }, [phase, onPhase]);
  return (
    <div className={cx(styles.reportProgress, modifier(styles, 'reportProgress', phase))} data-testid="chat-report-progress" data-status={status}>
      {phase === 'failed' ? (
        <p className={styles.reportProgressFailed}>{t('report.failed')}</p>
      ) : (
        <ol className={styles.reportProgressSteps}>
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className={phase === 'done' || i < step ? styles.isDone : i === step ? styles.isCurrent : ''}>
              {t(`report.steps.${i}`)}
            </li>
          ))}
        </ol>
      )}
      {phase === 'done' ? (
        <Link className={styles.reportProgressOpen} to={`/healthreport/${encodeURIComponent(reportId)}`} data-testid="chat-report-open">
          {t('chat.reportOpen')}
        </Link>
      ) : null}
    </div>
  );
}
