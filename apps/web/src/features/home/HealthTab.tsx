import { useTranslation } from 'react-i18next';
import type { AccountInfo } from '@chatdr/contract';
import { BellOutline, CalendarOutline, ClockCircleOutline, FolderOutline, TeamOutline } from 'antd-mobile-icons';
import '../../i18n/remind';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { Cell, CellGroup } from '../../ui/Cell';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { FamilyList, HealthFileEntry } from '../family/FamilyList';
import { ProfilePrompt } from '../family/ProfilePrompt';
import styles from './home.module.css';
import { useAccountInfo } from '../user/queries';

/**
 * The 健康 tab — the home of the records: the health file, the family members (each member's
 * profile and records), the file folder and the service packages. Account and settings live in
 * the 我的 tab only.
 */
export default function HealthTab() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const account = useAccountInfo();

  let body;
  if (isPending(status)) body = <Loading page />;
  else if (!isLoggedIn(status))
    body = (
      <Empty
        page
        testId="health-guest"
        icon={
          <span className={styles.resultBadge}>
            <TeamOutline />
          </span>
        }
        title={t('health.guestTitle')}
        desc={t('health.guestDesc')}
        action={
          <button type="button" className="btn btn--small" onClick={startLogin} data-testid="health-login">
            {t('common.loginNow')}
          </button>
        }
      />
    );
  else if (account.isPending) body = <HealthSkeleton />;
  else if (account.isError) body = <LoadFailed page onRetry={() => void account.refetch()} />;
  else body = <HealthContent account={account.data} />;

  return (
    <section className={styles.tabPage} data-testid="health-tab">
      <header className={styles.tabPageHead}>
        <h1 className={styles.tabPageTitle}>{t('health.title')}</h1>
      </header>
      {body}
    </section>
  );
}

function HealthContent({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  return (
    <div className={styles.tabPageBody}>
      <ProfilePrompt />
      <HealthFileEntry />
      <FamilyList />

      <CellGroup>
        <Cell icon={<FolderOutline />} title={t('health.folder')} desc={t('health.folderDesc')} to="/user/folder/list" testId="health-folder" />
        <Cell icon={<ClockCircleOutline />} title={t('remind.title')} to="/med-remind/list" testId="user-med-remind" />
        <Cell icon={<BellOutline />} title={t('notify.title')} to="/user/notify?type=1" testId="user-notify" />
        <Cell icon={<CalendarOutline />} title={t('review.title')} to="/user/review" testId="user-review" />
      </CellGroup>

      <CellGroup title={t('health.packagesTitle')}>
        {account.packageList.length === 0 ? (
          <p className="muted-row">{t('health.noPackages')}</p>
        ) : (
          account.packageList.map((p, i) => <Cell key={`${p.id}-${i}`} title={p.name} to="/user/order" />)
        )}
        <Cell title={t('health.browsePackages')} to="/pkg/service/info" testId="health-to-packages" />
        <Cell title={t('health.myOrders')} to="/user/order" testId="health-to-orders" />
      </CellGroup>
    </div>
  );
}

function HealthSkeleton() {
  return (
    <div className={styles.tabPageBody} aria-busy="true">
      <div className={styles.summaryCard}>
        <div className="skeleton" style={{ width: 56, height: 56, borderRadius: '50%' }} />
        <div className={styles.summaryCardMain}>
          <div className="skeleton" style={{ width: '40%', height: 18 }} />
          <div className="skeleton" style={{ width: '65%', height: 14, marginTop: 8 }} />
        </div>
      </div>
      <div className="skeleton" style={{ height: 160, borderRadius: 12 }} />
    </div>
  );
}
