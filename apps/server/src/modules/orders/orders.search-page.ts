/**
 * A search's page with a capped total (decision 024): the free and serial search lists and GET orders with
 * a term count their matches only so far, in the page's order, and say `more` when there are further ones.
 *
 * Two statements: the matches (planned per call, since how to find a term depends on how rare it is) and
 * the page's orders as the lists show them (prepared: one shape whatever the term). In one statement (as
 * measured while the list item was built and joined with its offer on every call, before migration 0023),
 * planning it over the orders' twenty indexes cost more than finding the matches.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { offers, orders } from '../../db/schema/index';
import { searchPageOf, searchReach } from '../../platform/paging';
import { offerOfOrder, orderOf, withOfferNr } from './orders.repo';

type PageShape = { sort?: string; size: number; page: number };

/**
 * The ids of the first `upTo` matches of a search in the page's order (an index in that order stops there).
 * The server counts them and cuts the page from them: numbering and counting them in the statement cost
 * PostgreSQL more than sending up to a hundred ids. `upTo` is a validated integer, written into the
 * statement as the page's size and offset are (pageStatement).
 */
async function firstMatches(db: Executor, where: SQL, p: PageShape, upTo: number) {
  const order = sql.join(orderOf(p.sort), sql`, `);
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select ${orders.id} as id from ${orders} where ${where} order by ${order} limit ${sql.raw(String(Math.trunc(upTo)))}`,
  );
  return rows.map((r) => r.id);
}

/** The orders of `ids` as the lists show them, in the order of `ids`: prepared once per connection. */
const pageItems = (db: Executor, name: string) =>
  db
    .select({ item: orders.listItem, offerNr: offers.offerNr })
    .from(orders)
    .leftJoin(offers, offerOfOrder)
    .where(
      and(eq(orders.tenantId, sql.placeholder('tenantId')), sql`${orders.id} = any(${sql.placeholder('ids')}::uuid[])`),
    )
    .orderBy(sql`array_position(${sql.placeholder('ids')}::uuid[], ${orders.id})`)
    .prepare(name);
const preparedItems = preparedStatements<ReturnType<typeof pageItems>>();

/**
 * A search's page of the tenant's orders matching `where`, and its total, counted up to searchReach(p): `more`
 * when it holds further orders. An order deleted between the two statements is left out of the page.
 */
export async function searchPage(db: Executor, tenantId: string, where: SQL, p: PageShape) {
  const { page: ids, total, more } = searchPageOf(await firstMatches(db, where, p, searchReach(p) + 1), p);
  const items = ids.length
    ? (await preparedItems(db, 'orders_page_items', (name) => pageItems(db, name)).execute({ tenantId, ids })).map(
        (r) => withOfferNr(r.item, r.offerNr),
      )
    : [];
  return { items, total, more };
}
