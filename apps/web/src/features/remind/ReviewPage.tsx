import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportPlanItem } from '@chatdr/contract/remind/schemas';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { Dialog } from '../../ui/antd';
import { showToast } from '../../ui/toast';
import '../../i18n/remind';
import { MemberScope } from './MemberScope';
import { daysUntil, todayIso } from './model';
import { checkReviewDate, useDeleteReview, useReviewHistory, useReviews, useUpdateReview } from './queries';
import styles from './remind.module.css';
import { cx } from '../../ui/cx';

/** /user/review — the member's follow-up checks proposed from report readings: change the date, mark done, delete. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'upcoming' | 'history'>('upcoming');
  return (
    <Page title={t('review.title')} testId="review-page" backTo="/user">
      <div className={styles.tabsLite} role="group">
        <button type="button" aria-pressed={tab === 'upcoming'} onClick={() => setTab('upcoming')} data-testid="review-tab-upcoming">
          {t('review.upcoming')}
        </button>
        <button type="button" aria-pressed={tab === 'history'} onClick={() => setTab('history')} data-testid="review-tab-history">
          {t('review.history')}
        </button>
      </div>
      <MemberScope>{(m) => (tab === 'upcoming' ? <Upcoming userInfoId={m.id} /> : <History userInfoId={m.id} />)}</MemberScope>
    </Page>
  );
}

function Upcoming({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const q = useReviews(userInfoId);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadFailed onRetry={() => void q.refetch()} />;
  if (q.data.list.length === 0) return <Empty testId="review-empty" title={t('review.empty')} desc={t('review.emptyDesc')} />;
  return (
    <section className={styles.remindSection}>
      {q.data.list.map((r) => (
        <ReviewCard key={r.id} r={r} />
      ))}
    </section>
  );
}

function History({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const q = useReviewHistory(userInfoId);
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadFailed onRetry={() => void q.refetch()} />;
  if (q.data.list.length === 0) return <Empty title={t('review.empty')} />;
  return (
    <section className={styles.remindSection}>
      {q.data.list.map((r) => (
        <div key={r.id} className={styles.reviewCard} data-testid="review-his">
          <div className={styles.reviewCardHead}>
            <span className={styles.reviewCardItem}>{r.item}</span>
            <span className={r.status === 1 ? styles.statusTag : cx(styles.statusTag, styles.statusTagMissed)}>{r.status === 1 ? t('review.doneTag') : t('review.overdue')}</span>
          </div>
          <p className={styles.reviewCardReason}>{r.reason}</p>
          <div className={styles.reviewCardDate}>
            {t('review.date')} {r.checkDate}
          </div>
        </div>
      ))}
    </section>
  );
}

function ReviewCard({ r }: { r: ReportPlanItem }) {
  const { t } = useTranslation();
  const update = useUpdateReview();
  const del = useDeleteReview();
  const [hint, setHint] = useState<string | null>(null);
  const today = todayIso();
  const n = daysUntil(r.checkDate, today);
  const change = async (date: string) => {
    if (!date || date === r.checkDate) return;
    const check = await checkReviewDate(r.id, date);
    if (!check.valid) {
      showToast(check.msg ?? '', 'fail');
      return;
    }
    setHint(check.msg);
    update.mutate({ id: r.id, checkDate: date }, { onSuccess: () => showToast(t('review.saved'), 'success') });
  };
  const remove = async () => {
    if (await Dialog.confirm({ content: t('review.deleteConfirm') })) del.mutate(r.id);
  };
  return (
    <div className={styles.reviewCard} data-testid="review-card" data-id={r.id}>
      <div className={styles.reviewCardHead}>
        <span className={styles.reviewCardItem}>{r.item}</span>
        <span className={cx(styles.statusTag, styles.statusTagPending)}>{n === 0 ? t('review.todayTag') : t('review.daysLeft', { n })}</span>
      </div>
      <p className={styles.reviewCardReason}>{r.reason}</p>
      <label className={styles.reviewCardDate}>
        {t('review.date')}
        <input type="date" value={r.checkDate} min={today} onChange={(e) => void change(e.target.value)} data-testid="review-date" />
      </label>
      {hint ? <p className={styles.reviewCardHint}>{hint}</p> : null}
      <div className={styles.reviewCardActions}>
        <button type="button" className={cx(styles.pillBtn, styles.pillBtnGhost)} onClick={() => void remove()} data-testid="review-delete">
          {t('review.delete')}
        </button>
        <button type="button" className={styles.pillBtn} disabled={update.isPending} onClick={() => update.mutate({ id: r.id, status: 1 })} data-testid="review-done">
          {t('review.done')}
        </button>
      </div>
    </div>
  );
}
