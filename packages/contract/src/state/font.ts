import { LIMITS } from '../constants.ts';
import { FONT_LEVELS, type FontLevel } from '../enums.ts';

/** Step in px between two font levels. */
export const FONT_STEP_PX = 2;

/** Base font size of a level: M is the base 17 px, each level up or down adds or removes 2 px. */
export function fontSizeOf(level: FontLevel): number {
  return LIMITS.fontBaseSize + (FONT_LEVELS.indexOf(level) - FONT_LEVELS.indexOf('M')) * FONT_STEP_PX;
}

/** Any setting other than M shows the font-setting popup flag (account-health §4). */
export const showsFontPopupFlag = (level: FontLevel) => level !== 'M';
