import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, Picker } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { LIMITS, todayIso } from '@chatdr/contract';
import { cx } from '../../ui/cx';
import '../../i18n/family';
import styles from './family.module.css';
import { HEIGHT_OPTIONS, WEIGHT_INTS, dateOf, formatWeight, isoOf, weightFromParts, weightParts, weightTenths } from './member-form';

interface RowProps {
  label: string;
  /** What is chosen, or null: the row then says 请选择. */
  value: ReactNode | null;
  onOpen: () => void;
  testId?: string;
  disabled?: boolean;
}

/** A form row that opens a picker: label on the left, the value (or 请选择) on the right. */
export function PickRow({ label, value, onOpen, testId, disabled }: RowProps) {
  const { t } = useTranslation();
  const empty = value === null || value === '';
  return (
    <button type="button" className={styles.pickRow} onClick={onOpen} disabled={disabled} aria-haspopup="dialog" data-testid={testId} data-empty={empty || undefined}>
      <span className={styles.pickRowLabel}>{label}</span>
      {/* pick-row__value: the name e2e/family reads the value by (no styles attached). */}
      <span className={cx(styles.pickRowValue, 'pick-row__value', empty && 'is-empty')}>{empty ? t('family.form.pleaseChoose') : value}</span>
      <RightOutline className={styles.pickRowArrow} aria-hidden />
    </button>
  );
}

function useSheetTexts(title: string) {
  const { t } = useTranslation();
  return {
    title,
    confirmText: <span data-testid="picker-confirm">{t('family.form.confirm')}</span>,
    cancelText: t('family.form.cancel'),
  };
}

interface FieldProps<T> {
  value: T | null;
  onChange: (v: T) => void;
  testId?: string;
  label?: string;
}

/** 出生日期: 1900-01-01 … today; the wheel starts on 1990-01-01 while nothing is chosen. */
export function BirthDateField({ value, onChange, testId, label, min = LIMITS.birthDateMin, initial = LIMITS.birthDateDefault }: FieldProps<string> & { min?: string; initial?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = label ?? t('family.form.birthDate');
  const texts = useSheetTexts(title);
  const today = todayIso();
  const start = value ?? (initial > today ? today : initial);
  return (
    <>
      <PickRow label={title} value={value} onOpen={() => setOpen(true)} testId={testId} />
      <DatePicker
        {...texts}
        visible={open}
        onClose={() => setOpen(false)}
        min={dateOf(min)}
        max={dateOf(today)}
        value={dateOf(start)}
        precision="day"
        renderLabel={(type, n) => (type === 'year' ? t('family.form.year', { v: n }) : type === 'month' ? t('family.form.month', { v: n }) : type === 'day' ? t('family.form.day', { v: n }) : String(n))}
        onConfirm={(d) => onChange(isoOf(d))}
      />
    </>
  );
}

const HEIGHT_COLUMNS = [HEIGHT_OPTIONS.map((h) => ({ label: String(h), value: h })), [{ label: 'cm', value: 'cm' }]];

/** 身高: 20–275 cm in whole centimetres; the wheel starts on 170. */
export function HeightField({ value, onChange, testId, label }: FieldProps<number>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = label ?? t('family.form.height');
  const texts = useSheetTexts(title);
  return (
    <>
      <PickRow label={title} value={value === null ? null : t('family.cm', { v: value })} onOpen={() => setOpen(true)} testId={testId} />
      <Picker
        {...texts}
        visible={open}
        onClose={() => setOpen(false)}
        columns={HEIGHT_COLUMNS}
        value={[value ?? LIMITS.heightDefaultCm, 'cm']}
        onConfirm={(v) => {
          if (typeof v[0] === 'number') onChange(v[0]);
        }}
      />
    </>
  );
}

const WEIGHT_WHOLE = WEIGHT_INTS.map((w) => ({ label: String(w), value: w }));

/** 体重: 0.2–750 kg in steps of 0.1 (whole kilograms and tenths); the wheel starts on 60.0. */
export function WeightField({ value, onChange, testId, label }: FieldProps<number>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const title = label ?? t('family.form.weight');
  const texts = useSheetTexts(title);
  const [whole, tenth] = weightParts(value ?? LIMITS.weightDefaultKg);
  return (
    <>
      <PickRow label={title} value={value === null ? null : t('family.kg', { v: formatWeight(value) })} onOpen={() => setOpen(true)} testId={testId} />
      <Picker
        {...texts}
        visible={open}
        onClose={() => setOpen(false)}
        columns={(v) => {
          const w = typeof v[0] === 'number' ? v[0] : whole;
          return [WEIGHT_WHOLE, weightTenths(w).map((d) => ({ label: `.${d}`, value: d })), [{ label: 'kg', value: 'kg' }]];
        }}
        value={[whole, tenth, 'kg']}
        onConfirm={(v) => {
          if (typeof v[0] === 'number') onChange(weightFromParts(v[0], typeof v[1] === 'number' ? v[1] : 0));
        }}
      />
    </>
  );
}
