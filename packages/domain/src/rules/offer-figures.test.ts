import { describe, expect, it } from 'vitest';
import {
  type OfferFigureInput,
  offerFigureChanges,
  offerFiguresOf,
  offerGroupKeys,
  offerSpans,
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

describe('quartilesOf', () => {
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
