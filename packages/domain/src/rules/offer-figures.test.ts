import { describe, expect, it } from 'vitest';
import {
  DayHistogram,
  type OfferFigureInput,
  offerFigureChanges,
  offerFiguresOf,
  offerGroupKeys,
  offerSpans,
} from './offer-figures';

const offer = (over: Partial<OfferFigureInput> = {}): OfferFigureInput => ({
  tenantId: 't1',
  active: true,
  aktuelle_abteilung: 5,
  status: 'waiting',
  receivedDate: '2026-01-05',
  offerDate: '2026-01-12',
  ktb: 'u1',
  talkResult: null,
  receivedVia: 'kunde',
  offerSum: 1000,
  orderSum: null,
  talkResultAt: null,
  ...over,
});

describe('offer figures (one test per row of the tables)', () => {
  it('groups: the month under one key, KTB, talk result and received-via by value, none as "none"', () => {
    expect(offerGroupKeys(offer())).toEqual({ month: '', ktb: 'u1', talkResult: 'none', receivedVia: 'kunde' });
    expect(offerGroupKeys(offer({ ktb: null, receivedVia: null, talkResult: 'sonstiges_talk_result' }))).toEqual({
      month: '',
      ktb: 'none',
      talkResult: 'sonstiges_talk_result',
      receivedVia: 'none',
    });
  });

  it('figures: a commissioned offer counts its order sum, or its offer sum without one', () => {
    expect(offerFiguresOf(offer({ status: 'commissioned', orderSum: 800 }))).toMatchObject({
      offerCents: 100000,
      orderCents: 80000,
      commissionedCnt: 1,
    });
    expect(offerFiguresOf(offer({ status: 'commissioned' })).orderCents).toBe(100000);
    expect(offerFiguresOf(offer({ status: 'cancelled', orderSum: 800 }))).toMatchObject({
      orderCents: 0,
      cancelledCnt: 1,
      waitingCnt: 0,
    });
  });

  it('spans n, o and r: the offer, received to offer date, offer date to the Berlin day of the result', () => {
    expect(offerSpans(offer({ talkResultAt: new Date('2026-01-19T23:30:00Z') }))).toEqual([
      { kind: 'n', span: 0 },
      { kind: 'o', span: 7 },
      { kind: 'r', span: 8 },
    ]);
    expect(offerSpans(offer({ offerDate: null }))).toEqual([{ kind: 'n', span: 0 }]);
  });

  it('an inactive offer counts nowhere; one without offer date has spans but no figures', () => {
    expect(offerFigureChanges([], [offer({ active: false })])).toEqual({ figures: [], spans: [] });
    const { figures, spans } = offerFigureChanges([], [offer({ offerDate: null })]);
    expect(figures).toEqual([]);
    expect(spans.map((s) => [s.department, s.grain, s.kind])).toEqual([
      [5, 'd', 'n'],
      [5, 'w', 'n'],
      [5, 'm', 'n'],
      [0, 'd', 'n'],
      [0, 'w', 'n'],
      [0, 'm', 'n'],
    ]);
  });
});

describe('DayHistogram', () => {
  /** percentile_cont over the spans written out one by one, sorted. */
  const percentile = (values: number[], p: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const pos = p * (sorted.length - 1);
    const lower = Math.floor(pos);
    const a = sorted[lower] as number;
    const b = sorted[Math.min(lower + 1, sorted.length - 1)] as number;
    return a + (pos - lower) * (b - a);
  };

  it('gives the quartiles percentile_cont gives, for spans in the array, negative ones and ones past ten years', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 200; run++) {
      const values: number[] = [];
      const parts = [new DayHistogram(), new DayHistogram()];
      for (let i = 0, n = 1 + Math.floor(random() * 40); i < n; i++) {
        const r = random();
        const span =
          r < 0.1
            ? -Math.floor(random() * 30) - 1
            : r < 0.2
              ? 3_660 + Math.floor(random() * 9_000)
              : Math.floor(random() * 120);
        const count = 1 + Math.floor(random() * 3);
        for (let c = 0; c < count; c++) values.push(span);
        // Half through a bucket's counts (the span as its key), half one by one; then both summed.
        if (i % 2) (parts[0] as DayHistogram).addCounts({ [String(span)]: count });
        else (parts[1] as DayHistogram).add(span, count);
      }
      const h = new DayHistogram();
      for (const part of parts) h.addAll(part);
      expect(h.total()).toBe(values.length);
      expect(h.quartiles([0.5, 0.25, 0.75])).toEqual([0.5, 0.25, 0.75].map((p) => percentile(values, p)));
    }
  });

  it('sorts the spans it keeps apart (not whole, at and past the end of the array) among the others', () => {
    const h = new DayHistogram();
    for (const span of [5.5, 10, 3, 3_659, 3_660, -0.5]) h.add(span, 1);
    // -0.5, 3, 5.5, 10, 3659, 3660
    expect(h.quartiles([0.5, 0.25, 0.75])).toEqual([7.75, 3.625, 2_746.75]);
    expect(
      quartilesOf(
        new Map([
          [5.5, 1],
          [10, 1],
          [3, 1],
        ]),
        [0.5],
      ),
    ).toEqual([5.5]);
  });

  it('is empty without counts, and leaves out spans counted 0', () => {
    const h = new DayHistogram();
    expect(h.quartiles([0.5])).toEqual([null]);
    h.addCounts({ '4': 0, '-2': 0, '9000': 0 });
    expect([h.total(), ...h.quartiles([0.5])]).toEqual([0, null]);
    h.add(6, 1);
    expect(h.quartiles([0.5, 0.25])).toEqual([6, 6]);
  });
});

/** The quartiles of a histogram given as a map (span → count). */
const quartilesOf = (histogram: ReadonlyMap<number, number>, ps: readonly number[]) => {
  const h = new DayHistogram();
  for (const [span, n] of histogram) h.add(span, n);
  return h.quartiles(ps);
};

describe('DayHistogram.quartiles of a map', () => {
  it('interpolates as percentile_cont does', () => {
    // 1, 2, 2, 10: median between 2 and 2, p25 at 1.75, p75 at 4
    const h = new Map([
      [10, 1],
      [1, 1],
      [2, 2],
    ]);
    expect(quartilesOf(h, [0.5])).toEqual([2]);
    expect(quartilesOf(h, [0.25])).toEqual([1.75]);
    expect(quartilesOf(h, [0.75])).toEqual([4]);
    expect(quartilesOf(new Map([[5, 1]]), [0.25])).toEqual([5]);
    expect(quartilesOf(new Map(), [0.5])).toEqual([null]);
    expect(quartilesOf(new Map([[3, 0]]), [0.5])).toEqual([null]);
  });

  it('gives several quartiles of one histogram at once, each as alone, negative spans sorted first', () => {
    const h = new Map([
      [10, 1],
      [-3, 1],
      [2, 2],
      [7, 0],
    ]);
    const single = (p: number) => quartilesOf(h, [p])[0];
    expect(quartilesOf(h, [0.5, 0.25, 0.75])).toEqual([single(0.5), single(0.25), single(0.75)]);
    expect(quartilesOf(h, [0.5, 0.25, 0.75])).toEqual([2, 0.75, 4]);
    expect(quartilesOf(new Map(), [0.5, 0.25])).toEqual([null, null]);
  });
});
