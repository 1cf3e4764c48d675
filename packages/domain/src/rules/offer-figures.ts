/**
 * What an offer counts in the offer evaluation (SPEC §2 offerevaluation, §3 Offer evaluation row,
 * decisions 022 and 046). The server keeps the figures per tenant, department, day, week and month and
 * moves them with every write of an offer, in the write's transaction: the five views read the buckets
 * of their range instead of every offer. Only active offers count.
 *
 * The figures (offer_figures), dated by the offer date, once per grouping the views show:
 *
 * | group       | key                                  | counts                                                     |
 * |-------------|--------------------------------------|------------------------------------------------------------|
 * | month       | ''                                   | offerCnt 1; offerCents (the offer sum);                    |
 * | ktb         | the KTB user's id, 'none' without    | orderCents (a commissioned offer's order sum, else its     |
 * | talkResult  | the talk result, 'none' without      | offer sum; 0 when not commissioned);                       |
 * | receivedVia | where it came from, 'none' without   | cancelledCnt, commissionedCnt, waitingCnt by its status    |
 *
 * The offer times (offer_time_spans), dated by the received date, as a histogram of whole days, so
 * their quartiles are exact:
 *
 * | kind | span                                              | when                                      |
 * |------|---------------------------------------------------|-------------------------------------------|
 * | n    | 0 (the offer itself: offerCnt of the times view)  | always                                    |
 * | o    | offer date − received date                         | it has an offer date                      |
 * | r    | day (Berlin) of the talk result − offer date       | it has an offer date and a talk result    |
 */
import { bucketsOf, centsOf, departmentsOf, figureChanges, type Grain } from './figure-buckets';
import { berlinToday, daysBetween } from './next-inspection';

export const OFFER_GROUPS = ['month', 'ktb', 'talkResult', 'receivedVia'] as const;
export type OfferGroup = (typeof OFFER_GROUPS)[number];

export const OFFER_FIGURES = [
  'offerCnt',
  'offerCents',
  'orderCents',
  'cancelledCnt',
  'commissionedCnt',
  'waitingCnt',
] as const;
export type OfferFigure = (typeof OFFER_FIGURES)[number];

/** What the evaluation reads of an offer. */
export interface OfferFigureInput {
  tenantId: string;
  active: boolean;
  aktuelle_abteilung: number;
  status: string;
  receivedDate: string | null;
  offerDate: string | null;
  ktb: string | null;
  talkResult: string | null;
  receivedVia: string | null;
  offerSum: number | null;
  orderSum: number | null;
  talkResultAt: Date | null;
}

/** The group keys of an offer (the first table). */
export function offerGroupKeys(o: OfferFigureInput): Record<OfferGroup, string> {
  return {
    month: '',
    ktb: o.ktb ?? 'none',
    talkResult: o.talkResult ?? 'none',
    receivedVia: o.receivedVia ?? 'none',
  };
}

/** The figures an offer adds to each of its groups. */
export function offerFiguresOf(o: OfferFigureInput): Record<OfferFigure, number> {
  const commissioned = o.status === 'commissioned';
  return {
    offerCnt: 1,
    offerCents: centsOf(o.offerSum),
    orderCents: commissioned ? centsOf(o.orderSum ?? o.offerSum) : 0,
    cancelledCnt: o.status === 'cancelled' ? 1 : 0,
    commissionedCnt: commissioned ? 1 : 0,
    waitingCnt: o.status === 'waiting' ? 1 : 0,
  };
}

export const OFFER_SPAN_KINDS = ['n', 'o', 'r'] as const;
export type OfferSpanKind = (typeof OFFER_SPAN_KINDS)[number];

/** The spans of an offer (the second table). */
export function offerSpans(o: OfferFigureInput): { kind: OfferSpanKind; span: number }[] {
  const spans: { kind: OfferSpanKind; span: number }[] = [{ kind: 'n', span: 0 }];
  if (o.offerDate && o.receivedDate) spans.push({ kind: 'o', span: daysBetween(o.receivedDate, o.offerDate) });
  if (o.offerDate && o.talkResultAt) {
    spans.push({ kind: 'r', span: daysBetween(o.offerDate, berlinToday(o.talkResultAt)) });
  }
  return spans;
}

export type OfferFigureKey = {
  tenantId: string;
  department: number;
  grain: Grain;
  day: string;
  groupBy: OfferGroup;
  key: string;
};
export type OfferFigureChange = OfferFigureKey & Record<OfferFigure, number>;
export type OfferSpanKey = {
  tenantId: string;
  department: number;
  grain: Grain;
  day: string;
  kind: OfferSpanKind;
  span: number;
};
export type OfferSpanChange = OfferSpanKey & { n: number };

/** How the kept figures and spans move when offers change: each offer as it was out, as it is in. */
export function offerFigureChanges(
  gone: readonly OfferFigureInput[],
  came: readonly OfferFigureInput[],
): { figures: OfferFigureChange[]; spans: OfferSpanChange[] } {
  const figures = figureChanges<OfferFigureKey, OfferFigure>(OFFER_FIGURES);
  const spans = figureChanges<OfferSpanKey, 'n'>(['n']);
  const add = (o: OfferFigureInput, sign: 1 | -1) => {
    if (!o.active) return;
    for (const department of departmentsOf(o.aktuelle_abteilung)) {
      const base = { tenantId: o.tenantId, department };
      if (o.offerDate) {
        const values = offerFiguresOf(o);
        const keys = offerGroupKeys(o);
        for (const b of bucketsOf(o.offerDate)) {
          for (const groupBy of OFFER_GROUPS) figures.add({ ...base, ...b, groupBy, key: keys[groupBy] }, sign, values);
        }
      }
      if (o.receivedDate) {
        for (const b of bucketsOf(o.receivedDate)) {
          for (const s of offerSpans(o)) spans.add({ ...base, ...b, ...s }, sign, { n: 1 });
        }
      }
    }
  };
  for (const o of gone) add(o, -1);
  for (const o of came) add(o, 1);
  return { figures: figures.rows(), spans: spans.rows() };
}

/**
 * The quartiles `ps` (each 0 to 1) of a histogram of whole days (span → count), as PostgreSQL's percentile_cont
 * computes each: interpolated between the neighbouring values of the sorted spans; null when there are none.
 * The spans are sorted once for all of them.
 */
export function quartilesOf(histogram: ReadonlyMap<number, number>, ps: readonly number[]): (number | null)[] {
  const sorted = [...histogram].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
  let total = 0;
  for (const [, n] of sorted) total += n;
  if (total === 0) return ps.map(() => null);
  const at = (index: number) => {
    let seen = 0;
    for (const [span, n] of sorted) {
      seen += n;
      if (index < seen) return span;
    }
    return (sorted.at(-1) as [number, number])[0];
  };
  return ps.map((p) => {
    const pos = p * (total - 1);
    const lower = Math.floor(pos);
    const a = at(lower);
    const b = at(Math.min(lower + 1, total - 1));
    return a + (pos - lower) * (b - a);
  });
}
