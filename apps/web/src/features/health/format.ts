/** Dates of readings are shown in China time (the server's day and morning/evening are China time too). */
const TZ = 'Asia/Shanghai';
const parts = (ms: number) => {
  const f = new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return { y: p.year ?? '', mo: p.month ?? '', d: p.day ?? '', h: p.hour ?? '', mi: p.minute ?? '' };
};

/** 2026-01-09 07:30 */
export function fmtDateTime(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d} ${p.h}:${p.mi}`;
}
/** 01-09 07:30 */
export function fmtShort(ms: number): string {
  const p = parts(ms);
  return `${p.mo}-${p.d} ${p.h}:${p.mi}`;
}
/** 2026-01-09 */
export function fmtDate(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}`;
}
/** The value of a datetime-local input (China time) for a time, and back. */
export function toLocalInput(ms: number): string {
  const p = parts(ms);
  return `${p.y}-${p.mo}-${p.d}T${p.h}:${p.mi}`;
}
export function fromLocalInput(v: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(v);
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]) - 8, Number(m[5]));
  return Number.isFinite(t) ? t : null;
}
/** Up to 3 decimals, no trailing zeros. */
export const fmtNum = (n: number): string => String(Math.round(n * 1000) / 1000);

/** The tone of a classification level / flag for tags and chart points. */
export function bpTone(level: number): 'ok' | 'warn' | 'danger' {
  return level >= 3 ? 'danger' : level >= 1 ? 'warn' : 'ok';
}
export function flagTone(flag: string): 'ok' | 'warn' | 'danger' | 'muted' {
  if (flag === 'critical-high' || flag === 'critical-low') return 'danger';
  if (flag === 'high' || flag === 'low' || flag === 'positive') return 'warn';
  return flag === 'normal' ? 'ok' : 'muted';
}
