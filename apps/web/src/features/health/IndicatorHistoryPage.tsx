import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { FlagTag, valueTone } from './FlagTag';
import { fmtDateTime, fmtNum } from './format';
import { useDeleteIndicator, useIndicatorHistory } from './queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';
import { useConfirmedDelete } from './confirm-delete';

/** /indicator/history?id=&type= — every value, newest first: as read and converted, flagged, with its source; edit or delete. */
export default function IndicatorHistoryPage() {
  const { t } = useTranslation();
  const { members, member, params } = useScopedMember();
  const type = params.get('type') ?? '';
  const q = useIndicatorHistory(member?.id, type);
  const del = useDeleteIndicator(member?.id ?? 0);

  const remove = useConfirmedDelete((id) => del.mutateAsync(id));

  let body;
  if (members.isPending || (member && q.isPending)) body = <Loading page />;
  else if (!member || !type) body = <Empty page title={t('health.ind.empty')} />;
  else if (q.isError || !q.data) body = <LoadFailed page onRetry={() => void q.refetch()} />;
  else if (q.data.list.length === 0) body = <Empty page title={t('health.ind.none')} />;
  else
    body = (
      <section className={styles.hxCard}>
        <ul className={styles.hxList} data-testid="indicator-history">
          {q.data.list.map((v) => (
            <li key={v.id} className={cx(styles.hxRow, valueTone(v) !== 'ok' && valueTone(v) !== 'muted' && styles.isAttention)} data-testid="indicator-value-row">
              <div className={styles.hxRowMain}>
                <p className={styles.hxRowValue}>
                  <strong>{fmtNum(v.value)}</strong>
                  <span className={styles.hxUnit}>{v.unit}</span>
                </p>
                <p className={styles.hxRowMeta}>
                  {fmtDateTime(v.measureTime)} · {t(`health.source.${v.source}`, { defaultValue: v.source })}
                  {v.rawUnit && v.rawUnit !== v.unit ? ` · ${t('health.ind.raw', { v: fmtNum(v.rawValue), unit: v.rawUnit })}` : ''}
                </p>
              </div>
              <FlagTag v={v} />
              <Link className={styles.hxRowDel} to={withId('/indicator/edit', member.id, { type, valueId: String(v.id) })} data-testid="indicator-edit">
                ✎
              </Link>
              <button type="button" className={styles.hxRowDel} onClick={() => void remove(v)} aria-label={t('health.delete')} data-testid="indicator-delete">
                {t('health.delete')}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <Page title={q.data ? `${q.data.name} · ${t('health.ind.history')}` : t('health.ind.history')} testId="indicator-history-page" backTo={withId('/indicator/detail', member?.id, { type })}>
      {body}
    </Page>
  );
}
