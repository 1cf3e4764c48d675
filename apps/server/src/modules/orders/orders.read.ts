/** Reading orders: one order, the list, the newest change. */
import { keptListTotal } from '@pruefbuch/domain/rules/order-lists';
import type { OrderListQuery } from '@pruefbuch/domain/schemas/order';
import { eq, sql } from 'drizzle-orm';
import { orders } from '../../db/schema/index';
import type { TenantContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { pageReplyJson } from '../../platform/paging';
import { keptTotalSql } from './orders.lists';
import { countWhere, findOrder, listWhere, pageOf, toOrderDto } from './orders.repo';
import { searchPage } from './orders.search-page';

/** GET orders/{id}: the order; another tenant's is a 404. */
export async function get(ctx: TenantContext, id: string) {
  const found = await findOrder(ctx.db, ctx.tenantId, id);
  if (!found) throw notFound();
  return toOrderDto(found);
}

/**
 * GET orders: one page, searched, filtered and sorted, as JSON text (the orders' JSON is written by the
 * database). With a search term it counts only so far, as the search lists do (searchPage); without one,
 * every order the filters hold.
 */
export async function list(ctx: TenantContext, q: OrderListQuery) {
  const where = listWhere(ctx.tenantId, q);
  if (q.search) {
    const { items, total, more } = await searchPage(ctx.db, ctx.tenantId, where, q);
    return pageReplyJson(items, total, q, more);
  }
  // The total without a search is a kept count where the filters name one (rules/order-lists.ts keptListTotal):
  // counting 100,000 orders took most of the list's time.
  const kept = keptListTotal(q);
  const total = kept ? keptTotalSql(ctx.tenantId, kept) : countWhere(where);
  const { items, total: n } = await pageOf(ctx.db, where, total, q);
  return pageReplyJson(items, n, q);
}

/** GET orders/get/updatedAt: the newest change and the count of the tenant's orders. */
export async function updatedAt(ctx: TenantContext) {
  const [row] = await ctx.db
    .select({
      updatedAt: sql<Date | null>`max(${orders.updatedAt})`.mapWith(orders.updatedAt),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.tenantId, ctx.tenantId));
  return { updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null, count: row?.count ?? 0 };
}
