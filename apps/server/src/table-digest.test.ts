import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { accessWorld } from '../test/access-world';
import { createTestApp, type TestApp } from '../test/helper';
import { changedTables, publicTables, tableDigest, writeMark, writeWatch } from '../test/table-digest';
import { rowsOf } from './db/client';
import * as schema from './db/schema/index';

/**
 * The net of the bad-input property test (test/table-digest.ts): it must see a change to any row of
 * any table, an UPDATE that keeps the row count included, and its write mark must move with every
 * write, or a refused request that wrote would pass unseen.
 */
describe('the table digest', () => {
  let t: TestApp;
  let tables: string[];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    await accessWorld(t, 'Mandant A');
    tables = await publicTables(db());
  }, 60_000);

  it('digests every table of the schema', async () => {
    const declared = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((v) => getTableName(v as PgTable))
      .sort();
    expect(declared.length).toBeGreaterThan(30);
    expect(tables).toEqual(declared);
    expect(Object.keys(await tableDigest(db(), tables)).sort()).toEqual(declared);
  });

  it('sees an UPDATE that keeps the row count, and names only its table', async () => {
    const before = await tableDigest(db(), tables);
    const [user] = await rowsOf<{ id: string }>(db(), sql`select id from users order by id limit 1`);
    await db().execute(sql`update users set last_name = last_name || ' (geändert)' where id = ${user?.id}`);
    const after = await tableDigest(db(), tables);
    expect(after.users?.split(':')[0]).toBe(before.users?.split(':')[0]);
    expect(changedTables(before, after)).toEqual(['users']);
  });

  it('sees a new audit row, a queued mail and a changed branch, each as its table', async () => {
    const writes: [string, ReturnType<typeof sql>][] = [
      [
        'audit_logs',
        sql`insert into audit_logs (entity, entity_id, action, field) values ('book', gen_random_uuid(), 'update', 'title')`,
      ],
      [
        'mail_outbox',
        sql`insert into mail_outbox ("to", subject, text, status) values ('a@example.org', 'x', 'y', 'stored')`,
      ],
      [
        'customer_locations',
        sql`update customer_locations set updated_at = updated_at + interval '1 second' where id = (select id from customer_locations limit 1)`,
      ],
    ];
    for (const [table, write] of writes) {
      const before = await tableDigest(db(), tables);
      await db().execute(write);
      expect(changedTables(before, await tableDigest(db(), tables))).toEqual([table]);
    }
  });

  it('reads the rows of each table: deleting one row changes that table alone', async () => {
    const before = await tableDigest(db(), tables);
    const seen: string[] = [];
    for (const table of tables) {
      if (before[table]?.startsWith('0:')) continue;
      // In a transaction that is rolled back; without triggers, so no other table follows the delete.
      const changed = await db()
        .transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql.raw(`delete from "${table}" where ctid = (select ctid from "${table}" limit 1)`));
          throw new Rollback(changedTables(before, await tableDigest(tx, tables)));
        })
        .catch((e: unknown) => {
          if (e instanceof Rollback) return e.changed;
          throw e;
        });
      expect(changed, table).toEqual([table]);
      seen.push(table);
    }
    expect(changedTables(before, await tableDigest(db(), tables))).toEqual([]);
    // The world fills most tables; the empty ones are covered by the row count in their digest.
    expect(seen.length).toBeGreaterThan(tables.length / 2);
  });

  it('moves its write mark with every write, a rolled-back one included, and not with a read', async () => {
    // A read takes no transaction id, so it leaves the mark where it was. Asked inside the reading transaction:
    // the mark itself is the cluster's, and on PostgreSQL the other test files' writes in their own databases move
    // it at any moment (the watch then digests once more, which is safe). Comparing marks around a read failed in
    // CI when another file wrote all through 40 tries.
    const readTookId = await db().transaction(async (tx) => {
      await tableDigest(tx, tables);
      const [row] = await rowsOf<{ xid: string | null }>(tx, sql`select pg_current_xact_id_if_assigned()::text as xid`);
      return row?.xid ?? null;
    });
    expect(readTookId).toBeNull();
    // Through the app as well, where nothing else writes (the embedded database: one connection, one test file).
    if (!process.env.TEST_DATABASE_URL) {
      const before = await writeMark(db());
      await tableDigest(db(), tables);
      await t.api({ method: 'GET', url: '/health' });
      expect(await writeMark(db())).toBe(before);
    }
    const mark = await writeMark(db());

    await db().execute(sql`update tenants set name = name where id = (select id from tenants limit 1)`);
    const afterUpdate = await writeMark(db());
    expect(afterUpdate).not.toBe(mark);

    const before = await tableDigest(db(), tables);
    await db()
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into mail_outbox ("to", subject, text, status) values ('b@example.org', 'x', 'y', 'stored')`,
        );
        throw new Rollback([]);
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(await writeMark(db())).not.toBe(afterUpdate);
    expect(changedTables(before, await tableDigest(db(), tables))).toEqual([]);
  });

  it('catches a refused request that writes: a failed sign-in records the failure', async () => {
    const watch = await writeWatch(db());
    const user = await t.createUser();
    expect(await watch.written()).toEqual(['users']);

    const wrong = await t.api({
      method: 'POST',
      url: '/users/login',
      payload: { email: user.email, password: 'falsch' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await watch.written()).toEqual(['auth_failures']);

    const malformed = await t.api({ method: 'POST', url: '/users/login', payload: { email: 42 } });
    expect(malformed.statusCode).toBe(400);
    expect(await watch.written()).toEqual([]);
  });
});

class Rollback extends Error {
  constructor(readonly changed: string[]) {
    super('rollback');
  }
}
