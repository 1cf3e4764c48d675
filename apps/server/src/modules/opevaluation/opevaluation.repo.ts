/**
 * The operations evaluation's SQL: the kept figures of a tenant's orders (order_figures, rules/
 * order-figures.ts, decision 046), of a department when one is asked for, summed per month of the range
 * and over the whole range (grouping sets). It reads the buckets of the range, never the orders. Sums
 * come as text (numeric in the database), exact to the cent.
 */
import { segmentsOf } from '@pruefbuch/domain/rules/figure-buckets';
import { lateCut } from '@pruefbuch/domain/rules/order-figures';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, rowsOf } from '../../db/client';
import { orderFigures as f } from '../../db/schema/index';
import { inSegments } from '../../platform/figure-buckets';

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

/**
 * The figures per month and in total. An order not installed counts late in the buckets before the
 * current week (Berlin), so the month of that week's Monday is read by day.
 */
export async function opFigures(
  db: Executor,
  tenantId: string,
  q: OpFilter,
  now: Date = new Date(),
): Promise<OpFigures[]> {
  const cut = lateCut(now);
  const segments = segmentsOf(q.from, q.to, [cut]);
  const total = (col: AnyPgColumn) => sql`coalesce(sum(${col}), 0)`;
  return rowsOf<OpFigures>(
    db,
    sql`
    select to_char(${f.day}, 'YYYY-MM') as month,
      ${total(f.received)}::int as received,
      ${total(f.installed)}::int as installed,
      ${total(f.accepted)}::int as accepted,
      ${total(f.billed)}::int as billed,
      (${total(f.betragCents)} / 100.0)::text as "betragSum",
      (${total(f.vergabepreisCents)} / 100.0)::text as "vergabepreisSum",
      ${total(f.calculatedMin)}::int as "calculatedMin",
      ${total(f.bookedMin)}::int as "bookedMin",
      ${total(f.minutesCnt)}::int as "minutesCnt",
      (${total(f.lateInstalled)} + coalesce(sum(${f.pending}) filter (where ${f.day} < ${cut}::date), 0))::int as late,
      ${total(f.installedNotBilled)}::int as "installedNotBilled"
    from ${f}
    where ${f.tenantId} = ${tenantId} and ${inSegments(f, segments, q.department)}
    group by grouping sets ((1), ())
    order by 1 nulls last`,
  );
}
