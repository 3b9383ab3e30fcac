import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountInfo } from '@chatdr/contract';
import { LockOutline, SetOutline, TeamOutline } from 'antd-mobile-icons';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { RoleAvatar } from '../../ui/RoleAvatar';
import { Cell, CellGroup } from '../../ui/Cell';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { avatarKeyOf } from '../family/avatar';
import { FamilyList, HealthFileEntry } from '../family/FamilyList';
import { ProfilePrompt } from '../family/ProfilePrompt';
import { useAccountInfo } from '../user/queries';

/** The 健康 tab: the account's family — the self member (本人) and the others — with their roles. */
export default function HealthTab() {
  const { t } = useTranslation();
  const status = useLoginStatus();
  const account = useAccountInfo();

  let body;
  if (isPending(status)) body = <Loading className="state--page" />;
  else if (!isLoggedIn(status))
    body = (
      <Empty
        className="state--page"
        testId="health-guest"
        icon={
          <span className="result-badge">
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
  else if (account.isError) body = <LoadFailed className="state--page" onRetry={() => void account.refetch()} />;
  else body = <HealthContent account={account.data} />;

  return (
    <section className="tab-page" data-testid="health-tab">
      <header className="tab-page__head">
        <h1 className="tab-page__title">{t('health.title')}</h1>
      </header>
      {body}
    </section>
  );
}

function HealthContent({ account }: { account: AccountInfo }) {
  const { t } = useTranslation();
  return (
    <div className="tab-page__body">
      <Link className="summary-card" to="/user/profile" data-testid="health-summary">
        <RoleAvatar avatar={avatarKeyOf({ roleCode: account.roleCode, sex: account.sex, isSelf: true })} size={56} ring />
        <div className="summary-card__main">
          <p className="summary-card__name">{account.name}</p>
          <p className="summary-card__meta">
            {account.phone}
            {account.createdAt ? ` · ${t('health.joined', { date: account.createdAt.slice(0, 10) })}` : ''}
          </p>
        </div>
      </Link>

      <ProfilePrompt />
      <HealthFileEntry />
      <FamilyList />

      <CellGroup title={t('health.packagesTitle')}>
        {account.packageList.length === 0 ? (
          <p className="muted-row">{t('health.noPackages')}</p>
        ) : (
          account.packageList.map((p, i) => <Cell key={`${p.id}-${i}`} title={p.name} to="/user/order" />)
        )}
        <Cell title={t('health.browsePackages')} to="/pkg/service/info" testId="health-to-packages" />
        <Cell title={t('health.myOrders')} to="/user/order" testId="health-to-orders" />
      </CellGroup>

      <CellGroup>
        <Cell icon={<SetOutline />} title={t('health.manage')} to="/user" testId="health-to-user" />
        <Cell icon={<LockOutline />} title={t('user.account')} to="/user/account" />
      </CellGroup>
    </div>
  );
}

function HealthSkeleton() {
  return (
    <div className="tab-page__body" aria-busy="true">
      <div className="summary-card">
        <div className="skeleton" style={{ width: 56, height: 56, borderRadius: '50%' }} />
        <div className="summary-card__main">
          <div className="skeleton" style={{ width: '40%', height: 18 }} />
          <div className="skeleton" style={{ width: '65%', height: 14, marginTop: 8 }} />
        </div>
      </div>
      <div className="skeleton" style={{ height: 160, borderRadius: 12 }} />
    </div>
  );
}
