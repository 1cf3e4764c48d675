/**
 * The weeks of the order list's 'Alle' tab (GET orders/get/weeks, decision 024): its week filter's options
 * and the totals of its KW headings, from the counts the database keeps (migration 0021) or counted over
 * the filtered orders.
 */
import type { OrderWeeks, OrderWeeksQuery } from '@pruefbuch/domain/schemas/order';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { orderListCounts, orders } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { listWhere } from './orders.repo';

/**
 * GET orders/get/weeks: how many of the filtered orders each week would show (the week filter takes the
 * sales or the operations week), so the list can group and filter by every week that has orders, not only
 * by those of the page on screen. An order counts once per distinct week. Without a filter, or with only the
 * department or only the status, the database's kept counts answer (migration 0021, a few hundred rows);
 * otherwise the filtered orders are counted.
 */
export async function weeks(ctx: TenantContext, q: OrderWeeksQuery): Promise<OrderWeeks> {
  const kept = keptWeeksOf(q);
  const rows = kept
    ? await keptWeeks(ctx.db, ctx.tenantId, kept)
    : await countedWeeks(ctx.db, listWhere(ctx.tenantId, q));
  const weekly = new Map<string, { count: number; sales: number }>();
  for (const r of rows) {
    const entry = weekly.get(r.key) ?? { count: 0, sales: 0 };
    if (r.list === 'week') entry.count = Number(r.n);
    else entry.sales = Number(r.n);
    weekly.set(r.key, entry);
  }
  return {
    weeks: [...weekly.entries()]
      .filter(([kw, w]) => kw !== '' && w.count > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kw, w]) => ({ kw, count: w.count, sales: w.sales })),
    none: weekly.get('')?.count ?? 0,
    noSalesWeek: weekly.get('')?.sales ?? 0,
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

/** The same rows as the kept counts (migration 0021 order_list_keys), counted over the filtered orders. */
async function countedWeeks(db: Executor, where: SQL): Promise<WeekRow[]> {
  const vkid = orders.vkidAktKw;
  const el = orders.elAktKw;
  return rowsOf<WeekRow>(
    db,
    sql`select 'week' as list, w.kw as key, count(*)::int as n from ${orders},
      unnest(case when ${vkid} = ${el} then array[${vkid}] else array_remove(array[${vkid}, ${el}], '') end) as w(kw)
    where ${where} group by w.kw
    union all select 'salesWeek', ${vkid}, count(*)::int from ${orders} where ${where} group by ${vkid}`,
  );
}
