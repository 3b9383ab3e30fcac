import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { Card } from '../../ui/Card';
import { Section } from '../../ui/Section';
import { LoadFailed } from '../../ui/States';
import { StatusTag } from '../../ui/StatusTag';
import '../../i18n/family';
import { MemberAvatar, memberFacts, roleTag } from './MemberBits';
import { withId } from './params';
import { useMembers } from './queries';
import { cx } from '../../ui/cx';
import styles from './family.module.css';

/** The family (本人 first) with links to each profile and the 添加家庭成员 entry (health tab, /user). */
export function FamilyList() {
  const { t } = useTranslation();
  const members = useMembers();
  const [now] = useState(() => new Date());
  const list = members.data ?? [];

  return (
    <Section
      title={
        <>
          {t('family.list.title')}
          {members.data ? ` · ${t('family.list.count', { count: list.length })}` : ''}
        </>
      }
    >
      <Card pad="flush">
        {members.isPending ? (
          <div className={styles.memberList} aria-busy="true">
            {[0, 1].map((i) => (
              <div key={i} className={styles.member}>
                <div className="skeleton" style={{ width: 44, height: 44, borderRadius: '50%' }} />
                <div className={styles.memberMain}>
                  <div className="skeleton" style={{ width: '40%', height: 16 }} />
                  <div className="skeleton" style={{ width: '28%', height: 12, marginTop: 6 }} />
                </div>
              </div>
            ))}
          </div>
        ) : members.isError ? (
          <LoadFailed onRetry={() => void members.refetch()} />
        ) : (
          <ul className={styles.memberList} data-testid="member-list">
            {list.map((m) => {
              const facts = memberFacts(t, m, now);
              return (
                <li key={m.id}>
                  <Link className={cx(styles.member, styles.memberLink)} to={withId('/user/profile', m.id)} data-testid="member-item" data-id={m.id} data-name={m.name}>
                    <MemberAvatar member={m} size={44} />
                    <span className={styles.memberMain}>
                      <span className={styles.memberName}>
                        <span>{m.name}</span>
                        {roleTag(t, m) ? <StatusTag>{roleTag(t, m)}</StatusTag> : null}
                        {m.isDefault === 1 ? <StatusTag tone="warn">{t('family.default')}</StatusTag> : null}
                      </span>
                      <span className={styles.memberFacts}>{facts || t('family.notSet')}</span>
                    </span>
                    <RightOutline className={styles.arrow} aria-hidden />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        <Link className={styles.addEntry} to="/user/role" data-testid="add-member-entry">
          <span className={styles.addEntryIcon} aria-hidden>
            <AddOutline />
          </span>
          <span className={styles.addEntryMain}>
            <span className={styles.addEntryTitle}>{t('family.list.add')}</span>
            <span className={styles.addEntryDesc}>{t('family.list.addDesc')}</span>
          </span>
          <RightOutline className={styles.arrow} aria-hidden />
        </Link>
      </Card>
    </Section>
  );
}

/** The 健康档案 entry (health file of the whole family). */
export function HealthFileEntry({ testId = 'health-file-entry' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Link className={styles.fileEntry} to="/user/mine" data-testid={testId}>
      <span className={styles.fileEntryIcon} aria-hidden>
        <svg viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 3h9l4 4v14H6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
          <path d="M12.5 10v6M9.5 13h6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <span className={styles.fileEntryMain}>
        <span className={styles.fileEntryTitle}>{t('family.list.healthFile')}</span>
        <span className={styles.fileEntryDesc}>{t('family.list.healthFileDesc')}</span>
      </span>
      <RightOutline className={styles.fileEntryArrow} aria-hidden />
    </Link>
  );
}

