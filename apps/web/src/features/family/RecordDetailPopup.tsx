import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { ALLERGEN_TYPES, type HealthRecord, type RecordDetailFields } from '@chatdr/contract';
import { toast } from '../../api';
import { ChoiceField, ChoiceGroup } from '../../ui/Choice';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import { PickRow } from './PickerFields';
import { editRecordDetail } from './queries';
import { DOSE_UNIT_OPTIONS, FREQUENCIES, REACTIONS, formatDose, frequencyKeyOf, parseDose, reactionKeyOf, unitOption, yearOptions, type FrequencyKey } from './record-detail';
import { RELATIONS, relationKeyOf, type PickType, type RelationKey } from './records';
import styles from './family.module.css';

interface Props {
  type: PickType;
  /** The record being edited; kept while the popup closes. */
  record: HealthRecord | null;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
  birthDate?: string | null;
}

/** The bottom sheet that edits one record's details (editRecord): year, status, dose, reaction … */
export function RecordDetailPopup({ type, record, open, onClose, afterClose, birthDate }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popup visible={open && record !== null} onMaskClick={onClose} onClose={onClose} afterClose={afterClose} bodyClassName={styles.sheet} destroyOnClose>
      {record ? (
        <div className={styles.sheetInner} data-testid="record-detail-popup" role="dialog" aria-modal="true" aria-labelledby={titleId}>
          <header className={styles.sheetHead}>
            <div>
              <h2 className={styles.sheetTitle} id={titleId}>
                {record.name}
              </h2>
              <p className={styles.sheetDesc}>{t('family.detail.desc', { name: record.name })}</p>
            </div>
            <button type="button" className="icon-btn" aria-label={t('family.roles.close')} onClick={onClose}>
              <CloseOutline aria-hidden />
            </button>
          </header>
          <DetailForm key={record.id} type={type} record={record} onSaved={onClose} birthDate={birthDate ?? null} />
        </div>
      ) : null}
    </Popup>
  );
}

interface Draft {
  year: number | null;
  status: 'ongoing' | 'cured' | null;
  relation: string | null;
  dose: string;
  unit: string | null;
  frequency: string | null;
  allergenType: RecordDetailFields['allergenType'];
  reaction: string;
}

const draftOf = (d: RecordDetailFields): Draft => ({
  year: d.date ? Number(d.date.slice(0, 4)) || null : null,
  status: d.status ?? null,
  relation: d.relation ?? null,
  dose: d.dose !== null && d.dose !== undefined ? formatDose(d.dose) : '',
  unit: d.unit ?? null,
  frequency: d.frequency ?? null,
  allergenType: d.allergenType ?? null,
  reaction: d.reaction ?? '',
});

