/**
 * The weekly digest (decision 019): which installations a reminder lists. A book is listed when its
 * inspection or self-inspection ampel is now orange, red or black and worse than at the last digest
 * (a book without a last state counts as before as it is now: the first digest only sets the
 * baseline). Books of dormant locations and inactive books are never listed.
 */
import type { Ampel } from './book-status';
import { AMPEL_RANK, ampelRank } from './location-ampel';

export const DIGEST_COLOURS: readonly Ampel[] = ['orange', 'red', 'black'];

/** Whether an ampel turned orange, red or black since `before`. */
export function turnedWorse(before: string | null, now: string | null): boolean {
  return ampelRank(now) >= AMPEL_RANK.orange && ampelRank(now) > ampelRank(before);
}

/**
 * Whether a book counts as dormant for reminders (the digest and the calendar feed): it hangs on at
 * least one branch and every branch it hangs on is dormant (ruhend). A book also linked to an open
 * branch, or to none, is not.
 */
export function isDormantBook(branches: readonly { ruhend: boolean }[]): boolean {
  return branches.length > 0 && branches.every((b) => b.ruhend);
}

/** Days between digests. */
export const DIGEST_INTERVAL_DAYS = 7;

/** Whether a tenant's digest is due: never sent, or sent at least DIGEST_INTERVAL_DAYS ago. */
export function digestDue(lastRun: Date | null, now: Date): boolean {
  return !lastRun || now.getTime() - lastRun.getTime() >= DIGEST_INTERVAL_DAYS * 86_400_000 - 60_000;
}
