import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearedFilters, offerListApiParams, offerListViewOf } from './offer-list-filters';

const view = (query: string) => offerListViewOf(new URLSearchParams(query));

describe('offer list parameters from the address', () => {
  it('a bare address: no filters, every field searched, all offers', () => {
    expect(view('')).toEqual({ filters: {}, searchType: 'all', mine: false });
  });

  it('reads every filter in the form the API takes', () => {
    expect(
      view(
        'status=commissioned&ampel=no_ofm&colour=red&department=5&division=bau&type=opm&from=2026-01-01&to=2026-03-31&searchType=csnr&followUp=mine',
      ),
    ).toEqual({
      filters: {
        status: 'commissioned',
        ampel: 'no_ofm',
        colour: 'red',
        department: 5,
        division: 'bau',
        type: 'opm',
        from: '2026-01-01',
        to: '2026-03-31',
      },
      searchType: 'csnr',
      mine: true,
    });
  });

  it.each([
    ['status=lost'],
    ['ampel=purple'],
    ['colour=black'],
    ['department=9'],
    ['department=x'],
    ['division=garage'],
    ['type=order'],
    ['from=31.12.2026'],
    ['ofmUser=%20'],
  ])('drops a malformed value: %s', (query) => {
    expect(view(query).filters).toEqual({});
  });

  it('an unknown search type searches every field; only followUp=mine is the view', () => {
    expect(view('searchType=name&followUp=yours')).toEqual({ filters: {}, searchType: 'all', mine: false });
  });
});

describe('offer list call', () => {
  it('sends the search type only with a search, and never the default', () => {
    const v = view('searchType=plz&status=waiting');
    expect(offerListApiParams(v, undefined)).toEqual({ status: 'waiting' });
    expect(offerListApiParams(v, '60311')).toEqual({ status: 'waiting', searchType: 'plz' });
    expect(offerListApiParams(view(''), 'x')).toEqual({});
    expect(offerListApiParams(view('followUp=mine'), undefined)).toEqual({ followUp: 'mine' });
  });
});

describe('active filters', () => {
  it('counts the received range once', () => {
    expect(activeFilterCount({})).toBe(0);
    expect(activeFilterCount({ from: '2026-01-01', to: '2026-02-01' })).toBe(1);
    expect(activeFilterCount({ to: '2026-02-01' })).toBe(1);
    expect(activeFilterCount({ status: 'waiting', colour: 'red', from: '2026-01-01' })).toBe(3);
  });

  it('clearing removes every filter and goes to page 1', () => {
    expect(clearedFilters()).toMatchObject({ status: null, from: null, to: null, ofmUser: null, page: null });
  });
});
