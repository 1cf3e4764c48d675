/**
 * The weeks of the order list's 'Alle' tab (GET orders/get/weeks, decision 024): its week filter's options
 * and the totals of its KW headings, from the counts the database keeps (migration 0021) or counted over
 * the filtered orders.
 */
import { SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { weekKeys } from '@pruefbuch/domain/rules/order-lists';
import type { OrderWeeks, OrderWeeksQuery } from '@pruefbuch/domain/schemas/order';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderListCounts, orders } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { listWhere, orderOf } from './orders.repo';

/**
 * GET orders/get/weeks: how many of the filtered orders each week would show (the week filter takes the
 * sales or the operations week), so the list can group and filter by every week that has orders, not only
 * by those of the page on screen. An order counts once per distinct week. Without a filter, or with only the
 * department or only the status, the database's kept counts answer (migration 0021, a few hundred rows);
 * otherwise the filtered orders are counted, a search term's up to SEARCH_COUNT_CAP of them (decision 073).
 */
export async function weeks(ctx: TenantContext, q: OrderWeeksQuery): Promise<OrderWeeks> {
  const kept = keptWeeksOf(q);
  if (kept) return weeksOf(await keptWeeks(ctx.db, ctx.tenantId, kept));
  // With a search term, at most SEARCH_COUNT_CAP matches are counted (decision 073).
  const upTo = q.search ? SEARCH_COUNT_CAP : undefined;
  // In the list's order where the list's index holds them (the active orders); with the inactive ones, in no order.
  const counted = await countedWeeks(ctx.db, ctx.tenantId, listWhere(ctx.tenantId, q), {
    upTo,
    inListOrder: !q.inactive,
  });
  if (upTo !== undefined && counted.matches > upTo) return { weeks: [], none: 0, noSalesWeek: 0, more: true };
  return weeksOf(counted.rows);
}

/** The reply from the week rows, kept or counted: every week with orders, oldest first. */
function weeksOf(rows: WeekRow[]): OrderWeeks {
  const weekly = new Map<string, { count: number; sales: number }>();
  for (const r of rows) {
    const entry = weekly.get(r.key) ?? { count: 0, sales: 0 };
    if (r.list === 'week') entry.count += Number(r.n);
    else entry.sales += Number(r.n);
    weekly.set(r.key, entry);
  }
  return {
    weeks: [...weekly.entries()]
      .filter(([kw, w]) => kw !== '' && w.count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kw, w]) => ({ kw, count: w.count, sales: w.sales })),
    none: weekly.get('')?.count ?? 0,
    noSalesWeek: weekly.get('')?.sales ?? 0,
    more: false,
  };
}

type WeekRow = { list: 'week' | 'salesWeek'; key: string; n: number };
type KeptWeeks = { suffix: '' | '.d' | '.s'; prefix: string };

/** Which kept counts answer a query: none filtered, only by department, or only by status. */
function keptWeeksOf(q: OrderWeeksQuery): KeptWeeks | null {
  if (q.search || q.division || q.inactive) return null;
  if (q.department !== undefined && q.status) return null;
  if (q.department !== undefined) return { suffix: '.d', prefix: `${q.department}|` };
  if (q.status) return { suffix: '.s', prefix: `${q.status}|` };
  return { suffix: '', prefix: '' };
}

async function keptWeeks(db: Executor, tenantId: string, { suffix, prefix }: KeptWeeks): Promise<WeekRow[]> {
  const c = orderListCounts;
  const rows = await db
    .select({ list: c.list, key: c.key, n: c.n })
    .from(c)
    .where(
      and(
        eq(c.tenantId, tenantId),
        inArray(c.list, [`week${suffix}`, `salesWeek${suffix}`]),
        prefix ? sql`starts_with(${c.key}, ${prefix})` : undefined,
      ),
    );
  return rows.map((r) => ({
    list: r.list.startsWith('week') ? 'week' : 'salesWeek',
    key: r.key.slice(prefix.length),
    n: r.n,
  }));
}

/**
 * The same rows as the kept counts, counted over the filtered orders: the orders are read once, grouped by
 * their sales and operations week (a few hundred pairs), and each pair counts under the week keys the domain
 * gives it (rules/order-lists.ts weekKeys), as the kept counts do. Counting the two lists apart read the
 * filtered orders twice: with a search ('Wiesbaden', 100,000 orders) 51 ms of SQL at one client (bench/orders.ts).
 * With `upTo` (a search term, decision 073) at most `upTo` + 1 matches are read, and the caller tells from the sum
 * whether there were more. With `inListOrder` (the active orders, which the list's index holds) they are the first in
 * the list's order, found as the list's page finds them: a common term's in the list's index alone (it holds the
 * text and both weeks), a rare one's through its trigrams. In no order, PostgreSQL read a common term's matches from
 * the table, and a term of common words ('REWE Markt Hanau') through every match of its trigrams: 5-9 ms against
 * 0.2-2.7 ms in the list's order (bench/orders.ts).
 */
async function countedWeeks(
  db: Executor,
  tenantId: string,
  where: SQL,
  read: MatchingRead = {},
): Promise<{ rows: WeekRow[]; matches: number }> {
  const matching = matchingOrders(db, tenantId, where, read).as('matching');
  const pairs = await db
    .select({ sales: matching.sales, operations: matching.operations, n: sql<number>`count(*)::int` })
    .from(matching)
    .groupBy(matching.sales, matching.operations);
  return {
    rows: pairs.flatMap(({ sales, operations, n }) =>
      weekKeys(sales, operations).map(
        (k): WeekRow => ({ list: k.list === 'week' ? 'week' : 'salesWeek', key: k.key, n }),
      ),
    ),
    matches: pairs.reduce((sum, p) => sum + Number(p.n), 0),
  };
}

/** How many matches a facet reads (all without `upTo`), and whether the first in the list's order. */
interface MatchingRead {
  upTo?: number;
  inListOrder?: boolean;
}

/**
 * The weeks of the orders a facet counts (see countedWeeks): all of them, or with `upTo` one past the cap, in the
 * list's order with `inListOrder`. Only a capped read has an order: which matches come first decides nothing when
 * all of them are counted, and sorting them all cost a sort of every match.
 */
export function matchingOrders(db: Executor, tenantId: string, where: SQL, { upTo, inListOrder }: MatchingRead = {}) {
  // The list's filter names the tenant too; named here, the query says whose orders it reads.
  const found = db
    .select({ sales: orders.vkidAktKw, operations: orders.elAktKw })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), where))
    .$dynamic();
  if (upTo === undefined) return found;
  // One past the cap says whether there are more.
  return (inListOrder ? found.orderBy(...orderOf(undefined)) : found).limit(upTo + 1);
}
