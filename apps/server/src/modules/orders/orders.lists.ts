/**
 * The search lists and counts of SPEC §7 Orders (decision 024): each list is one page of the tenant's
 * active orders, worst overall ampel first; each count counts what its list holds.
 *
 * The lists by a person and the /all lists are fixed up to their values (tenant, person, page), so a page
 * is a prepared statement, one per list, page size and page (as the tabs open, see PREPARED_SORT):
 * PostgreSQL plans it once per connection instead of on every call (planning a page over the orders'
 * indexes cost more than running it). Their conditions write `active` and the statuses as literals, as
 * the partial indexes do, so that the kept plan can use them; their totals and counts read the count the
 * database keeps. The free and serial search depend on the term (its pattern, how rare it is): they are
 * planned per call and count only so far (searchPage).
 */
import {
  AD_ALL_EXCLUDED,
  awaitedDeliveries,
  EL_ALL_DEPARTMENT,
  type KeptTotal,
  personKey,
  VKID_ALL_STATUSES,
} from '@pruefbuch/domain/rules/order-lists';
import type { OrderPageQuery } from '@pruefbuch/domain/schemas/order';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { orderListCounts, orders } from '../../db/schema/index';
import { awaitsDeliverySql } from '../../db/schema/orders';
import type { TenantContext } from '../../platform/context';
import { containsPattern, offsetOf, pageReplyJson } from '../../platform/paging';
import { orderOf, orderSearch, pageRows, pageStatement } from './orders.repo';
import { searchPage } from './orders.search-page';

/** The values of a prepared list: the tenant and the person (trimmed); the page is written into it. */
const P = {
  tenantId: sql.placeholder('tenantId'),
  value: sql.placeholder('value'),
  /** The value as the counts key it (personKey). */
  key: sql.placeholder('key'),
};

/** Case-insensitive equality with the value (abbreviations and names of people are typed in any case). */
const same = (column: AnyColumn) => sql`lower(${column}) = lower(${P.value})`;

/** An ILIKE pattern that finds the trimmed term anywhere, with %, _ and \ taken literally. */
const contains = (v: string) => containsPattern(v.trim());

/**
 * The service id, a code of the door configuration (drive, wings, power type, any component) or the serial
 * number of the book made from the order holds the term.
 */
const serialCodeHas = (v: string) => {
  const like = contains(v);
  return sql`(${orders.elServiceId} ilike ${like} or ${orders.tuer} ->> 'antrieb' ilike ${like}
    or ${orders.tuer} ->> 'fluegel' ilike ${like} or ${orders.tuer} ->> 'stromart' ilike ${like}
    or exists (select 1 from jsonb_array_elements_text(${orders.tuer} -> 'komponenten') as k(code) where k.code ilike ${like})
    or ${orders.bookSerial} ilike ${like})`;
};

/** The tenant's active orders: `active` as a literal, as in the partial indexes' predicates. */
const activeOf = (tenantId: unknown) => sql`${orders.tenantId} = ${tenantId} and ${orders.active}`;

/** What the free and serial search hold besides tenant and active: planned per call. */
const BY_TERM = {
  search: (v: string) => orderSearch(v) as SQL,
  // The warehouse's deliveries with a term (decision 054): the free search's fields, or the name or the
  // supplier of a delivery still awaited.
  deliveriesSearch: (v: string) =>
    sql`${awaitsDeliverySql(orders.logistik)} and (${orderSearch(v) as SQL} or exists (select 1 from jsonb_array_elements(${orders.logistik}) as d(x)
      where coalesce(d.x ->> 'geliefertAm', '') = '' and ((d.x ->> 'bezeichnung') ilike ${contains(v)} or (d.x ->> 'lieferant') ilike ${contains(v)})))`,
  // The serial text holds each code on its own (order_serial_text): a term without its separator (chr 31)
  // is found in it exactly where one code holds it; one with it is checked code by code. The book's serial
  // number is a column of its own (orders.book_serial, kept by the server): the `or` of the two trigram
  // indexes finds a rare term's orders, a common term reads the list's index in its order (issue 31 item 7).
  serial: (v: string) =>
    v.includes('\u001f')
      ? serialCodeHas(v)
      : sql`(${orders.serialText} like lower(${contains(v)}) or ${orders.bookSerial} ilike ${contains(v)})`,
} as const;

