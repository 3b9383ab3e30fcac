import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Popup } from 'antd-mobile';
import { DOSE_UNITS, type DoseUnit } from '@chatdr/contract';
import type { RemindPlan } from '@chatdr/contract/remind/schemas';
import { ChoiceGroup } from '../../ui/Choice';
import { TextField } from '../../ui/Field';
import { Dialog } from '../../ui/antd';
import { showToast } from '../../ui/toast';
import { nextMinute, todayIso } from './model';
import { useDeletePlan, useSavePlan, type PlanInput } from './queries';
import styles from './remind.module.css';
import { cx } from '../../ui/cx';

type Cycle = NonNullable<PlanInput['cycleType']>;
type Meal = NonNullable<PlanInput['meal']>;

const isUnit = (u: string | undefined): u is DoseUnit => (DOSE_UNITS as readonly string[]).includes(u ?? '');

/** The add / edit popup of a medication reminder plan. */
export function PlanForm({ open, userInfoId, plan, from = null, onClose }: { open: boolean; userInfoId: number; plan: RemindPlan | null; from?: { medicineId: number; name: string } | null; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} bodyStyle={{ borderTopLeftRadius: 18, borderTopRightRadius: 18 }} destroyOnClose>
      {open ? <FormBody userInfoId={userInfoId} plan={plan} from={from} onClose={onClose} /> : null}
    </Popup>
  );
}

