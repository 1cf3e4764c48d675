/**
 * Queries of orders and the mapping between the flat row (the vkid and el blocks as vkid_* and el_*
 * columns) and the order of the API (blocks as objects). Every query takes the tenant id of the
 * verified request.
 */
import { flattenRecord, type ObjectSchema, pickFields, readFields } from '@pruefbuch/domain/record-fields';
import { type OrderAmpel, type OrderAmpelInput, orderAmpels } from '@pruefbuch/domain/rules/order-ampel';
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import {
  ORDER_DEFAULTS,
  type Order,
  type OrderFields,
  type OrderListQuery,
  orderFieldsSchema,
} from '@pruefbuch/domain/schemas/order';
import { type AnyColumn, and, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import { offers, orders } from '../../db/schema/index';
import { containsPattern, numberProbe, offsetOf, orderBy, type SortField, searchAny } from '../../platform/paging';
import { jsonObjectWith } from '../../platform/replies';

/**
 * Every column of an order but its list item: the lists' JSON (about 2 KB, migration 0023), which only
 * the lists read. The daily run reads every order in batches, and read the items' 200 MB with them.
 */
const { listItem: _listItem, ...orderColumns } = getTableColumns(orders);

export { orderColumns };
export type OrderRow = Omit<typeof orders.$inferSelect, 'listItem'>;

/** An order as the server writes it: without what the database derives for its searches (generated columns). */
export type OrderState = Pick<
  OrderRow,
  | keyof OrderFields
  | 'id'
  | 'tenantId'
  | 'offerId'
  | 'bookId'
  | 'aktuelleAbteilung'
  | 'status'
  | 'statusLastModified'
  | 'vkidAmpel'
  | 'elAmpel'
  | 'gesamtAmpel'
  | 'version'
  | 'createdAt'
  | 'updatedAt'
  | 'installedAt'
  | 'acceptedAt'
  | 'billedAt'
>;

/** The overall ampel's rank in gesamt_rank: the list sorts worst first (0 when there is none). */
export const RANK: Record<'red' | 'orange' | 'green', number> = { red: 3, orange: 2, green: 1 };

// ---------------------------------------------------------------------------------------------
// Row ↔ fields

/**
 * Every field of the schema is a column of its name and type (a block is one JSON column), so the
 * mapping between the row and the fields is a pick (record-fields.ts): a new field needs no code here.
 * A block stored before a field was added reads with the field's default.
 */
export const fieldsOf = (row: OrderFieldColumns): OrderFields => readFields(orderFieldsSchema, ORDER_DEFAULTS, row);

/** The columns of the fields: the fields themselves, picked (never more than the schema's). */
export const columnsOf = (f: OrderFields): OrderFieldColumns => pickFields(orderFieldsSchema, f);

/** The columns of the fields; the compiler refuses a field without a column of its type. */
type OrderFieldColumns = Pick<typeof orders.$inferSelect, keyof OrderFields>;

export const ampelInputOf = (f: OrderFields, status: OrderStatus): OrderAmpelInput => ({
  status,
  vkid: {
    geplante_montage_date: f.vkid.geplante_montage_date,
    warenbtermin_date: f.vkid.warenbtermin_date,
    akt_kw: f.vkid.akt_kw,
  },
  el: { akt_kw: f.el.akt_kw, montagedatum: f.el.montagedatum },
  logistik: f.logistik,
});

/** The derived columns (the three ampels and the overall rank) of an order in `status` on `today`. */
export function derivedOf(f: OrderFields, status: OrderStatus, today: string) {
  const a = orderAmpels(ampelInputOf(f, status), today);
  return { vkidAmpel: a.vkid, elAmpel: a.el, gesamtAmpel: a.gesamt, gesamtRank: a.gesamt ? RANK[a.gesamt] : 0 };
}

/**
 * What the protocol records of an order of `schema`: the schema's flattened record (blocks field by field,
 * the door's components as one text) and what the server sets.
 */
export const orderAuditView =
  (schema: ObjectSchema) =>
  (row: OrderState): Record<string, unknown> => ({
    ...flattenRecord(schema, fieldsOf(row)),
    'vkid.ampel': row.vkidAmpel,
    'el.ampel': row.elAmpel,
    offerId: row.offerId,
    bookId: row.bookId,
    aktuelle_abteilung: row.aktuelleAbteilung,
    gesamt_ampel: row.gesamtAmpel,
    status: row.status,
  });

export const auditViewOf = orderAuditView(orderFieldsSchema);

// ---------------------------------------------------------------------------------------------
// Reading

const columns = { row: orderColumns, offerNr: offers.offerNr };
export type OrderSelect = { row: OrderRow; offerNr: string | null };

/** An order's offer, within the order's tenant. */
export const offerOfOrder = and(eq(offers.id, orders.offerId), eq(offers.tenantId, orders.tenantId));

const selectOrders = (db: Executor) => db.select(columns).from(orders).leftJoin(offers, offerOfOrder);

export async function findOrder(db: Executor, tenantId: string, id: string): Promise<OrderSelect | null> {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  return row ?? null;
}

export async function lockOrder(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(orderColumns)
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function orderExists(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The columns the free search of the list looks in (SPEC §7). */
export const SEARCH_COLUMNS: (AnyColumn | SQL)[] = [
  orders.objekt,
  orders.abnr,
  orders.csnr,
  orders.kunde,
  orders.tp,
  orders.elServiceId,
];

/**
 * The free search: the term anywhere in any of SEARCH_COLUMNS, case-blind, in the one lower-case search
 * text the order keeps (orders.search_text, with its trigram index). ILIKE lowers both sides as lower()
 * does, so LIKE on lower(term) finds the same orders. A term with the text's separator (chr 31) is
 * matched column by column.
 */
export function orderSearch(term: string | undefined): SQL | undefined {
  if (!term) return undefined;
  if (term.includes('\u001f')) return searchAny(term, SEARCH_COLUMNS);
  const probe = numberProbe(term);
  if (!probe) return sql`${orders.searchText} like lower(${containsPattern(term)})`;
  // An order number (decision 079): the trigram index looks up its last group of digits only, and the whole term
  // is tested on what that finds. `|| ''` keeps PostgreSQL from taking the whole term into the index scan.
  return sql`(${orders.searchText} like ${containsPattern(probe)} and (${orders.searchText} || '') like lower(${containsPattern(term)}))`;
}

const SORT: Record<string, SortField> = {
  // Worst overall colour first, then the soonest planned installation.
  gesamt_ampel: { keys: [orders.gesamtRank], thenBy: [orders.vkidGeplanteMontageDate], descendingFirst: true },
  status: {
    keys: [
      sql`array_position(array['CREATED','AKT_KW_VKID','AKT_KW','MONTAGE','MONTAGE_ABGESCHLOSSEN','ZIVI_BESTELLT','ZIVI_MANGEL','ZIVI_ERLEDIGT','VERRECHNET']::text[], ${orders.status})`,
    ],
  },
  objekt: { keys: [orders.objekt] },
  abnr: { keys: [orders.abnr] },
  csnr: { keys: [orders.csnr] },
  // Orders without a week come last both ways: a list sorted or grouped by week starts with the weeks.
  vkidKw: { first: [sql`${orders.vkidAktKw} = ''`], keys: [orders.vkidAktKw] },
  elKw: { first: [sql`${orders.elAktKw} = ''`], keys: [orders.elAktKw] },
  geplante_montage_date: { keys: [orders.vkidGeplanteMontageDate] },
  updatedAt: { keys: [orders.updatedAt], descendingFirst: true },
};

/** The conditions of a list query: tenant, search, every filter. */
export function listWhere(
  tenantId: string,
  q: Pick<OrderListQuery, 'inactive' | 'search' | 'status' | 'department' | 'division' | 'kw'>,
): SQL {
  return and(
    eq(orders.tenantId, tenantId),
    q.inactive ? undefined : eq(orders.active, true),
    orderSearch(q.search),
    q.status ? eq(orders.status, q.status) : undefined,
    q.department !== undefined ? eq(orders.aktuelleAbteilung, q.department) : undefined,
    q.division ? sql`${orders.abteilung} ->> ${q.division} = 'true'` : undefined,
    q.kw ? or(eq(orders.vkidAktKw, q.kw), eq(orders.elAktKw, q.kw)) : undefined,
  ) as SQL;
}

export const orderOf = (sort: string | undefined) => orderBy(sort, SORT, 'gesamt_ampel', [orders.id]);

/** The count of orders matching `where`, as a value for pageOf and countOf. */
export const countWhere = (where: SQL) => sql`(select count(*) from ${orders} where ${where})`;

/**
 * One page of orders matching `where`, sorted, with the total (`total`: a count such as countWhere(where)),
 * in one statement: the page's ids come from orders alone (the list's index, stopping after the page),
 * only the page's rows are read (their list items), and the total is computed once. A window
 * count over the joined rows made every list read all its matches in full; three statements cost three
 * round trips.
 */
export async function pageOf(
  db: Executor,
  where: SQL,
  total: SQL,
  p: { page: number; size: number; sort?: string },
): Promise<{ items: string[]; total: number }> {
  return pageRows(p, await pageStatement(db, where, total, p.sort, p.size, offsetOf(p)), () => countOf(db, total));
}

/**
 * The statement of pageOf, unsent. The page's size and offset are written into it as numbers (validated
 * integers), so that PostgreSQL plans a prepared page (orders.lists.ts) for the page it is: with them as
 * parameters its generic plan guesses a tenth of the matches for each, and PostgreSQL planned every call.
 */
export function pageStatement(
  db: Executor,
  where: SQL,
  total: SQL,
  sort: string | undefined,
  size: number,
  offset: number,
) {
  const order = sql.join(orderOf(sort), sql`, `);
  const pageIds = sql`(select ${orders.id} from ${orders} where ${where} order by ${order}
    limit ${sql.raw(String(Math.trunc(size)))} offset ${sql.raw(String(Math.trunc(offset)))})`;
  return db
    .select({ item: orders.listItem, offerNr: offers.offerNr, total: sql<number>`${total}`.mapWith(Number) })
    .from(orders)
    .leftJoin(offers, offerOfOrder)
    .where(sql`${orders.id} in ${pageIds}`)
    .orderBy(...orderOf(sort));
}

/**
 * The total a page's rows carry (each row holds it); a page past the end has no row to carry it, so it is
 * counted apart (an empty first page has none).
 */
const totalOf = async (p: { page: number }, found: { total: number }[], count: () => Promise<number>) =>
  found[0]?.total ?? (p.page === 1 ? 0 : await count());

/** The page's rows and its total from what pageStatement found. */
export async function pageRows(
  p: { page: number },
  found: { item: string; offerNr: string | null; total: number }[],
  count: () => Promise<number>,
): Promise<{ items: string[]; total: number }> {
  return { items: found.map((r) => withOfferNr(r.item, r.offerNr)), total: await totalOf(p, found, count) };
}

/**
 * A stored list item (orders.store.ts) with the number of the order's offer, as a page sends it: the
 * offer's editor changes the number, so the item does not keep it.
 */
export const withOfferNr = (item: string, offerNr: string | null) => jsonObjectWith(item, { offerNr: offerNr ?? '' });

/** The value of a count (countWhere, or a list's own). */
export async function countOf(db: Executor, count: SQL) {
  const [row] = await rowsOf<{ n: number | string }>(db, sql`select ${count} as n`);
  return Number(row?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The reply

const ampelOf = (v: string | null) => v as OrderAmpel;

export function toOrderDto(s: { row: OrderState; offerNr: string | null }): Order {
  const r = s.row;
  const f = fieldsOf(r);
  return {
    ...f,
    _id: r.id,
    tenant: r.tenantId,
    offerId: r.offerId,
    offerNr: s.offerNr ?? '',
    bookId: r.bookId,
    aktuelle_abteilung: r.aktuelleAbteilung,
    status: r.status as OrderStatus,
    statusLastModified: r.statusLastModified.toISOString(),
    vkid: { ...f.vkid, ampel: ampelOf(r.vkidAmpel) },
    el: { ...f.el, ampel: ampelOf(r.elAmpel) },
    gesamt_ampel: ampelOf(r.gesamtAmpel),
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
