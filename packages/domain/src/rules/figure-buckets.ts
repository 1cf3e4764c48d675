/**
 * The buckets in which the server keeps the evaluations' figures (decision 046): every dated event
 * counts once in the bucket of its day (grain 'd') and once in the bucket of its month (grain 'm',
 * dated the month's first day). An evaluation of a range reads the month buckets of the months the
 * range covers whole and the day buckets of the days before and after them, so a range of four years
 * reads about 50 month buckets and at most 60 day buckets per key, however many records lie in it,
 * and any range of days is exact.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

export type Grain = 'd' | 'm';

/** '2026-11-28' → '2026-11-01'. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The buckets an event of this day (YYYY-MM-DD) counts in. */
export const bucketsOf = (day: string): { grain: Grain; day: string }[] => [
  { grain: 'd', day },
  { grain: 'm', day: monthStart(day) },
];

/** Which buckets a range reads: the first days of the months read whole, and the day ranges (inclusive) read by day. */
export interface Segments {
  months: string[];
  days: { from: string; to: string }[];
}

const DAY = 'YYYY-MM-DD';
const nextDay = (day: string) => dayjs.utc(day).add(1, 'day').format(DAY);

/**
 * The buckets of the days `from` to `to` (inclusive). A month is read whole when the range covers it
 * and no cut falls inside it: a cut is a day before which a figure counts differently (the operations
 * evaluation counts an order late only in weeks before the current one), so a month a cut falls in is
 * read by day. A range that ends before it begins reads nothing.
 */
export function segmentsOf(from: string, to: string, cuts: readonly string[] = []): Segments {
  const out: Segments = { months: [], days: [] };
  if (to < from) return out;
  const addDays = (a: string, b: string) => {
    const last = out.days.at(-1);
    if (last && nextDay(last.to) === a) last.to = b;
    else out.days.push({ from: a, to: b });
  };
  for (let m = dayjs.utc(monthStart(from)); m.format(DAY) <= to; m = m.add(1, 'month')) {
    const first = m.format(DAY);
    const last = m.endOf('month').format(DAY);
    const cut = cuts.some((c) => c > first && c <= last);
    if (first >= from && last <= to && !cut) out.months.push(first);
    else addDays(first < from ? from : first, last > to ? to : last);
  }
  return out;
}

/**
 * Sums signed figures per bucket key: `add(key, sign, figures)` for each event of a record as it was
 * (sign -1) and as it is (+1); `rows()` gives the keys whose figures changed, with the change.
 */
export function figureChanges<K extends Record<string, string | number>, F extends string>(figures: readonly F[]) {
  const sums = new Map<string, K & Record<F, number>>();
  return {
    add(key: K, sign: 1 | -1, values: Partial<Record<F, number>>) {
      const id = JSON.stringify(key);
      let entry = sums.get(id);
      if (!entry) {
        entry = { ...key, ...(Object.fromEntries(figures.map((f) => [f, 0])) as Record<F, number>) };
        sums.set(id, entry);
      }
      for (const f of figures) entry[f] = (entry[f] + sign * (values[f] ?? 0)) as (K & Record<F, number>)[F];
    },
    rows(): (K & Record<F, number>)[] {
      return [...sums.values()].filter((e) => figures.some((f) => e[f] !== 0));
    },
  };
}

/** Euros as whole cents (amounts have at most two decimals); none is 0. */
export const centsOf = (euros: number | null | undefined) => (euros == null ? 0 : Math.round(euros * 100));
