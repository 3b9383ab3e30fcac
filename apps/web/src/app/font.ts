import { FONT_LEVELS, LIMITS, fontSizeOf, type FontLevel } from '@chatdr/contract';
import { KEYS, localStore } from '../platform/storage';

export const isFontLevel = (v: unknown): v is FontLevel => FONT_LEVELS.includes(v as FontLevel);

/** CSS values for a level: base 17 px at M, ±2 px per level (contract's fontSizeOf). */
export function fontCssOf(level: FontLevel): { size: string; scale: string } {
  const px = fontSizeOf(level);
  return { size: `${px}px`, scale: (px / LIMITS.fontBaseSize).toFixed(4) };
}

/** Applies a level app-wide: our text uses rem (html font-size), antd-mobile's sizes scale by --app-font-scale. */
export function applyFontLevel(level: FontLevel): void {
  const { size, scale } = fontCssOf(level);
  const root = document.documentElement;
  root.style.setProperty('--app-font-size', size);
  root.style.setProperty('--app-font-scale', scale);
  root.dataset.font = level;
}

/** Remembers the account's level on this device so the next start has no flash of the wrong size. */
export function saveFontLevel(level: FontLevel): void {
  localStore().setItem(KEYS.font, level);
  applyFontLevel(level);
}

export function bootFont(): void {
  const saved = localStore().getItem(KEYS.font);
  applyFontLevel(isFontLevel(saved) ? saved : 'M');
}
