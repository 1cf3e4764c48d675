import { describe, expect, it } from 'vitest';
import { type OfferListInput, offerListCountChanges, offerListKey } from './offer-lists';

const offer = (o: Partial<OfferListInput> = {}): OfferListInput => ({
  tenantId: 't1',
  active: true,
  status: 'waiting',
  ...o,
});

describe('offer list counts: the rule table', () => {
  it('row 1: an active offer counts under its tenant and status', () => {
    expect(offerListKey(offer({ status: 'commissioned' }))).toEqual({ tenantId: 't1', status: 'commissioned' });
  });

  it('row 2: an inactive offer counts nowhere', () => {
    expect(offerListKey(offer({ active: false }))).toBeNull();
  });
});

describe('offer list counts: how a write moves them', () => {
  it('a new offer adds one to its count', () => {
    expect(offerListCountChanges([], [offer()])).toEqual([{ tenantId: 't1', status: 'waiting', n: 1 }]);
  });

  it('a deleted offer takes one away', () => {
    expect(offerListCountChanges([offer()], [])).toEqual([{ tenantId: 't1', status: 'waiting', n: -1 }]);
  });

  it('a change of status moves the offer from one count to the other', () => {
    expect(offerListCountChanges([offer()], [offer({ status: 'cancelled' })])).toEqual([
      { tenantId: 't1', status: 'waiting', n: -1 },
      { tenantId: 't1', status: 'cancelled', n: 1 },
    ]);
  });

  it('archiving takes the offer out, reactivating puts it back', () => {
    expect(offerListCountChanges([offer()], [offer({ active: false })])).toEqual([
      { tenantId: 't1', status: 'waiting', n: -1 },
    ]);
    expect(offerListCountChanges([offer({ active: false })], [offer()])).toEqual([
      { tenantId: 't1', status: 'waiting', n: 1 },
    ]);
  });

  it('a write that keeps status and activity moves nothing', () => {
    expect(offerListCountChanges([offer()], [offer()])).toEqual([]);
    expect(offerListCountChanges([offer({ active: false })], [offer({ active: false, status: 'cancelled' })])).toEqual(
      [],
    );
  });

  it('tenants are counted apart, and many offers add up', () => {
    const came = [offer(), offer(), offer({ tenantId: 't2' })];
    expect(offerListCountChanges([], came)).toEqual([
      { tenantId: 't1', status: 'waiting', n: 2 },
      { tenantId: 't2', status: 'waiting', n: 1 },
    ]);
  });
});
