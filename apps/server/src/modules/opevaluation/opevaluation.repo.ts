/**
 * The operations evaluation's SQL: the kept figures of a tenant's orders (order_figures, rules/
 * order-figures.ts, decision 046), of a department when one is asked for, summed per month of the range
 * and over the whole range (grouping sets). It reads the buckets of the range, never the orders. Sums
 * come as text (numeric in the database), exact to the cent.
 */
import { lateCut } from '@pruefbuch/domain/rules/order-figures';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { orderFigures as f } from '../../db/schema/index';
import { bucketParams, inBuckets } from '../../platform/figure-buckets';

export interface OpFilter {
  from: string;
  to: string;
  department?: number | undefined;
}

export interface OpFigures {
  /** YYYY-MM, or null in the row over the whole range. */
  month: string | null;
  received: number;
  installed: number;
  accepted: number;
  billed: number;
  betragSum: string;
  vergabepreisSum: string;
  calculatedMin: number;
  bookedMin: number;
  minutesCnt: number;
  late: number;
  installedNotBilled: number;
}

const total = (col: AnyPgColumn) => sql`coalesce(sum(${col}), 0)`;

/** Orders not installed whose week lies before the current one (the cut) count late. */
const latePending = sql`coalesce(sum(${f.pending}) filter (where ${f.day} < ${sql.placeholder('cut')}::date), 0)`;

/**
 * A month shows when something happened in it. Its buckets may hold only orders pending for a later
 * week, which count nothing yet; every other event counts as received, installed, accepted, billed or
 * late. The row over the whole range (month null) always shows.
 */
const happened = sql`${total(f.received)} + ${total(f.installed)} + ${total(f.accepted)} + ${total(f.billed)} + ${total(f.lateInstalled)} + ${latePending} > 0`;

/** The evaluation's one statement, prepared once per database. */
const opFiguresQuery = (db: Executor) =>
  db
    .select({
      month: sql<string | null>`to_char(${f.day}, 'YYYY-MM')`,
      received: sql<number>`${total(f.received)}::int`,
      installed: sql<number>`${total(f.installed)}::int`,
      accepted: sql<number>`${total(f.accepted)}::int`,
      billed: sql<number>`${total(f.billed)}::int`,
      betragSum: sql<string>`(${total(f.betragCents)} / 100.0)::text`,
      vergabepreisSum: sql<string>`(${total(f.vergabepreisCents)} / 100.0)::text`,
      calculatedMin: sql<number>`${total(f.calculatedMin)}::int`,
      bookedMin: sql<number>`${total(f.bookedMin)}::int`,
      minutesCnt: sql<number>`${total(f.minutesCnt)}::int`,
      late: sql<number>`(${total(f.lateInstalled)} + ${latePending})::int`,
      installedNotBilled: sql<number>`${total(f.installedNotBilled)}::int`,
    })
    .from(f)
    .where(and(eq(f.tenantId, sql.placeholder('tenantId')), inBuckets(f)))
    .groupBy(sql`grouping sets ((1), ())`)
    .having(sql`to_char(${f.day}, 'YYYY-MM') is null or ${happened}`)
    .orderBy(sql`1 nulls last`)
    .prepare('op_figures');
const prepared = preparedStatements<ReturnType<typeof opFiguresQuery>>();

/**
 * The figures per month and in total. An order not installed counts late in the buckets before the
 * current week (Berlin), so the month of that week's Monday is read by week and day.
 */
export async function opFigures(
  db: Executor,
  tenantId: string,
  q: OpFilter,
  now: Date = new Date(),
): Promise<OpFigures[]> {
  const cut = lateCut(now);
  return prepared(db, 'op_figures', () => opFiguresQuery(db)).execute({
    tenantId,
    cut,
    ...bucketParams(q.from, q.to, q.department, [cut]),
  });
}
