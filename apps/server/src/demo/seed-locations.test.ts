import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import {
  books,
  customerLocationBooks,
  customerLocations,
  inspections,
  userCustomerLocations,
  users,
} from '../db/schema/index';
import { scheduleFor } from '../modules/books/books.schedule';
import { seedDemo } from './seed';

const database = await openTestDatabase();

describe('seedDemo: the retail customer’s branches', () => {
  it('seeds 40 branches in Hesse and Hamburg with books in every colour, one dormant, and assigns the branch users', async () => {
    const db = database.db;
    expect(await seedDemo(db)).toBe(true);
    const locations = await db.select().from(customerLocations);
    expect(locations).toHaveLength(40);
    expect(locations.filter((l) => l.ruhend)).toHaveLength(1);
    expect(new Set(locations.map((l) => l.address.location))).toContain('Hamburg');
    expect(new Set(locations.map((l) => l.address.location))).toContain('Kassel');
    const colours = await db
      .selectDistinct({ ampel: books.inspectionAmpel })
      .from(books)
      .innerJoin(customerLocationBooks, eq(customerLocationBooks.bookId, books.id));
    expect(colours.map((c) => c.ampel).sort()).toEqual(['black', 'green', 'orange', 'red']);
    const perUser = await db
      .select({ email: users.email, n: sql<number>`count(*)::int` })
      .from(userCustomerLocations)
      .innerJoin(users, eq(users.id, userCustomerLocations.userId))
      .groupBy(users.email);
    expect(Object.fromEntries(perUser.map((r) => [r.email, r.n]))).toEqual({
      'filiale-default@demo.test': 1,
      'filiale-regional@demo.test': 12,
    });
  });

  it('gives every branch book its last inspection and self-inspection, as the book’s dates say', async () => {
    const db = database.db;
    const branchBooks = await db
      .select({ book: books })
      .from(books)
      .innerJoin(customerLocationBooks, eq(customerLocationBooks.bookId, books.id));
    expect(branchBooks.length).toBeGreaterThan(40);
    for (const { book } of branchBooks) {
      const records = await db
        .select({ kind: inspections.kind, when: inspections.when, finalizedAt: inspections.finalizedAt })
        .from(inspections)
        .where(eq(inspections.bookId, book.id));
      expect(
        records.filter((r) => r.kind !== 'self' && r.finalizedAt),
        book.title,
      ).toHaveLength(1);
      expect(
        records.filter((r) => r.kind === 'self' && r.finalizedAt),
        book.title,
      ).toHaveLength(1);
      // The schedule computed from the records, as finalize computes it, is the one the book shows.
      const { nextInspectionDate, nextInspectionDateSelf } = await scheduleFor(db, book);
      expect({ nextInspectionDate, nextInspectionDateSelf }, book.title).toEqual({
        nextInspectionDate: book.nextInspectionDate,
        nextInspectionDateSelf: book.nextInspectionDateSelf,
      });
    }
  });
});
