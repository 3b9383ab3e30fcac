import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Switch } from 'antd-mobile';
import { routes } from '@chatdr/contract';
import { api } from '../../api';
import { showToast } from '../../ui/toast';
import { currentSubscription, disablePush, enablePush, pushSupported } from './web-push';
import { useTranslation } from 'react-i18next';
import { REMIND_TYPE, type Notice } from '@chatdr/contract/remind/schemas';
import { Page } from '../../ui/Page';
import { cx } from '../../ui/cx';
import { LoadFailed, Loading } from '../../ui/States';
import { Cell, CellGroup } from '../../ui/Cell';
import '../../i18n/remind';
import { DoseCard } from './DoseCard';
import { MemberScope } from './MemberScope';
import { daysUntil, shortTime, todayIso } from './model';
import { invalidateRemind, markRead, useNotices, useReviews, useTodayDoses } from './queries';
import styles from './remind.module.css';

/** /user/notify?type=1|2&userId= — today's medication (1) or review (2) reminders of a member, and the reminder messages. */
export default function NotifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const type = Number(params.get('type')) === REMIND_TYPE.review ? REMIND_TYPE.review : REMIND_TYPE.medicine;
  const setType = (ty: number) => {
    const next = new URLSearchParams(params);
    next.set('type', String(ty));
    setParams(next, { replace: true });
  };
  return (
    <Page title={t('notify.title')} testId="notify-page" backTo="/user">
      <div className={styles.tabsLite} role="group">
        <button type="button" aria-pressed={type === REMIND_TYPE.medicine} onClick={() => setType(REMIND_TYPE.medicine)} data-testid="notify-tab-medicine">
          {t('notify.medicine')}
        </button>
        <button type="button" aria-pressed={type === REMIND_TYPE.review} onClick={() => setType(REMIND_TYPE.review)} data-testid="notify-tab-review">
          {t('notify.review')}
        </button>
      </div>
      <MemberScope>
        {(m) => (
          <>
            {type === REMIND_TYPE.medicine ? <TodayMedicine userInfoId={m.id} /> : <Reviews userInfoId={m.id} />}
            <Messages userInfoId={m.id} />
            <SystemNotifications />
          </>
        )}
      </MemberScope>
    </Page>
  );
}

function TodayMedicine({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const today = useTodayDoses(userInfoId);
  return (
    <section className={styles.remindSection} data-testid="notify-today">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('remind.today')}</span>
        {today.data ? <span className={styles.remindSectionMeta}>{today.data.date}</span> : null}
      </div>
      {today.isPending ? <Loading /> : today.isError ? <LoadFailed onRetry={() => void today.refetch()} /> : today.data.list.length === 0 ? <p className="hint">{t('remind.noDoseToday')}</p> : today.data.list.map((r) => <DoseCard key={r.id} r={r} />)}
      <CellGroup>
        <Cell title={t('notify.toList')} to={`/med-remind/list?userId=${userInfoId}`} testId="notify-to-list" />
      </CellGroup>
    </section>
  );
}

function Reviews({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const reviews = useReviews(userInfoId);
  const today = todayIso();
  return (
    <section className={styles.remindSection} data-testid="notify-reviews">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('review.upcoming')}</span>
      </div>
      {reviews.isPending ? (
        <Loading />
      ) : reviews.isError ? (
        <LoadFailed onRetry={() => void reviews.refetch()} />
      ) : reviews.data.list.length === 0 ? (
        <p className="hint">{t('notify.noReview')}</p>
      ) : (
        reviews.data.list.slice(0, 5).map((r) => {
          const n = daysUntil(r.checkDate, today);
          return (
            <div key={r.id} className={styles.doseCard}>
              <span className={styles.doseCardMain}>
                <span className={styles.doseCardName}>{r.item}</span>
                <span className={styles.doseCardDetail}>{r.reason}</span>
              </span>
              <span className={cx(styles.statusTag, styles.statusTagPending)}>{n === 0 ? t('review.todayTag') : `${r.checkDate.slice(5)} · ${t('review.daysLeft', { n })}`}</span>
            </div>
          );
        })
      )}
      <CellGroup>
        <Cell title={t('notify.toReview')} to={`/user/review?userId=${userInfoId}`} testId="notify-to-review" />
      </CellGroup>
    </section>
  );
}

function Messages({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useNotices(userInfoId);
  const open = (n: Notice) => {
    if (!n.readFlag) void markRead(n.id).then(() => invalidateRemind());
    void navigate(`/user/notify?type=${n.extra.type}&userId=${n.extra.userId}`, { replace: true });
  };
  return (
    <section className={styles.remindSection} data-testid="notify-messages">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('notify.messages')}</span>
        {notices.data?.unread ? <span className={cx(styles.statusTag, styles.statusTagMissed)}>{`${t('notify.unread')} ${notices.data.unread}`}</span> : null}
      </div>
      {notices.isPending ? (
        <Loading />
      ) : notices.isError ? (
        <LoadFailed onRetry={() => void notices.refetch()} />
      ) : notices.data.list.length === 0 ? (
        <p className="hint">{t('notify.noMessages')}</p>
      ) : (
        notices.data.list.map((n) => (
          <button key={n.id} type="button" className={styles.noticeItem} onClick={() => open(n)} data-testid="notice-item" data-read={n.readFlag}>
            <span className={cx(styles.noticeItemDot, n.readFlag && styles.isRead)} aria-hidden />
            <span className={styles.noticeItemMain}>
              <span className={styles.noticeItemHead}>
                <span className={styles.noticeItemTitle}>{n.title}</span>
                <span className={styles.noticeItemTime}>{shortTime(n.createTime)}</span>
              </span>
              <span className={styles.noticeItemContent}>{n.content}</span>
            </span>
          </button>
        ))
      )}
    </section>
  );
}

/** 系统通知: reminders also as system notifications of this browser (Web Push), when the server has VAPID keys. */
function SystemNotifications() {
  const { t } = useTranslation();
  const key = useQuery({ queryKey: ['remind', 'vapid'], queryFn: ({ signal }) => api.call(routes.plan.pushVapidKey, {}, { signal, hideMsg: true }), staleTime: Infinity, enabled: pushSupported() });
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void currentSubscription().then((s) => setOn(s !== null));
  }, []);
  const publicKey = key.data?.publicKey;
  if (!pushSupported() || !publicKey) return null;
  const toggle = (next: boolean) => {
    setBusy(true);
    (next ? enablePush(publicKey) : disablePush().then(() => false))
      .then((ok) => {
        setOn(ok);
        if (next && !ok) showToast(t('notify.pushDenied'), 'fail');
      })
      .catch(() => showToast(t('notify.pushFailed'), 'fail'))
      .finally(() => setBusy(false));
  };
  return (
    <section className={styles.remindSection}>
      <CellGroup>
        <Cell title={t('notify.push')} desc={t('notify.pushDesc')} extra={<Switch checked={on} loading={busy} onChange={toggle} aria-label={t('notify.push')} />} testId="notify-push" />
      </CellGroup>
    </section>
  );
}
