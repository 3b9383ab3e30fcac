import type { ReactNode } from 'react';
import { cx } from './cx';
import styles from './StatusTag.module.css';

export type StatusTone = 'ok' | 'warn' | 'danger' | 'muted';

/** A short status word on a tinted pill (正常 / 偏高 / 已过期 …). The tone is never the only signal: the word says it. */
export function StatusTag({ children, tone = 'ok', className, testId }: { children: ReactNode; tone?: StatusTone; className?: string; testId?: string }) {
  return (
    <span className={cx(styles.tag, tone !== 'ok' && styles[tone], className)} data-tone={tone} data-testid={testId}>
      {children}
    </span>
  );
}
