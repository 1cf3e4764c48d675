import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import { books, customerLocationBooks, customerLocations, userCustomerLocations, users } from '../db/schema/index';
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
});
