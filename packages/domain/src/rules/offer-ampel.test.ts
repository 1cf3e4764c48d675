/** The offer ampel (decision 022), row by row: every label, its colour, and the order of the rows. */
import { describe, expect, it } from 'vitest';
import {
  followUpDue,
  followUpDueShown,
  mayTakeOver,
  OFFER_AMPEL_COLOUR,
  OFFER_AMPEL_LABELS,
  OFFER_AMPEL_RULES,
  type OfferAmpelInput,
  offerAmpel,
  offerStatusOf,
  TALK_RESULTS,
} from './offer-ampel';

const TODAY = '2026-11-25';

/** A commissioned offer with complete order data: the last row, 'order_received'. */
const base = (): OfferAmpelInput => ({
  ofmUser: 'ofm',
  receivedDate: '2026-11-20',
  deliveryDate: null,
  ktb: null,
  ktbInformedAt: null,
  takeOverRequestedAt: null,
  angebot: {
    offerNr: 'AN-2026-0001',
    offerDate: '2026-11-21',
    offerFollowUpDate: '2026-11-23',
    talkResult: 'angebot_ist_beauftragt',
  },
  opm: { orderId: null, status: null },
  ersatzteile: { orderNumber: 'B-4711', orderDate: '2026-11-24' },
});
type Change = (o: OfferAmpelInput) => void;
const offer = (...changes: Change[]) => {
  const o = base();
  for (const change of changes) change(o);
  return o;
};
const talk =
  (r: OfferAmpelInput['angebot']['talkResult']): Change =>
  (o) => {
    o.angebot.talkResult = r;
  };
const followUp =
  (d: string | null): Change =>
  (o) => {
    o.angebot.offerFollowUpDate = d;
  };

describe('offerAmpel', () => {
  it.each<[string, OfferAmpelInput, string, string]>([
    [
      '1 taken over: an order id',
      offer(
        (o) => (o.opm.orderId = 'order-1'),
        (o) => (o.ofmUser = null),
      ),
      'taken_over',
      'green',
    ],
    ['1 taken over: asked for', offer((o) => (o.takeOverRequestedAt = '2026-11-24T10:00:00Z')), 'taken_over', 'green'],
    ['2 no OFM', offer((o) => (o.ofmUser = null), talk(null)), 'no_ofm', 'red'],
    ['3 not created: no number', offer((o) => (o.angebot.offerNr = ''), talk(null)), 'offer_not_created', 'orange'],
    ['3 not created: no date', offer((o) => (o.angebot.offerDate = null)), 'offer_not_created', 'orange'],
    [
      '3 not created: on day 10 still orange',
      offer(
        (o) => (o.angebot.offerNr = ''),
        (o) => (o.receivedDate = '2026-11-15'),
      ),
      'offer_not_created',
      'orange',
    ],
    [
      '3 not created: after 10 days red',
      offer(
        (o) => (o.angebot.offerNr = ''),
        (o) => (o.receivedDate = '2026-11-14'),
      ),
      'offer_not_created',
      'red',
    ],
    ['4 agenda done: price too high', offer(talk('absage_preis_war_zu_hoch')), 'agenda_done', 'green'],
    ['4 agenda done: competitor', offer(talk('absage_mitbewerb_hat_auftrag_erhalten')), 'agenda_done', 'green'],
    ['4 agenda done: not realised', offer(talk('absage_wird_nicht_realisiert')), 'agenda_done', 'green'],
    ['4 agenda done: other', offer(talk('sonstiges_talk_result')), 'agenda_done', 'green'],
    ['5 follow-up expired', offer(talk(null), followUp('2026-11-24')), 'follow_up_expired', 'red'],
    [
      '5 follow-up expired: not understandable',
      offer(talk('angebot_war_nicht_verstaendlich'), followUp('2026-11-01')),
      'follow_up_expired',
      'red',
    ],
    ['6 follow-up open: due today', offer(talk(null), followUp(TODAY)), 'follow_up_open', 'green'],
    ['6 follow-up open: later', offer(talk(null), followUp('2026-12-10')), 'follow_up_open', 'green'],
    ['7 offer created, no follow-up date', offer(talk(null), followUp(null)), 'offer_created', 'orange'],
    ['8 delivery today', offer((o) => (o.deliveryDate = TODAY)), 'delivery_date_imminent', 'orange'],
    ['8 delivery in 7 days', offer((o) => (o.deliveryDate = '2026-12-02')), 'delivery_date_imminent', 'orange'],
    ['8 delivery in 8 days: not yet', offer((o) => (o.deliveryDate = '2026-12-03')), 'order_received', 'green'],
    ['8 delivery past: no warning', offer((o) => (o.deliveryDate = '2026-11-24')), 'order_received', 'green'],
    [
      '9 material offer, no order number',
      offer(talk('materialangebot_beauftragt'), (o) => (o.ersatzteile.orderNumber = '')),
      'material_offer_received',
      'orange',
    ],
    ['10 order number missing', offer((o) => (o.ersatzteile.orderNumber = '')), 'order_data_missing', 'red'],
    ['10 order date missing', offer((o) => (o.ersatzteile.orderDate = null)), 'order_data_missing', 'red'],
    [
      '10 material offer with number, no date',
      offer(talk('materialangebot_beauftragt'), (o) => (o.ersatzteile.orderDate = null)),
      'order_data_missing',
      'red',
    ],
    ['11 inform KTB', offer((o) => (o.ktb = 'ktb-user')), 'inform_ktb', 'orange'],
    [
      '11 KTB informed',
      offer(
        (o) => (o.ktb = 'ktb-user'),
        (o) => (o.ktbInformedAt = '2026-11-22T08:00:00Z'),
      ),
      'order_received',
      'green',
    ],
    [
      '12 waiting for clarification sheets',
      offer((o) => (o.opm.status = 'waiting_for_clarification_sheets')),
      'waiting_for_clarification_sheets',
      'orange',
    ],
    ['13 order received', offer(), 'order_received', 'green'],
    [
      '13 clarification sheets received',
      offer((o) => (o.opm.status = 'clarification_sheets_received')),
      'order_received',
      'green',
    ],
  ])('%s', (_, input, label, colour) => {
    expect(offerAmpel(input, TODAY)).toEqual({ label, colour });
  });

  it('has a row for each of the 13 labels of SPEC §4, in one order, each with a colour', () => {
    expect(OFFER_AMPEL_RULES.map((r) => r.label)).toEqual([...OFFER_AMPEL_LABELS]);
    expect(OFFER_AMPEL_LABELS).toHaveLength(13);
    for (const label of OFFER_AMPEL_LABELS) expect(['green', 'orange', 'red']).toContain(OFFER_AMPEL_COLOUR[label]);
  });

  it('moves with the calendar: a follow-up date turns red the day after', () => {
    const o = offer(talk(null), followUp('2026-11-25'));
    expect(offerAmpel(o, '2026-11-25').label).toBe('follow_up_open');
    expect(offerAmpel(o, '2026-11-26').label).toBe('follow_up_expired');
  });
});

