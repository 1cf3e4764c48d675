/**
 * The kept figures of the evaluations (rules/figure-buckets.ts, decision 046): moving them with a
 * write, and the condition that picks the buckets of a range when reading them.
 */
import { ALL_DEPARTMENTS, type Grain, segmentDays, segmentsOf } from '@pruefbuch/domain/rules/figure-buckets';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * The buckets of a figures table that a range reads, on the placeholders of a prepared statement:
 * `department` (ALL_DEPARTMENTS for all), `months`, `weeks` and `days` (bucketParams). One text for
 * every range, so PostgreSQL parses and plans it once per connection.
 */
export function inBuckets(t: { grain: AnyPgColumn; day: AnyPgColumn; department: AnyPgColumn }): SQL {
  const any = (grain: Grain, name: string) =>
    sql`(${t.grain} = ${grain} and ${t.day} = any(${sql.placeholder(name)}::date[]))`;
  return sql`${t.department} = ${sql.placeholder('department')}
    and (${any('m', 'months')} or ${any('w', 'weeks')} or ${any('d', 'days')})`;
}

/** The values of inBuckets' placeholders for the range `from` to `to`, of a department or all. */
export function bucketParams(from: string, to: string, department: number | undefined, cuts: readonly string[] = []) {
  const s = segmentsOf(from, to, cuts);
  return { department: department ?? ALL_DEPARTMENTS, months: s.months, weeks: s.weeks, days: segmentDays(s) };
}

/**
 * Adds signed changes to the buckets of a figures table: one upsert (per 1000 buckets) in the order of
 * the keys, so two writes that move the same buckets lock them alike and never deadlock; a bucket whose
 * figures all fall to 0 is removed, so a table holds only what some record counts.
 */
export async function moveBuckets<T extends PgTable>(
  tx: Executor,
  table: T,
  keys: readonly (keyof T['$inferSelect'] & string)[],
  figures: readonly (keyof T['$inferSelect'] & string)[],
  changes: readonly T['$inferInsert'][],
) {
  const columns = table as unknown as Record<string, AnyPgColumn>;
  const col = (k: string) => columns[k] as AnyPgColumn;
  const keyOf = (r: Record<string, unknown>) => JSON.stringify(keys.map((k) => r[k]));
  const sorted = changes
    .map((r) => ({ r, k: keyOf(r as Record<string, unknown>) }))
    .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
    .map((x) => x.r);
  for (let i = 0; i < sorted.length; i += 1000) {
    const after = (await tx
      .insert(table)
      .values(sorted.slice(i, i + 1000) as T['$inferInsert'][])
      .onConflictDoUpdate({
        target: keys.map(col),
        set: Object.fromEntries(
          figures.map((f) => [f, sql`${col(f)} + excluded.${sql.identifier(col(f).name)}`]),
        ) as PgUpdateSetSource<T>,
      })
      .returning()) as Record<string, unknown>[];
    const emptied = after.filter((r) => figures.every((f) => Number(r[f]) === 0));
    if (emptied.length) {
      await tx.delete(table).where(or(...emptied.map((r) => and(...keys.map((k) => eq(col(k), r[k]))))));
    }
  }
}
