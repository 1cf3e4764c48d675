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

const DAY_MS = 86_400_000;
/** Midnight UTC of a YYYY-MM-DD day in milliseconds (NaN for anything else). */
const utcMs = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);

/**
 * The calendar day `n` days after (or before, negative) `day`, both YYYY-MM-DD. Plain UTC arithmetic (a UTC
 * day has no daylight-saving hour): planning calls it thousands of times a request (a levelling, a proposal's
 * horizon), where dayjs cost twenty times as much. Anything but a YYYY-MM-DD day goes through dayjs as before.
 */
export function addDays(day: string, n: number): string {
  const ms = utcMs(day);
  if (Number.isNaN(ms)) return dayjs.utc(day).add(n, 'day').format('YYYY-MM-DD');
  return new Date(ms + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * '2026-12-31' → '2026-W53'; '2027-01-01' → '2026-W53' (the ISO week-year, not the calendar year). A week is
 * the week of its Thursday, and week 1 the one that holds 4 January. Plain UTC arithmetic like addDays: the
 * order list's week filter lists 35 weeks around today when it first renders, which took about 20 ms of that
 * render through dayjs in headless Chromium (a CPU profile of the warm order list, bench/first-paint.ts).
 * Anything but a YYYY-MM-DD day goes through dayjs as before.
 */
export function weekOf(day: string): string {
  const ms = utcMs(day);
  if (Number.isNaN(ms)) {
    const d = dayjs.utc(day);
    return `${d.isoWeekYear()}-W${pad(d.isoWeek())}`;
  }
  const thursday = ms + (4 - isoWeekday(ms)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  return `${year}-W${pad(Math.floor((thursday - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1)}`;
}

/** 1 Monday … 7 Sunday of a day given as midnight UTC in milliseconds. */
const isoWeekday = (ms: number) => new Date(ms).getUTCDay() || 7;

/** 0 Sunday … 6 Saturday of a YYYY-MM-DD day (its calendar weekday, whatever the time zone). */
export function weekdayNumber(day: string): number {
  const ms = utcMs(day);
  return Number.isNaN(ms) ? dayjs(day).day() : new Date(ms).getUTCDay();
}

/** The Monday of a week 'YYYY-Www' as YYYY-MM-DD. */
export function mondayOf(week: string): string {
  const [year, w] = week.split('-W').map(Number) as [number, number];
  if (!/^\d{4}-W\d{2}$/.test(week))
    return dayjs
      .utc(`${year}-01-04`)
      .isoWeekday(1)
      .add((w - 1) * 7, 'day')
      .format('YYYY-MM-DD');
  // 4 January is always in week 1.
  const fourth = Date.UTC(year, 0, 4);
  return new Date(fourth + (1 - isoWeekday(fourth) + (w - 1) * 7) * DAY_MS).toISOString().slice(0, 10);
}

/** The week `n` weeks after (or before, negative) the given one. */
export const addWeeks = (week: string, n: number) => weekOf(addDays(mondayOf(week), n * 7));

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
