import { describe, expect, it } from 'vitest';
import {
  type OfferFigureInput,
  offerFigureChanges,
  offerFiguresOf,
  offerGroupKeys,
  offerSpans,
  quartileOf,
  quartilesOf,
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

describe('quartileOf', () => {
  it('interpolates as percentile_cont does', () => {
    // 1, 2, 2, 10: median between 2 and 2, p25 at 1.75, p75 at 4
    const h = [
      { span: 10, n: 1 },
      { span: 1, n: 1 },
      { span: 2, n: 2 },
    ];
    expect(quartileOf(h, 0.5)).toBe(2);
    expect(quartileOf(h, 0.25)).toBe(1.75);
    expect(quartileOf(h, 0.75)).toBe(4);
    expect(quartileOf([{ span: 5, n: 1 }], 0.25)).toBe(5);
    expect(quartileOf([], 0.5)).toBeNull();
    expect(quartileOf([{ span: 3, n: 0 }], 0.5)).toBeNull();
  });

  it('gives several quartiles of one histogram at once, each as alone, negative spans sorted first', () => {
    const h = new Map([
      [10, 1],
      [-3, 1],
      [2, 2],
      [7, 0],
    ]);
    const single = (p: number) =>
      quartileOf(
        [...h].map(([span, n]) => ({ span, n })),
        p,
      );
    expect(quartilesOf(h, [0.5, 0.25, 0.75])).toEqual([single(0.5), single(0.25), single(0.75)]);
    expect(quartilesOf(h, [0.5, 0.25, 0.75])).toEqual([2, 0.75, 4]);
    expect(quartilesOf(new Map(), [0.5, 0.25])).toEqual([null, null]);
  });
});
