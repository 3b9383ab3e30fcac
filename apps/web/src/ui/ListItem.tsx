import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { Card } from './Card';
import { cx } from './cx';
import { Section } from './Section';
import styles from './ListItem.module.css';

export interface ListItemProps {
  title: ReactNode;
  desc?: ReactNode;
  extra?: ReactNode;
  icon?: ReactNode;
  to?: string;
  onClick?: () => void;
  arrow?: boolean;
  danger?: boolean;
  testId?: string;
  className?: string;
  /** A row that is one option of a choice (role="radio"; the list carries role="radiogroup"). */
  checked?: boolean;
  lang?: string;
}

/** A list row: a link, a button or plain content, with an optional chevron. */
export function ListItem({ title, desc, extra, icon, to, onClick, arrow = Boolean(to || onClick), danger, testId, className, checked, lang }: ListItemProps) {
  const body = (
    <>
      {icon ? (
        <span className={styles.icon} aria-hidden>
          {icon}
        </span>
      ) : null}
      <span className={styles.main}>
        <span className={styles.title} lang={lang}>
          {title}
        </span>
        {desc ? <span className={styles.desc}>{desc}</span> : null}
      </span>
      {extra !== undefined && extra !== null ? <span className={styles.extra}>{extra}</span> : null}
      {arrow ? <RightOutline className={styles.arrow} aria-hidden /> : null}
    </>
  );
  const cls = cx(styles.item, danger && styles.danger, (to || onClick) && styles.link, className);
  if (to)
    return (
      <Link className={cls} to={to} data-testid={testId}>
        {body}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={cls} onClick={onClick} data-testid={testId} role={checked === undefined ? undefined : 'radio'} aria-checked={checked}>
        {body}
      </button>
    );
  return (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

/** A titled card of list rows. */
export function List({ title, children, testId }: { title?: string; children: ReactNode; testId?: string }) {
  return (
    <Section title={title} testId={testId}>
      <Card pad="flush">{children}</Card>
    </Section>
  );
}
