/**
 * Book status (SPEC §4): the numbers in the order the spec lists the values, a new book starts
 * with STATUS_INITIAL (1), STATUS_TEMPLATE (7) marks a book that serves as the pattern of new
 * ones (POST books/fromTemplate). Allowed transitions are not specified: every value may follow
 * every other.
 */
export const BookStatus = {
  STATUS_INITIAL: 1,
  STATUS_APPROVING: 2,
  STATUS_APPROVED: 3,
  STATUS_INSPECTED: 4,
  STATUS_EXPIRED: 5,
  STATUS_FAILURE: 6,
  STATUS_TEMPLATE: 7,
} as const;
export type BookStatusName = keyof typeof BookStatus;
export type BookStatusNumber = (typeof BookStatus)[BookStatusName];
export const BOOK_STATUS_NUMBERS = Object.values(BookStatus) as BookStatusNumber[];

/** i18n key of each status label (namespace books.status). */
export const BOOK_STATUS_LABEL_KEY = {
  1: 'books.status.initial',
  2: 'books.status.approving',
  3: 'books.status.approved',
  4: 'books.status.inspected',
  5: 'books.status.expired',
  6: 'books.status.failure',
  7: 'books.status.template',
} as const satisfies Record<BookStatusNumber, string>;

export const BOOK_STATUS_NAME = Object.fromEntries(Object.entries(BookStatus).map(([name, n]) => [n, name])) as Record<
  BookStatusNumber,
  BookStatusName
>;

export const isBookStatus = (v: unknown): v is BookStatusNumber =>
  typeof v === 'number' && (BOOK_STATUS_NUMBERS as number[]).includes(v);

/** Ampel colours (SPEC §3 enumerations) of a book's inspection and self-inspection. */
export const AMPEL_COLOURS = ['green', 'orange', 'red', 'black'] as const;
export type Ampel = (typeof AMPEL_COLOURS)[number];
