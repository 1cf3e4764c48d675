/**
 * The company's clock: the day and the time of day in Europe/Berlin, whatever the machine's time zone.
 *
 * Germany keeps the EU's summer time (Directive 2000/84/EC, the same dates since 1996): CEST, UTC+2, from the
 * last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC; CET, UTC+1, the rest of the year. The
 * offset is worked out from that rule instead of through Intl: the first date formatter a page makes loads the
 * browser's date and time-zone data, 30–50 ms in headless Chromium (each later one about 1 ms), and the order
 * list's week filter and the ampels ask for today in their first render (a CPU profile of the warm order list,
 * bench/first-paint.ts: 24 ms of its render). An instant before 1996 (other rules then) goes through Intl.
 * berlin-clock.test.ts compares both with Intl every quarter hour around every change until 2060: a change of
 * the law would show there once the runtime's time-zone data has it.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const RULE_SINCE = Date.UTC(1996, 0, 1);

/** 01:00 UTC on the last Sunday of a month (0-based) of a year, in milliseconds. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS + HOUR_MS;
}

let oldRulesFormat: Intl.DateTimeFormat | undefined;

/** Berlin's offset from UTC at an instant, in milliseconds (1 or 2 hours). */
function berlinOffsetMs(at: Date): number {
  const ms = at.getTime();
  if (!(ms >= RULE_SINCE)) {
    // Before 1996, or an invalid date (whose format throws, as Intl's always did).
    oldRulesFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', timeZoneName: 'shortOffset' });
    // 'GMT+1', 'GMT+2', 'GMT' (UTC itself), 'GMT+0:53:28' (the local mean time before 1893).
    const name = oldRulesFormat.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
    const [, sign, ...hms] = /GMT([+-])(\d+)(?::(\d+))?(?::(\d+))?/.exec(name) ?? [];
    const [hours, minutes, seconds] = hms.map((v) => Number(v ?? 0));
    return (sign === '-' ? -1 : 1) * ((hours ?? 0) * HOUR_MS + (minutes ?? 0) * 60_000 + (seconds ?? 0) * 1000);
  }
  const year = at.getUTCFullYear();
  return ms >= lastSundayOneUtc(year, 2) && ms < lastSundayOneUtc(year, 9) ? 2 * HOUR_MS : HOUR_MS;
}

/**
 * An instant as the wall clock in Berlin, 'YYYY-MM-DDTHH:mm' (what rules/date-display `formatDay` takes):
 * a mail or a file that names a moment shows the company's time, in the reader's language.
 */
export const berlinWallClock = (at: Date): string =>
  new Date(at.getTime() + berlinOffsetMs(at)).toISOString().slice(0, 16);

/** Today's date in Europe/Berlin as YYYY-MM-DD (the business day of the product). */
export const berlinToday = (now: Date = new Date()): string => berlinWallClock(now).slice(0, 10);

/** The time of day in Europe/Berlin, in minutes after midnight ('14:30' → 870). */
export function berlinMinutesOfDay(now: Date = new Date()): number {
  const [hours, minutes] = berlinWallClock(now).slice(11).split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
