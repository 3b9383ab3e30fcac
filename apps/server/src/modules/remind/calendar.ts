/**
 * Dose times in a member's time zone: pure functions over 'YYYY-MM-DD' dates, 'HH:mm' times and
 * IANA zone names (Intl; no fixed offsets, so daylight-saving zones are right on both sides).
 */

export interface Cycle {
  times: readonly string[];
  cycleType: string;
  weekdays: readonly number[] | null;
  intervalDays: number | null;
  startDate: string;
  endDate: string | null;
  timeZone: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall-clock fields of an instant in a zone. */
export function localParts(at: Date, tz: string): { date: string; time: string; ms: number } {
  const p: Record<string, string> = {};
  for (const part of formatter(tz).formatToParts(at)) p[part.type] = part.value;
  const date = `${p.year}-${p.month}-${p.day}`;
  const time = `${p.hour}:${p.minute}`;
  const ms = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return { date, time, ms };
}

/** The local date of an instant in a zone. */
export const localDate = (at: Date, tz: string): string => localParts(at, tz).date;

/** The instant a local date and time happen in a zone (a time skipped by a DST jump moves forward). */
export function zonedTime(date: string, time: string, tz: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // offset = local wall clock − UTC at the guess; two rounds settle a DST edge.
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const offset = localParts(new Date(guess), tz).ms - Math.floor(guess / 1000) * 1000;
    guess = wall - offset;
  }
  return new Date(guess);
}

const dayMs = 86_400_000;
const dayNumber = (date: string): number => Math.floor(Date.parse(`${date}T00:00:00Z`) / dayMs);
export const addDays = (date: string, n: number): string => new Date((dayNumber(date) + n) * dayMs).toISOString().slice(0, 10);
/** 1 Monday … 7 Sunday. */
export const isoWeekday = (date: string): number => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** Whether the cycle has doses on a local date. */
export function dosesOn(c: Cycle, date: string): boolean {
  if (date < c.startDate) return false;
  if (c.endDate && date > c.endDate) return false;
  if (c.cycleType === 'weekly') return (c.weekdays ?? []).includes(isoWeekday(date));
  if (c.cycleType === 'interval') return daysBetween(c.startDate, date) % Math.max(1, c.intervalDays ?? 1) === 0;
  return true;
}

/** The doses of a local date, in time order. */
export function occurrencesOn(c: Cycle, date: string): Array<{ date: string; time: string; at: Date }> {
  if (!dosesOn(c, date)) return [];
  return [...c.times].sort().map((time) => ({ date, time, at: zonedTime(date, time, c.timeZone) }));
}

/** The first dose strictly after `after`, or null once the plan has ended (looks 400 days ahead). */
export function nextOccurrence(c: Cycle, after: Date): { date: string; time: string; at: Date } | null {
  let date = localDate(after, c.timeZone);
  if (date < c.startDate) date = c.startDate;
  // The day before too: a zone behind UTC may still be on the previous local day's late doses.
  date = addDays(date, -1);
  for (let i = 0; i < 400; i++, date = addDays(date, 1)) {
    if (c.endDate && date > c.endDate) return null;
    for (const o of occurrencesOn(c, date)) if (o.at.getTime() > after.getTime()) return o;
  }
  return null;
}
