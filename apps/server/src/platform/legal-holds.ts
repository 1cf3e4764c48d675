/**
 * Reading the legal holds (decision 059), which block every purge: the retention run's purge of retired
 * books, a delete of a book (it retires the book instead) and the offers' purge of attachments past their
 * deletion date. The retention module writes the holds; books and offers, below it, read them here.
 */
import { mayCall } from '@pruefbuch/domain/access';
import { customerHeld, customerKey } from '@pruefbuch/domain/rules/retention';
import { type AnyColumn, and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { books, legalHolds, orders } from '../db/schema/index';
import type { AuthUser } from './context';

/** A tenant's holds: the held books' ids and the held customers' keys (rules/retention.ts customerKey). */
export interface Holds {
  books: ReadonlySet<string>;
  customers: ReadonlySet<string>;
}

/** The tenant's holds, read in the caller's transaction. */
export async function holdsOf(db: Executor, tenantId: string): Promise<Holds> {
  const rows = await db
    .select({ bookId: legalHolds.bookId, customer: legalHolds.customer })
    .from(legalHolds)
    .where(eq(legalHolds.tenantId, tenantId));
  return {
    books: new Set(rows.flatMap((r) => (r.bookId ? [r.bookId] : []))),
    customers: new Set(rows.flatMap((r) => (r.customer ? [customerKey(r.customer)] : []))),
  };
}

/** What holds a book: a hold on the book itself, on its customer, or nothing. */
export const holdOn = (holds: Holds, book: { id: string; customer: string }): 'book' | 'customer' | null =>
  holds.books.has(book.id) ? 'book' : customerHeld(book.customer, holds.customers) ? 'customer' : null;

/** A book in service: not retired (every list, search, count, reminder and ampel reads only these). */
export const inService = isNull(books.retiredAt);

/** Whether the user reads retired books, their records and PDFs (admins, access group 'books:retired'). */
export const readsRetired = (user: Pick<AuthUser, 'role' | 'customerRole' | 'auswertung'>) =>
  mayCall('books:retired', user);

/** For a column holding a book id (a location's link): the book is not retired. */
export const notRetired = (bookId: AnyColumn | SQL) =>
  sql`${bookId} not in (select ${books.id} from ${books} where ${books.retiredAt} is not null)`;

/**
 * Whether a legal hold keeps an offer's attachments (rules/retention.ts OFFER_FILES_RULES): one on its
 * debitor (the customer's name), on the book it came from (a defect's offer) or the book made from its
 * order, or on either book's customer.
 */
export async function offerHeld(
  db: Executor,
  holds: Holds,
  offer: { id: string; tenantId: string; debitor: string; sourceBookId: string | null },
): Promise<boolean> {
  if (customerHeld(offer.debitor, holds.customers)) return true;
  if (holds.books.size === 0 && holds.customers.size === 0) return false;
  const made = await db
    .select({ bookId: orders.bookId })
    .from(orders)
    .where(and(eq(orders.tenantId, offer.tenantId), eq(orders.offerId, offer.id), isNotNull(orders.bookId)));
  const ids = [offer.sourceBookId, ...made.map((o) => o.bookId)].filter((id): id is string => !!id);
  if (ids.length === 0) return false;
  const linked = await db
    .select({ id: books.id, customer: books.customer })
    .from(books)
    .where(and(eq(books.tenantId, offer.tenantId), inArray(books.id, ids)));
  return linked.some((b) => holdOn(holds, b) !== null);
}
