import { randomUUID } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Executor } from '../src/db/client';
import {
  books,
  bookTypes,
  customerLocationBooks,
  customerLocations,
  folders,
  inspections,
  tenants,
  userCustomerLocations,
  users,
  userTenants,
} from '../src/db/schema/index';

/**
 * Fixtures written straight into the database (no API round trip, no audit rows): every factory
 * fills what the schema requires with unique values and takes overrides for the rest.
 */

export const TEST_PASSWORD = 'geheim123';

/**
 * Test users get the cheapest argon2 parameters: login verifies with the parameters stored in the
 * hash, so every login in the suite stays fast. Passwords the app hashes keep its own defaults.
 */
const CHEAP_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
let passwordHash: Promise<string> | null = null;
/** The hash of TEST_PASSWORD, made once per worker. */
export const testPasswordHash = () => (passwordHash ??= hash(TEST_PASSWORD, CHEAP_ARGON2));

const unique = () => randomUUID().replace(/-/g, '').slice(0, 16);

function one<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`no ${what}`);
  return row;
}

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export async function insertTenant(db: Executor, overrides: Insert<typeof tenants> = {}) {
  const rows = await db
    .insert(tenants)
    .values({ name: 'Testmandant', url: `t-${randomUUID()}`, ...overrides })
    .returning();
  return one(rows, 'tenant');
}

/** A verified user (role 3, standard, unless overridden) with TEST_PASSWORD, member of tenantIds. */
export async function insertUser(
  db: Executor,
  { tenantIds = [], ...overrides }: Insert<typeof users> & { tenantIds?: string[] } = {},
) {
  const rows = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: 'Nutzer',
      email: `u${unique()}@test.example`,
      role: 3,
      isVerified: true,
      passwordHash: await testPasswordHash(),
      abbreviation: randomUUID().slice(0, 6).toUpperCase(),
      ...overrides,
    })
    .returning();
  const row = one(rows, 'user');
  if (tenantIds.length)
    await db.insert(userTenants).values(tenantIds.map((tenantId) => ({ userId: row.id, tenantId })));
  return row;
}

export async function insertFolder(db: Executor, tenantId: string, overrides: Insert<typeof folders> = {}) {
  const rows = await db
    .insert(folders)
    .values({ tenantId, folderName: 'Ordner', ...overrides })
    .returning();
  return one(rows, 'folder');
}

export async function insertBookType(db: Executor, overrides: Insert<typeof bookTypes> = {}) {
  const rows = await db
    .insert(bookTypes)
    .values({ type: `Typ ${unique()}`, ...overrides })
    .returning();
  return one(rows, 'book type');
}

/** A book row (no schedule computed: set nextInspectionDate and the ampels yourself if a test needs them). */
export async function insertBook(db: Executor, tenantId: string, overrides: Insert<typeof books> = {}) {
  const rows = await db
    .insert(books)
    .values({ tenantId, title: `Buch ${unique()}`, ...overrides })
    .returning();
  return one(rows, 'book');
}

/** An inspection record of a book: a draft of kind 'inspection' dated today unless overridden. */
export async function insertInspection(
  db: Executor,
  book: { id: string; tenantId: string },
  overrides: Insert<typeof inspections> = {},
) {
  const rows = await db
    .insert(inspections)
    .values({
      tenantId: book.tenantId,
      bookId: book.id,
      kind: 'inspection',
      when: new Date().toISOString().slice(0, 10),
      ...overrides,
    })
    .returning();
  return one(rows, 'inspection');
}

/** A customer location (branch) of the tenant: ZNL/Nr unique unless overridden, an address in Frankfurt. */
export async function insertLocation(db: Executor, tenantId: string, overrides: Insert<typeof customerLocations> = {}) {
  const rows = await db
    .insert(customerLocations)
    .values({
      tenantId,
      znl: 'Frankfurt',
      nr: unique().slice(0, 6),
      address: {
        _id: randomUUID(),
        street: 'Zeil',
        housenumber: '10',
        zip: '60313',
        location: 'Frankfurt am Main',
        tel: '',
        email: '',
        homepage: '',
        country: 'DE',
      },
      ...overrides,
    })
    .returning();
  return one(rows, 'customer location');
}

/** Links books to a location. */
export async function linkBooks(db: Executor, locationId: string, bookIds: string[]) {
  if (bookIds.length) await db.insert(customerLocationBooks).values(bookIds.map((bookId) => ({ locationId, bookId })));
}

/** Assigns locations to a (branch) user. */
export async function assignLocations(db: Executor, userId: string, locationIds: string[]) {
  if (locationIds.length)
    await db.insert(userCustomerLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
}