/**
 * The installer list's page: the installer's orders and the service id's, each read from its own index in
 * the page's order up to the page's end, then sorted together. An `or` of the two read every order of the
 * installer (15,000 of 100,000) and sorted them for each page.
 */
const installerPage = ({ sort, size, page }: PageShape) => {
  const order = sql.join(orderOf(sort), sql`, `);
  const upTo = sql.raw(String(Math.trunc(size * page)));
  const from = (match: SQL) =>
    sql`(select ${orders.id} from ${orders} where ${activeOf(P.tenantId)} and ${match} order by ${order} limit ${upTo})`;
  return sql`${orders.id} in (${from(same(orders.elMontage))} union all ${from(same(orders.elServiceId))})`;
};

type PageShape = { sort: string; size: number; page: number };
/** The status among the rule's statuses, as literals (as the partial indexes hold them). */
const statusIn = (statuses: readonly string[]) =>
  sql`${orders.status} in (${sql.raw(statuses.map((v) => `'${v}'`).join(', '))})`;

/** What the other lists hold besides tenant and active, with the value as a placeholder: prepared. */
const FIXED: Record<'opm' | 'el' | 'ad' | 'vkidAll' | 'elAll' | 'adAll' | 'deliveries', (page: PageShape) => SQL> = {
  opm: () => same(orders.vkidInnendienst),
  el: installerPage,
  ad: () => same(orders.vkidAd),
  vkidAll: () => statusIn(VKID_ALL_STATUSES),
  elAll: () => sql`${orders.aktuelleAbteilung} = ${sql.raw(String(EL_ALL_DEPARTMENT))}`,
  adAll: () => sql`${orders.vkidAd} <> '' and ${orders.status} <> ${sql.raw(`'${AD_ALL_EXCLUDED}'`)}`,
  // The warehouse's deliveries (decision 054), as the partial index orders_deliveries_list_idx writes them.
  deliveries: () => awaitsDeliverySql(orders.logistik),
};

export type CountedList = keyof typeof FIXED;
export type OrderListKind = keyof typeof BY_TERM | CountedList;
const isFixed = (kind: OrderListKind): kind is keyof typeof FIXED => kind in FIXED;

/**
 * How many orders a fixed list holds, as one value: the count the database keeps for the list and the
 * value (order_list_counts, kept by orders.store.ts), one row instead of every order of the list.
 */
const fixedCount = (kind: keyof typeof FIXED): SQL =>
  sql`coalesce((select ${orderListCounts.n} from ${orderListCounts} where ${orderListCounts.tenantId} = ${P.tenantId}
    and ${orderListCounts.list} = ${sql.raw(`'${kind}'`)} and ${orderListCounts.key} = ${P.key}), 0)`;

/**
 * The pages that are prepared (a statement holds its page, see pageStatement): the first pages of a list
 * as every tab opens it (worst first) in the screens' page sizes, at most 7 lists × 5 sizes × 5 pages
 * per connection whatever is asked. Another sort or page is planned per call.
 */
const PREPARED_SORT = 'gesamt_ampel';
const PREPARED_SIZES = new Set([10, 20, 25, 50, 100]);
const PREPARED_PAGES = 5;

type FixedValues = { tenantId: string; value: string; key: string };
const fixedValues = (tenantId: string, value: string): FixedValues => ({
  tenantId,
  value: value.trim(),
  key: personKey(value.trim()),
});
const fixedWhere = sql`${activeOf(P.tenantId)} and `;
const pageOfFixed = (db: Executor, kind: keyof typeof FIXED, p: PageShape, name: string) =>
  pageStatement(db, sql`${fixedWhere}${FIXED[kind](p)}`, fixedCount(kind), p.sort, p.size, offsetOf(p)).prepare(name);
