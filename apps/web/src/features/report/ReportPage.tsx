import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarOutline, ExclamationCircleOutline, FileOutline, QuestionCircleOutline, RightOutline } from 'antd-mobile-icons';
import type { ReportDetail, ReportItem, ReportResult } from '@chatdr/contract/report/schemas';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/media';
import '../../i18n/remind';
import { generateReviewPlan } from '../remind/queries';
import { useMembers } from '../family/queries';
import { pdfPath } from '../folder/folder-model';
import { useReport, useReportId, useStructure } from './queries';
import { cleanValue, explanationsOf, flagView, headerOf, orderItems, paragraphs, phaseOf, routeId, stepOf, type ReportHeader } from './report-model';
import styles from './report.module.css';

/**
 * /healthreport/:id and /healthreport/v3/:id — a report's reading: header (patient, hospital,
 * dates), the items with abnormal values marked from the server's computed flags (high ↑ red,
 * low ↓ blue), each abnormal item's explanation, and what to do next. Polls while it runs.
 */
export default function ReportPage({ v3 = false }: { v3?: boolean }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const rid = routeId(id, v3);
  const resolved = useReportId(rid);
  const report = useReport(resolved.reportId);

  let body;
  if (!rid) body = <Empty page testId="report-missing" title={t('report.notFound')} />;
  else if (resolved.isError) body = <LoadFailed page onRetry={() => void resolved.refetch()} />;
  else if (resolved.isPending || (resolved.reportId && report.isPending)) body = <Loading page />;
  else if (!resolved.reportId) body = <Empty page testId="report-missing" title={t('report.notFound')} />;
  else if (report.isError || !report.data) body = <LoadFailed page onRetry={() => void report.refetch()} />;
  else body = <ReportBody detail={report.data} />;

  return (
    <Page title={t('report.title')} testId="report-page" backTo="/">
      {body}
    </Page>
  );
}

function ReportBody({ detail }: { detail: ReportDetail }) {
  const phase = phaseOf(detail.status);
  if (phase === 'running') return <Running status={detail.status} />;
  if (phase === 'failed' || !detail.result) return <Failed detail={detail} />;
  return <Done detail={detail} result={detail.result} />;
}

