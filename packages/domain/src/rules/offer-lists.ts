/**
 * The counted offer lists (issue 30, decision 063): the offer list's total without a search or a filter
 * but the status is one row per tenant and status, kept by the server with every write of an offer in the
 * write's transaction (offers.store.ts), instead of counting every active offer on every page (5–8 ms at
 * 50,000 offers, most of the default list's time).
 *
 * | an offer …                     | counts under                       |
 * |--------------------------------|------------------------------------|
 * | active                         | its tenant and its status           |
 * | inactive (archived)            | nothing                            |
 *
 * The ampel is not a key: it follows the calendar, and a day's change of colour moves no count.
 */
import { figureChanges } from './figure-buckets';
import type { OfferStatus } from './offer-ampel';

/** What the counted lists read of an offer. */
export interface OfferListInput {
  tenantId: string;
  active: boolean;
  status: OfferStatus;
}

export interface OfferListCount {
  tenantId: string;
  status: OfferStatus;
  n: number;
}

/** The count an offer belongs to (none when it is inactive). */
export const offerListKey = (o: OfferListInput): Omit<OfferListCount, 'n'> | null =>
  o.active ? { tenantId: o.tenantId, status: o.status } : null;

/**
 * How the counts move when offers change: -1 where an offer was counted, +1 where it is counted now;
 * counts that did not change are left out.
 */
export function offerListCountChanges(
  gone: readonly OfferListInput[],
  came: readonly OfferListInput[],
): OfferListCount[] {
  const changes = figureChanges<Omit<OfferListCount, 'n'>, 'n'>(['n']);
  for (const [list, sign] of [
    [gone, -1],
    [came, 1],
  ] as const) {
    for (const o of list) {
      const key = offerListKey(o);
      if (key) changes.add(key, sign, { n: 1 });
    }
  }
  return changes.rows();
}
