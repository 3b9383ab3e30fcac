import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AddOutline } from 'antd-mobile-icons';
import { DOSE_UNIT_LABEL, type RemindPlan } from '@chatdr/contract/remind/schemas';
import type { DoseUnit } from '@chatdr/contract';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import '../../i18n/remind';
import { DoseCard } from './DoseCard';
import { MemberScope } from './MemberScope';
import { PlanForm } from './PlanForm';
import { shortTime } from './model';
import { useDoseHistory, usePlans, useTodayDoses } from './queries';
import styles from './remind.module.css';

/** /med-remind/list — today's doses (take / skip), the member's plans (add, edit, delete) and adherence. */
export default function MedRemindListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  // From the medicine box (设提醒): the form opens for that medicine, named as on its box.
  const fromBox = Number(params.get('medicineId')) > 0 ? { medicineId: Number(params.get('medicineId')), name: params.get('name') ?? '' } : null;
  const [form, setForm] = useState<{ plan: RemindPlan | null; member: number; from?: { medicineId: number; name: string } } | null>(() =>
    fromBox ? { plan: null, member: Number(params.get('userId')) || 0, from: fromBox } : null,
  );
  return (
    <Page title={t('remind.title')} testId="med-remind-page" backTo="/user">
      <MemberScope>
        {(m) => (
          <>
            <Today userInfoId={m.id} />
            <Plans userInfoId={m.id} onAdd={() => setForm({ plan: null, member: m.id })} onEdit={(plan) => setForm({ plan, member: m.id })} />
            <Adherence userInfoId={m.id} />
          </>
        )}
      </MemberScope>
      <PlanForm open={form !== null && form.member > 0} userInfoId={form?.member ?? 0} plan={form?.plan ?? null} from={form?.from ?? null}
        onClose={() => {
          setForm(null);
          if (params.has('medicineId')) {
            const next = new URLSearchParams(params);
            next.delete('medicineId');
            next.delete('name');
            setParams(next, { replace: true });
          }
        }}
      />
    </Page>
  );
}

function Today({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const today = useTodayDoses(userInfoId);
  return (
    <section className={styles.remindSection} data-testid="today-doses">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('remind.today')}</span>
        {today.data ? <span className={styles.remindSectionMeta}>{today.data.date}</span> : null}
      </div>
      {today.isPending ? <Loading /> : today.isError ? <LoadFailed onRetry={() => void today.refetch()} /> : today.data.list.length === 0 ? <p className="hint">{t('remind.noDoseToday')}</p> : today.data.list.map((r) => <DoseCard key={r.id} r={r} />)}
    </section>
  );
}

function Plans({ userInfoId, onAdd, onEdit }: { userInfoId: number; onAdd: () => void; onEdit: (p: RemindPlan) => void }) {
  const { t } = useTranslation();
  const plans = usePlans(userInfoId);
  const week = t('remind.week', { returnObjects: true }) as string[];
  const cycleText = (p: RemindPlan) =>
    p.cycleType === 'weekly' ? (p.weekdays ?? []).map((d) => week[d - 1]).join(' ') : p.cycleType === 'interval' ? `${t('remind.form.intervalDays')} ${p.intervalDays ?? ''} ${t('remind.form.intervalUnit')}` : t('remind.form.cycles.daily');
  return (
    <section className={styles.remindSection} data-testid="remind-plans">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('remind.plans')}</span>
        <button type="button" className={styles.pillBtn} onClick={onAdd} data-testid="plan-add">
          <AddOutline aria-hidden /> {t('remind.add')}
        </button>
      </div>
      {plans.isPending ? (
        <Loading />
      ) : plans.isError ? (
        <LoadFailed onRetry={() => void plans.refetch()} />
      ) : plans.data.list.length === 0 ? (
        <Empty testId="remind-empty" title={t('remind.empty')} desc={t('remind.emptyDesc')} />
      ) : (
        plans.data.list.map((p) => (
          <button key={p.id} type="button" className={styles.planCard} onClick={() => onEdit(p)} data-testid="plan-card">
            <span className={styles.planCardRow}>
              <span className={styles.planCardName}>{p.medicineName}</span>
              <span className={styles.remindSectionMeta}>{p.nextRemindTime ? t('remind.next', { time: shortTime(p.nextRemindTime) }) : t('remind.ended')}</span>
            </span>
            <span className={styles.planCardTimes}>
              {p.times.map((x) => (
                <span key={x} className={styles.timeChip}>
                  {x}
                </span>
              ))}
            </span>
            <span className={styles.planCardMeta} style={{ display: 'block' }}>
              {[`${p.doseUnit === 'none' ? '' : `${p.dose}${DOSE_UNIT_LABEL[p.doseUnit as DoseUnit] ?? ''}`}`, p.meal !== 'none' ? t(`remind.form.meals.${p.meal}`) : '', cycleText(p), `${p.startDate}${p.endDate ? ` ~ ${p.endDate}` : ''}`].filter(Boolean).join(' · ')}
            </span>
          </button>
        ))
      )}
    </section>
  );
}

function Adherence({ userInfoId }: { userInfoId: number }) {
  const { t } = useTranslation();
  const his = useDoseHistory(userInfoId);
  if (!his.data || his.data.total === 0) return null;
  const weeks = his.data.adherence;
  const cur = weeks[weeks.length - 1];
  return (
    <section className={styles.remindSection} data-testid="adherence">
      <div className={styles.remindSectionHead}>
        <span className={styles.remindSectionTitle}>{t('remind.history')}</span>
        {cur ? <span className={styles.remindSectionMeta}>{t('remind.adherence', { taken: cur.taken, total: cur.total })}</span> : null}
      </div>
      <div className={styles.adherence}>
        {weeks.map((w) => (
          <div key={w.weekStart} className={styles.adherenceBar}>
            <span className={styles.adherenceRate}>{w.total ? `${Math.round(w.rate * 100)}%` : '—'}</span>
            {w.weekStart.slice(5)}
          </div>
        ))}
      </div>
    </section>
  );
}
