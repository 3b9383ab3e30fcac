import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import { cx } from '../../ui/cx';
import '../../i18n/health';
import { withId } from '../family/params';
import { useHealthPage } from '../family/queries';
import { fmtShort } from './format';
import './health.css';

/** Blood pressure and indicators of a member, from the health page's figures, each leading to its screen. */
export function HealthEntries({ memberId }: { memberId: number }) {
  const { t } = useTranslation();
  const page = useHealthPage(memberId);
  const bp = page.data?.latestBloodPressure ?? null;
  const attention = page.data?.attentionIndicatorTypeCnt ?? 0;
  return (
    <section className="hx-card hx-entries" data-testid="health-entries">
      <Link className="hx-row hx-row--link" to={withId('/user/blood-pressure', memberId)} data-testid="entry-bp">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.bp.title')}</p>
          <p className="hx-row__meta">{bp ? `${t('health.bp.latest')} ${fmtShort(Date.parse(bp.measuredAt))}` : t('health.bp.none')}</p>
        </div>
        {bp ? (
          <span className="hx-row__value">
            <strong data-testid="entry-bp-value">
              {bp.systolic}/{bp.diastolic}
            </strong>
            <span className="hx-unit">{t('health.mmHg')}</span>
          </span>
        ) : null}
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
      <Link className="hx-row hx-row--link" to={withId('/indicator/list', memberId)} data-testid="entry-indicators">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.ind.title')}</p>
          <p className="hx-row__meta">{t('health.ind.entryDesc')}</p>
        </div>
        {attention > 0 ? (
          <span className={cx('hx-tag', 'hx-tag--warn')} data-testid="entry-attention">
            {t('health.ind.attentionCount', { count: attention })}
          </span>
        ) : null}
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
      <Link className="hx-row hx-row--link" to={withId('/user/folder/list', memberId)} data-testid="entry-folder">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.emr.folder')}</p>
          <p className="hx-row__meta">{t('health.emr.files', { count: page.data?.fileTotal ?? 0 })}</p>
        </div>
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
      <Link className="hx-row hx-row--link" to={withId('/user/emr', memberId)} data-testid="entry-emr">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.emr.title')}</p>
          <p className="hx-row__meta">{t('health.emr.entryDesc')}</p>
        </div>
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
      <Link className="hx-row hx-row--link" to={withId('/user/medicine', memberId)} data-testid="entry-medicine">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.med.title')}</p>
          <p className="hx-row__meta">{t('health.med.entryDesc')}</p>
        </div>
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
      <Link className="hx-row hx-row--link" to={withId('/user/guide', memberId)} data-testid="entry-guide">
        <div className="hx-row__main">
          <p className="hx-row__name">{t('health.guide.title')}</p>
          <p className="hx-row__meta">{t('health.guide.eatTitle')} · {t('health.guide.sportTitle')}</p>
        </div>
        <RightOutline className="hx-entries__arrow" aria-hidden />
      </Link>
    </section>
  );
}
