/**
 * The offer evaluation's SQL: the figures of the offers of a tenant, grouped by a key (the month of
 * the offer date, the KTB user, the talk result, where the request came from), and the day spans of
 * the offer times with their quartiles. Each view reads the buckets the server keeps with every write of
 * offers (offer_figures, offer_time_spans; rules/offer-figures.ts, decision 046), one query per view.
 */
import {
  DayHistogram,
  OFFER_SPAN_KINDS,
  type OfferGroup,
  type OfferSpanKind,
} from '@pruefbuch/domain/rules/offer-figures';
import type { EvaluationQuery } from '@pruefbuch/domain/schemas/offer';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedStatements } from '../../db/prepared';
import { offerFigures, offerTimeSpans, users } from '../../db/schema/index';
import { bucketParams, inBuckets } from '../../platform/figure-buckets';

export type EvaluationFilter = Pick<EvaluationQuery, 'from' | 'to' | 'department'>;

/** The buckets of the tenant's range (placeholders: bucketParams and tenantId). */
const inRange = (table: typeof offerFigures | typeof offerTimeSpans) =>
  and(eq(table.tenantId, sql.placeholder('tenantId')), inBuckets(table));

/** The values of inRange's placeholders. */
const rangeParams = (tenantId: string, q: EvaluationFilter) => ({
  tenantId,
  ...bucketParams(q.from, q.to, q.department),
});

const total = (col: AnyPgColumn) => sql`coalesce(sum(${col}), 0)`;

/**
 * The raw figures of a group. Sums come as text (numeric in the database), so no cent is lost on the
 * way; the service turns them into cents. The order sum of a commissioned offer is its order sum
 * (spare-parts block), or its offer sum while no order sum is recorded (rules/offer-figures.ts).
 */
const figures = {
  offerCnt: sql<number>`${total(offerFigures.offerCnt)}::int`,
  offerSum: sql<string>`(${total(offerFigures.offerCents)} / 100.0)::text`,
  orderSum: sql<string>`(${total(offerFigures.orderCents)} / 100.0)::text`,
  cancelledCnt: sql<number>`${total(offerFigures.cancelledCnt)}::int`,
  commissionedCnt: sql<number>`${total(offerFigures.commissionedCnt)}::int`,
  waitingCnt: sql<number>`${total(offerFigures.waitingCnt)}::int`,
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

/** What the offers of the range are grouped by (all by their offer date): the month, or the group's key. */
export type GroupKey = OfferGroup;

/**
 * The figures of the active offers with an offer date in the range, per group: read from the kept
 * buckets (offer_figures, rules/offer-figures.ts, decision 046), never from the offers.
 */
const figuresQuery = (db: Executor, group: GroupKey) =>
  db
    .select({
      key: group === 'month' ? sql<string>`to_char(${offerFigures.day}, 'YYYY-MM')` : sql<string>`${offerFigures.key}`,
      ...figures,
    })
    .from(offerFigures)
    .where(and(eq(offerFigures.groupBy, group), inRange(offerFigures)))
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .prepare(`offer_figures_${group}`);
const preparedFigures = preparedStatements<ReturnType<typeof figuresQuery>>();

export async function figuresBy(
  db: Executor,
  tenantId: string,
  q: EvaluationFilter,
  group: GroupKey,
): Promise<FigureRow[]> {
  return preparedFigures(db, group, () => figuresQuery(db, group)).execute(rangeParams(tenantId, q));
}

/** The KTB users' names, for the rows of the KTB evaluation. */
export async function userNames(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, abbreviation: users.abbreviation })
    .from(users)
    .where(inArray(users.id, ids));
}

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
 * whose month is null) over the whole range: the sum of the kept histograms of whole days
 * (offer_time_spans) of the range, whose quartiles are those percentile_cont gives over the offers
 * (rules/offer-figures.ts).
 */
const timesQuery = (db: Executor) =>
  db
    .select({
      month: sql<string>`to_char(${offerTimeSpans.day}, 'YYYY-MM')`,
      kind: offerTimeSpans.kind,
      counts: offerTimeSpans.counts,
    })
    .from(offerTimeSpans)
    // Every kind, named: the key begins with the kind, so the index is searched per kind, not read whole.
    .where(and(inArray(offerTimeSpans.kind, [...OFFER_SPAN_KINDS]), inRange(offerTimeSpans)))
    .prepare('offer_times');
const preparedTimes = preparedStatements<ReturnType<typeof timesQuery>>();

/** The quartiles the offer times show: the median, the lower and the upper quartile. */
const QUARTILES = [0.5, 0.25, 0.75] as const;

export async function timesBy(db: Executor, tenantId: string, q: EvaluationFilter): Promise<TimesFigures[]> {
  const rows = await preparedTimes(db, 'times', () => timesQuery(db)).execute(rangeParams(tenantId, q));
  // The histograms per kind for each month, summed in one pass over the rows; the range's (month null) from
  // the months' (rules/offer-figures.ts DayHistogram). Each gives its three quartiles from one ordered walk.
  const sums = new Map<string | null, Record<OfferSpanKind, DayHistogram>>();
  const histogramsOf = (month: string | null) => {
    const kept = sums.get(month);
    if (kept) return kept;
    const h = { n: new DayHistogram(), o: new DayHistogram(), r: new DayHistogram() };
    sums.set(month, h);
    return h;
  };
  for (const r of rows) histogramsOf(r.month)[r.kind].addCounts(r.counts);
  const range = histogramsOf(null);
  for (const [month, h] of sums) {
    if (month === null) continue;
    for (const kind of OFFER_SPAN_KINDS) range[kind].addAll(h[kind]);
  }
  const figuresOf = (month: string | null): TimesFigures => {
    const h = histogramsOf(month);
    const [toOfferMedian, toOfferP25, toOfferP75] = h.o.quartiles(QUARTILES);
    const [toResultMedian, toResultP25, toResultP75] = h.r.quartiles(QUARTILES);
    return {
      month,
      offerCnt: h.n.total(),
      toOfferMedian: toOfferMedian ?? null,
      toOfferP25: toOfferP25 ?? null,
      toOfferP75: toOfferP75 ?? null,
      toResultMedian: toResultMedian ?? null,
      toResultP25: toResultP25 ?? null,
      toResultP75: toResultP75 ?? null,
    };
  };
  const months = [...new Set(rows.map((r) => r.month))].sort();
  return [...months.map(figuresOf).filter((f) => f.offerCnt !== 0), figuresOf(null)];
}
