/** The demo seeds' day arithmetic on ISO days (YYYY-MM-DD, compared as text). */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';

/** The day `n` days after `day` (before it when negative). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** The earlier of two days. */
export const minDay = (a: string, b: string) => (a < b ? a : b);
/** The later of two days. */
export const maxDay = (a: string, b: string) => (a > b ? a : b);
/** The day `n` days from Berlin's today, as the app counts its days (before it when negative). */
export const dayFromToday = (n: number) => addDays(berlinToday(), n);
/** A moment on a day at a local office hour (stored as UTC; Berlin is one or two hours ahead). */
export const at = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00Z`);
