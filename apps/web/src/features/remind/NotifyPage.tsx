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
import './remind.css';

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
      <div className="tabs-lite" role="group">
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
    <section className="remind-section" data-testid="notify-today">
      <div className="remind-section__head">
        <span className="remind-section__title">{t('remind.today')}</span>
        {today.data ? <span className="remind-section__meta">{today.data.date}</span> : null}
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
    <section className="remind-section" data-testid="notify-reviews">
      <div className="remind-section__head">
        <span className="remind-section__title">{t('review.upcoming')}</span>
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
            <div key={r.id} className="dose-card">
              <span className="dose-card__main">
                <span className="dose-card__name">{r.item}</span>
                <span className="dose-card__detail">{r.reason}</span>
              </span>
              <span className="status-tag status-tag--pending">{n === 0 ? t('review.todayTag') : `${r.checkDate.slice(5)} · ${t('review.daysLeft', { n })}`}</span>
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
    <section className="remind-section" data-testid="notify-messages">
      <div className="remind-section__head">
        <span className="remind-section__title">{t('notify.messages')}</span>
        {notices.data?.unread ? <span className="status-tag status-tag--missed">{`${t('notify.unread')} ${notices.data.unread}`}</span> : null}
      </div>
      {notices.isPending ? (
        <Loading />
      ) : notices.isError ? (
        <LoadFailed onRetry={() => void notices.refetch()} />
      ) : notices.data.list.length === 0 ? (
        <p className="hint">{t('notify.noMessages')}</p>
      ) : (
        notices.data.list.map((n) => (
          <button key={n.id} type="button" className="notice-item" onClick={() => open(n)} data-testid="notice-item" data-read={n.readFlag}>
            <span className={cx('notice-item__dot', n.readFlag && 'is-read')} aria-hidden />
            <span className="notice-item__main">
              <span className="notice-item__head">
                <span className="notice-item__title">{n.title}</span>
                <span className="notice-item__time">{shortTime(n.createTime)}</span>
              </span>
              <span className="notice-item__content">{n.content}</span>
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
    <section className="remind-section">
      <CellGroup>
        <Cell title={t('notify.push')} desc={t('notify.pushDesc')} extra={<Switch checked={on} loading={busy} onChange={toggle} aria-label={t('notify.push')} />} testId="notify-push" />
      </CellGroup>
    </section>
  );
}
