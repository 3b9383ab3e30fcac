import type { ElementType, ReactNode } from 'react';
import { cx } from './cx';
import styles from './Card.module.css';

interface CardProps {
  children: ReactNode;
  /** padded: 16 px all round; form: rows of fields (4 px × 16 px); flush: no padding, clipped (lists). */
  pad?: 'padded' | 'form' | 'flush';
  as?: ElementType;
  className?: string;
  testId?: string;
  'aria-label'?: string;
}

/** A white rounded surface with the card shadow. */
export function Card({ children, pad = 'padded', as: Tag = 'div', className, testId, ...aria }: CardProps) {
  return (
    <Tag className={cx(styles.card, styles[pad], className)} data-testid={testId} {...aria}>
      {children}
    </Tag>
  );
}
