/**
 * Service intervals (SPEC §3 enumerations) of book types and books, for the inspection
 * (serviceinterval) and the operator's self-check (selfserviceinterval).
 *
 * The stored number counts months, so the usual legal intervals read as they are written:
 * 1 monthly, 3 quarterly, 6 half yearly, 12 yearly, and 0 means no inspection. Intervals
 * shorter than a month cannot be counted in whole months; they are stored as negative day
 * counts: -1 daily, -7 weekly. `addInterval` turns any value into the next date.
 * See docs/decisions/ (service interval numbers).
 */
export const ServiceInterval = {
  DAILY: -1,
  WEEKLY: -7,
  MONTHLY: 1,
  QUARTERLY: 3,
  HALF_YEARLY: 6,
  YEARLY: 12,
  NONE: 0,
} as const;
export type ServiceIntervalName = keyof typeof ServiceInterval;
export type ServiceIntervalValue = (typeof ServiceInterval)[ServiceIntervalName];

export interface ServiceIntervalEntry {
  value: ServiceIntervalValue;
  name: ServiceIntervalName;
  /** i18n key of the label (namespace books.intervals). */
  labelKey: string;
  days: number;
  months: number;
}

/** In the order of SPEC §3: daily, weekly, monthly, quarterly, half yearly, yearly, no inspection. */
export const SERVICE_INTERVALS: readonly ServiceIntervalEntry[] = [
  { value: -1, name: 'DAILY', labelKey: 'books.intervals.daily', days: 1, months: 0 },
  { value: -7, name: 'WEEKLY', labelKey: 'books.intervals.weekly', days: 7, months: 0 },
  { value: 1, name: 'MONTHLY', labelKey: 'books.intervals.monthly', days: 0, months: 1 },
  { value: 3, name: 'QUARTERLY', labelKey: 'books.intervals.quarterly', days: 0, months: 3 },
  { value: 6, name: 'HALF_YEARLY', labelKey: 'books.intervals.halfYearly', days: 0, months: 6 },
  { value: 12, name: 'YEARLY', labelKey: 'books.intervals.yearly', days: 0, months: 12 },
  { value: 0, name: 'NONE', labelKey: 'books.intervals.none', days: 0, months: 0 },
];

export const SERVICE_INTERVAL_VALUES = SERVICE_INTERVALS.map((i) => i.value);

export const isServiceInterval = (v: unknown): v is ServiceIntervalValue =>
  typeof v === 'number' && (SERVICE_INTERVAL_VALUES as number[]).includes(v);

/**
 * The date one interval after an ISO date (YYYY-MM-DD), in calendar terms: months keep the day
 * of the month and fall back to the month's last day (31 Jan + 1 month = 28/29 Feb). Returns
 * null for 'no inspection' or an unknown value.
 */
export function addInterval(isoDate: string, value: number): string | null {
  return shiftByInterval(isoDate, value, 1);
}

/**
 * The date one interval before an ISO date, in the same calendar terms (31 Mar − 1 month = 28/29 Feb): the
 * latest record of a book that is due on `isoDate`, where one can be. Null for 'no inspection' or an unknown
 * value.
 */
export function intervalBefore(isoDate: string, value: number): string | null {
  return shiftByInterval(isoDate, value, -1);
}

function shiftByInterval(isoDate: string, value: number, direction: 1 | -1): string | null {
  const entry = SERVICE_INTERVALS.find((i) => i.value === value);
  if (!entry || (entry.days === 0 && entry.months === 0)) return null;
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  let date: Date;
  if (entry.months) {
    const target = new Date(Date.UTC(y, m - 1 + direction * entry.months, 1));
    const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
    date = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, last)));
  } else {
    date = new Date(Date.UTC(y, m - 1, d + direction * entry.days));
  }
  return date.toISOString().slice(0, 10);
}
