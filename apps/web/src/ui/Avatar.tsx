import type { Sex } from '@chatdr/contract';
import { cx } from './cx';
import styles from './Avatar.module.css';

/** A member's avatar: the photo when there is one, else the first character on a colour by sex. */
export function Avatar({ name, sex, src, size = 48, className }: { name: string; sex?: Sex | null; src?: string | null; size?: number; className?: string }) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (src) return <img className={cx(styles.avatar, className)} src={src} alt="" style={style} />;
  return (
    <span className={cx(styles.avatar, sex === 'F' ? styles.f : sex === 'M' ? styles.m : styles.n, className)} style={style} aria-hidden>
      {Array.from(name.trim())[0] ?? '·'}
    </span>
  );
}
