import { useTranslation } from 'react-i18next';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { useBpInfo } from './queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';
import { cx, modifier } from '../../ui/cx';

/** /user/blood-pressure/info?id= — the member's target, the guideline's categories and how to measure at home. */
export default function BloodPressureInfoPage() {
  const { t } = useTranslation();
  const { members, member } = useScopedMember();
  const info = useBpInfo(member?.id);
  let body;
  if (members.isPending || (member && info.isPending)) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('health.noMember')} />;
  else if (info.isError || !info.data) body = <LoadFailed page onRetry={() => void info.refetch()} />;
  else {
    const d = info.data;
    body = (
      <>
        <section className={styles.hxCard} data-testid="bp-target">
          <h2 className={styles.hxCardTitle}>{t('health.bp.targetTitle', { name: member.name })}</h2>
          <div className={cx(styles.hxStats, styles.hxStats2)}>
            <div className={styles.hxStat}>
              <span className={styles.hxStatLabel}>{t('health.bp.office')}</span>
              <span className={styles.hxStatValue}>
                &lt;{d.target.systolic}/{d.target.diastolic}
              </span>
              <span className={styles.hxStatSub}>{t('health.mmHg')}</span>
            </div>
            <div className={styles.hxStat}>
              <span className={styles.hxStatLabel}>{t('health.bp.home')}</span>
              <span className={styles.hxStatValue}>
                &lt;{d.target.homeSystolic}/{d.target.homeDiastolic}
              </span>
              <span className={styles.hxStatSub}>{t('health.mmHg')}</span>
            </div>
          </div>
          <p className={styles.hxText}>{d.target.text}</p>
        </section>
        <section className={styles.hxCard}>
          <h2 className={styles.hxCardTitle}>{t('health.bp.categories')}</h2>
          <table className={styles.hxTable} data-testid="bp-categories">
            <thead>
              <tr>
                <th>{t('health.bp.category')}</th>
                <th>{t('health.bp.range')}</th>
              </tr>
            </thead>
            <tbody>
              {d.categories.map((c) => (
                <tr key={c.category} className={modifier(styles, 'hxTableRow', c.category)}>
                  <td>{c.name}</td>
                  <td>{c.range}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className={styles.hxCard}>
          <h2 className={styles.hxCardTitle}>{t('health.bp.homeAdvice')}</h2>
          <ol className={styles.hxSteps} data-testid="bp-home-advice">
            {d.homeAdvice.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ol>
        </section>
        <p className={styles.hxSource}>
          {t('health.bp.sourceLabel')}：{d.source}
        </p>
      </>
    );
  }
  return (
    <Page title={t('health.bp.infoTitle')} testId="bp-info-page" backTo={withId('/user/blood-pressure', member?.id)}>
      {body}
    </Page>
  );
}
