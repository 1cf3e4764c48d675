/**
 * Values made in TypeScript, one set per row, written into many rows of a tenant table at once: the daily runs
 * (new ampels and list items) and the writes that keep list items. Each statement names every row with its
 * tenant (decision 018); a row read with its version (xmin) is written only while it is still that version, so
 * a run never overwrites what a write stored meanwhile from a newer row.
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../db/client';

/** A table of tenant data: rows named by id and tenant. */
type TenantTable = PgTable & { id: PgColumn; tenantId: PgColumn };

/** What to write into one row: the row, its version when it was read (optional), and its columns' new values. */
export interface RowUpdate<T extends TenantTable, K extends keyof T['$inferSelect']> {
  id: string;
  tenantId: string;
  /** The row's xmin as read (text): the row is left as it is when it has been written since. */
  seen?: string;
  set: { [P in K]: T['$inferSelect'][P] };
}

/** How many rows one statement writes. */
const ROWS_PER_STATEMENT = 500;

/**
 * Writes each row's values, 500 rows a statement (`update … from (values …)`, each value cast to its column's
 * type), where id and tenant match and, for rows given with `seen`, the row is still the version read.
 * Every row names the same columns. Returns the ids of the rows written.
 */
export async function updateRows<T extends TenantTable, K extends keyof T['$inferSelect'] & string>(
  db: Executor,
  table: T,
  rows: readonly RowUpdate<T, K>[],
): Promise<string[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first.set) as K[];
  const set = keys.map((key, i) => sql`${sql.identifier((columns[key] as PgColumn).name)} = v.${sql.raw(`c${i}`)}`);
  const names = sql.raw(['id', 'tenant', 'seen', ...keys.map((_, i) => `c${i}`)].join(', '));
  const cast = (column: PgColumn, value: unknown) => sql`${value}::${sql.raw(column.getSQLType())}`;
  const written: string[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values: SQL[] = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => {
      const cells = keys.map((key) => cast(columns[key] as PgColumn, r.set[key]));
      return sql`(${cast(table.id, r.id)}, ${cast(table.tenantId, r.tenantId)}, ${r.seen ?? null}::xid, ${sql.join(cells, sql`, `)})`;
    });
    const ids = await rowsOf<{ id: string }>(
      db,
      sql`update ${table} set ${sql.join(set, sql`, `)}
        from (values ${sql.join(values, sql`, `)}) as v(${names})
        where ${table.id} = v.id and ${table.tenantId} = v.tenant and (v.seen is null or ${table}.xmin = v.seen)
        returning ${table.id} as id`,
    );
    for (const { id } of ids) written.push(id);
  }
  return written;
}
