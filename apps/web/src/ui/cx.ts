/** Joins class names, skipping falsy ones. */
export const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

/** A CSS Module modifier class by key: modifier(styles, 'bmiBadge', 'over') → styles.bmiBadgeOver, 'high-normal' → …HighNormal (undefined when none). */
export const modifier = (styles: Readonly<Record<string, string>>, base: string, key: string | null | undefined): string | undefined =>
  key ? styles[base + key.split(/[-_]+/u).map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('')] : undefined;