const countOfFixed = (db: Executor, kind: keyof typeof FIXED, name: string) =>
  db
    .select({ n: sql<number>`${fixedCount(kind)}`.mapWith(Number) })
    .from(sql`(values (1)) as one`)
    .prepare(name);

const preparedPages = preparedStatements<ReturnType<typeof pageOfFixed>>();
const preparedCounts = preparedStatements<ReturnType<typeof countOfFixed>>();

/** A fixed list's page: prepared for the first pages of the worst-first sort in the screens' sizes. */
function fixedPage(db: Executor, kind: keyof typeof FIXED, q: OrderPageQuery, values: FixedValues) {
  const p = { sort: q.sort, size: q.size, page: q.page };
  if (q.sort !== PREPARED_SORT || !PREPARED_SIZES.has(q.size) || q.page > PREPARED_PAGES) {
    // Unnamed (''): planned per call.
    return pageOfFixed(db, kind, p, '').execute(values);
  }
  const shape = `orders_${kind}_${q.size}_${q.page}`;
  return preparedPages(db, shape, (name) => pageOfFixed(db, kind, p, name)).execute(values);
}

async function fixedTotal(db: Executor, kind: keyof typeof FIXED, values: FixedValues) {
  const statement = preparedCounts(db, `orders_${kind}_count`, (name) => countOfFixed(db, kind, name));
  const [row] = await statement.execute(values);
  return row?.n ?? 0;
}

/** One page of a search list, as JSON text (the orders' JSON is written by the database). */
export async function searchList(ctx: TenantContext, kind: OrderListKind, value: string, q: OrderPageQuery) {
  const shown = (items: string[]) =>
    kind === 'deliveries' || kind === 'deliveriesSearch' ? withAwaited(ctx.db, ctx.tenantId, items) : items;
  if (isFixed(kind)) {
    const values = fixedValues(ctx.tenantId, value);
    const found = await fixedPage(ctx.db, kind, q, values);
    const { items, total } = await pageRows(q, found, () => fixedTotal(ctx.db, kind, values));
    return pageReplyJson(await shown(items), total, q);
  }
  const where = sql`${activeOf(ctx.tenantId)} and ${BY_TERM[kind](value)}`;
  const { items, total, more } = await searchPage(ctx.db, ctx.tenantId, where, q);
  return pageReplyJson(await shown(items), total, q, more);
}

/**
 * The warehouse's rows carry what they wait for (decision 054): each page item gets `awaited`, the deliveries not
 * yet come (rules/order-lists.ts awaitedDeliveries), read for the page's orders in one query. The kept list item
 * holds no deliveries, so only these two lists pay for it.
 */
async function withAwaited(db: Executor, tenantId: string, items: string[]): Promise<string[]> {
  const ids = items.map((item) => (JSON.parse(item) as { _id: string })._id);
  if (ids.length === 0) return items;
  const rows = await db
    .select({ id: orders.id, logistik: orders.logistik })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r.logistik]));
  return items.map((item, i) => {
    const awaited = awaitedDeliveries(byId.get(ids[i] as string) ?? []).map((d) => ({
      bezeichnung: d.bezeichnung,
      lieferant: d.lieferant,
      geplantAm: d.geplantAm ?? null,
      menge: d.menge,
    }));
    return `${item.slice(0, -1)},"awaited":${JSON.stringify(awaited)}}`;
  });
}

/** How many orders a list by a value or an /all list holds: the count the database keeps (SPEC §7's six counts). */
export async function listCount(ctx: TenantContext, kind: CountedList, value: string) {
  return { count: await fixedTotal(ctx.db, kind, fixedValues(ctx.tenantId, value)) };
}

/** The sum of a kept count (rules/order-lists.ts keptListTotal): one key, or every key that starts with it. */
export const keptTotalSql = (tenantId: string, kept: KeptTotal) =>
  sql`coalesce((select sum(${orderListCounts.n}) from ${orderListCounts} where ${orderListCounts.tenantId} = ${tenantId}
    and ${orderListCounts.list} = ${kept.list} and ${
      kept.exact ? sql`${orderListCounts.key} = ${kept.key}` : sql`starts_with(${orderListCounts.key}, ${kept.key})`
    }), 0)`;
