import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CloseOutline } from 'antd-mobile-icons';
import { DRINKING, SMOKING, SPECIAL_PERIODS, todayIso, type MemberDetail, type PersonalRecord } from '@chatdr/contract';
import { toast } from '../../api';
import { useGoBack } from '../../app/back-hooks';
import { ChoiceGroup, Stepper } from '../../ui/Choice';
import { Page } from '../../ui/Page';
import { Empty, LoadFailed, Loading } from '../../ui/States';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { RECORD_ICONS } from './icons';
import { BirthDateField } from './PickerFields';
import { idParam, withId } from './params';
import { editMember, refreshFamily, removeRecord, saveRecords, useMember, usePersonalRecord } from './queries';
import { confirmRecordWarnings } from './record-warnings';
import { RecordPicker } from './RecordPicker';
import {
  ALLERGEN_CHOICES,
  RELATIONS,
  addPicked,
  changeCount,
  historyChanges,
  historyDraftOf,
  historySteps,
  relationKeyOf,
  removePicked,
  type AllergenChoice,
  type HistoryDraft,
  type HistoryStep,
  type PickType,
  type Picked,
  type RelationKey,
} from './records';
import styles from './family.module.css';

/**
 * /user/new-health-history?id= — the guided form that fills a member's whole history at once:
 * diseases, allergies (drug/food), medicines, surgeries, family history, smoking and drinking, and
 * for women the menstrual history and special period (pregnancy with its week, lactation).
 */
export default function NewHealthHistoryPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { member, ...members } = useMember(idParam(params.get('id')));
  const record = usePersonalRecord(member?.id);

  let body;
  if (members.isPending || (member && record.isPending)) body = <Loading page />;
  else if (members.isError) body = <LoadFailed page onRetry={() => void members.refetch()} />;
  else if (!member) body = <Empty page title={t('family.notFound')} desc={t('family.notFoundDesc')} />;
  else if (record.isError || !record.data) body = <LoadFailed page onRetry={() => void record.refetch()} />;
  else return <Wizard key={`${member.id}-${params.get('step') ?? ''}`} member={member} rec={record.data} initialStep={params.get('step')} />;

  return (
    <Page title={t('family.history.title')} testId="history-page">
      {body}
    </Page>
  );
}

function Wizard({ member, rec, initialStep }: { member: MemberDetail; rec: PersonalRecord; initialStep: string | null }) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const steps = historySteps(member.sex);
  const [index, setIndex] = useState(() => Math.max(0, steps.indexOf(initialStep as HistoryStep)));
  const [draft, setDraft] = useState<HistoryDraft>(() => historyDraftOf(rec));
  const [saving, setSaving] = useState(false);
  const step = steps[index] ?? 'disease';
  const last = index === steps.length - 1;
  const back = withId('/user/mine', member.id);

  async function submit() {
    const changes = historyChanges(draft, rec);
    if (changeCount(changes) === 0) {
      toast(t('family.history.nothingChanged'));
      goBack(back);
      return;
    }
    if (changes.add.length > 0 && !(await confirmRecordWarnings(member.id, changes.add, (key, opts) => t(key, opts ?? {})))) return;
    setSaving(true);
    try {
      if (changes.add.length > 0) await saveRecords(member.id, changes.add);
      for (const id of changes.remove) await removeRecord(id);
      if (changes.edit) await editMember(changes.edit);
      await refreshFamily();
      toast(t('family.history.saved'), 'success');
      goBack(back);
    } catch {
      // Shown by the request layer; what was saved stays saved.
      await refreshFamily();
    } finally {
      setSaving(false);
    }
  }

  return (
    <Page
      title={t('family.history.title')}
      testId="history-page"
      footer={
        <div className={styles.footerActions}>
          {index > 0 ? (
            <button type="button" className="btn btn--ghost" onClick={() => setIndex(index - 1)} data-testid="history-prev">
              {t('family.history.prev')}
            </button>
          ) : null}
          {last ? (
            <button type="button" className="btn" disabled={saving} onClick={() => void submit()} data-testid="history-submit">
              {saving ? <span className="spinner" aria-hidden /> : null}
              {t('family.history.submit')}
            </button>
          ) : (
            <button type="button" className="btn" onClick={() => setIndex(index + 1)} data-testid="history-next">
              {t('family.history.next')}
            </button>
          )}
        </div>
      }
    >
      <div className={styles.wizardHead}>
        <div className={styles.wizardHeadRow}>
          <span className={styles.wizardHeadWho}>{member.name}</span>
          <span className={styles.wizardHeadCount}>{t('family.history.step', { n: index + 1, total: steps.length })}</span>
        </div>
        <ol className={cx(styles.progress, styles.progressDense)} aria-hidden>
          {steps.map((s, i) => (
            <li key={s} className={cx(styles.progressBar, i <= index && styles.isDone)} />
          ))}
        </ol>
      </div>
      <section className={styles.wizardStep} data-testid="history-step" data-step={step} aria-labelledby="wizard-title">
        <div className={styles.wizardStepHead}>
          <span className={styles.wizardStepIcon} aria-hidden>
            {RECORD_ICONS[step]}
          </span>
          <div>
            <h2 className={styles.wizardStepTitle} id="wizard-title">
              {t(`family.history.stepTitle.${step}`)}
            </h2>
            <p className={styles.wizardStepDesc}>{t(`family.history.stepDesc.${step}`)}</p>
          </div>
        </div>
        {step === 'lifestyle' ? (
          <LifestyleStep draft={draft} setDraft={setDraft} />
        ) : step === 'women' ? (
          <WomenStep draft={draft} setDraft={setDraft} />
        ) : (
          <PickStep type={step} draft={draft} setDraft={setDraft} />
        )}
      </section>
    </Page>
  );
}