function FormBody({ userInfoId, plan, from, onClose }: { userInfoId: number; plan: RemindPlan | null; from: { medicineId: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSavePlan();
  const del = useDeletePlan();
  const [name, setName] = useState(plan?.medicineName ?? from?.name ?? '');
  const [dose, setDose] = useState(plan ? String(plan.dose) : '1');
  const [unit, setUnit] = useState<PlanInput['doseUnit']>(isUnit(plan?.doseUnit) ? plan.doseUnit : 'tablet');
  const [times, setTimes] = useState<string[]>(plan?.times ?? [nextMinute()]);
  const [cycle, setCycle] = useState<Cycle>(plan?.cycleType ?? 'daily');
  const [weekdays, setWeekdays] = useState<number[]>(plan?.weekdays ?? [1, 2, 3, 4, 5]);
  const [interval, setInterval] = useState(String(plan?.intervalDays ?? 2));
  const [start, setStart] = useState(plan?.startDate ?? todayIso());
  const [end, setEnd] = useState(plan?.endDate ?? '');
  const [meal, setMeal] = useState<Meal>(plan?.meal ?? 'after');
  const week = t('remind.week', { returnObjects: true }) as string[];

  const submit = () => {
    const input: PlanInput = {
      ...(plan ? { id: plan.id } : {}),
      userInfoId,
      medicineName: name.trim(),
      ...(from && !plan ? { medicineId: from.medicineId } : {}),
      dose: Number(dose),
      doseUnit: unit,
      times: times.filter(Boolean),
      cycleType: cycle,
      ...(cycle === 'weekly' ? { weekdays } : {}),
      ...(cycle === 'interval' ? { intervalDays: Number(interval) } : {}),
      startDate: start,
      endDate: end || null,
      meal,
    };
    save.mutate(input, {
      onSuccess: () => {
        showToast(t('remind.form.saved'), 'success');
        onClose();
      },
    });
  };
  const remove = async () => {
    if (!plan) return;
    if (!(await Dialog.confirm({ content: t('remind.form.deleteConfirm') }))) return;
    del.mutate(plan.id, {
      onSuccess: () => {
        showToast(t('remind.form.deleted'), 'success');
        onClose();
      },
    });
  };

  return (
    <div className={styles.planForm} data-testid="plan-form">
      <div className={styles.planFormTitle}>{plan ? t('remind.edit') : t('remind.add')}</div>
      <TextField label={t('remind.form.name')} placeholder={t('remind.form.namePh')} value={name} onChange={setName} maxLength={50} testId="plan-name" />
      <div className={styles.planFormRow}>
        <TextField label={t('remind.form.dose')} value={dose} onChange={setDose} inputMode="decimal" testId="plan-dose" />
        <label>
          <span className={styles.planFormLabel}>{t('remind.form.unit')}</span>
          <select value={unit} onChange={(e) => isUnit(e.target.value) && setUnit(e.target.value)} data-testid="plan-unit">
            {DOSE_UNITS.map((u) => (
              <option key={u} value={u}>
                {t(`remind.units.${u}`) || u}
              </option>
            ))}
          </select>
        </label>
      </div>
      <span className={styles.planFormLabel}>{t('remind.form.times')}</span>
      <div className={styles.timeList}>
        {times.map((v, i) => (
          <span className={styles.timeListItem} key={i}>
            <input type="time" value={v} aria-label={t('remind.form.times')} onChange={(e) => setTimes(times.map((x, j) => (j === i ? e.target.value : x)))} data-testid="plan-time" />
            {times.length > 1 ? (
              <button type="button" className={cx(styles.pillBtn, styles.pillBtnGhost)} aria-label={t('remind.form.removeTime', { time: v })} onClick={() => setTimes(times.filter((_, j) => j !== i))}>
                ×
              </button>
            ) : null}
          </span>
        ))}
        {times.length < 8 ? (
          <button type="button" className={cx(styles.pillBtn, styles.pillBtnGhost)} onClick={() => setTimes([...times, '20:00'])} data-testid="plan-add-time">
            + {t('remind.form.addTime')}
          </button>
        ) : null}
      </div>
      <span className={styles.planFormLabel}>{t('remind.form.cycle')}</span>
      <ChoiceGroup hideLabel label={t('remind.form.cycle')} value={cycle} onChange={setCycle} options={(['daily', 'weekly', 'interval'] as const).map((c) => ({ value: c, label: t(`remind.form.cycles.${c}`) }))} testId="plan-cycle" />
      {cycle === 'weekly' ? (
        <>
          <span className={styles.planFormLabel}>{t('remind.form.weekdays')}</span>
          <div className={styles.weekPicks} role="group" aria-label={t('remind.form.weekdays')}>
            {week.map((w, i) => {
              const d = i + 1;
              const on = weekdays.includes(d);
              return (
                <button key={d} type="button" className={styles.weekPick} aria-pressed={on} onClick={() => setWeekdays(on ? weekdays.filter((x) => x !== d) : [...weekdays, d])}>
                  {w}
                </button>
              );
            })}
          </div>
        </>
      ) : null}
      {cycle === 'interval' ? <TextField label={t('remind.form.intervalDays')} value={interval} onChange={setInterval} inputMode="numeric" suffix={t('remind.form.intervalUnit')} testId="plan-interval" /> : null}
      <div className={styles.planFormRow}>
        <label>
          <span className={styles.planFormLabel}>{t('remind.form.start')}</span>
          <input type="date" value={start} onChange={(e) => setStart(e.target.value)} data-testid="plan-start" />
        </label>
        <label>
          <span className={styles.planFormLabel}>{t('remind.form.end')}</span>
          <input type="date" value={end} min={start} onChange={(e) => setEnd(e.target.value)} data-testid="plan-end" />
        </label>
      </div>
      <span className={styles.planFormLabel}>{t('remind.form.meal')}</span>
      <ChoiceGroup hideLabel label={t('remind.form.meal')} value={meal} onChange={setMeal} options={(['before', 'after', 'with', 'none'] as const).map((m) => ({ value: m, label: t(`remind.form.meals.${m}`) }))} testId="plan-meal" />
      <div className={styles.planFormActions}>
        <button type="button" className="btn" disabled={!name.trim() || save.isPending} onClick={submit} data-testid="plan-save">
          {t('remind.form.save')}
        </button>
        {plan ? (
          <button type="button" className="btn btn--plain-danger" onClick={() => void remove()} data-testid="plan-delete">
            {t('remind.form.delete')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
