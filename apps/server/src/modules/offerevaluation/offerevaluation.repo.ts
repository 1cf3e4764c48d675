/**
 * The offer evaluation's SQL: the figures of the offers of a tenant, grouped by a key (the month of
 * the offer date, the KTB user, the talk result, where the request came from), and the day spans of
 * the offer times with their quartiles. Everything is summed in the database, one query per view.
 */
import type { EvaluationQuery } from '@pruefbuch/domain/schemas/offer';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { offers, users } from '../../db/schema/index';

export type EvaluationFilter = Pick<EvaluationQuery, 'from' | 'to' | 'department'>;

/** Active offers of the tenant whose date column lies in the range, of the department when one is asked for. */
function inRange(tenantId: string, q: EvaluationFilter, day: PgColumn) {
  return and(
    eq(offers.tenantId, tenantId),
    eq(offers.active, true),
    sql`${day} between ${q.from}::date and ${q.to}::date`,
    q.department === undefined ? undefined : eq(offers.aktuelle_abteilung, q.department),
  );
}

const countOf = (status: string) => sql<number>`(count(*) filter (where ${offers.status} = ${status}))::int`;

/**
 * The raw figures of a group. Sums come as text (numeric in the database), so no cent is lost on the
 * way; the service turns them into cents. The order sum of a commissioned offer is its order sum
 * (spare-parts block), or its offer sum while no order sum is recorded.
 */
const figures = {
  offerCnt: sql<number>`count(*)::int`,
  offerSum: sql<string>`coalesce(sum(${offers.offerSum}), 0)::text`,
  orderSum: sql<string>`coalesce(sum(coalesce(${offers.orderSum}, ${offers.offerSum})) filter (where ${offers.status} = 'commissioned'), 0)::text`,
  cancelledCnt: countOf('cancelled'),
  commissionedCnt: countOf('commissioned'),
  waitingCnt: countOf('waiting'),
};

export interface FigureRow {
  key: string;
  offerCnt: number;
  offerSum: string;
  orderSum: string;
  cancelledCnt: number;
  commissionedCnt: number;
  waitingCnt: number;
}

/** What the offers of the range are grouped by (all by their offer date). */
export const GROUP_KEYS = {
  month: sql<string>`to_char(${offers.offerDate}, 'YYYY-MM')`,
  ktb: sql<string>`coalesce(${offers.ktb}::text, 'none')`,
  talkResult: sql<string>`coalesce(${offers.talkResult}, 'none')`,
  receivedVia: sql<string>`coalesce(${offers.receivedVia}, 'none')`,
} satisfies Record<string, SQL<string>>;
export type GroupKey = keyof typeof GROUP_KEYS;

/** The figures of the offers with an offer date in the range, per group. */
export async function figuresBy(
  db: Executor,
  tenantId: string,
  q: EvaluationFilter,
  group: GroupKey,
): Promise<FigureRow[]> {
  return db
    .select({ key: GROUP_KEYS[group], ...figures })
    .from(offers)
    .where(inRange(tenantId, q, offers.offerDate))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The KTB users' names, for the rows of the KTB evaluation. */
export async function userNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Days from receipt to the offer date, and from the offer date to the day (Berlin) the talk result was recorded. */
const toOffer = sql`(${offers.offerDate} - ${offers.receivedDate})`;
const toResult = sql`((${offers.talkResultAt} at time zone 'Europe/Berlin')::date - ${offers.offerDate})`;
/** A quartile of the spans; spans that are not there (no offer date, no result) are left out, none at all is null. */
const quartile = (p: number, span: SQL) =>
  sql<number | null>`percentile_cont(${sql.raw(String(p))}) within group (order by ${span})`;

export interface TimesFigures {
  /** The month (YYYY-MM) of the received date; null in the row over the whole range. */
  month: string | null;
  offerCnt: number;
  toOfferMedian: number | null;
  toOfferP25: number | null;
  toOfferP75: number | null;
  toResultMedian: number | null;
  toResultP25: number | null;
  toResultP75: number | null;
}

/**
 * The offer times of the offers received in the range, per month of the received date and (the row
 * whose month is null) over the whole range: one query with grouping sets.
 */
export async function timesBy(db: Executor, tenantId: string, q: EvaluationFilter): Promise<TimesFigures[]> {
  const rows = await db
    .select({
      month: sql<string | null>`to_char(${offers.receivedDate}, 'YYYY-MM')`,
      offerCnt: sql<number>`count(*)::int`,
      toOfferMedian: quartile(0.5, toOffer),
      toOfferP25: quartile(0.25, toOffer),
      toOfferP75: quartile(0.75, toOffer),
      toResultMedian: quartile(0.5, toResult),
      toResultP25: quartile(0.25, toResult),
      toResultP75: quartile(0.75, toResult),
    })
    .from(offers)
    .where(inRange(tenantId, q, offers.receivedDate))
    .groupBy(sql`grouping sets ((1), ())`)
    .orderBy(sql`1 nulls last`);
  // node-postgres answers float8 as a number, but be strict: a quartile is a number or null.
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return rows.map((r) => ({
    ...r,
    toOfferMedian: num(r.toOfferMedian),
    toOfferP25: num(r.toOfferP25),
    toOfferP75: num(r.toOfferP75),
    toResultMedian: num(r.toResultMedian),
    toResultP25: num(r.toResultP25),
    toResultP75: num(r.toResultP75),
  }));
}
