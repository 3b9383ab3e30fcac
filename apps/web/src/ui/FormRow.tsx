import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './FormRow.module.css';

interface FormRowProps {
  label: string;
  /** The control; it receives the id the label points at. */
  children: (id: string) => ReactNode;
  /** A validation message under the control (announced). */
  error?: string | null;
  hint?: ReactNode;
  className?: string;
  testId?: string;
}

/** One labelled row of a form card for any control (picker, stepper, select); text inputs use Field.tsx. */
export function FormRow({ label, children, error, hint, className, testId }: FormRowProps) {
  const id = useId();
  const errId = `${id}-err`;
  return (
    <div className={cx(styles.row, className)} data-testid={testId} aria-describedby={error ? errId : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>{children(id)}</div>
      {hint ? <div className={styles.count}>{hint}</div> : null}
      {error ? (
        <p id={errId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
