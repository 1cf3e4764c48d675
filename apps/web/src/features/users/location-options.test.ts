import { describe, expect, it } from 'vitest';
import { locationOptions, sameLocations } from './location-options';

const location = (over: Partial<Parameters<typeof locationOptions>[0][number]> = {}) => ({
  _id: 'a',
  znl: 'Rhein-Main',
  nr: '4101',
  sapNr: '10004101',
  active: true,
  address: {
    _id: 'x',
    street: 'Zeil',
    housenumber: '85',
    zip: '60313',
    location: 'Frankfurt am Main',
    tel: '',
    email: '',
    homepage: '',
    country: 'DE',
  },
  ...over,
});

describe('locationOptions', () => {
  it('names a location by ZNL and Nr, with its ZIP and city', () => {
    expect(locationOptions([location()], 'inaktiv')).toEqual([
      { value: 'a', label: 'ZNL Rhein-Main · Nr. 4101 – 60313 Frankfurt am Main' },
    ]);
  });

  it('marks inactive locations and falls back to the SAP-Nr', () => {
    expect(locationOptions([location({ znl: '', nr: '', active: false })], 'inaktiv')[0]?.label).toBe(
      'SAP 10004101 – 60313 Frankfurt am Main (inaktiv)',
    );
  });
});

describe('sameLocations', () => {
  it.each([
    [[], [], true],
    [['a', 'b'], ['b', 'a'], true],
    [['a'], ['a', 'b'], false],
    [['a', 'b'], ['a', 'c'], false],
  ])('%o and %o → %s', (a, b, same) => {
    expect(sameLocations(a, b)).toBe(same);
  });
});
