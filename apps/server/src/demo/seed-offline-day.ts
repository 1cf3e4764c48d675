/**
 * The technician's bookings of the coming days (decision 061): with their open record, the books that
 * 'Für unterwegs laden' on their start takes along.
 */
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bookings, books, users } from '../db/schema/index';

/** How many of the tenant's due books the technician is booked on. */
const BOOKED = 11;

export async function seedDemoOfflineDay(tx: Executor, tenantId: string) {
  const [tech] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, 'servicetechniker@demo.test'));
  if (!tech) return;
  const due = await tx
    .select({ id: books.id })
    .from(books)
    .where(
      and(
        eq(books.tenantId, tenantId),
        eq(books.active, true),
        ne(books.status, BookStatus.STATUS_TEMPLATE),
        isNull(books.retiredAt),
        isNull(books.enableFrom),
      ),
    )
    .orderBy(asc(books.nextInspectionDate), asc(books.title))
    .limit(BOOKED);
  if (!due.length) return;
  await tx.insert(bookings).values(
    due.map((b) => ({
      tenantId,
      bookId: b.id,
      userId: tech.id,
      firstName: tech.firstName,
      lastName: tech.lastName,
      createdBy: tech.id,
    })),
  );
}
