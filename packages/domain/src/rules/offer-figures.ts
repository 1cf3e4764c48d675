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

/** Spans (days) a histogram keeps in an array; the others (negative, not whole, ten years or more) in a map. */
const DENSE_DAYS = 3_660;

/**
 * A histogram of days (span → count), summed from the kept buckets of a range. The usual spans (whole days, 0 to
 * 10 years) are counted in an array indexed by the span, the rest in a map. angebotszeiten sums about 9,400 spans
 * for three years; through maps that was most of the server's own CPU of the call. Measured on bench/offers.ts's
 * 50,000 offers at 20 clients, maps and array alternated, two rounds each (its target: p50 ≤ 20, p99 < 50 ms):
 * - its five ranges: 837–897 calls a second (p50 21–22 ms, p99 43–44) → 932–1,055 (p50 17–20, p99 39–41);
 * - four ranges without a department, where the three years weigh more: 674–736 (p50 26–28, p99 51–53) →
 *   933–1,020 (p50 18–20, p99 37–44).
 */
export class DayHistogram {
  private readonly days: number[] = [];
  private readonly others = new Map<number, number>();

  add(span: number, n: number): void {
    if (span >= 0 && span < DENSE_DAYS && Number.isInteger(span)) this.days[span] = (this.days[span] ?? 0) + n;
    else this.others.set(span, (this.others.get(span) ?? 0) + n);
  }

  /** Adds a kept bucket's counts (the span as the key). */
  addCounts(counts: Readonly<Record<string, number>>): void {
    for (const key in counts) this.add(Number(key), counts[key] ?? 0);
  }

  addAll(other: DayHistogram): void {
    const { days } = other;
    for (let span = 0; span < days.length; span++) {
      const n = days[span];
      if (n) this.days[span] = (this.days[span] ?? 0) + n;
    }
    for (const [span, n] of other.others) this.add(span, n);
  }

  /** The sum of the counts. */
  total(): number {
    let total = 0;
    for (const n of this.days) total += n ?? 0;
    for (const n of this.others.values()) total += n;
    return total;
  }

  /**
   * The quartiles `ps` (each 0 to 1), as PostgreSQL's percentile_cont computes each: interpolated between the
   * neighbouring values of the sorted spans; null when there are none.
   */
  quartiles(ps: readonly number[]): (number | null)[] {
    const spans: number[] = [];
    const counts: number[] = [];
    const push = (span: number, n: number) => {
      spans.push(span);
      counts.push(n);
    };
    // The map's spans (negative, past the array, or not whole) merged into the array's order.
    const others = [...this.others].filter(([, n]) => n > 0).sort(([a], [b]) => a - b);
    let next = 0;
    for (let span = 0; span < this.days.length; span++) {
      while (next < others.length && (others[next] as [number, number])[0] < span)
        push(...(others[next++] as [number, number]));
      const n = this.days[span];
      if (n && n > 0) push(span, n);
    }
    while (next < others.length) push(...(others[next++] as [number, number]));
    let total = 0;
    for (const n of counts) total += n;
    if (total === 0) return ps.map(() => null);
    const at = (index: number) => {
      let seen = 0;
      for (let i = 0; i < spans.length; i++) {
        seen += counts[i] as number;
        if (index < seen) return spans[i] as number;
      }
      return spans[spans.length - 1] as number;
    };
    return ps.map((p) => {
      const pos = p * (total - 1);
      const lower = Math.floor(pos);
      const a = at(lower);
      const b = at(Math.min(lower + 1, total - 1));
      return a + (pos - lower) * (b - a);
    });
  }
}
