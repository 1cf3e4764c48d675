/**
 * The day prepared for offline work ('Für unterwegs laden', decision 061). SPEC leaves out which books a
 * technician takes along; this table decides it:
 *
 * - a book comes along when the user has an open (draft) record of it, or a booking of it whose window
 *   (enableFrom..enableTo) holds today or opens within the next `daysAhead` days;
 * - a retired book, a booking whose window has closed and one that opens later are left out;
 * - at most `maxBooks` books come along: drafts first, then the bookings of today, then those of the
 *   next days (the earliest window first); the rest is left out, and the answer says how many;
 * - instead of the bookings, the user may choose a folder or a branch: its books come along after the drafts,
 *   by title, whatever their windows.
 *
 * Each book comes with its type's checklists, its last `lastRecords` finalized records (summary only),
 * its documents' metadata (no bytes) and its QR codes.
 */
import { addDays } from './calendar-week';

/** The limits of a prepared day. */
export const OFFLINE_DAY = { maxBooks: 50, daysAhead: 7, lastRecords: 3 } as const;

/**
 * Why a book comes along: an open record, a booking of today, a booking of the next days, or the folder or branch
 * the user chose instead of their bookings.
 */
export type OfflineReason = 'draft' | 'today' | 'soon' | 'chosen';
/** Why a candidate stays at home. */
export type OfflineLeftOut = 'retired' | 'past' | 'later';

/** A book the user might take along: from one of their drafts or one of their bookings. */
export interface OfflineCandidate {
  bookId: string;
  /** 'chosen': a book of the folder or branch the user chose to take along (then bookings are not read). */
  source: 'draft' | 'booking' | 'chosen';
  retired: boolean;
  /** The book's booking window, YYYY-MM-DD, either end open when null. */
  enableFrom: string | null;
  enableTo: string | null;
}

export type OfflineOutcome = { take: OfflineReason } | { leave: OfflineLeftOut };

export const OFFLINE_DAY_RULES: readonly {
  says: string;
  when: (c: OfflineCandidate, today: string) => boolean;
  outcome: OfflineOutcome;
}[] = [
  {
    says: 'a retired book stays at home: it has left every list (decision 059)',
    when: (c) => c.retired,
    outcome: { leave: 'retired' },
  },
  {
    says: 'a book with an open record of the user comes along first: the work is begun',
    when: (c) => c.source === 'draft',
    outcome: { take: 'draft' },
  },
  {
    says: 'a book of the chosen folder or branch comes along after the drafts, whatever its window',
    when: (c) => c.source === 'chosen',
    outcome: { take: 'chosen' },
  },
  {
    says: 'a booking whose window has closed stays at home',
    when: (c, today) => c.enableTo != null && c.enableTo < today,
    outcome: { leave: 'past' },
  },
  {
    says: 'a booking whose window holds today comes along',
    when: (c, today) => c.enableFrom == null || c.enableFrom <= today,
    outcome: { take: 'today' },
  },
  {
    says: `a booking whose window opens within the next ${OFFLINE_DAY.daysAhead} days comes along`,
    when: (c, today) => c.enableFrom != null && c.enableFrom <= addDays(today, OFFLINE_DAY.daysAhead),
    outcome: { take: 'soon' },
  },
  {
    says: 'a booking whose window opens later stays at home',
    when: () => true,
    outcome: { leave: 'later' },
  },
];

/** The outcome of the first row that fits. */
export function offlineOutcome(c: OfflineCandidate, today: string): OfflineOutcome {
  const row = OFFLINE_DAY_RULES.find((r) => r.when(c, today));
  return row ? row.outcome : { leave: 'later' };
}

const RANK: Record<OfflineReason, number> = { draft: 0, today: 1, soon: 2, chosen: 3 };

export interface OfflinePick {
  /** The books that come along, in order, each with why. */
  books: { bookId: string; reason: OfflineReason }[];
  /** Books that would have come along but for the cap. */
  overCap: number;
}

/**
 * The books of the day: each candidate's outcome, one entry per book (its best reason), drafts first,
 * then today, then the next days by the window's opening; capped at `max`.
 */
export function pickOfflineBooks(
  candidates: readonly OfflineCandidate[],
  today: string,
  max: number = OFFLINE_DAY.maxBooks,
): OfflinePick {
  const best = new Map<string, { reason: OfflineReason; from: string; at: number }>();
  for (const [at, c] of candidates.entries()) {
    const out = offlineOutcome(c, today);
    if (!('take' in out)) continue;
    const seen = best.get(c.bookId);
    const from = c.enableFrom ?? '';
    if (!seen || RANK[out.take] < RANK[seen.reason] || (out.take === seen.reason && from < seen.from))
      best.set(c.bookId, { reason: out.take, from, at });
  }
  // A chosen folder's or branch's books keep the order they were given in (by title); the others go by window, then id.
  const ordered = [...best.entries()].sort(
    ([a, x], [b, y]) =>
      RANK[x.reason] - RANK[y.reason] ||
      (x.reason === 'chosen' ? x.at - y.at : x.from.localeCompare(y.from) || a.localeCompare(b)),
  );
  return {
    books: ordered.slice(0, max).map(([bookId, { reason }]) => ({ bookId, reason })),
    overCap: Math.max(0, ordered.length - max),
  };
}
