/**
 * What every write of offers keeps besides the offer itself, in the write's transaction: the offer
 * evaluation's figures and offer times (rules/offer-figures.ts, decision 046). Every insert, update and
 * delete of offers goes through here: the module's writes, the demo seed, the test factories and the
 * benches. Only a change of what the evaluation reads moves anything.
 */
import { OFFER_FIGURES, type OfferFigureInput, offerFigureChanges } from '@pruefbuch/domain/rules/offer-figures';
import type { Executor } from '../../db/client';
import { offerFigures, offers, offerTimeSpans } from '../../db/schema/index';
import { moveBuckets } from '../../platform/figure-buckets';

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
  await moveBuckets(tx, offerTimeSpans, [...keys, 'kind', 'span'], ['n'], spans);
}

/** Inserts offers (their insert values) and counts them into the evaluation's figures; returns the rows. */
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
  await moveOfferFigures(tx, [], stored);
  return stored;
}