function Running({ status }: { status: number }) {
  const { t } = useTranslation();
  const step = stepOf(status);
  return (
    <div className={styles.reportRunning} data-testid="report-running" data-status={status} role="status" aria-live="polite">
      <span className="spinner" aria-hidden />
      <p className={styles.reportRunningTitle}>{t('report.running')}</p>
      <p className={styles.reportRunningDesc}>{t('report.runningDesc')}</p>
      <ol className={styles.reportSteps}>
        {[0, 1, 2, 3].map((s) => (
          <li key={s} className={cx(styles.reportStep, s < step && styles.isDone, s === step && styles.isNow)}>
            <span className={styles.reportStepDot} aria-hidden />
            {t(`report.steps.${s}`)}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Failed({ detail }: { detail: ReportDetail }) {
  const { t } = useTranslation();
  return (
    <Empty
      page
      testId="report-failed"
      icon={<ExclamationCircleOutline className={styles.reportFailedIcon} />}
      title={detail.errorMessage || t('report.failed')}
      action={
        // A PDF or a photo: the viewer shows either (issue 18 point 5).
        detail.inputMediaId ? (
          <Link className="btn btn--ghost btn--small" to={pdfPath(detail.inputMediaId, detail.name)} data-testid="report-failed-view-file">
            {t('report.viewFile')}
          </Link>
        ) : undefined
      }
    />
  );
}

function Done({ detail, result }: { detail: ReportDetail; result: ReportResult }) {
  const { t } = useTranslation();
  const structure = useStructure(detail.reportId, true);
  const members = useMembers();
  const member = members.data?.find((m) => m.id === detail.userInfoId);
  const header = headerOf(detail, structure.data?.ocrBaseEntity, member ? { name: member.name, sex: member.sex, age: member.age } : null);
  const items = orderItems(result.items);
  const explained = explanationsOf(result);
  const text = paragraphs(result.text);
  const abnormal = result.items.filter((i) => i.abnormal).length;

  return (
    <div className={styles.report} data-testid="report" data-report-id={detail.reportId}>
      <Header header={header} abnormal={abnormal} />

      {result.urgency !== 'normal' ? (
        <p className={cx(styles.reportUrgency, modifier(styles, 'reportUrgency', result.urgency))} data-testid="report-urgency" data-urgency={result.urgency}>
          <ExclamationCircleOutline aria-hidden /> {t(`report.urgency.${result.urgency}`)}
        </p>
      ) : null}

      <section className={styles.reportCard} aria-labelledby="report-items-title" data-testid="report-items" data-count={items.length}>
        <h2 className={styles.reportCardTitle} id="report-items-title">
          {t('report.items')}
          <span className={cx(styles.reportCardBadge, abnormal > 0 && styles.isWarn)} data-testid="report-abnormal-count" data-count={abnormal}>
            {abnormal > 0 ? t('report.abnormalCount', { count: abnormal }) : t('report.allNormal')}
          </span>
        </h2>
        <ItemsTable items={items} />
      </section>

      {explained.length ? (
        <section className={styles.reportCard} aria-labelledby="report-explain-title" data-testid="report-explain">
          <h2 className={styles.reportCardTitle} id="report-explain-title">
            {t('report.explain')}
          </h2>
          <ul className={styles.reportExplain}>
            {explained.map((e) => {
              const f = flagView(e.flag);
              return (
                <li key={e.name} className={styles.reportExplainItem} data-testid="report-explain-item" data-name={e.name}>
                  <p className={styles.reportExplainName}>
                    {e.name}
                    {f.label ? <span className={cx(styles.reportFlagTag, f.tone && `is-${f.tone}`)}>{t(f.label)}</span> : null}
                  </p>
                  {e.meaning ? <p className={styles.reportExplainText}>{e.meaning}</p> : null}
                  {e.advice ? <p className={styles.reportExplainAdvice}>{e.advice}</p> : null}
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}

      {text.length || result.patterns.length ? (
        <section className={styles.reportCard} aria-labelledby="report-summary-title" data-testid="report-summary">
          <h2 className={styles.reportCardTitle} id="report-summary-title">
            {t('report.summary')}
          </h2>
          {result.patterns.map((p) => (
            <div key={p.id} className={styles.reportPattern}>
              <p className={styles.reportPatternName}>{p.name}</p>
              <p className={styles.reportPatternText}>{p.text}</p>
            </div>
          ))}
          <TextBlock paras={text} />
        </section>
      ) : null}

      {result.nextSteps.length || result.department ? (
        <section className={styles.reportCard} aria-labelledby="report-next-title" data-testid="report-next">
          <h2 className={styles.reportCardTitle} id="report-next-title">
            {t('report.next')}
          </h2>
          <ol className={styles.reportNext}>
            {result.nextSteps.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
          {result.department ? (
            <p className={styles.reportDept} data-testid="report-department">
              {t('report.goDepartment')}：<strong>{result.department}</strong>
            </p>
          ) : null}
        </section>
      ) : null}

      <nav className={cx(styles.reportCard, styles.reportLinks)}>
        <Link className={styles.reportLink} to={pdfPath(detail.inputMediaId, detail.name)} data-testid="report-view-file">
          <FileOutline aria-hidden />
          <span>{t('report.viewFile')}</span>
          <RightOutline className={styles.reportLinkArrow} aria-hidden />
        </Link>
        <Link className={styles.reportLink} to={`/healthreport/question?id=${detail.reportId}`} data-testid="report-questions">
          <QuestionCircleOutline aria-hidden />
          <span>{t('report.questions')}</span>
          <RightOutline className={styles.reportLinkArrow} aria-hidden />
        </Link>
        <ReviewPlanLink reportId={detail.reportId} userInfoId={detail.userInfoId} />
      </nav>

      <p className={styles.reportDisclaimer}>{t('report.disclaimer')}</p>
    </div>
  );
}

/** 复查计划: proposes the follow-up checks of this reading (reportPlan/generate) and opens /user/review. */
function ReviewPlanLink({ reportId, userInfoId }: { reportId: string; userInfoId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = () => {
    setBusy(true);
    generateReviewPlan(reportId)
      .then(() => navigate(`/user/review?userId=${userInfoId}`))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <button type="button" className={styles.reportLink} disabled={busy} onClick={open} data-testid="report-review-plan">
      <CalendarOutline aria-hidden />
      <span>{t('review.fromReport')}</span>
      <RightOutline className={styles.reportLinkArrow} aria-hidden />
    </button>
  );
}

function TextBlock({ paras }: { paras: string[] }) {
  const [open, setOpen] = useState(paras.length <= 6);
  const { t } = useTranslation();
  const shown = open ? paras : paras.slice(0, 6);
  return (
    <div className={styles.reportText}>
      {shown.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {!open ? (
        <button type="button" className="link-btn" onClick={() => setOpen(true)}>
          {t('report.more')}
        </button>
      ) : null}
    </div>
  );
}

function Header({ header, abnormal }: { header: ReportHeader; abnormal: number }) {
  const { t } = useTranslation();
  const who = [header.patientName, header.sexAge.sex ? t(header.sexAge.sex === 'M' ? 'family.sexM' : 'family.sexF') : null, header.sexAge.age !== null ? t('family.ageYears', { count: header.sexAge.age }) : null].filter(Boolean).join(' · ');
  const facts: Array<[string, string | null, string]> = [
    [t('report.patient'), who || null, 'report-patient'],
    [t('report.hospital'), header.hospital, 'report-hospital'],
    [t('report.department'), header.department, 'report-department-name'],
    [t('report.sample'), header.sampleType, 'report-sample'],
    [t('report.collectedAt'), header.collectedAt, 'report-collected'],
    [t('report.reportedAt'), header.reportedAt, 'report-reported'],
  ];
  return (
    <header className={cx(styles.reportHead, abnormal > 0 && 'report-head--warn')} data-testid="report-header">
      <h2 className={styles.reportHeadTitle} data-testid="report-title">
        {header.title}
      </h2>
      <dl className={styles.reportHeadFacts}>
        {facts
          .filter(([, v]) => v)
          .map(([label, value, testId]) => (
            <div key={testId} className={styles.reportHeadFact}>
              <dt>{label}</dt>
              <dd data-testid={testId}>{value}</dd>
            </div>
          ))}
      </dl>
    </header>
  );
}

function ItemsTable({ items }: { items: ReportItem[] }) {
  const { t } = useTranslation();
  return (
    <table className={styles.reportTable}>
      <thead>
        <tr>
          <th scope="col">{t('report.col.name')}</th>
          <th scope="col">{t('report.col.value')}</th>
          <th scope="col">{t('report.col.range')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((i, n) => {
          const f = flagView(i.flag);
          return (
            <tr key={`${i.name}-${n}`} className={cx(f.tone && `is-${f.tone}`, f.critical && styles.isCritical)} data-testid="report-item" data-name={i.name} data-flag={i.flag}>
              <th scope="row">
                <span className={styles.reportTableName}>{i.name}</span>
                {i.code ? <span className={styles.reportTableCode}>{i.code}</span> : null}
              </th>
              <td className={styles.reportTableValue}>
                <span>{cleanValue(i.value)}</span>
                {f.arrow ? (
                  <span className={styles.reportArrow} data-testid="report-flag" aria-label={f.label ? t(f.label) : undefined} role="img">
                    {f.arrow}
                  </span>
                ) : f.tone === 'positive' && f.label ? (
                  <span className={cx(styles.reportFlagTag, styles.isPositive)}>{t(f.label)}</span>
                ) : null}
                {i.unit ? <span className={styles.reportTableUnit}>{i.unit}</span> : null}
              </td>
              <td className={styles.reportTableRange}>{i.refRange ?? '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
