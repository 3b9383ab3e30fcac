import { useMemo } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { rangeLabel } from './IndicatorEditPage';
import { FlagTag, SexNote, valueTone } from './FlagTag';
import { fmtDateTime, fmtNum } from './format';
import { useExplain, useIndicatorSeries } from './queries';
import { useScopedMember } from './scope';
import { TrendChart } from './TrendChart';
import styles from './health.module.css';

const isAbnormal = (flag: string) => flag !== 'normal' && flag !== 'unknown';

/** /indicator/detail?id=&type= — latest value, trend against the member's range (abnormal points red) and what the indicator means. */
export default function IndicatorDetailPage() {
  const { t } = useTranslation();
  const { members, member, params } = useScopedMember();
  const type = params.get('type') ?? '';
  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member || !type) body = <Empty page title={t('health.ind.empty')} />;
  else return <Detail key={`${member.id}-${type}`} member={member} type={type} />;
  return (
    <Page title={t('health.ind.title')} testId="indicator-detail-page">
      {body}
    </Page>
  );
}

function Detail({ member, type }: { member: MemberDetail; type: string }) {
  const { t } = useTranslation();
  const series = useIndicatorSeries(member.id, type);
  const explain = useExplain(type);
  const d = series.data;
  const latest = d && d.list.length ? d.list[d.list.length - 1] : undefined;
  const chart = useMemo(() => (d ? [{ name: d.name, color: '--c-primary', points: d.list.map((v) => ({ t: v.measureTime, v: v.value, alert: isAbnormal(v.flag) })) }] : []), [d]);
  const title = d?.name ?? explain.data?.name ?? t('health.ind.title');
  return (
    <Page
      title={title}
      testId="indicator-detail-page"
      backTo={withId('/indicator/list', member.id)}
      footer={
        <Link className="btn" to={withId('/indicator/edit', member.id, { type })} data-testid="indicator-record">
          {t('health.ind.add')}
        </Link>
      }
    >
      {series.isPending ? (
        <Loading />
      ) : series.isError || !d ? (
        <LoadFailed onRetry={() => void series.refetch()} />
      ) : (
        <>
          {latest ? (
            <section className={cx(styles.hxHero, (isAbnormal(latest.flag) || latest.flagBySex) && valueTone(latest) !== 'muted' && valueTone(latest) !== 'ok' && modifier(styles, 'hxHero', valueTone(latest) === 'danger' ? 'danger' : 'warn'))} data-testid="indicator-latest" data-flag={latest.flag}>
              <p className={styles.hxHeroLabel}>
                {t('health.ind.latest')} · {fmtDateTime(latest.measureTime)} · {t(`health.source.${latest.source}`, { defaultValue: latest.source })}
              </p>
              <p className={styles.hxHeroValue}>
                <strong data-testid="indicator-latest-value">{fmtNum(latest.value)}</strong>
                <span className={styles.hxUnit}>{latest.unit}</span>
                <FlagTag v={latest} />
              </p>
              <p className={styles.hxHeroAdvice}>
                {t('health.ind.range')}：{d.range ? d.range.text : t('health.ind.noRange')}
              </p>
              {d.range?.bySex ? <SexNote memberId={member.id} /> : null}
            </section>
          ) : (
            <Empty title={t('health.ind.none')} testId="indicator-detail-empty" />
          )}
          {d.list.length > 0 ? (
            <section className={styles.hxCard}>
              <h2 className={styles.hxCardTitle}>
                {t('health.ind.trend')}
                <span className={styles.hxCardHint}>{t('health.ind.recorded', { count: d.total })}</span>
              </h2>
              <TrendChart series={chart} band={d.range && (d.range.low !== null || d.range.high !== null) ? d.range : null} unit={d.unit} label={t('health.ind.chartLabel', { name: d.name })} />
              <Link className={styles.hxMore} to={withId('/indicator/history', member.id, { type })} data-testid="indicator-history-link">
                {t('health.ind.allHistory')}
              </Link>
            </section>
          ) : null}
        </>
      )}
      {explain.data ? (
        <section className={styles.hxCard} data-testid="indicator-explain">
          <h2 className={styles.hxCardTitle}>{t('health.ind.explain')}</h2>
          <dl className={styles.hxKv}>
            {explain.data.aliases.length ? (
              <>
                <dt>{t('health.ind.aliases')}</dt>
                <dd>{explain.data.aliases.join('、')}</dd>
              </>
            ) : null}
            {explain.data.ranges.length ? (
              <>
                <dt>{t('health.ind.range')}</dt>
                {explain.data.ranges.map((r, i) => (
                  <dd key={i}>{rangeLabel(t, r)}</dd>
                ))}
              </>
            ) : null}
            {explain.data.meaningHigh ? (
              <>
                <dt>{t('health.ind.meaningHigh')}</dt>
                <dd>{explain.data.meaningHigh}</dd>
              </>
            ) : null}
            {explain.data.meaningLow ? (
              <>
                <dt>{t('health.ind.meaningLow')}</dt>
                <dd>{explain.data.meaningLow}</dd>
              </>
            ) : null}
            {explain.data.advice ? (
              <>
                <dt>{t('health.ind.advice')}</dt>
                <dd>{explain.data.advice}</dd>
              </>
            ) : null}
          </dl>
          {explain.data.source ? (
            <p className={styles.hxSource}>
              {t('health.bp.sourceLabel')}：{explain.data.source}
            </p>
          ) : null}
        </section>
      ) : null}
    </Page>
  );
}