type SetDraft = (fn: (d: HistoryDraft) => HistoryDraft) => void;

function PickStep({ type, draft, setDraft }: { type: PickType; draft: HistoryDraft; setDraft: SetDraft }) {
  const { t } = useTranslation();
  const [allergen, setAllergen] = useState<AllergenChoice>('drug');
  const [relation, setRelation] = useState<RelationKey>('father');
  const picks = draft.picks[type];
  const setPicks = (fn: (l: Picked[]) => Picked[]) => setDraft((d) => ({ ...d, picks: { ...d.picks, [type]: fn(d.picks[type]) } }));
  const detail = type === 'allergy' ? { allergenType: allergen } : type === 'familyHistory' ? { relation: RELATIONS.find((r) => r.key === relation)?.value ?? null } : undefined;
  const label = (p: Picked) => {
    if (type === 'allergy' && p.detail?.allergenType) return `${p.name} · ${t(`family.record.allergen.${p.detail.allergenType}`)}`;
    const rel = type === 'familyHistory' ? relationKeyOf(p.detail?.relation) : null;
    return rel ? `${p.name} · ${t(`family.record.relations.${rel}`)}` : p.name;
  };

  return (
    <>
      {type === 'allergy' ? (
        <ChoiceGroup label={t('family.record.allergenType')} options={ALLERGEN_CHOICES.map((a) => ({ value: a, label: t(`family.record.allergen.${a}`) }))} value={allergen} onChange={setAllergen} testId="allergen-type" layout="inline" />
      ) : null}
      {type === 'familyHistory' ? (
        <ChoiceGroup label={t('family.record.relation')} options={RELATIONS.map((r) => ({ value: r.key, label: t(`family.record.relations.${r.key}`) }))} value={relation} onChange={setRelation} testId="relation" layout="inline" />
      ) : null}
      <RecordPicker type={type} picked={picks} onAdd={(item) => setPicks((l) => addPicked(l, { ...item, ...(detail ? { detail } : {}) }))} onRemove={(item) => setPicks((l) => removePicked(l, item.name))} />
      <div className={styles.picked} aria-live="polite">
        <p className={styles.chipsBlockTitle}>{t('family.history.selected', { count: picks.length })}</p>
        {picks.length > 0 ? (
          <div className={styles.chips}>
            {picks.map((p) => (
              <span key={p.name} className={cx(styles.chip, 'is-on', styles.chipRemovable)} data-testid="history-picked" data-name={p.name}>
                {label(p)}
                <button type="button" className={styles.chipRemove} aria-label={`${t('family.record.delete')} ${p.name}`} onClick={() => setPicks((l) => removePicked(l, p.name))}>
                  <CloseOutline aria-hidden />
                </button>
              </span>
            ))}
          </div>
        ) : null}
      </div>
    </>
  );
}

