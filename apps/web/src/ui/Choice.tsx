import type { ReactNode } from 'react';
import { cx } from './cx';
import './choice.css';

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
}

/** A single choice shown as pills (radio semantics). Each option gets `<testId>-<value>`. */
export function ChoiceGroup<T extends string>({ label, options, value, onChange, disabled, onDisabledTap, testId, className, hideLabel }: ChoiceGroupProps<T>) {
  return (
    <div className={cx('choice', className)} role="radiogroup" aria-label={label} aria-disabled={disabled || undefined} data-testid={testId}>
      {hideLabel ? null : (
        <span className="choice__label" aria-hidden>
          {label}
        </span>
      )}
      <div className="choice__options">
        {options.map((o) => {
          const on = o.value === value;
          return (
            <button
              key={o.value}
              type="button"
              role="radio"
              aria-checked={on}
              className={cx('choice__pill', on && 'is-on', disabled && 'is-locked')}
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
    <div className="stepper-row" data-testid={testId}>
      <span className="stepper-row__label">{label}</span>
      <div className="stepper">
        <button type="button" className="stepper__btn" aria-label={`${lessLabel} ${label}`} disabled={value !== null && value <= min} onClick={() => set(value === null ? start : value - 1)}>
          −
        </button>
        <output className={cx('stepper__value', value === null && 'is-empty')} aria-live="polite">
          {value === null ? placeholder : format(value)}
        </output>
        <button type="button" className="stepper__btn" aria-label={`${moreLabel} ${label}`} disabled={value !== null && value >= max} onClick={() => set(value === null ? start : value + 1)}>
          +
        </button>
      </div>
    </div>
  );
}
