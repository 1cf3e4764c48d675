/** A range of ISO days, and the evaluations' default: the last twelve calendar months. */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import dayjs from 'dayjs';

export interface DateRange {
  from: string;
  to: string;
}

/**
 * From the first day of the month eleven months back to today: twelve calendar months, this one included.
 * Today is Berlin's, as the server counts: a browser on another time zone would miss or add a day.
 */
export function lastTwelveMonths(today: Date | string = berlinToday()): DateRange {
  const day = dayjs(today);
  return { from: day.subtract(11, 'month').startOf('month').format('YYYY-MM-DD'), to: day.format('YYYY-MM-DD') };
}
