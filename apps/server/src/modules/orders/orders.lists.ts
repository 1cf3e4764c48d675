/**
 * The search lists and counts of SPEC §7 Orders (decision 024): each list is one page of the tenant's
 * active orders, worst overall ampel first; each count counts what its list holds.
 *
 * The lists by a person and the /all lists are fixed up to their values (tenant, person, page), so each
 * is a prepared statement, one per list, sort and connection: PostgreSQL plans it once instead of on
 * every call (planning a page over the orders' indexes cost more than running it). Their conditions
 * write `active` and the statuses as literals, as the partial indexes do, so that the kept plan can use them.
 * The free and serial search depend on the term (its pattern, how rare it is) and are planned per call.
 */
import type { OrderPageQuery } from '@pruefbuch/domain/schemas/order';
import { type AnyColumn, and, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderListCounts, orderSerialText, orders } from '../../db/schema/index';
import { type RequestContext, requireTenant } from '../../platform/context';
import { offsetOf, pageReply } from '../../platform/paging';
import { countOf, countWhere, orderSearch, pageRows, pageStatement, toListItem } from './orders.repo';

/** The values of a prepared list: the tenant, the person (trimmed), the page. */
const P = {
  tenantId: sql.placeholder('tenantId'),
  value: sql.placeholder('value'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/** Case-insensitive equality with the value (abbreviations and names of people are typed in any case). */
const same = (column: AnyColumn) => sql`lower(${column}) = lower(${P.value})`;

/** An ILIKE pattern that finds the term anywhere, with %, _ and \ taken literally. */
const contains = (v: string) => `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The door configuration's codes (drive, wings, power type, components) hold the term. */
const doorCodeHas = (v: string) => {
  const like = contains(v);
  return sql`(${orders.tuer} ->> 'antrieb' ilike ${like} or ${orders.tuer} ->> 'fluegel' ilike ${like}
    or ${orders.tuer} ->> 'stromart' ilike ${like}
    or exists (select 1 from jsonb_array_elements_text(${orders.tuer} -> 'komponenten') as k(code) where k.code ilike ${like}))`;
};

/** The tenant's active orders: `active` as a literal, as in the partial indexes' predicates. */
const activeOf = (tenantId: unknown) => sql`${orders.tenantId} = ${tenantId} and ${orders.active}`;

/** What the free and serial search hold besides tenant and active: planned per call. */
const BY_TERM = {
  search: (v: string) => orderSearch(v) as SQL,
  serial: (v: string) => {
    const exact = or(sql`${orders.elServiceId} ilike ${contains(v)}`, doorCodeHas(v)) as SQL;
    // The trigram index on the serial text narrows the rows first; the components are in it as JSON text,
    // which writes " and \ and control characters escaped, so a term with one of them is checked row by row.
    if ([...v].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 32)) return exact;
    return and(sql`${orderSerialText(orders)} ilike ${contains(v)}`, exact) as SQL;
  },
} as const;

/** What the other lists hold besides tenant and active, with the value as a placeholder: prepared. */
const FIXED = {
  opm: same(orders.vkidInnendienst),
  el: sql`(${same(orders.elMontage)} or ${same(orders.elServiceId)})`,
  ad: same(orders.vkidAd),
  vkidAll: sql`${orders.status} in ('CREATED', 'AKT_KW_VKID')`,
  elAll: sql`${orders.status} in ('AKT_KW', 'MONTAGE')`,
  adAll: sql`${orders.vkidAd} <> '' and ${orders.status} <> 'VERRECHNET'`,
} as const;

export type OrderListKind = keyof typeof BY_TERM | keyof typeof FIXED;
const isFixed = (kind: OrderListKind): kind is keyof typeof FIXED => kind in FIXED;

/**
 * How many orders a fixed list holds, as one value: the count the database keeps for the list and the
 * value (order_list_counts, migration 0019), one row instead of every order of the list.
 */
const fixedCount = (kind: keyof typeof FIXED): SQL =>
  sql`coalesce((select ${orderListCounts.n} from ${orderListCounts} where ${orderListCounts.tenantId} = ${P.tenantId}
    and ${orderListCounts.list} = ${sql.raw(`'${kind}'`)} and ${orderListCounts.key} = lower(${P.value})), 0)`;

const pageOfFixed = (db: Executor, kind: keyof typeof FIXED, sort: string) =>
  pageStatement(db, sql`${activeOf(P.tenantId)} and ${FIXED[kind]}`, fixedCount(kind), sort, P.limit, P.offset).prepare(
    `orders_${kind}_page_${sort.replace('-', 'desc_')}`,
  );

const countOfFixed = (db: Executor, kind: keyof typeof FIXED) =>
  db
    .select({ n: sql<number>`${fixedCount(kind)}`.mapWith(Number) })
    .from(sql`(values (1)) as one`)
    .prepare(`orders_${kind}_count`);

/** The prepared statements of a database, made on first use: a list's page per sort, and its count. */
const preparedOf = new WeakMap<
  Executor,
  Map<string, ReturnType<typeof pageOfFixed> | ReturnType<typeof countOfFixed>>
>();
function prepared<T>(db: Executor, key: string, make: () => T): T {
  let statements = preparedOf.get(db);
  if (!statements) {
    statements = new Map();
    preparedOf.set(db, statements);
  }
  let s = statements.get(key) as T | undefined;
  if (!s) {
    s = make();
    statements.set(key, s as never);
  }
  return s;
}

/** One page of a search list. */
export async function searchList(rctx: RequestContext, kind: OrderListKind, value: string, q: OrderPageQuery) {
  const ctx = requireTenant(rctx);
  if (isFixed(kind)) {
    const values = { tenantId: ctx.tenantId, value: value.trim() };
    const statement = prepared(ctx.db, `${kind}:${q.sort}`, () => pageOfFixed(ctx.db, kind, q.sort));
    const found = await statement.execute({ ...values, limit: q.size, offset: offsetOf(q) });
    const { rows, total } = await pageRows(q, found, () => fixedTotal(ctx.db, kind, values));
    return pageReply(rows.map(toListItem), total, q);
  }
  const where = sql`${activeOf(ctx.tenantId)} and ${BY_TERM[kind](value)}`;
  const total = countWhere(where);
  const found = await pageStatement(ctx.db, where, total, q.sort, q.size, offsetOf(q));
  const { rows, total: n } = await pageRows(q, found, () => countOf(ctx.db, total));
  return pageReply(rows.map(toListItem), n, q);
}

async function fixedTotal(db: Executor, kind: keyof typeof FIXED, values: { tenantId: string; value: string }) {
  const [row] = await prepared(db, `${kind}:count`, () => countOfFixed(db, kind)).execute(values);
  return row?.n ?? 0;
}

/** How many orders a search list holds. */
export async function searchCount(rctx: RequestContext, kind: OrderListKind, value: string) {
  const ctx = requireTenant(rctx);
  if (isFixed(kind)) return { count: await fixedTotal(ctx.db, kind, { tenantId: ctx.tenantId, value: value.trim() }) };
  return { count: await countOf(ctx.db, countWhere(sql`${activeOf(ctx.tenantId)} and ${BY_TERM[kind](value)}`)) };
}
