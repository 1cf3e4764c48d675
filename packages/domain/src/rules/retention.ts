/**
 * Retention and legal hold (decision 059, issue 32 item 5). SPEC leaves out how long the records are
 * kept; these tables decide it:
 *
 * - what a delete of a book does (`DELETE_RULES`): a book with finalized records (or under a legal hold)
 *   is retired, not deleted: it leaves every list, search, count and reminder, and admins read and
 *   restore it; a book whose records were never finalized is deleted with them, as before;
 * - when the daily retention run purges a retired book (`BOOK_PURGE_RULES`): once the tenant's retention
 *   (default 10 years) has passed since the day it was retired, unless a legal hold names the book or its
 *   customer; the book goes whole, with its records, PDFs, documents and their files;
 * - when the offers' day run removes an offer's attachments (`OFFER_FILES_RULES`): the day after their
 *   deletion date, unless a legal hold names the offer's customer (its debitor) or the book made from it
 *   or that book's customer.
 *
 * A legal hold blocks every purge; lifting it lets the next run go on.
 */
import { customerKey as linkKey } from './location-book-link';

/** The tenant setting: years a retired book is kept; the default is the commercial retention period. */
export const RETENTION_YEARS = { min: 1, max: 30, default: 10 } as const;

/**
 * How a customer's name is compared: as the branch links compare it (rules/location-book-link.ts), spaces
 * collapsed and trimmed, without case; '' names no customer.
 */
export const customerKey = (name: string | null | undefined): string => linkKey(name ?? '');

/** Whether a hold on one of `heldCustomers` (keys) names `customer`. */
export const customerHeld = (customer: string | null | undefined, heldCustomers: ReadonlySet<string>): boolean => {
  const key = customerKey(customer);
  return key !== '' && heldCustomers.has(key);
};

// ---------------------------------------------------------------------------------------------
// Delete

export type DeleteOutcome = 'delete' | 'retire';

export interface DeleteCase {
  /** Finalized records of the book (drafts do not count). */
  finalizedRecords: number;
  /** A legal hold names the book or its customer. */
  held: boolean;
}

export const DELETE_RULES: readonly { says: string; when: (c: DeleteCase) => boolean; outcome: DeleteOutcome }[] = [
  {
    says: 'a book under a legal hold is retired, even without finalized records: a hold blocks every purge',
    when: (c) => c.held,
    outcome: 'retire',
  },
  {
    says: 'a book with finalized records is retired: they are kept for the retention period',
    when: (c) => c.finalizedRecords > 0,
    outcome: 'retire',
  },
  {
    says: 'a book whose records were never finalized is deleted with them, as before',
    when: () => true,
    outcome: 'delete',
  },
];

/** What DELETE books/{id} does with the book. */
export const deleteOutcome = (c: DeleteCase): DeleteOutcome =>
  (DELETE_RULES.find((r) => r.when(c)) ?? (DELETE_RULES.at(-1) as (typeof DELETE_RULES)[number])).outcome;

// ---------------------------------------------------------------------------------------------
// Purge of a retired book

/** The last day a book retired on `retiredOn` (YYYY-MM-DD, Berlin) is kept: the same day `years` later (29 Feb → 28 Feb). */
export function retentionEnd(retiredOn: string, years: number): string {
  const [y, m, d] = retiredOn.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export type PurgeVerdict = 'inService' | 'held' | 'kept' | 'purge';

export interface BookPurgeCase {
  /** The Berlin day the book was retired; null while it is in service. */
  retiredOn: string | null;
  /** The tenant's retention in years. */
  retentionYears: number;
  /** Today in Berlin. */
  today: string;
  /** A legal hold names the book. */
  bookHeld: boolean;
  /** A legal hold names the book's customer. */
  customerHeld: boolean;
}

export const BOOK_PURGE_RULES: readonly { says: string; when: (c: BookPurgeCase) => boolean; verdict: PurgeVerdict }[] =
  [
    { says: 'a book in service is never purged', when: (c) => c.retiredOn === null, verdict: 'inService' },
    { says: 'a legal hold on the book blocks the purge', when: (c) => c.bookHeld, verdict: 'held' },
    { says: "a legal hold on the book's customer blocks the purge", when: (c) => c.customerHeld, verdict: 'held' },
    {
      says: 'a retired book is kept up to and including the last day of its retention',
      when: (c) => c.today <= retentionEnd(c.retiredOn as string, c.retentionYears),
      verdict: 'kept',
    },
    { says: 'after its retention a retired book is purged whole', when: () => true, verdict: 'purge' },
  ];

/** What the daily retention run does with a book. */
export const bookPurgeVerdict = (c: BookPurgeCase): PurgeVerdict =>
  (BOOK_PURGE_RULES.find((r) => r.when(c)) ?? (BOOK_PURGE_RULES.at(-1) as (typeof BOOK_PURGE_RULES)[number])).verdict;

// ---------------------------------------------------------------------------------------------
// Purge of an offer's attachments (data economy, decision 022)

export type OfferFilesVerdict = 'noDate' | 'notYet' | 'held' | 'purge';

export interface OfferFilesCase {
  /** The offer's deleteFilesDate, YYYY-MM-DD or null. */
  deleteFilesDate: string | null;
  today: string;
  /** A legal hold names the offer's debitor, the book made from its order, or that book's customer. */
  held: boolean;
}

export const OFFER_FILES_RULES: readonly {
  says: string;
  when: (c: OfferFilesCase) => boolean;
  verdict: OfferFilesVerdict;
}[] = [
  { says: 'without a deletion date the attachments stay', when: (c) => c.deleteFilesDate === null, verdict: 'noDate' },
  {
    says: 'the attachments stay up to and including their deletion date',
    when: (c) => (c.deleteFilesDate as string) >= c.today,
    verdict: 'notYet',
  },
  { says: 'a legal hold keeps them past their deletion date', when: (c) => c.held, verdict: 'held' },
  { says: 'after their deletion date they are removed', when: () => true, verdict: 'purge' },
];

/** What the offers' day run does with an offer's attachments. */
export const offerFilesVerdict = (c: OfferFilesCase): OfferFilesVerdict =>
  (OFFER_FILES_RULES.find((r) => r.when(c)) ?? (OFFER_FILES_RULES.at(-1) as (typeof OFFER_FILES_RULES)[number]))
    .verdict;
