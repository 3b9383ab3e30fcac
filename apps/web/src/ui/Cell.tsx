import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { RightOutline } from 'antd-mobile-icons';
import { cx } from './cx';

interface CellProps {
  title: ReactNode;
  desc?: ReactNode;
  extra?: ReactNode;
  icon?: ReactNode;
  to?: string;
  onClick?: () => void;
  arrow?: boolean;
  danger?: boolean;
  testId?: string;
}

/** A list row: a link, a button or plain content, with an optional chevron. */
export function Cell({ title, desc, extra, icon, to, onClick, arrow = Boolean(to || onClick), danger, testId }: CellProps) {
  const body = (
    <>
      {icon ? (
        <span className="cell__icon" aria-hidden>
          {icon}
        </span>
      ) : null}
      <span className="cell__main">
        <span className="cell__title">{title}</span>
        {desc ? <span className="cell__desc">{desc}</span> : null}
      </span>
      {extra !== undefined ? <span className="cell__extra">{extra}</span> : null}
      {arrow ? <RightOutline className="cell__arrow" aria-hidden /> : null}
    </>
  );
  const cls = cx('cell', danger && 'cell--danger', (to || onClick) && 'cell--link');
  if (to)
    return (
      <Link className={cls} to={to} data-testid={testId}>
        {body}
      </Link>
    );
  if (onClick)
    return (
      <button type="button" className={cls} onClick={onClick} data-testid={testId}>
        {body}
      </button>
    );
  return (
    <div className={cls} data-testid={testId}>
      {body}
    </div>
  );
}

export function CellGroup({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <section className="cell-group">
      {title ? <h2 className="cell-group__title">{title}</h2> : null}
      <div className="cell-group__body">{children}</div>
    </section>
  );
}
