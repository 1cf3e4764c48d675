/**
 * The ampel of a customer location (decision 019): the worst ampel of its active books
 * (green < orange < red < black), separately for inspections and self-inspections. Books without an
 * ampel (no date, no inspection needed) do not count; a location without such books has none. A
 * dormant location (ruhend) shows grey and is left out of counts and reminders.
 *
 * The location row stores this aggregate (`locationAggregate`) so that lists sort and filter by it;
 * the server recomputes it by these rules in every write that changes a linked book or a link.
 */
import type { Ampel } from './book-status';

/** The rank of each ampel: the worse, the higher. No ampel (or an unknown one) ranks 0. */
export const AMPEL_RANK: Record<Ampel, number> = { green: 1, orange: 2, red: 3, black: 4 };
export const AMPEL_BY_RANK: Record<number, Ampel> = { 1: 'green', 2: 'orange', 3: 'red', 4: 'black' };

/** The rank of a stored ampel column: 0 when there is none. */
export const ampelRank = (a: string | null | undefined): number =>
  a && Object.hasOwn(AMPEL_RANK, a) ? AMPEL_RANK[a as Ampel] : 0;

/** The ampels that count an active book as overdue (überfällig) in its location, in either ampel. */
export const OVERDUE_AMPELS: readonly Ampel[] = ['red', 'black'];

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
  for (const b of books) if (b.active) worst = Math.max(worst, ampelRank(b.ampel));
  return AMPEL_BY_RANK[worst] ?? null;
}

/** The ampel a location shows. */
export function locationAmpel(location: { ruhend: boolean }, books: readonly LocationBook[]): LocationAmpel {
  return location.ruhend ? 'grey' : worstAmpel(books);
}

/** A book linked to a location, with what the aggregate reads of it. */
export interface LinkedBook {
  active: boolean;
  inspectionAmpel: string | null;
  inspectionSelfAmpel: string | null;
}

/** The aggregate a location row stores: the worst ranks of its active books and its counts. */
export interface LocationAggregate {
  /** Worst inspection ampel of the active books as a rank (0 none … 4 black). */
  inspectionRank: number;
  /** The same for the self-inspection ampel. */
  selfRank: number;
  /** Every linked book, active or not. */
  bookCount: number;
  /** Active books with an overdue ampel (OVERDUE_AMPELS) in inspection or self-inspection. */
  overdueCount: number;
}

const isOverdue = (a: string | null) => OVERDUE_AMPELS.some((o) => o === a);

/** The aggregate of a location over its linked books. */
export function locationAggregate(books: readonly LinkedBook[]): LocationAggregate {
  const aggregate: LocationAggregate = { inspectionRank: 0, selfRank: 0, bookCount: books.length, overdueCount: 0 };
  for (const b of books) {
    if (!b.active) continue;
    aggregate.inspectionRank = Math.max(aggregate.inspectionRank, ampelRank(b.inspectionAmpel));
    aggregate.selfRank = Math.max(aggregate.selfRank, ampelRank(b.inspectionSelfAmpel));
    if (isOverdue(b.inspectionAmpel) || isOverdue(b.inspectionSelfAmpel)) aggregate.overdueCount++;
  }
  return aggregate;
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
