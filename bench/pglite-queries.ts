/**
 * What a query through drizzle costs on PGlite, three ways in turns on one in-memory PGlite: as drizzle's driver
 * sends it (its result parsers passed with every query), with the client holding those parsers
 * (db/pglite-parsers.ts), and as the app sends it, the parsers held and the query a prepared statement
 * (db/pglite-drizzle.ts, db/pglite-statements.ts). Two queries: a one-row lookup by key, and a page of 20 rows of
 * a wider table with a join, as lists read. The figure is the process's CPU time per query; the ratio is what counts.
 * Run with `node --import tsx bench/pglite-queries.ts` (BENCH_QUERIES per turn, default 3,000; BENCH_ROUNDS, 3).
 */
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, gt } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { forDrizzle } from '../apps/server/src/db/pglite-drizzle';
import { useDrizzleParsers, withoutDrizzleParsers } from '../apps/server/src/db/pglite-parsers';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 3_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  day: date('day').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  ownerId: integer('owner_id').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  note: text('note'),
});
const owners = pgTable('owners', { id: integer('id').primaryKey(), name: text('name').notNull() });

type Db = ReturnType<typeof drizzle>;
const lookup = (db: Db, i: number) =>
  db
    .select()
    .from(things)
    .where(eq(things.id, (i % 100) + 1))
    .limit(1);
const page = (db: Db, i: number) =>
  db
    .select({ id: things.id, name: things.name, day: things.day, at: things.at, city: things.city, owner: owners.name })
    .from(things)
    .innerJoin(owners, eq(owners.id, things.ownerId))
    .where(gt(things.id, i % 50))
    .orderBy(asc(things.id))
    .limit(20);

async function perQuery(db: Db, query: (db: Db, i: number) => PromiseLike<unknown>) {
  for (let i = 0; i < 300; i++) await query(db, i);
  const start = process.cpuUsage();
  for (let i = 0; i < QUERIES; i++) await query(db, i);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / QUERIES;
}

/** The client with drizzle's parsers held, each query still PGlite's own (the code before prepared statements). */
const parsersHeld = (client: PGlite) =>
  new Proxy(client, {
    get: (target, key) =>
      key === 'query'
        ? (q: string, p?: unknown[], o?: Parameters<PGlite['query']>[2]) => target.query(q, p, withoutDrizzleParsers(o))
        : Reflect.get(target, key, target),
  });

export async function benchPgliteQueries() {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(`create table owners (id int primary key, name text not null);
    insert into owners select g, 'Kunde ' || g from generate_series(1, 10) g;
    create table things (id int primary key, name text not null, day date not null, at timestamptz not null,
      owner_id int not null references owners, street text not null, city text not null, note text);
    insert into things select g, 'Tür ' || g, current_date, now(), g % 10 + 1, 'Hauptstraße ' || g, 'Köln', null
      from generate_series(1, 100) g`);
  const plain = drizzle(client);
  const held = drizzle(parsersHeld(client));
  const app = drizzle(forDrizzle(client));
  const rows: Record<string, number | string>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, query] of [
      ['lookup', lookup],
      ['page of 20', page],
    ] as const) {
      // The client's own parsers are drizzle's in every turn: the first pays for the per-query copy.
      useDrizzleParsers(client);
      const driver = await perQuery(plain, query);
      const parsers = await perQuery(held, query);
      const prepared = await perQuery(app, query);
      rows.push({
        round,
        query: name,
        'drizzle driver µs': Math.round(driver),
        'parsers held µs': Math.round(parsers),
        'prepared µs': Math.round(prepared),
        'prepared / held': (prepared / parsers).toFixed(2),
      });
    }
  }
  await client.close();
  console.table(rows);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPgliteQueries();