function LifestyleStep({ draft, setDraft }: { draft: HistoryDraft; setDraft: SetDraft }) {
  const { t } = useTranslation();
  return (
    <div className={cx('form-card', styles.formCardPad)}>
      <ChoiceGroup label={t('family.history.smoking')} options={SMOKING.map((v) => ({ value: v, label: t(`family.history.smokingOpt.${v}`) }))} value={draft.smoking} onChange={(smoking) => setDraft((d) => ({ ...d, smoking }))} testId="history-smoking" />
      <ChoiceGroup label={t('family.history.drinking')} options={DRINKING.map((v) => ({ value: v, label: t(`family.history.drinkingOpt.${v}`) }))} value={draft.drinking} onChange={(drinking) => setDraft((d) => ({ ...d, drinking }))} testId="history-drinking" />
    </div>
  );
}

function WomenStep({ draft, setDraft }: { draft: HistoryDraft; setDraft: SetDraft }) {
  const { t } = useTranslation();
  const m = draft.menstrual;
  const setM = (patch: Partial<HistoryDraft['menstrual']>) => setDraft((d) => ({ ...d, menstrual: { ...d.menstrual, ...patch } }));
  const stepper = (key: 'cycleDays' | 'periodDays' | 'menarcheAge', min: number, max: number, start: number, unit: 'days' | 'years'): ReactNode => (
    <Stepper
      label={t(`family.history.${key}`)}
      value={m[key] ?? null}
      min={min}
      max={max}
      start={start}
      format={(n) => t(`family.history.${unit}`, { n })}
      onChange={(n) => setM({ [key]: n })}
      lessLabel={t('family.history.less')}
      moreLabel={t('family.history.more')}
      placeholder={t('family.form.pleaseChoose')}
      testId={`history-${key}`}
    />
  );
  return (
    <>
      <div className={cx('form-card', styles.formCardPad)}>
        <ChoiceGroup
          label={t('family.history.special')}
          options={SPECIAL_PERIODS.map((v) => ({ value: v, label: t(`family.history.specialOpt.${v}`) }))}
          value={draft.specialPeriod}
          onChange={(specialPeriod) => setDraft((d) => ({ ...d, specialPeriod, pregnancyWeek: specialPeriod === 'pregnancy' ? (d.pregnancyWeek ?? 12) : null }))}
          testId="history-special"
        />
        {draft.specialPeriod === 'pregnancy' ? (
          <Stepper
            label={t('family.history.pregnancyWeek')}
            value={draft.pregnancyWeek}
            min={1}
            max={42}
            start={12}
            format={(n) => t('family.history.weeks', { n })}
            onChange={(pregnancyWeek) => setDraft((d) => ({ ...d, pregnancyWeek }))}
            lessLabel={t('family.history.less')}
            moreLabel={t('family.history.more')}
            placeholder={t('family.form.pleaseChoose')}
            testId="history-pregnancy-week"
          />
        ) : null}
      </div>
      <h3 className={styles.sectionTitle}>{t('family.history.menstrual')}</h3>
      <div className={cx('form-card', styles.formCardPad)}>
        <ChoiceGroup
          label={t('family.history.regular')}
          options={[
            { value: 'yes', label: t('family.history.regularYes') },
            { value: 'no', label: t('family.history.regularNo') },
          ]}
          value={m.regular === true ? 'yes' : m.regular === false ? 'no' : null}
          onChange={(v) => setM({ regular: v === 'yes' })}
          testId="history-regular"
        />
        {stepper('cycleDays', 15, 90, 28, 'days')}
        {stepper('periodDays', 1, 15, 5, 'days')}
        {stepper('menarcheAge', 8, 20, 13, 'years')}
      </div>
      <div className={cx('form-card', styles.formCardRows)}>
        <BirthDateField label={t('family.history.lastPeriod')} value={m.lastPeriod ?? null} onChange={(lastPeriod) => setM({ lastPeriod })} min={`${new Date().getFullYear() - 2}-01-01`} initial={todayIso()} testId="history-last-period" />
      </div>
    </>
  );
}

