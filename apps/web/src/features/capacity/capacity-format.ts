/** How the capacity screens write minutes and days. */
import type { UtilisationColour } from '@pruefbuch/domain/rules/capacity-time';
import dayjs from 'dayjs';

/** Minutes as hours for an input (450 → 7.5), and back (7.5 → 450, whole minutes). */
export const minutesToHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
export const hoursToMinutes = (hours: number) => Math.round(hours * 60);

/** The Mantine colour of a utilisation colour of the reply. */
export const BAR_COLOUR: Record<UtilisationColour, string> = {
  green: 'green',
  orange: 'orange',
  red: 'red',
  none: 'gray',
};

/** Consecutive days of a sorted list of ISO dates as ranges (a gap of a weekend or more starts a new one). */
export function dateRanges(dates: readonly string[]): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  for (const date of [...dates].sort()) {
    const last = out[out.length - 1];
    if (last && dayjs(date).diff(dayjs(last.to), 'day') === 1) last.to = date;
    else out.push({ from: date, to: date });
  }
  return out;
}
