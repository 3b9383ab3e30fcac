import { isStrongPassword, phone as phoneSchema, smsCode } from '@chatdr/contract';

/** Client-side checks use contract's own schemas, so they never disagree with the server. */
export const isPhone = (v: string) => phoneSchema.safeParse(v).success;
export const isSmsCode = (v: string) => smsCode.safeParse(v).success;
export { isStrongPassword };

/** 13800000000 → 138****0000 (what the screens show of a phone number). */
export function maskPhone(v: string): string {
  return /^\d{11}$/.test(v) ? `${v.slice(0, 3)}****${v.slice(7)}` : v;
}

/** Whether a full number is the one behind a masked number like 138****0000. */
export function matchesMasked(full: string, masked: string): boolean {
  const m = /^(\d{3})\*{4}(\d{4})$/.exec(masked.trim());
  if (!m || !/^\d{11}$/.test(full)) return false;
  return full.startsWith(m[1] ?? '') && full.endsWith(m[2] ?? '');
}
