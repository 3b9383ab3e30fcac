import { REMIND_STATUS, type RemindRecord } from '@chatdr/contract/remind/schemas';

/** Local 'YYYY-MM-DD' of today in the browser's zone. */
export function todayIso(now: Date = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

/** The next whole minute from now, 'HH:mm' (a new reminder's default time). */
export function nextMinute(now: Date = new Date()): string {
  const d = new Date(now.getTime() + 60_000);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

export type DoseState = 'pending' | 'taken' | 'skipped' | 'missed';
export const doseState = (r: Pick<RemindRecord, 'status'>): DoseState =>
  r.status === REMIND_STATUS.taken ? 'taken' : r.status === REMIND_STATUS.skipped ? 'skipped' : r.status === REMIND_STATUS.missed ? 'missed' : 'pending';

/** Days from today to a date (negative: past). */
export const daysUntil = (date: string, today: string): number => Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);

/** The time of an ISO instant in the browser's zone, 'MM-DD HH:mm' or 'HH:mm' today. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, '0');
  const hm = `${p(d.getHours())}:${p(d.getMinutes())}`;
  return d.toDateString() === now.toDateString() ? hm : `${p(d.getMonth() + 1)}-${p(d.getDate())} ${hm}`;
}
