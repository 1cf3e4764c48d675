import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../src/db/client';

/** Per table of the schema `public`: its row count and an MD5 of all its rows, e.g. `3:9f…`. */
export type TableDigest = Record<string, string>;

/** Every table of the schema `public` (the app's tables; drizzle's own record lives in schema `drizzle`). */
export async function publicTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((r) => r.name);
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * One statement that digests the given tables: per table the row count and the MD5 of all its rows'
 * whole text (`t::text`: every column), sorted, so an inserted, deleted or updated row changes it.
 */
export function digestStatement(tables: readonly string[]) {
  if (tables.length === 0) throw new Error('no tables to digest');
  const columns = tables.map(
    (name) =>
      `(select count(*)::text || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${ident(name)} t) as ${ident(name)}`,
  );
  return sql.raw(`select ${columns.join(', ')}`);
}

/** The digest of each table, read in one statement (one snapshot of the database). */
export async function tableDigest(db: Executor, tables: readonly string[]): Promise<TableDigest> {
  const [row] = await rowsOf<TableDigest>(db, digestStatement(tables));
  if (!row) throw new Error('digest statement returned no row');
  return row;
}

/** The tables whose digest differs between two readings. */
export function changedTables(before: TableDigest, after: TableDigest): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

/**
 * A mark that moves whenever any transaction that wrote has ended: one past the newest ended
 * transaction id. A transaction gets an id with its first written row (read-only ones get none),
 * and keeps it whether it commits or rolls back. So while the mark stands still no row of any table
 * has changed, and a digest read before is still the database's; once it moves, read the digest
 * again (a rolled-back write moves it too: the digest then shows nothing changed).
 */
export async function writeMark(db: Executor): Promise<string> {
  const [row] = await rowsOf<{ mark: string }>(db, sql`select pg_snapshot_xmax(pg_current_snapshot())::text as mark`);
  if (!row) throw new Error('no snapshot');
  return row.mark;
}

export interface WriteWatch {
  /** The tables it digests: every table of the schema `public`. */
  tables: readonly string[];
  /** How often it has read the digest. */
  digests: () => number;
  /** The tables whose rows changed since the last call (or since the watch began). */
  written: () => Promise<string[]>;
}

/**
 * Watches every table for writes: reads the digest of all tables once, and again only when the
 * write mark has moved. The mark is read before the digest, so a write after it moves it again.
 */
export async function writeWatch(db: Executor): Promise<WriteWatch> {
  const tables = await publicTables(db);
  let mark = await writeMark(db);
  let known = await tableDigest(db, tables);
  let digests = 1;
  return {
    tables,
    digests: () => digests,
    async written() {
      const next = await writeMark(db);
      if (next === mark) return [];
      const now = await tableDigest(db, tables);
      digests++;
      const changed = changedTables(known, now);
      known = now;
      mark = next;
      return changed;
    },
  };
}
