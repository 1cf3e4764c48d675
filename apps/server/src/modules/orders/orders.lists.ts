/**
 * The search lists and counts of SPEC §7 Orders (decision 024): each list is one page of the tenant's
 * active orders, worst overall ampel first; each count counts what its list holds.
 */
import type { OrderPageQuery } from '@pruefbuch/domain/schemas/order';
import { type AnyColumn, and, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { orderSerialText, orders } from '../../db/schema/index';
import { type RequestContext, requireTenant } from '../../platform/context';
import { pageReply } from '../../platform/paging';
import { countOf, countWhere, orderSearch, pageOf, toListItem } from './orders.repo';

/** Case-insensitive equality (abbreviations and names of people are typed in any case). */
const same = (column: AnyColumn, value: string) => sql`lower(${column}) = lower(${value.trim()})`;

/** An ILIKE pattern that finds the term anywhere, with %, _ and \ taken literally. */
const contains = (v: string) => `%${v.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The door configuration's codes (drive, wings, power type, components) hold the term. */
const doorCodeHas = (v: string) => {
  const like = contains(v);
  return sql`(${orders.tuer} ->> 'antrieb' ilike ${like} or ${orders.tuer} ->> 'fluegel' ilike ${like}
    or ${orders.tuer} ->> 'stromart' ilike ${like}
    or exists (select 1 from jsonb_array_elements_text(${orders.tuer} -> 'komponenten') as k(code) where k.code ilike ${like}))`;
};

/** What each list and its count hold, besides tenant and active. */
export const LISTS = {
  search: (v: string) => orderSearch(v) as SQL,
  serial: (v: string) => {
    const exact = or(sql`${orders.elServiceId} ilike ${contains(v)}`, doorCodeHas(v)) as SQL;
    // The trigram index on the serial text narrows the rows first; the components are in it as JSON text,
    // which writes " and \ and control characters escaped, so a term with one of them is checked row by row.
    if ([...v].some((c) => c === '"' || c === '\\' || c.charCodeAt(0) < 32)) return exact;
    return and(sql`${orderSerialText(orders)} ilike ${contains(v)}`, exact) as SQL;
  },
  opm: (v: string) => same(orders.vkidInnendienst, v),
  el: (v: string) => or(same(orders.elMontage, v), same(orders.elServiceId, v)) as SQL,
  ad: (v: string) => same(orders.vkidAd, v),
  vkidAll: () => inArray(orders.status, ['CREATED', 'AKT_KW_VKID']),
  elAll: () => inArray(orders.status, ['AKT_KW', 'MONTAGE']),
  adAll: () => and(ne(orders.vkidAd, ''), ne(orders.status, 'VERRECHNET')) as SQL,
} as const;
export type OrderListKind = keyof typeof LISTS;

const whereOf = (tenantId: string, kind: OrderListKind, value: string) =>
  and(eq(orders.tenantId, tenantId), eq(orders.active, true), LISTS[kind](value)) as SQL;

/**
 * How many orders a list holds, as one value. The installer list's is the installer's orders plus those
 * whose service id is the value and whose installer is not: two counts that each read one index only
 * (a count of the 'or' reads every match's row).
 */
function countSql(tenantId: string, kind: OrderListKind, value: string): SQL {
  if (kind !== 'el') return countWhere(whereOf(tenantId, kind, value));
  const base = and(eq(orders.tenantId, tenantId), eq(orders.active, true));
  const byInstaller = and(base, same(orders.elMontage, value));
  const byServiceId = and(
    base,
    same(orders.elServiceId, value),
    sql`lower(${orders.elMontage}) <> lower(${value.trim()})`,
  );
  return sql`((select count(*) from ${orders} where ${byInstaller}) + (select count(*) from ${orders} where ${byServiceId}))`;
}

/** One page of a search list. */
export async function searchList(rctx: RequestContext, kind: OrderListKind, value: string, q: OrderPageQuery) {
  const ctx = requireTenant(rctx);
  const { rows, total } = await pageOf(
    ctx.db,
    whereOf(ctx.tenantId, kind, value),
    countSql(ctx.tenantId, kind, value),
    q,
  );
  return pageReply(rows.map(toListItem), total, q);
}

/** How many orders a search list holds. */
export async function searchCount(rctx: RequestContext, kind: OrderListKind, value: string) {
  const ctx = requireTenant(rctx);
  return { count: await countOf(ctx.db, countSql(ctx.tenantId, kind, value)) };
}
