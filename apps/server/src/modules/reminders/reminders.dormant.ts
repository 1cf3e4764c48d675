/**
 * The dormant rule of the reminders (domain/rules/digest.ts `isDormantBook`) as one SQL expression,
 * for the digest and the calendar feed: true when the book hangs on at least one branch and every
 * branch it hangs on is dormant (ruhend).
 */
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import { customerLocationBooks, customerLocations } from '../../db/schema/index';

export const bookDormant = (bookId: Column | SQL) =>
  sql<boolean>`coalesce((select bool_and(${customerLocations.ruhend}) from ${customerLocationBooks}
    join ${customerLocations} on ${eq(customerLocations.id, customerLocationBooks.locationId)}
    where ${customerLocationBooks.bookId} = ${bookId}), false)`;
