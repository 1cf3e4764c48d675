/**
 * AB-Nrs (decision 049): a counter per tenant and calendar year, counted up in the caller's transaction.
 * The row lock makes parallel take-overs wait for each other, so no number is given twice, and a
 * take-over that rolls back gives its number back: the numbers of a year have no gaps but the ones a
 * user makes by deleting an order or setting the next number higher.
 */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import {
  formatOrderNumber,
  ORDER_NUMBER_DEFAULTS,
  ORDER_NUMBER_MAX,
  orderNumberOf,
} from '@pruefbuch/domain/rules/order-take-over';
import type { OrderNumbering } from '@pruefbuch/domain/schemas/order';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { orderNumbers, orders } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { AppError, conflict } from '../../platform/errors';

export const currentYear = () => Number(berlinToday().slice(0, 4));

/** LIKE's wildcards in a prefix are taken literally (a prefix holds none; kept safe all the same). */
const likeHead = (prefix: string, year: number) =>
  `${formatOrderNumber(prefix, year, 0)
    .slice(0, -1)
    .replace(/[\\%_]/g, '\\$&')}%`;

/** The highest number of this prefix and year among the tenant's orders (given, typed or imported), else 0. */
async function highestUsed(db: Executor, tenantId: string, prefix: string, year: number) {
  const rows = await db
    .select({ abnr: orders.abnr })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), like(orders.abnr, likeHead(prefix, year))));
  return rows.reduce((max, r) => Math.max(max, orderNumberOf(r.abnr, prefix, year) ?? 0), 0);
}

/** Whether an order of the tenant already has this AB-Nr (typed by hand past the counter). */
async function taken(db: Executor, tenantId: string, abnr: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.abnr, abnr)))
    .limit(1);
  return !!row;
}

/** Serialises the tenant's numbering: a first number of a year is worked out from the orders, not a row to lock. */
const lockNumbering = (tx: Executor, tenantId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${NUMBER_LOCK_NAMESPACE}, hashtext(${tenantId}))`);
const NUMBER_LOCK_NAMESPACE = 7_346_049;

/** The year's counter; without one, the prefix of the latest year (or the default) and nothing given yet. */
async function counterOf(db: Executor, tenantId: string, year: number) {
  const [row] = await db
    .select({ prefix: orderNumbers.prefix, lastNumber: orderNumbers.lastNumber })
    .from(orderNumbers)
    .where(and(eq(orderNumbers.tenantId, tenantId), eq(orderNumbers.year, year)));
  if (row) return row;
  const [latest] = await db
    .select({ prefix: orderNumbers.prefix })
    .from(orderNumbers)
    .where(eq(orderNumbers.tenantId, tenantId))
    .orderBy(desc(orderNumbers.year))
    .limit(1);
  return { prefix: latest?.prefix ?? ORDER_NUMBER_DEFAULTS.prefix, lastNumber: null };
}

/** The last number given of the counter: its own, else the highest the orders carry (at least first − 1). */
async function lastGiven(db: Executor, tenantId: string, year: number) {
  const counter = await counterOf(db, tenantId, year);
  const last =
    counter.lastNumber ??
    Math.max(ORDER_NUMBER_DEFAULTS.first - 1, await highestUsed(db, tenantId, counter.prefix, year));
  return { prefix: counter.prefix, last };
}

async function storeCounter(tx: Executor, tenantId: string, year: number, prefix: string, lastNumber: number) {
  await tx
    .insert(orderNumbers)
    .values({ tenantId, year, prefix, lastNumber })
    .onConflictDoUpdate({
      target: [orderNumbers.tenantId, orderNumbers.year],
      set: { lastNumber, prefix, updatedAt: new Date() },
    });
}

/**
 * The next AB-Nr of the tenant for this year, taken (the counter moves on in `tx`). A first number of the
 * year counts on from the highest one the tenant's orders already carry; a number typed by hand into an
 * order is skipped.
 */
export async function takeOrderNumber(tx: Tx, tenantId: string, year = currentYear()): Promise<string> {
  await lockNumbering(tx, tenantId);
  const { prefix, last } = await lastGiven(tx, tenantId, year);
  let n = last;
  let abnr: string;
  do {
    n += 1;
    if (n > ORDER_NUMBER_MAX) throw conflict('ORDER_NUMBERS_USED_UP');
    abnr = formatOrderNumber(prefix, year, n);
  } while (await taken(tx, tenantId, abnr));
  await storeCounter(tx, tenantId, year, prefix, n);
  return abnr;
}

/** GET orders/numbering: the current year's prefix, the next number and the AB-Nr it makes. */
export async function numbering(db: Executor, tenantId: string, year = currentYear()) {
  const { prefix, last } = await lastGiven(db, tenantId, year);
  return { year, prefix, next: last + 1, example: formatOrderNumber(prefix, year, last + 1) };
}

/**
 * PUT orders/numbering: the prefix and the next number of the current year. The next number must lie past
 * every number of that prefix and year the tenant's orders carry (else 400 at `next`), so no number is
 * given twice.
 */
export async function setNumbering(ctx: TenantContext, input: OrderNumbering) {
  const year = currentYear();
  await ctx.db.transaction(async (tx) => {
    await lockNumbering(tx, ctx.tenantId);
    const used = await highestUsed(tx, ctx.tenantId, input.prefix, year);
    if (input.next <= used) {
      throw new AppError('VALIDATION', 400, [
        {
          field: 'next',
          key: 'validation.order.numberTaken',
          message: 'validation.order.numberTaken',
          params: { used },
        },
      ]);
    }
    await storeCounter(tx, ctx.tenantId, year, input.prefix, input.next - 1);
  });
  return numbering(ctx.db, ctx.tenantId, year);
}