function DetailForm({ type, record, onSaved, birthDate }: { type: PickType; record: HealthRecord; onSaved: () => void; birthDate: string | null }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(record.detail));
  const [saving, setSaving] = useState(false);
  const [picker, setPicker] = useState<'year' | 'unit' | null>(null);
  const [now] = useState(() => new Date());
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const doseId = useId();
  const reactionId = useId();

  const hasYear = type === 'disease' || type === 'familyHistory' || type === 'surgery';
  const hasStatus = type === 'disease' || type === 'familyHistory';
  const years = yearOptions(now, birthDate);
  const unit = unitOption(draft.unit);

  async function save() {
    const detail: RecordDetailFields = {};
    if (hasYear) {
      // Keep a fuller stored date when the year has not changed.
      const old = record.detail.date ?? null;
      detail.date = draft.year === null ? null : old && old.startsWith(String(draft.year)) ? old : String(draft.year);
    }
    if (hasStatus) detail.status = draft.status;
    if (type === 'familyHistory') detail.relation = draft.relation;
    if (type === 'medicine') {
      const dose = draft.dose.trim() ? parseDose(draft.dose) : null;
      if (draft.dose.trim() && dose === null) return toast(t('family.detail.doseInvalid'));
      detail.dose = dose;
      detail.unit = draft.unit;
      detail.frequency = draft.frequency;
    }
    if (type === 'allergy') {
      detail.allergenType = draft.allergenType;
      detail.reaction = draft.reaction.trim().slice(0, 100) || null;
    }
    setSaving(true);
    try {
      await editRecordDetail(record.id, detail);
      toast(t('family.detail.saved'), 'success');
      onSaved();
    } catch {
      // Shown by the request layer.
    } finally {
      setSaving(false);
    }
  }

  const sheetTexts = (title: string) => ({
    title,
    confirmText: <span data-testid="picker-confirm">{t('family.form.confirm')}</span>,
    cancelText: t('family.form.cancel'),
  });

  return (
    <div className={styles.detailForm}>
      {type === 'familyHistory' ? (
        <div className={cx('form-card', styles.formCardPad)}>
          <ChoiceGroup
            label={t('family.record.relation')}
            options={RELATIONS.map((r) => ({ value: r.key, label: t(`family.record.relations.${r.key}`) }))}
            value={relationKeyOf(draft.relation)}
            onChange={(k: RelationKey) => set({ relation: RELATIONS.find((r) => r.key === k)?.value ?? null })}
            testId="detail-relation"
          />
        </div>
      ) : null}

      {type === 'medicine' ? (
        <>
          <div className={cx('form-card', styles.formCardRows)}>
            <label className={cx(styles.pickRow, styles.pickRowStatic, styles.detailDose)} htmlFor={doseId}>
              <span className={styles.pickRowLabel}>{t('family.detail.dose')}</span>
              <input
                id={doseId}
                className={cx(styles.detailInput, styles.detailInputNum)}
                type="text"
                inputMode="decimal"
                value={draft.dose}
                placeholder={t('family.detail.dosePlaceholder')}
                onChange={(e) => set({ dose: e.target.value.replace(/[^\d.]/g, '').slice(0, 10) })}
                data-testid="detail-dose"
              />
            </label>
            <PickRow label={t('family.detail.unitLabel')} value={unit ? t(`family.detail.unit.${unit.key}`) : draft.unit} onOpen={() => setPicker('unit')} testId="detail-unit" />
          </div>
          <div className={cx('form-card', styles.formCardPad)}>
            <ChoiceGroup
              label={t('family.detail.frequencyLabel')}
              options={FREQUENCIES.map((f) => ({ value: f.key, label: t(`family.detail.frequency.${f.key}`) }))}
              value={frequencyKeyOf(draft.frequency)}
              onChange={(k: FrequencyKey) => set({ frequency: FREQUENCIES.find((f) => f.key === k)?.value ?? null })}
              testId="detail-frequency"
            />
          </div>
          <Picker
            {...sheetTexts(t('family.detail.unitLabel'))}
            visible={picker === 'unit'}
            onClose={() => setPicker(null)}
            columns={[DOSE_UNIT_OPTIONS.map((u) => ({ label: t(`family.detail.unit.${u.key}`), value: u.value }))]}
            value={[draft.unit ?? 'mg']}
            onConfirm={(v) => {
              if (typeof v[0] === 'string') set({ unit: v[0] });
            }}
          />
        </>
      ) : null}

      {type === 'allergy' ? (
        <div className={cx('form-card', styles.formCardPad)}>
          <ChoiceGroup
            label={t('family.record.allergenType')}
            options={ALLERGEN_TYPES.map((a) => ({ value: a, label: t(`family.record.allergen.${a}`) }))}
            value={draft.allergenType ?? null}
            onChange={(a) => set({ allergenType: a })}
            testId="detail-allergen-type"
          />
          <ChoiceField label={t('family.detail.reactionLabel')} htmlFor={reactionId} className={styles.detailReaction}>
            <input
              id={reactionId}
              className={styles.detailInput}
              type="text"
              value={draft.reaction}
              maxLength={100}
              placeholder={t('family.detail.reactionPlaceholder')}
              onChange={(e) => set({ reaction: e.target.value })}
              data-testid="detail-reaction"
            />
            <div className={styles.chips}>
              {REACTIONS.map((r) => {
                const on = reactionKeyOf(draft.reaction) === r.key;
                return (
                  <button key={r.key} type="button" className={cx(styles.chip, on && 'is-on')} aria-pressed={on} onClick={() => set({ reaction: on ? '' : r.value })} data-testid={`detail-reaction-${r.key}`}>
                    {t(`family.detail.reaction.${r.key}`)}
                  </button>
                );
              })}
            </div>
          </ChoiceField>
        </div>
      ) : null}

      {hasYear || hasStatus ? (
        <>
          {hasYear ? (
            <div className={cx('form-card', styles.formCardRows)}>
              <PickRow
                label={t(type === 'surgery' ? 'family.detail.surgeryYear' : 'family.detail.diagnosedYear')}
                value={draft.year === null ? null : t('family.detail.year', { y: draft.year })}
                onOpen={() => setPicker('year')}
                testId="detail-year"
              />
            </div>
          ) : null}
          {hasStatus ? (
            <div className={cx('form-card', styles.formCardPad)}>
              <ChoiceGroup
                label={t('family.detail.statusLabel')}
                options={(['ongoing', 'cured'] as const).map((s) => ({ value: s, label: t(`family.detail.status.${s}`) }))}
                value={draft.status}
                onChange={(s) => set({ status: s })}
                testId="detail-status"
              />
            </div>
          ) : null}
          <Picker
            {...sheetTexts(t(type === 'surgery' ? 'family.detail.surgeryYear' : 'family.detail.diagnosedYear'))}
            visible={picker === 'year'}
            onClose={() => setPicker(null)}
            columns={[years.map((y) => ({ label: t('family.detail.year', { y }), value: y }))]}
            value={[draft.year ?? now.getFullYear()]}
            onConfirm={(v) => {
              if (typeof v[0] === 'number') set({ year: v[0] });
            }}
          />
        </>
      ) : null}

      <button type="button" className={cx('btn', styles.detailFormSave)} disabled={saving} onClick={() => void save()} data-testid="record-detail-save">
        {t('family.detail.save')}
      </button>
    </div>
  );
}
