/**
 * The buckets in which the server keeps the evaluations' figures (decision 046): every dated event
 * counts in the bucket of its day (grain 'd'), of its ISO week when the week lies in one month (grain
 * 'w', dated its Monday) and of its month (grain 'm', dated the 1st); each of them once for the
 * record's department and once for all departments (ALL_DEPARTMENTS). An evaluation of a range reads
 * the month buckets of the months the range covers whole, the week buckets of the whole weeks around
 * them and the day buckets of the rest, so a range of four years reads about 50 month, 8 week and 12
 * day buckets per key, however many records lie in it, and any range of days is exact.
 */
export type Grain = 'd' | 'w' | 'm';

/** The department of the buckets that count every department (departments are numbered from 1). */
export const ALL_DEPARTMENTS = 0;

/** '2026-11-28' → '2026-11-01'. */
export const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

// Plain UTC day arithmetic: a read walks up to 60 days, and a date library's objects cost more than
// the read's SQL.
const MS_PER_DAY = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(day) + n * MS_PER_DAY).toISOString().slice(0, 10);
const nextDay = (day: string) => addDays(day, 1);
/** The Monday of the ISO week of a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(Date.parse(day)).getUTCDay() + 6) % 7));
/** The last day of the month of a day. */
const monthEnd = (day: string) => {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The buckets an event of this day (YYYY-MM-DD) counts in (per department: see departmentsOf). */
export function bucketsOf(day: string): { grain: Grain; day: string }[] {
  const monday = mondayOf(day);
  const inOneMonth = monthStart(monday) === monthStart(addDays(monday, 6));
  return [
    { grain: 'd', day },
    ...(inOneMonth ? [{ grain: 'w' as const, day: monday }] : []),
    { grain: 'm', day: monthStart(day) },
  ];
}

/** The departments a record's figures count under: its own and all. */
export const departmentsOf = (department: number) => [department, ALL_DEPARTMENTS];

/**
 * Which buckets a range reads: the first days of the months read whole, the Mondays of the weeks read
 * whole (each within one month), and the day ranges (inclusive) read by day.
 */
export interface Segments {
  months: string[];
  weeks: string[];
  days: { from: string; to: string }[];
}

/**
 * The buckets of the days `from` to `to` (inclusive). A month is read whole when the range covers it
 * and no cut falls inside it: a cut is a day before which a figure counts differently (the operations
 * evaluation counts an order late only in weeks before the current one), so a month a cut falls in is
 * read by day. A range that ends before it begins reads nothing.
 */
export function segmentsOf(from: string, to: string, cuts: readonly string[] = []): Segments {
  const out: Segments = { months: [], weeks: [], days: [] };
  if (to < from) return out;
  const dayRange = (a: string, b: string) => {
    const last = out.days.at(-1);
    if (last && nextDay(last.to) === a) last.to = b;
    else out.days.push({ from: a, to: b });
  };
  /** The days a to b of one month: whole weeks (no cut inside) by week, the rest by day. */
  const partOfMonth = (a: string, b: string) => {
    let d = a;
    while (d <= b) {
      const sunday = addDays(d, 6);
      const cut = cuts.some((c) => c > d && c <= sunday);
      if (mondayOf(d) === d && sunday <= b && !cut) {
        out.weeks.push(d);
        d = nextDay(sunday);
      } else {
        dayRange(d, d);
        d = nextDay(d);
      }
    }
  };
  for (let first = monthStart(from); first <= to; first = nextDay(monthEnd(first))) {
    const last = monthEnd(first);
    const cut = cuts.some((c) => c > first && c <= last);
    if (first >= from && last <= to && !cut) out.months.push(first);
    else partOfMonth(first < from ? from : first, last > to ? to : last);
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

/** Every day of the segments' day ranges, in order. */
export function segmentDays(s: Segments): string[] {
  const days: string[] = [];
  for (const r of s.days) for (let d = r.from; d <= r.to; d = nextDay(d)) days.push(d);
  return days;
}
