/**
 * A search's page with a capped total (decision 024): the free and serial search lists and GET orders with
 * a term count their matches only so far, in the page's order, and say `more` when there are further ones.
 */
import { ORDER_SEARCH_COUNT_CAP } from '@pruefbuch/domain/constants';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offers, orders } from '../../db/schema/index';
import { offsetOf } from '../../platform/paging';
import { listItemJson } from './orders.list-item';
import { countOf, orderOf, pageRows } from './orders.repo';

/**
 * One page of a search with a capped total (decision 024): the matches are read in the page's order up to
 * `upTo` (an index in that order stops there), numbered, and the page is cut from them; the total is how
 * many were read. One statement reads the matches once for both. `upTo` is a validated integer, written
 * into the statement as the page's size and offset are (pageStatement).
 */
async function cappedPage(
  db: Executor,
  where: SQL,
  p: { sort?: string; size: number; page: number },
  upTo: number,
): Promise<{ item: string; total: number }[]> {
  const order = sql.join(orderOf(p.sort), sql`, `);
  const from = offsetOf(p);
  const num = (n: number) => sql.raw(String(Math.trunc(n)));
  const result = await db.execute(sql`with hits as materialized (
      select ${orders.id} as id, row_number() over (order by ${order}) as n from ${orders}
      where ${where} order by ${order} limit ${num(upTo)})
    select ${listItemJson} as item, (select count(*)::int from hits) as total
    from hits join ${orders} on ${orders.id} = hits.id
    left join ${offers} on ${offers.id} = ${orders.offerId} and ${offers.tenantId} = ${orders.tenantId}
    where hits.n > ${num(from)} and hits.n <= ${num(from + p.size)}
    order by hits.n`);
  return (result as unknown as { rows: { item: string; total: number }[] }).rows;
}

/**
 * How far a search counts for a page: at least ORDER_SEARCH_COUNT_CAP matches, in whole pages (so the page
 * past them, which `more` offers, holds an order), and to the end of the page asked for. Counting every
 * match of a common term (a city, a component: a tenth of all orders) read each of them; a page and its
 * count now read at most this many, in the list's order (decision 024).
 */
const reachOf = (p: { page: number; size: number }) =>
  Math.max(Math.ceil(ORDER_SEARCH_COUNT_CAP / p.size) * p.size, offsetOf(p) + p.size);

/** A search's page and its total, counted up to reachOf(p): `more` when it holds further orders. */
export async function searchPage(db: Executor, where: SQL, p: { sort?: string; size: number; page: number }) {
  const reach = reachOf(p);
  const found = await cappedPage(db, where, p, reach + 1);
  const { items, total } = await pageRows(p, found, () => countOf(db, cappedCount(where, reach + 1)));
  return { items, total: Math.min(total, reach), more: total > reach };
}

/** How many orders match `where`, counted up to `upTo` (a page past the end of a capped search). */
const cappedCount = (where: SQL, upTo: number) =>
  sql`(select count(*) from (select 1 from ${orders} where ${where} limit ${sql.raw(String(Math.trunc(upTo)))}) as hits)`;
