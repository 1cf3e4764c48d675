/** The offer's write schemas: cross-field rules at the field, money, and the evaluation query. */
import { describe, expect, it } from 'vitest';
import { evaluationQuery, OFFER_DEFAULTS, offerCreateSchema, offerTypeOf, offerUpdateSchema } from './offer';

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('offer write schemas', () => {
  it('takes the defaults as a valid offer', () => {
    expect(offerCreateSchema.safeParse(OFFER_DEFAULTS).success).toBe(true);
    expect(offerUpdateSchema.safeParse({ ...OFFER_DEFAULTS, __v: 0 }).success).toBe(true);
  });

  it("asks for the reason of 'other' at the talk notes", () => {
    const angebot = { ...OFFER_DEFAULTS.angebot, talkResult: 'sonstiges_talk_result' as const, notes: '  ' };
    expect(issuesOf(offerCreateSchema.safeParse({ angebot }))).toEqual([
      'angebot.notes: validation.offer.reasonRequired',
    ]);
    expect(offerCreateSchema.safeParse({ angebot: { ...angebot, notes: 'Kunde baut um' } }).success).toBe(true);
  });

  it('refuses a follow-up before the offer date and an offer before the receipt', () => {
    const angebot = { ...OFFER_DEFAULTS.angebot, offerDate: '2026-03-10', offerFollowUpDate: '2026-03-09' };
    expect(issuesOf(offerUpdateSchema.safeParse({ __v: 1, angebot, receivedDate: '2026-03-11' }))).toEqual([
      'angebot.offerFollowUpDate: validation.offer.followUpBeforeOffer',
      'angebot.offerDate: validation.offer.offerBeforeReceipt',
    ]);
  });

  it.each([
    [1234.5, true],
    [0.07, true],
    [19.99, true],
    [0.001, false],
    [-1, false],
    [1e9, false],
  ])('offer sum %s is %s', (offerSum, ok) => {
    expect(offerCreateSchema.safeParse({ angebot: { ...OFFER_DEFAULTS.angebot, offerSum } }).success).toBe(ok);
  });

  it('accepts an empty customer e-mail and refuses a malformed one', () => {
    expect(offerCreateSchema.safeParse({ customerEmail: '' }).success).toBe(true);
    expect(issuesOf(offerCreateSchema.safeParse({ customerEmail: 'kein-mail' }))).toEqual([
      'customerEmail: validation.email.invalid',
    ]);
  });

  it('knows the phase of an offer', () => {
    const abteilung = OFFER_DEFAULTS.abteilung;
    expect(offerTypeOf({ abteilung, status: 'waiting' })).toBe('offer');
    expect(offerTypeOf({ abteilung, status: 'commissioned' })).toBe('opm');
    expect(offerTypeOf({ abteilung: { ...abteilung, ersatzteile: true }, status: 'commissioned' })).toBe('spareparts');
  });
});

describe('evaluationQuery', () => {
  it('needs a range in order', () => {
    expect(evaluationQuery.safeParse({ from: '2026-01-01', to: '2026-06-30' }).success).toBe(true);
    expect(issuesOf(evaluationQuery.safeParse({ from: '2026-07-01', to: '2026-06-30' }))).toEqual([
      'to: validation.dateOrder',
    ]);
    expect(evaluationQuery.safeParse({ from: '2026-01-01', to: '2026-06-30', department: '9' }).success).toBe(false);
    expect(evaluationQuery.parse({ from: '2026-01-01', to: '2026-06-30', department: '5' }).department).toBe(5);
  });
});
