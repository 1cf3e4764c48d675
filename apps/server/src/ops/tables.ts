import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../db/client';

export interface TableInfo {
  name: string;
  /** The columns a restore writes: every column but the generated ones, which the database computes. */
  columns: string[];
}

/**
 * The tables of schema public, parents before children (foreign keys), ties by name. The order
 * lets a restore that cannot switch the foreign-key triggers off insert parents first.
 */
export async function tablesInOrder(db: Executor): Promise<TableInfo[]> {
  const tables = await rowsOf<{ name: string; columns: string[] | string }>(
    db,
    sql`select c.relname as name,
          json_agg(a.attname order by a.attnum) filter (where a.attgenerated = '')::text as columns
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r' and not c.relispartition
        group by c.relname`,
  );
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        join pg_class p on p.oid = k.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and k.conrelid <> k.confrelid`,
  );
  const info = new Map(
    tables.map((t) => [t.name, { name: t.name, columns: JSON.parse(String(t.columns ?? '[]')) as string[] }]),
  );
  return dependencyOrder([...info.keys()], edges).map((name) => info.get(name) as TableInfo);
}

/** Kahn's order, ties by name; tables on a cycle (none today) follow by name. */
export function dependencyOrder(names: string[], edges: { child: string; parent: string }[]): string[] {
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of edges) if (parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  const order: string[] = [];
  const placed = new Set<string>();
  for (;;) {
    const ready = names.filter((n) => !placed.has(n) && [...(parents.get(n) ?? [])].every((p) => placed.has(p))).sort();
    if (ready.length === 0) break;
    for (const n of ready) {
      order.push(n);
      placed.add(n);
    }
  }
  return [...order, ...names.filter((n) => !placed.has(n)).sort()];
}

/** A name as a quoted identifier, for the places where it is a value (a regclass text). */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export const tableRef = (name: string): SQL => sql`${sql.identifier('public')}.${sql.identifier(name)}`;

export async function rowCount(db: Executor, table: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${tableRef(table)}`);
  return row?.n ?? 0;
}

/**
 * Streams a table's rows as JSON text, `batchRows` at a time, through a cursor of the caller's
 * transaction (its snapshot): memory stays bounded on tables of any size.
 */
export async function* tableRows(tx: Executor, table: string, batchRows: number): AsyncGenerator<string[]> {
  await tx.execute(
    sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as line from ${tableRef(table)} t`,
  );
  try {
    for (;;) {
      const rows = await rowsOf<{ line: string }>(tx, sql.raw(`fetch forward ${Number(batchRows)} from backup_rows`));
      if (rows.length === 0) return;
      yield rows.map((r) => r.line);
    }
  } finally {
    await tx.execute(sql`close backup_rows`);
  }
}

/**
 * Inserts rows written by `row_to_json` (one JSON object per line): the database turns them back
 * into the table's types, so every type round-trips as PostgreSQL itself prints and reads it.
 */
export async function insertRows(tx: Executor, table: TableInfo, lines: string[]) {
  if (lines.length === 0) return;
  const columns = sql.join(
    table.columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${tableRef(table.name)} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${tableRef(table.name)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/** Sequences owned by columns of schema public continue after the restored rows' largest value. */
export async function resetSequences(tx: Executor) {
  const owned = await rowsOf<{ seq: string; tbl: string; col: string }>(
    tx,
    sql`select s.relname as seq, t.relname as tbl, a.attname as col
        from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class t on t.oid = d.refobjid
        join pg_namespace n on n.oid = t.relnamespace
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        where n.nspname = 'public' and d.deptype in ('a', 'i')`,
  );
  for (const { seq, tbl, col } of owned) {
    await tx.execute(
      sql`select setval(${`public.${quoted(seq)}`}::regclass, coalesce(max(${sql.identifier(col)}), 0) + 1,
        false) from ${tableRef(tbl)}`,
    );
  }
}
