import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'danger-secondary';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  children: ReactNode;
  /** primary: filled (one per screen); secondary: outlined; danger: a destructive confirmation; danger-secondary: a quiet destructive action (退出登录). */
  variant?: ButtonVariant;
  small?: boolean;
  /** Busy: disabled, with a spinner and aria-busy. */
  loading?: boolean;
  type?: 'button' | 'submit';
  testId?: string;
  ref?: Ref<HTMLButtonElement>;
};

/** The app's button (after Excalidraw's Button.tsx + Button.scss: one component, its styles beside it). */
export function Button({ children, variant = 'primary', small, loading, disabled, type = 'button', testId, className, ref, ...rest }: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(styles.button, variant !== 'primary' && styles[variant], small && styles.small, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-testid={testId}
      {...rest}
    >
      {loading ? <span className={styles.spinner} aria-hidden /> : null}
      {children}
    </button>
  );
}
