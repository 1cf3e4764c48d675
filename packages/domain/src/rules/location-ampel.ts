/**
 * The ampel of a customer location (decision 019): the worst ampel of its active books
 * (green < orange < red < black), separately for inspections and self-inspections. Books without an
 * ampel (no date, no inspection needed) do not count; a location without such books has none. A
 * dormant location (ruhend) shows grey and is left out of counts and reminders.
 */
import type { Ampel } from './book-status';

export const AMPEL_RANK: Record<Ampel, number> = { green: 1, orange: 2, red: 3, black: 4 };
export const AMPEL_BY_RANK: Record<number, Ampel> = { 1: 'green', 2: 'orange', 3: 'red', 4: 'black' };

/** What a location shows: a colour, grey when dormant, null when nothing is due. */
export type LocationAmpel = Ampel | 'grey' | null;
export const LOCATION_AMPELS = ['black', 'red', 'orange', 'green', 'grey', 'none'] as const;
export type LocationAmpelFilter = (typeof LOCATION_AMPELS)[number];

export interface LocationBook {
  active: boolean;
  ampel: Ampel | null;
}

/** The worst ampel among the active books, or null. */
export function worstAmpel(books: readonly LocationBook[]): Ampel | null {
  let worst = 0;
  for (const b of books) if (b.active && b.ampel) worst = Math.max(worst, AMPEL_RANK[b.ampel]);
  return AMPEL_BY_RANK[worst] ?? null;
}

/** The ampel a location shows. */
export function locationAmpel(location: { ruhend: boolean }, books: readonly LocationBook[]): LocationAmpel {
  return location.ruhend ? 'grey' : worstAmpel(books);
}

/** How worse-first lists order locations: black first, then red, orange, green, none, dormant last. */
export const LOCATION_AMPEL_ORDER: Record<LocationAmpelFilter, number> = {
  black: 0,
  red: 1,
  orange: 2,
  green: 3,
  none: 4,
  grey: 5,
};
