/** Reading orders: one order, the list, the newest change. */
import type { OrderListQuery, OrderWeeks, OrderWeeksQuery } from '@pruefbuch/domain/schemas/order';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import { type RequestContext, requireTenant } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReplyJson } from '../../platform/paging';
import { countWhere, findOrder, listWhere, pageOf, toOrderDto } from './orders.repo';
import { searchPage } from './orders.search-page';

/** GET orders/{id}: the order; another tenant's is a 404. */
export async function get(rctx: RequestContext, id: string) {
  const ctx = requireTenant(rctx);
  const found = await findOrder(ctx.db, ctx.tenantId, id);
  if (!found) throw notFound();
  return toOrderDto(found);
}

/**
 * GET orders: one page, searched, filtered and sorted, as JSON text (the orders' JSON is written by the
 * database). With a search term it counts only so far, as the search lists do (searchPage); without one,
 * every order the filters hold.
 */
export async function list(rctx: RequestContext, q: OrderListQuery) {
  const ctx = requireTenant(rctx);
  const where = listWhere(ctx.tenantId, q);
  if (q.search) {
    const { items, total, more } = await searchPage(ctx.db, ctx.tenantId, where, q);
    return pageReplyJson(items, total, q, more);
  }
  const { items, total } = await pageOf(ctx.db, where, countWhere(where), q);
  return pageReplyJson(items, total, q);
}

/**
 * GET orders/get/weeks: how many of the filtered orders each week would show (the week filter takes the
 * sales or the operations week), so the list can group and filter by every week that has orders, not only
 * by those of the page on screen. An order counts once per distinct week.
 */
export async function weeks(rctx: RequestContext, q: OrderWeeksQuery): Promise<OrderWeeks> {
  const ctx = requireTenant(rctx);
  const where = listWhere(ctx.tenantId, q);
  const vkid = orders.vkidAktKw;
  const el = orders.elAktKw;
  // The last row ('#') counts the orders without a sales week; a week never starts with '#'.
  const result =
    await ctx.db.execute(sql`select w.kw, count(*)::int as n, count(*) filter (where w.kw = ${vkid})::int as sales
    from ${orders},
      unnest(case when ${vkid} = ${el} then array[${vkid}] else array_remove(array[${vkid}, ${el}], '') end) as w(kw)
    where ${where} group by w.kw
    union all select '#', count(*)::int, 0 from ${orders} where ${where} and ${vkid} = ''
    order by 1`);
  const rows = (result as unknown as { rows: { kw: string; n: number; sales: number }[] }).rows;
  const countOf = (kw: string) => Number(rows.find((r) => r.kw === kw)?.n ?? 0);
  return {
    weeks: rows
      .filter((r) => r.kw !== '' && r.kw !== '#')
      .map((r) => ({ kw: r.kw, count: Number(r.n), sales: Number(r.sales) })),
    none: countOf(''),
    noSalesWeek: countOf('#'),
  };
}

/** GET orders/get/updatedAt: the newest change and the count of the tenant's orders. */
export async function updatedAt(rctx: RequestContext) {
  const ctx = requireTenant(rctx);
  const [row] = await ctx.db
    .select({
      updatedAt: sql<Date | null>`max(${orders.updatedAt})`.mapWith(orders.updatedAt),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.tenantId, ctx.tenantId));
  return { updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, count: row?.count ?? 0 };
}
