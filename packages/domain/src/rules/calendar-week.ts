/**
 * Calendar weeks (KW) as order processing plans them: ISO 8601 weeks, written 'YYYY-Www', of the
 * company's calendar day (Europe/Berlin; callers pass that day as YYYY-MM-DD).
 */
import dayjs from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(isoWeek);

const pad = (n: number) => String(n).padStart(2, '0');

/** '2026-12-31' → '2026-W53'; '2027-01-01' → '2026-W53' (the ISO week-year, not the calendar year). */
export function weekOf(day: string): string {
  const d = dayjs.utc(day);
  return `${d.isoWeekYear()}-W${pad(d.isoWeek())}`;
}

/** The calendar day `n` days after (or before, negative) `day`, both YYYY-MM-DD. */
export const addDays = (day: string, n: number) => dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');

/** The Monday of a week 'YYYY-Www' as YYYY-MM-DD. */
export function mondayOf(week: string): string {
  const [year, w] = week.split('-W').map(Number) as [number, number];
  // 4 January is always in week 1.
  const firstMonday = dayjs.utc(`${year}-01-04`).isoWeekday(1);
  return firstMonday.add((w - 1) * 7, 'day').format('YYYY-MM-DD');
}

/** The week `n` weeks after (or before, negative) the given one. */
export const addWeeks = (week: string, n: number) =>
  weekOf(
    dayjs
      .utc(mondayOf(week))
      .add(n * 7, 'day')
      .format('YYYY-MM-DD'),
  );

/** Negative when a is before b, 0 when equal (weeks of the same format compare as text). */
export const compareWeeks = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The order in which a week filter offers weeks (decision 053): the current week first, always, with or
 * without orders; then the later weeks, the soonest first; then the earlier ones, the latest first. The
 * office looks ahead: this week's and next week's orders are what it opens the list for, and last month's
 * are looked up now and then. Each week once.
 */
export function weekFilterOrder(weeks: readonly string[], current: string): { upcoming: string[]; earlier: string[] } {
  const all = [...new Set([current, ...weeks])].sort(compareWeeks);
  return {
    upcoming: all.filter((w) => compareWeeks(w, current) >= 0),
    earlier: all.filter((w) => compareWeeks(w, current) < 0).reverse(),
  };
}
