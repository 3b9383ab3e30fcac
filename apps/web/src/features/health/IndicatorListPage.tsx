import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@chatdr/contract';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx, modifier } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { FlagTag } from './FlagTag';
import { bpTone, fmtDate, fmtNum } from './format';
import { useBpInfo, useIndicators, type IndSummary } from './queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';

/** /indicator/list?id= — every indicator of the member with its latest value; out-of-range ones first and highlighted. */
export default function IndicatorListPage() {
  const { t } = useTranslation();
  const { members, member, switcher } = useScopedMember();
  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('health.noMember')} />;
  else
    body = (
      <>
        {switcher}
        <IndicatorList key={member.id} member={member} />
      </>
    );
  return (
    <Page
      title={t('health.ind.title')}
      testId="indicator-list-page"
      backTo="/?tab=health"
      footer={
        member ? (
          <Link className="btn" to={withId('/indicator/init', member.id)} data-testid="indicator-add">
            {t('health.ind.add')}
          </Link>
        ) : undefined
      }
    >
      {body}
    </Page>
  );
}

function IndicatorList({ member }: { member: MemberDetail }) {
  const { t } = useTranslation();
  const q = useIndicators(member.id);
  const bp = useBpInfo(member.id);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadFailed onRetry={() => void q.refetch()} />;
  const list = [...q.data.list].sort((a, b) => Number(b.attention) - Number(a.attention) || b.latest.measureTime - a.latest.measureTime);
  const latestBp = bp.data?.latest ?? null;
  return (
    <>
      {list.length > 0 ? (
        <p className={cx(styles.hxBanner, q.data.attentionCnt === 0 && styles.isOk)} data-testid="indicator-attention">
          {q.data.attentionCnt > 0 ? t('health.ind.attentionCount', { count: q.data.attentionCnt }) : t('health.ind.allNormal')}
        </p>
      ) : null}
      <section className={styles.hxCard}>
        <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/blood-pressure', member.id)} data-testid="indicator-bp">
          <div className={styles.hxRowMain}>
            <p className={styles.hxRowName}>{t('health.bp.title')}</p>
            <p className={styles.hxRowMeta}>{latestBp ? fmtDate(latestBp.measureTime) : t('health.bp.none')}</p>
          </div>
          {latestBp ? (
            <div className={styles.hxRowSide}>
              <span className={styles.hxRowValue}>
                <strong>
                  {latestBp.systolic}/{latestBp.diastolic}
                </strong>
                <span className={styles.hxUnit}>{t('health.mmHg')}</span>
              </span>
              <span className={cx(styles.hxTag, modifier(styles, 'hxTag', bpTone(latestBp.classification.level)))}>{latestBp.classification.name}</span>
            </div>
          ) : null}
        </Link>
      </section>
      {list.length === 0 ? (
        <Empty title={t('health.ind.none')} desc={t('health.ind.noneDesc')} testId="indicator-empty" />
      ) : (
        <section className={styles.hxCard}>
          <ul className={styles.hxList} data-testid="indicator-list">
            {list.map((s) => (
              <li key={s.type}>
                <SummaryRow s={s} memberId={member.id} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

export function SummaryRow({ s, memberId }: { s: IndSummary; memberId: number }) {
  const { t } = useTranslation();
  return (
    <Link className={cx(styles.hxRow, styles.hxRowLink, s.attention && styles.isAttention)} to={withId('/indicator/detail', memberId, { type: s.type })} data-testid="indicator-row" data-type={s.type} data-attention={s.attention}>
      <div className={styles.hxRowMain}>
        <p className={styles.hxRowName}>{s.name}</p>
        <p className={styles.hxRowMeta}>
          {fmtDate(s.latest.measureTime)} · {t('health.ind.count', { count: s.count })}
          {s.range ? ` · ${s.range.text}` : ''}
        </p>
      </div>
      <div className={styles.hxRowSide}>
        <span className={styles.hxRowValue}>
          <strong>{fmtNum(s.latest.value)}</strong>
          <span className={styles.hxUnit}>{s.latest.unit}</span>
        </span>
        <FlagTag v={s.latest} />
      </div>
    </Link>
  );
}
