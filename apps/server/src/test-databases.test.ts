/**
 * The test databases a worker hands from one test file to the next (test/database.ts): each file
 * must find the migrated template's state, whatever the file before it wrote, and a database whose
 * schema a test changed must never reach another file.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { endFile, handedOn, newTestDatabase, openTestDatabase, pendingFileEnds } from '../test/database';
import { insertTenant, insertUser } from '../test/factories';
import { type Database, rowsOf } from './db/client';

/** Rows per table, and the rows of the tables the migrations fill, as one comparable value. */
async function stateOf(database: Database) {
  const [counts] = await rowsOf<{ tenants: number; users: number; countries: number; book_types: number }>(
    database.db,
    sql`select (select count(*)::int from tenants) as tenants, (select count(*)::int from users) as users,
      (select count(*)::int from countries) as countries, (select count(*)::int from book_types) as book_types`,
  );
  const [seeded] = await rowsOf<{ digest: string }>(
    database.db,
    sql`select md5((select json_agg(c order by c.id)::text from countries c) || (select json_agg(b order by b.id)::text from book_types b)) as digest`,
  );
  return { ...counts, digest: seeded?.digest };
}

describe('test databases handed from file to file', () => {
  it('come back emptied, with the rows the migrations wrote as they were', async () => {
    const first = await newTestDatabase();
    const fresh = await stateOf(first.database);
    expect(fresh.countries).toBeGreaterThan(0);
    expect(fresh.book_types).toBeGreaterThan(0);
    expect(fresh.tenants).toBe(0);

    const tenant = await insertTenant(first.database.db, { name: 'Übergabe' });
    await insertUser(first.database.db, { tenantIds: [tenant.id] });
    await first.database.db.execute(sql`delete from countries where code = 'DE'`);
    await first.database.db.execute(sql`update book_types set icon = 'geändert'`);
    await first.dispose();

    const before = handedOn.count;
    const next = await newTestDatabase();
    try {
      expect(handedOn.count).toBe(before + 1);
      expect(await stateOf(next.database)).toEqual(fresh);
    } finally {
      await next.dispose();
    }
  });

  it('refuse a query from something the file left running once it handed its database back', async () => {
    const { database, dispose } = await newTestDatabase();
    await dispose();
    await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('never pass on a database whose schema a test changed', async () => {
    const first = await newTestDatabase();
    await first.database.db.execute(sql`create table left_behind (id int)`);
    await first.dispose();

    const next = await newTestDatabase();
    try {
      const [row] = await rowsOf<{ found: string | null }>(
        next.database.db,
        sql`select to_regclass('left_behind') as found`,
      );
      expect(row?.found).toBeNull();
    } finally {
      await next.dispose();
    }
  });
});

describe('a test database made inside a test', () => {
  let made: Database;
  let handedBefore = 0;
  it('is made for that test alone', async () => {
    made = await openTestDatabase();
    await insertTenant(made.db, { name: 'Nur für diesen Test' });
    handedBefore = handedOn.count;
  });

  it('is handed back when that test ends: the next test gets it emptied instead of loading another', async () => {
    await expect(made.db.execute(sql`select 1`)).rejects.toThrow();
    const next = await openTestDatabase();
    expect(handedOn.count).toBe(handedBefore + 1);
    expect((await stateOf(next)).tenants).toBe(0);
  });
});

describe('a test database made in a beforeAll hook', () => {
  // Vitest drops an afterAll called inside a beforeAll: such a database was never handed back (test/file-end.ts).
  let made: Database;
  beforeAll(async () => {
    made = await openTestDatabase();
  });

  it('waits for the end of the file, still usable by its tests', async () => {
    expect(pendingFileEnds()).toBeGreaterThan(0);
    await expect(made.db.execute(sql`select 1`)).resolves.toBeDefined();
  });

  it('is handed back when the file ends (here ended early): the next file gets it instead of loading another', async () => {
    await endFile();
    expect(pendingFileEnds()).toBe(0);
    await expect(made.db.execute(sql`select 1`)).rejects.toThrow();
    const before = handedOn.count;
    const next = await newTestDatabase();
    try {
      expect(handedOn.count).toBe(before + 1);
    } finally {
      await next.dispose();
    }
  });
});