describe('offerStatusOf', () => {
  it.each(TALK_RESULTS.map((r) => [r] as const))('%s', (r) => {
    const expected = r.startsWith('absage')
      ? 'cancelled'
      : r === 'angebot_ist_beauftragt' || r === 'materialangebot_beauftragt'
        ? 'commissioned'
        : 'waiting';
    expect(offerStatusOf(r)).toBe(expected);
  });
  it('is waiting without a talk result', () => expect(offerStatusOf(null)).toBe('waiting'));
});

describe('mayTakeOver and followUpDue', () => {
  it('offers the hand-over only for a commissioned offer not yet handed over', () => {
    expect(mayTakeOver(offer())).toBe(true);
    expect(mayTakeOver(offer(talk('materialangebot_beauftragt')))).toBe(true);
    expect(mayTakeOver(offer(talk('absage_preis_war_zu_hoch')))).toBe(false);
    expect(mayTakeOver(offer(talk(null)))).toBe(false);
    expect(mayTakeOver(offer((o) => (o.takeOverRequestedAt = '2026-11-24T10:00:00Z')))).toBe(false);
    expect(mayTakeOver(offer((o) => (o.opm.orderId = 'order-1')))).toBe(false);
  });
  it('is due from the follow-up date on, while no result is recorded', () => {
    expect(followUpDue(offer(talk(null), followUp('2026-11-26')), TODAY)).toBe(false);
    expect(followUpDue(offer(talk(null), followUp(TODAY)), TODAY)).toBe(true);
    expect(followUpDue(offer(talk(null), followUp('2026-11-01')), TODAY)).toBe(true);
    expect(followUpDue(offer(talk('angebot_war_nicht_verstaendlich'), followUp(TODAY)), TODAY)).toBe(true);
    expect(followUpDue(offer(followUp(TODAY)), TODAY)).toBe(false);
    expect(followUpDue(offer(talk(null), followUp(null)), TODAY)).toBe(false);
  });
});

describe('followUpDueShown', () => {
  // 'Nachfassen fällig' beside the ampel only while the ampel does not already say 'abgelaufen'.
  const shown = (followUpDate: string) => {
    const o = offer(talk(null), followUp(followUpDate));
    return followUpDueShown(followUpDue(o, TODAY), offerAmpel(o, TODAY).label);
  };
  it('shows on the follow-up day, beside "Nachfassen offen"', () => expect(shown(TODAY)).toBe(true));
  it('does not show after it, where the ampel reads "Nachfassen abgelaufen"', () =>
    expect(shown('2026-11-01')).toBe(false));
  it('does not show before it', () => expect(shown('2026-11-26')).toBe(false));
  it('does not show when the offer is not due, whatever the label', () =>
    expect(followUpDueShown(false, 'follow_up_open')).toBe(false));
});
