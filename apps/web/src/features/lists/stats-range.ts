/** The period of statistik_gutachten: by default the last 12 months, this one included; one bar per month. */
import { ABN_STATS_MAX_YEARS, type AbnStats } from '@pruefbuch/domain/schemas/inspection';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { DateRange } from '@/lib/date-range';

dayjs.extend(customParseFormat);

const ISO = 'YYYY-MM-DD';

/** A range from the address (?from=&to=), or null when it is missing, malformed or reversed. */
export function parseRange(from: string | null, to: string | null): DateRange | null {
  if (!from || !to) return null;
  const a = dayjs(from, ISO, true);
  const b = dayjs(to, ISO, true);
  if (!a.isValid() || !b.isValid() || b.isBefore(a)) return null;
  return { from: a.format(ISO), to: b.format(ISO) };
}

/** The server answers at most ABN_STATS_MAX_YEARS years at once. */
export const isRangeTooLong = (range: DateRange) =>
  dayjs(range.to).isAfter(dayjs(range.from).add(ABN_STATS_MAX_YEARS, 'year'));

export type StatsMonth = AbnStats['months'][number];

/** Every month of the range in order ('YYYY-MM'), with the server's counts and zeros where it had none. */
export function monthsOfRange(range: DateRange, months: readonly StatsMonth[]): StatsMonth[] {
  const byMonth = new Map(months.map((m) => [m.month.slice(0, 7), m]));
  const out: StatsMonth[] = [];
  const last = dayjs(range.to).startOf('month');
  for (let m = dayjs(range.from).startOf('month'); !m.isAfter(last); m = m.add(1, 'month')) {
    const key = m.format('YYYY-MM');
    const found = byMonth.get(key);
    out.push(found ? { ...found, month: key } : { month: key, acceptance: 0, periodic: 0, total: 0 });
    if (out.length > 240) break; // twenty years is plenty for one chart
  }
  return out;
}
