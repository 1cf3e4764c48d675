/**
 * What drizzle's per-query parsers cost on PGlite (db/pglite-parsers.ts): a one-row lookup by key through drizzle,
 * on one in-memory PGlite, with the parsers passed on every query as drizzle does, and with the client holding them
 * instead. The figure is the process's CPU time per query; the two are run in turns, and the ratio is what counts.
 * Run with `node --import tsx bench/pglite-parsers.ts` (BENCH_QUERIES per turn, default 5,000; BENCH_ROUNDS, 3).
 */
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { useDrizzleParsers, withoutQueryParsers } from '../apps/server/src/db/pglite-parsers';

const QUERIES = Number(process.env.BENCH_QUERIES ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  day: date('day').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
});

async function perQuery(db: ReturnType<typeof drizzle>) {
  const lookup = db.select().from(things).where(eq(things.id, 1)).limit(1);
  for (let i = 0; i < 300; i++) await lookup;
  const start = process.cpuUsage();
  for (let i = 0; i < QUERIES; i++)
    await db
      .select()
      .from(things)
      .where(eq(things.id, (i % 100) + 1))
      .limit(1);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / QUERIES;
}

export async function benchPgliteParsers() {
  const client = new PGlite();
  await client.waitReady;
  await client.exec(`create table things (id int primary key, name text not null, day date not null,
    at timestamptz not null); insert into things select g, 'Tür ' || g, current_date, now() from generate_series(1, 100) g`);
  const passed = drizzle(client);
  const held = drizzle(withoutQueryParsers(client));
  const rows: Record<string, number | string>[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    // The client's own parsers are drizzle's in both turns: the first pays for the per-query copy, the second not.
    useDrizzleParsers(client);
    const withCopy = await perQuery(passed);
    const without = await perQuery(held);
    rows.push({
      round,
      'parsers per query µs': Math.round(withCopy),
      'parsers held µs': Math.round(without),
      ratio: (without / withCopy).toFixed(2),
    });
  }
  await client.close();
  console.table(rows);
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchPgliteParsers();
