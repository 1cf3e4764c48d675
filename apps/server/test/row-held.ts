/**
 * A write that holds its rows while a job reads them and then waits to write them (tests of the daily runs,
 * which read a batch and write what they made of it). PostgreSQL only: it needs two connections at once.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../src/db/client';

/** How many statements of this database wait for a lock. */
const lockWaiters = async (db: Db) =>
  (
    await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
  )[0]?.n ?? 0;

/**
 * Runs `write` in a transaction and keeps it open; then starts `meanwhile`, and commits the write once a statement
 * waits for a lock (at most 2 s). Returns what the write gave, what `meanwhile` gave, and how many statements
 * waited when the write committed.
 */
export async function whileHeld<W, M>(db: Db, write: (tx: Tx) => Promise<W>, meanwhile: () => Promise<M>) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wrote = (_w: W) => {};
  const written = new Promise<W>((resolve) => {
    wrote = resolve;
  });
  const committed = db.transaction(async (tx) => {
    wrote(await write(tx));
    await held;
  });
  const ended = committed.then(() => Promise.reject(new Error('the write ended before it held its rows')));
  const result = { written: await Promise.race([written, ended]) };
  const later = meanwhile();
  for (let i = 0; i < 100 && (await lockWaiters(db)) < 1; i++) await new Promise((r) => setTimeout(r, 20));
  const waited = await lockWaiters(db);
  release();
  await committed;
  return { ...result, waited, result: await later };
}
