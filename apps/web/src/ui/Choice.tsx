import type { ReactNode } from 'react';
import { cx, modifier } from './cx';
import styles from './choice.module.css';

interface ChoiceGroupProps<T extends string> {
  label: string;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  value: T | null;
  onChange: (v: T) => void;
  /** Options look chosen but cannot be changed (e.g. a sex fixed by the role). */
  disabled?: boolean;
  /** Called instead of onChange while disabled (explain why). */
  onDisabledTap?: () => void;
  testId?: string;
  className?: string;
  hideLabel?: boolean;
  /** inline: label and pills on one line; compact: smaller pills, no padding; even: pills in equal columns. */
  layout?: 'inline' | 'compact' | 'even';
}

/** A single choice shown as pills (radio semantics). Each option gets `<testId>-<value>`. */
export function ChoiceGroup<T extends string>({ label, options, value, onChange, disabled, onDisabledTap, testId, className, hideLabel, layout }: ChoiceGroupProps<T>) {
  return (
    <div className={cx(styles.choice, modifier(styles, 'choice', layout), className)} role="radiogroup" aria-label={label} aria-disabled={disabled || undefined} data-testid={testId}>
      {hideLabel ? null : (
        <span className={styles.choiceLabel} aria-hidden>
          {label}
        </span>
      )}
      <div className={styles.choiceOptions}>
        {options.map((o) => {
          const on = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={on}
              className={cx(styles.choicePill, on && styles.isOn, disabled && styles.isLocked)}
              onClick={() => (disabled ? onDisabledTap?.() : onChange(o.value))}
              data-testid={testId ? `${testId}-${o.value}` : undefined}
            >
              {o.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** A labelled block that lines up with the choice groups around it (label over free content, e.g. a text input). */
export function ChoiceField({ label, htmlFor, className, children }: { label: ReactNode; htmlFor: string; className?: string; children: ReactNode }) {
  return (
    <div className={cx(styles.choice, className)}>
      <label className={styles.choiceLabel} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
    </div>
  );
}

interface StepperProps {
  label: string;
  value: number | null;
  min: number;
  max: number;
  /** Where the first tap starts when nothing is set. */
  start: number;
  format: (n: number) => string;
  onChange: (n: number) => void;
  lessLabel: string;
  moreLabel: string;
  placeholder: string;
  testId?: string;
}

/** A small − value + control for whole numbers. */
export function Stepper({ label, value, min, max, start, format, onChange, lessLabel, moreLabel, placeholder, testId }: StepperProps) {
  const set = (n: number) => onChange(Math.min(max, Math.max(min, n)));
  return (
    <div className={styles.stepperRow} data-testid={testId}>
      <span className={styles.stepperRowLabel}>{label}</span>
      <div className={styles.stepper}>
        <button type="button" className={styles.stepperBtn} aria-label={`${lessLabel} ${label}`} disabled={value !== null && value <= min} onClick={() => set(value === null ? start : value - 1)}>
          −
        </button>
        <output className={cx(styles.stepperValue, value === null && styles.isEmpty)} aria-live="polite">
          {value === null ? placeholder : format(value)}
        </output>
        <button type="button" className={styles.stepperBtn} aria-label={`${moreLabel} ${label}`} disabled={value !== null && value >= max} onClick={() => set(value === null ? start : value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
