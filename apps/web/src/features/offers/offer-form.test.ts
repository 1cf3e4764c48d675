import { OFFER_DEFAULTS, type Offer } from '@pruefbuch/domain/schemas/offer';
import { describe, expect, it } from 'vitest';
import { zodResolver } from '@/lib/form';
import {
  emptyOfferValues,
  liveAmpel,
  liveFollowUpDue,
  liveMayTakeOver,
  newOfferValues,
  type OfferValues,
  offerFormSchema,
  offerToValues,
  serverStateOf,
  sourceFromParams,
  toCreateBody,
  toUpdateBody,
} from './offer-form';

const TODAY = '2026-05-20';
const written = (over: Partial<OfferValues['angebot']> = {}): OfferValues => ({
  ...emptyOfferValues(),
  ofmUser: '00000000-0000-4000-8000-000000000001',
  receivedDate: '2026-05-01',
  angebot: { ...OFFER_DEFAULTS.angebot, offerNr: 'A-1', offerDate: '2026-05-10', ...over },
});
const none = serverStateOf(null);

describe('a new offer (issue 31 item 5)', () => {
  const ofm = { userId: '00000000-0000-4000-8000-000000000005', department: 5 };
  it('is received today, and an OFM starting it is its OFM', () => {
    expect(newOfferValues(undefined, ofm, TODAY)).toMatchObject({ receivedDate: TODAY, ofmUser: ofm.userId });
  });
  it('leaves the OFM open for anybody of another department, or without a session', () => {
    expect(newOfferValues(undefined, { ...ofm, department: 3 }, TODAY).ofmUser).toBeNull();
    expect(newOfferValues(undefined, null, TODAY)).toMatchObject({ receivedDate: TODAY, ofmUser: null });
  });
  it('keeps what a draft from a defect already says', () => {
    const draft = { ...OFFER_DEFAULTS, receivedDate: '2026-05-02', ofmUser: 'someone' };
    expect(newOfferValues(draft, ofm, TODAY)).toMatchObject({ receivedDate: '2026-05-02', ofmUser: 'someone' });
  });
});

describe('the offer form', () => {
  it('asks for something to recognise the offer by (decision 028)', () => {
    const nameless = { ...emptyOfferValues(), angebot: { ...OFFER_DEFAULTS.angebot } };
    expect(zodResolver(offerFormSchema)(nameless)).toMatchObject({ objekt: 'validation.offer.identity' });
    expect(zodResolver(offerFormSchema)({ ...nameless, debitor: 'Stadt Mainz' })).toEqual({});
  });

  it('a new offer starts from copies of the defaults (typing never changes the shared defaults)', () => {
    const values = emptyOfferValues();
    values.angebot.offerNr = 'X';
    values.abteilung.bau = true;
    expect(OFFER_DEFAULTS.angebot.offerNr).toBe('');
    expect(OFFER_DEFAULTS.abteilung.bau).toBe(false);
    expect(values.aktuelle_abteilung).toBe(5);
  });

  it("'Sonstiges' without a reason is an error at the talk notes, in the domain's words", () => {
    const errors = zodResolver(offerFormSchema)(written({ talkResult: 'sonstiges_talk_result' }));
    expect(errors['angebot.notes']).toBe('validation.offer.reasonRequired');
    expect(
      zodResolver(offerFormSchema)(written({ talkResult: 'sonstiges_talk_result', notes: 'Kunde zieht um' })),
    ).toEqual({});
  });

  it('a follow-up before the offer date is an error at the follow-up date', () => {
    const errors = zodResolver(offerFormSchema)(written({ offerFollowUpDate: '2026-05-09' }));
    expect(errors['angebot.offerFollowUpDate']).toBe('validation.offer.followUpBeforeOffer');
  });

  it('POST carries the source defect and no version; PUT carries the version', () => {
    const source = {
      book: '00000000-0000-4000-8000-00000000000b',
      record: '00000000-0000-4000-8000-00000000000c',
      defect: 'd1',
    };
    const body = toCreateBody(written(), source);
    expect(body).toMatchObject({ source, angebot: { offerNr: 'A-1' } });
    expect(body).not.toHaveProperty('__v');
    expect(toCreateBody(written(), null)).not.toHaveProperty('source');
    expect(toUpdateBody({ ...written(), __v: 4 })).toMatchObject({ __v: 4 });
  });

  it('reads the address of an offer started from a defect only when all three ids are there', () => {
    expect(sourceFromParams(new URLSearchParams('book=b&record=r&defect=d'))).toEqual({
      book: 'b',
      record: 'r',
      defect: 'd',
    });
    expect(sourceFromParams(new URLSearchParams('book=b&record=r'))).toBeNull();
  });
});

describe('the live ampel', () => {
  it('follows what is typed: no OFM, then created, then the follow-up open and expired', () => {
    expect(liveAmpel(emptyOfferValues(), none, TODAY)).toEqual({ label: 'no_ofm', colour: 'red' });
    expect(liveAmpel(written(), none, TODAY)).toEqual({ label: 'offer_created', colour: 'orange' });
    expect(liveAmpel(written({ offerFollowUpDate: '2026-06-01' }), none, TODAY).label).toBe('follow_up_open');
    expect(liveAmpel(written({ offerFollowUpDate: '2026-05-19' }), none, TODAY)).toEqual({
      label: 'follow_up_expired',
      colour: 'red',
    });
    expect(liveFollowUpDue(written({ offerFollowUpDate: '2026-05-20' }), TODAY)).toBe(true);
    expect(liveFollowUpDue(written({ offerFollowUpDate: '2026-05-21' }), TODAY)).toBe(false);
  });

  it('a commissioned offer offers the hand-over until it is asked for, and then shows it', () => {
    const values = {
      ...written({ talkResult: 'angebot_ist_beauftragt' }),
      ersatzteile: { ...OFFER_DEFAULTS.ersatzteile, orderNumber: 'B-7', orderDate: '2026-05-15' },
    };
    expect(liveAmpel(values, none, TODAY).label).toBe('order_received');
    expect(liveMayTakeOver(values, none)).toBe(true);
    const requested = { ...none, takeOverRequestedAt: '2026-05-20T08:00:00.000Z' };
    expect(liveMayTakeOver(values, requested)).toBe(false);
    expect(liveAmpel(values, requested, TODAY)).toEqual({ label: 'taken_over', colour: 'green' });
    expect(liveMayTakeOver(written(), none)).toBe(false);
  });

  it('a saved offer comes back as the same values', () => {
    const values = { ...written({ offerSum: 1234.5 }), __v: 3 };
    const offer = {
      ...values,
      opm: { ...values.opm, orderId: null },
      ktbInformedAt: null,
      takeOverRequestedAt: null,
    } as unknown as Offer;
    expect(offerToValues(offer)).toEqual(values);
  });
});
