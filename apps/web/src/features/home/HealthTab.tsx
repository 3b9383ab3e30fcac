import { useTranslation } from 'react-i18next';
import { SELF_ROLE, type AccountInfo, type Member } from '@chatdr/contract';
import { LockOutline, SetOutline, TeamOutline } from 'antd-mobile-icons';
import { isLoggedIn, isPending, useLoginStatus } from '../../app/login-store';
import { startLogin } from '../../app/session';
import { Avatar } from '../../ui/Avatar';
import { Cell, CellGroup } from '../../ui/Cell';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { useAccountInfo } from '../user/queries';
import { familyOf } from './family';

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
  const family = familyOf(account);
  return (
    <div className="tab-page__body">
      <div className="summary-card" data-testid="health-summary">
        <Avatar name={account.name} sex={account.sex} src={account.headImage} size={56} />
        <div className="summary-card__main">
          <p className="summary-card__name">{account.name}</p>
          <p className="summary-card__meta">
            {account.phone}
            {account.createdAt ? ` · ${t('health.joined', { date: account.createdAt.slice(0, 10) })}` : ''}
          </p>
        </div>
      </div>

      <CellGroup title={`${t('health.membersTitle')} · ${t('health.membersCount', { count: family.length })}`}>
        {family.length === 0 ? (
          <Empty title={t('health.noMembers')} />
        ) : (
          <ul className="member-list" data-testid="member-list">
            {family.map((m) => (
              <MemberRow key={m.id} member={m} self={m.roleCode === SELF_ROLE.roleCode} />
            ))}
          </ul>
        )}
      </CellGroup>

      <CellGroup title={t('health.packagesTitle')}>
        {account.packageList.length === 0 ? (
          <p className="muted-row">{t('health.noPackages')}</p>
        ) : (
          account.packageList.map((p) => <Cell key={p.id} title={p.name} />)
        )}
      </CellGroup>

      <CellGroup>
        <Cell icon={<SetOutline />} title={t('health.manage')} to="/user" testId="health-to-user" />
        <Cell icon={<LockOutline />} title={t('user.account')} to="/user/account" />
      </CellGroup>
    </div>
  );
}

function MemberRow({ member, self }: { member: Member; self: boolean }) {
  const { t } = useTranslation();
  const facts = [member.sex === 'M' ? t('health.sexM') : member.sex === 'F' ? t('health.sexF') : null, member.age !== null ? t('health.age', { age: member.age }) : null].filter(Boolean).join(' · ');
  return (
    <li className="member" data-testid="member-item">
      <Avatar name={member.name} sex={member.sex} size={44} />
      <div className="member__main">
        <p className="member__name">
          <span>{member.name}</span>
          <span className="tag">{self ? t('health.self') : member.roleName}</span>
          {member.isDefault === 1 ? <span className="tag tag--warn">{t('health.default')}</span> : null}
        </p>
        {facts ? <p className="member__facts">{facts}</p> : null}
      </div>
    </li>
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
