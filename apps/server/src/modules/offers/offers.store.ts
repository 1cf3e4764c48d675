/**
 * What every write of offers keeps besides the offer itself, in the write's transaction: the list item
 * (the offer's own part of its list row, as JSON text, decision 074), the offer evaluation's figures and
 * offer times (rules/offer-figures.ts, decision 046) and the list's counts (rules/offer-lists.ts, decision
 * 063). Every insert, update and delete of offers goes through here: the module's writes, the daily run,
 * the demo seed, the test factories and the benches. Only a change of what the evaluation or the counts
 * read moves anything.
 */

import type { OfferStatus } from '@pruefbuch/domain/rules/offer-ampel';
import {
  OFFER_FIGURES,
  type OfferFigureInput,
  type OfferSpanChange,
  offerFigureChanges,
} from '@pruefbuch/domain/rules/offer-figures';
import { type OfferListInput, offerListCountChanges } from '@pruefbuch/domain/rules/offer-lists';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { offerFigures, offerListCounts, offers, offerTimeSpans } from '../../db/schema/index';
import { moveBuckets } from '../../platform/figure-buckets';
import { updateRows } from '../../platform/row-updates';
import { type OfferRow, ownListItemOf } from './offers.repo';

type OfferState = Pick<typeof offers.$inferSelect, keyof OfferFigureInput>;

/** The offer as the evaluation counts it (its stored columns, generated ones included). */
const figureInputOf = (o: OfferState): OfferFigureInput => ({
  tenantId: o.tenantId,
  active: o.active,
  aktuelle_abteilung: o.aktuelle_abteilung,
  status: o.status,
  receivedDate: o.receivedDate,
  offerDate: o.offerDate,
  ktb: o.ktb,
  talkResult: o.talkResult,
  receivedVia: o.receivedVia,
  offerSum: o.offerSum,
  orderSum: o.orderSum,
  talkResultAt: o.talkResultAt,
});

/**
 * Moves the evaluation's figures and offer times from the offers `gone` (as they were, or deleted) to
 * `came` (as they are now, or new): the buckets that changed, one upsert per table.
 */
export async function moveOfferFigures(tx: Executor, gone: readonly OfferState[], came: readonly OfferState[]) {
  const { figures, spans } = offerFigureChanges(gone.map(figureInputOf), came.map(figureInputOf));
  const keys = ['tenantId', 'grain', 'day', 'department'] as const;
  await moveBuckets(tx, offerFigures, [...keys, 'groupBy', 'key'], OFFER_FIGURES, figures);
  await moveHistograms(tx, spans);
}

/** Moves the list's counts (active offers per tenant and status) from the offers `gone` to `came`. */
export async function moveOfferListCounts(tx: Executor, gone: readonly OfferState[], came: readonly OfferState[]) {
  const input = (o: OfferState): OfferListInput => ({
    tenantId: o.tenantId,
    active: o.active,
    status: o.status as OfferStatus,
  });
  const changes = offerListCountChanges(gone.map(input), came.map(input));
  await moveBuckets(tx, offerListCounts, ['tenantId', 'status'], ['n'], changes);
}

/** Moves everything kept beside the offers (evaluation figures and times, list counts) from `gone` to `came`. */
export async function moveOfferTotals(tx: Executor, gone: readonly OfferState[], came: readonly OfferState[]) {
  await moveOfferFigures(tx, gone, came);
  await moveOfferListCounts(tx, gone, came);
}

/**
 * Adds span changes to the offer-time histograms: per bucket and kind one upsert row whose counts
 * ({"span": change}) are added key by key, in the order of the keys; a span whose count falls to 0
 * leaves the histogram, an empty histogram its table.
 */
async function moveHistograms(tx: Executor, spans: readonly OfferSpanChange[]) {
  const rows = new Map<string, typeof offerTimeSpans.$inferInsert>();
  for (const c of spans) {
    const id = JSON.stringify([c.tenantId, c.kind, c.grain, c.day, c.department]);
    const row = rows.get(id) ?? {
      tenantId: c.tenantId,
      kind: c.kind,
      grain: c.grain,
      day: c.day,
      department: c.department,
      counts: {},
    };
    row.counts[String(c.span)] = (row.counts[String(c.span)] ?? 0) + c.n;
    rows.set(id, row);
  }
  const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  const t = offerTimeSpans;
  for (let i = 0; i < sorted.length; i += 1000) {
    const after = await tx
      .insert(t)
      .values(sorted.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [t.tenantId, t.kind, t.grain, t.day, t.department],
        set: {
          counts: sql`(select coalesce(jsonb_object_agg(k, n), '{}'::jsonb) from (
            select k, sum(v::integer) as n from (
              select key as k, value as v from jsonb_each_text(${t.counts})
              union all select key, value from jsonb_each_text(excluded.counts)
            ) as both_counts group by k having sum(v::integer) <> 0
          ) as summed)`,
        },
      })
      .returning({
        tenantId: t.tenantId,
        kind: t.kind,
        grain: t.grain,
        day: t.day,
        department: t.department,
        counts: t.counts,
      });
    const emptied = after.filter((r) => Object.keys(r.counts).length === 0);
    if (emptied.length) {
      await tx
        .delete(t)
        .where(
          or(
            ...emptied.map((r) =>
              and(
                eq(t.tenantId, r.tenantId),
                eq(t.kind, r.kind),
                eq(t.grain, r.grain),
                eq(t.day, r.day),
                eq(t.department, r.department),
              ),
            ),
          ),
        );
    }
  }
}

/** An offer's list item as stored: the part of its list row that is its own (offers.repo.ts ownListItemOf), as JSON text. */
export const listItemOf = (row: OfferRow) => JSON.stringify(ownListItemOf(row));

/**
 * Stores the list items of offers as they are now, after a write returned their rows (platform/row-updates.ts, each
 * offer named with its tenant). A write changes an offer and then its item in the same transaction, on the row the
 * write returned (its version and stamps included), so no list reads an item older than its offer.
 */
export async function keepListItems(tx: Executor, rows: readonly OfferRow[]) {
  await updateRows(
    tx,
    offers,
    rows.map((r) => ({ id: r.id, tenantId: r.tenantId, set: { listItem: listItemOf(r) } })),
  );
}

/** Inserts offers (their insert values) and counts them into the evaluation's figures and the list's counts; returns the rows. */
export async function insertOfferRows(tx: Executor, rows: readonly (typeof offers.$inferInsert)[], batch = 50) {
  const stored: (typeof offers.$inferSelect)[] = [];
  for (let i = 0; i < rows.length; i += batch) {
    stored.push(
      ...(await tx
        .insert(offers)
        .values(rows.slice(i, i + batch))
        .returning()),
    );
  }
  await keepListItems(tx, stored);
  await moveOfferTotals(tx, [], stored);
  return stored;
}
