import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import styles from './Section.module.css';

interface SectionProps {
  title?: ReactNode;
  /** Beside the title (a count, a link). */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}

/** A titled group of content; the heading names the region for assistive tech. */
export function Section({ title, extra, children, className, testId }: SectionProps) {
  const id = useId();
  return (
    <section className={cx(styles.section, className)} aria-labelledby={title ? id : undefined} data-testid={testId}>
      {title || extra ? (
        <div className={styles.head}>
          {title ? (
            <h2 id={id} className={styles.title}>
              {title}
            </h2>
          ) : (
            <span />
          )}
          {extra ? <span className={styles.extra}>{extra}</span> : null}
        </div>
      ) : null}
      {children}
    </section>
  );
}
