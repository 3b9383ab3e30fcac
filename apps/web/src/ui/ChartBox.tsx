import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './ChartBox.module.css';

interface ChartBoxProps {
  /** What the chart shows, read out instead of the drawing (role="img"). */
  label: string;
  height?: number;
  /** Shown instead of the chart when there is nothing to draw. */
  empty?: ReactNode;
  children?: ReactNode;
  className?: string;
  testId?: string;
}

/** The fixed-height frame a chart is drawn into, named for assistive tech; an empty message when there is no data. */
export function ChartBox({ label, height = 220, empty, children, className, testId }: ChartBoxProps) {
  if (empty)
    return (
      <div className={cx(styles.box, styles.empty, className)} style={{ height }} data-testid={testId}>
        {empty}
      </div>
    );
  return (
    <div className={cx(styles.box, className)} style={{ height }} role="img" aria-label={label} data-testid={testId}>
      {children}
    </div>
  );
}
