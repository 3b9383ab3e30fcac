import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import { cx } from '../../ui/cx';
import '../../i18n/health';
import { withId } from '../family/params';
import { useHealthPage } from '../family/queries';
import { fmtShort } from './format';
import styles from './health.module.css';

/** Blood pressure and indicators of a member, from the health page's figures, each leading to its screen. */
export function HealthEntries({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const page = useHealthPage(memberId);
  const bp = page.data?.latestBloodPressure ?? null;
  const attention = page.data?.attentionIndicatorTypeCnt ?? 0;
  return (
    <section className={cx(styles.hxCard, styles.hxEntries)} data-testid="health-entries">
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/blood-pressure', memberId)} data-testid="entry-bp">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.bp.title')}</p>
          <p className={styles.hxRowMeta}>{bp ? `${t('health.bp.latest')} ${fmtShort(Date.parse(bp.measuredAt))}` : t('health.bp.none')}</p>
        </div>
        {bp ? (
          <span className={styles.hxRowValue}>
            <strong data-testid="entry-bp-value">
              {bp.systolic}/{bp.diastolic}
            </strong>
            <span className={styles.hxUnit}>{t('health.mmHg')}</span>
          </span>
        ) : null}
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/indicator/list', memberId)} data-testid="entry-indicators">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.ind.title')}</p>
          <p className={styles.hxRowMeta}>{t('health.ind.entryDesc')}</p>
        </div>
        {attention > 0 ? (
          <span className={cx(styles.hxTag, styles.hxTagWarn)} data-testid="entry-attention">
            {t('health.ind.attentionCount', { count: attention })}
          </span>
        ) : null}
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/folder/list', memberId)} data-testid="entry-folder">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.emr.folder')}</p>
          <p className={styles.hxRowMeta}>{t('health.emr.files', { count: page.data?.fileTotal ?? 0 })}</p>
        </div>
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/emr', memberId)} data-testid="entry-emr">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.emr.title')}</p>
          <p className={styles.hxRowMeta}>{t('health.emr.entryDesc')}</p>
        </div>
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/medicine', memberId)} data-testid="entry-medicine">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.med.title')}</p>
          <p className={styles.hxRowMeta}>{t('health.med.entryDesc')}</p>
        </div>
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
      <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/guide', memberId)} data-testid="entry-guide">
        <div className={styles.hxRowMain}>
          <p className={styles.hxRowName}>{t('health.guide.title')}</p>
          <p className={styles.hxRowMeta}>{t('health.guide.eatTitle')} · {t('health.guide.sportTitle')}</p>
        </div>
        <RightOutline className={styles.hxEntriesArrow} aria-hidden />
      </Link>
    </section>
  );
}
