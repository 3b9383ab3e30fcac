import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RightOutline } from 'antd-mobile-icons';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/family';
import '../../i18n/health';
import { withId } from '../family/params';
import { useExerciseGuide, useFoodGuide } from './guide-queries';
import { useScopedMember } from './scope';
import styles from './health.module.css';
import { cx } from '../../ui/cx';

/** /user/guide?id= — the healthy-living hub: the diet and exercise guides with what they were personalised from. */
export default function GuidePage() {
  const { t } = useTranslation();
  const { members, member, switcher } = useScopedMember();
  const food = useFoodGuide(member?.id);
  const sport = useExerciseGuide(member?.id);
  let body;
  if (members.isPending) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('health.noMember')} />;
  else
    body = (
      <>
        {switcher}
        <section className={styles.hxCard}>
          <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/eat', member.id)} data-testid="guide-eat">
            <div className={styles.hxRowMain}>
              <p className={styles.hxRowName}>{t('health.guide.eatTitle')}</p>
              <p className={styles.hxRowMeta}>{food.data ? (food.data.basis.length ? food.data.basis.join('、') : t('health.guide.noBasis')) : t('health.guide.eatDesc')}</p>
            </div>
            <RightOutline className={styles.hxEntriesArrow} aria-hidden />
          </Link>
          <Link className={cx(styles.hxRow, styles.hxRowLink)} to={withId('/user/sport', member.id)} data-testid="guide-sport">
            <div className={styles.hxRowMain}>
              <p className={styles.hxRowName}>{t('health.guide.sportTitle')}</p>
              <p className={styles.hxRowMeta}>{sport.data ? sport.data.basis.join('、') : t('health.guide.sportDesc')}</p>
            </div>
            <RightOutline className={styles.hxEntriesArrow} aria-hidden />
          </Link>
        </section>
        {sport.data?.bpCaution ? <p className={cx(styles.hxBanner, styles.isDanger)}>{sport.data.bpCaution}</p> : null}
      </>
    );
  return (
    <Page title={t('health.guide.title')} testId="guide-page" backTo={withId('/user/mine', member?.id)}>
      {body}
    </Page>
  );
}
