import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { LoadFailed } from '../../ui/States';
import '../../i18n/family';
import { MemberAvatar, memberFacts, roleTag } from './MemberBits';
import { withId } from './params';
import { useMembers } from './queries';
import './family.css';

/** The family (本人 first) with links to each profile and the 添加家庭成员 entry (health tab, /user). */
export function FamilyList() {
  const { t } = useTranslation();
  const members = useMembers();
  const [now] = useState(() => new Date());
  const list = members.data ?? [];

  return (
    <section className="cell-group family-list" aria-labelledby="family-list-title">
      <h2 className="cell-group__title" id="family-list-title">
        {t('family.list.title')}
        {members.data ? ` · ${t('family.list.count', { count: list.length })}` : ''}
      </h2>
      <div className="cell-group__body">
        {members.isPending ? (
          <div className="member-list" aria-busy="true">
            {[0, 1].map((i) => (
              <div key={i} className="member">
                <div className="skeleton" style={{ width: 44, height: 44, borderRadius: '50%' }} />
                <div className="member__main">
                  <div className="skeleton" style={{ width: '40%', height: 16 }} />
                  <div className="skeleton" style={{ width: '28%', height: 12, marginTop: 6 }} />
                </div>
              </div>
            ))}
          </div>
        ) : members.isError ? (
          <LoadFailed onRetry={() => void members.refetch()} />
        ) : (
          <ul className="member-list" data-testid="member-list">
            {list.map((m) => {
              const facts = memberFacts(t, m, now);
              return (
                <li key={m.id}>
                  <Link className="member member--link" to={withId('/user/profile', m.id)} data-testid="member-item" data-id={m.id} data-name={m.name}>
                    <MemberAvatar member={m} size={44} />
                    <span className="member__main">
                      <span className="member__name">
                        <span>{m.name}</span>
                        {roleTag(t, m) ? <span className="tag">{roleTag(t, m)}</span> : null}
                        {m.isDefault === 1 ? <span className="tag tag--warn">{t('family.default')}</span> : null}
                      </span>
                      <span className="member__facts">{facts || t('family.notSet')}</span>
                    </span>
                    <RightOutline className="cell__arrow" aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <Link className="add-entry" to="/user/role" data-testid="add-member-entry">
          <span className="add-entry__icon" aria-hidden>
            <AddOutline />
          </span>
          <span className="add-entry__main">
            <span className="add-entry__title">{t('family.list.add')}</span>
            <span className="add-entry__desc">{t('family.list.addDesc')}</span>
          </span>
          <RightOutline className="cell__arrow" aria-hidden />
        </Link>
      </div>
    </section>
  );
}

/** The 健康档案 entry (health file of the whole family). */
export function HealthFileEntry({ testId = 'health-file-entry' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Link className="file-entry" to="/user/mine" data-testid={testId}>
      <span className="file-entry__icon" aria-hidden>
        <svg viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 3h9l4 4v14H6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M12.5 10v6M9.5 13h6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <span className="file-entry__main">
        <span className="file-entry__title">{t('family.list.healthFile')}</span>
        <span className="file-entry__desc">{t('family.list.healthFileDesc')}</span>
      </span>
      <RightOutline className="file-entry__arrow" aria-hidden />
    </Link>
  );
}

