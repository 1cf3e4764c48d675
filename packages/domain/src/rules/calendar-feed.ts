/**
 * Which books the calendar feed carries, and how (decision 037). One row per case, checked in order:
 *
 * | the book                                                   | in the feed                                         |
 * |------------------------------------------------------------|-----------------------------------------------------|
 * | dormant (every branch it hangs on is ruhend; digest rule)  | left out, as from the weekly digest                 |
 * | outside its visibility window, for a branch user           | left out, as from the branch user's lists           |
 * | without a due date                                         | left out                                            |
 * | due before today (overdue)                                 | all-day event today, named overdue, due date given  |
 * | due today or later, up to FEED_AHEAD_DAYS ahead            | all-day event on the due date                       |
 * | due further ahead                                          | left out                                            |
 *
 * An overdue book stays in the feed, moving to each new day, until its inspection is done and the
 * due date moves on: the black and red installations are the ones a branch manager must see.
 * Dates are calendar days in Europe/Berlin, as YYYY-MM-DD.
 */
import { withinVisibility } from './branch-scope';
import { addDays } from './calendar-week';

/** How far ahead the feed reaches (a little over a year, so yearly inspections always show). */
export const FEED_AHEAD_DAYS = 400;

export interface FeedBook {
  /** The due date (inspection or self-inspection). */
  due: string | null;
  /** Whether the book is dormant: `isDormantBook` of its branches (the digest's rule). */
  dormant: boolean;
  visibleFrom: string | null;
  visibleTo: string | null;
}

export type FeedEntry =
  | { kind: 'due'; day: string }
  | { kind: 'overdue'; day: string; due: string }
  | { kind: 'left-out'; reason: 'dormant' | 'invisible' | 'undated' | 'far' };

/** The last due date the feed still carries on `today`. */
export const feedHorizon = (today: string) => addDays(today, FEED_AHEAD_DAYS);

/** Whether and on which day a book's due date appears in the feed of a (branch or staff) user. */
export function feedEntry(book: FeedBook, today: string, branchUser: boolean): FeedEntry {
  if (book.dormant) return { kind: 'left-out', reason: 'dormant' };
  if (branchUser && !withinVisibility(book, today)) return { kind: 'left-out', reason: 'invisible' };
  if (!book.due) return { kind: 'left-out', reason: 'undated' };
  if (book.due < today) return { kind: 'overdue', day: today, due: book.due };
  if (book.due > feedHorizon(today)) return { kind: 'left-out', reason: 'far' };
  return { kind: 'due', day: book.due };
}
