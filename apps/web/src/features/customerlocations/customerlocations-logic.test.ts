/** The pure parts of the branch screens: the ampel bar's counts, addresses, the single-branch start, import mapping, form. */
import { Customer } from '@pruefbuch/domain/roles';
import type { AmpelCount, AmpelCountReply } from '@pruefbuch/domain/schemas/customerlocation';
import { describe, expect, it } from 'vitest';
import { ampelCountRequests, combineAmpelCounts } from './ampel-counts';
import { columnLetter, columnOptions, errorField, mappingOf, sameMapping, withColumn } from './import-mapping';
import { addressLines, ampelFilterOf, soleLocationId } from './location-display';
import { emptyLocationValues, locationFormSchema, toCreateBody, toUpdateBody } from './location-form';

const count = (c: Partial<AmpelCount>): AmpelCount => ({
  black: 0,
  red: 0,
  orange: 0,
  green: 0,
  none: 0,
  grey: 0,
  total: 0,
  ...c,
});
const reply = (inspection: Partial<AmpelCount>, self: Partial<AmpelCount> = {}): AmpelCountReply => ({
  inspection: count(inspection),
  selfInspection: count(self),
});

describe('ampelCountRequests', () => {
  it.each([
    [undefined, [{ place: '-', keys: '-' }]],
    ['', [{ place: '-', keys: '-' }]],
    ['  ', [{ place: '-', keys: '-' }]],
    ['-', [{ place: '-', keys: '-' }]],
    [
      ' Hamburg ',
      [
        { place: 'Hamburg', keys: '-' },
        { place: '-', keys: 'Hamburg' },
        { place: 'Hamburg', keys: 'Hamburg' },
      ],
    ],
  ])('%o → %o', (search, requests) => {
    expect(ampelCountRequests(search)).toEqual(requests);
  });
});

describe('combineAmpelCounts', () => {
  it('takes a single reply as it is', () => {
    const all = reply({ red: 2, total: 2 });
    expect(combineAmpelCounts([all])).toBe(all);
  });

  it('counts a location found by place or by keys once (inclusion and exclusion, colour by colour)', () => {
    // 'Hamburg': 16 by city, 16 by ZNL, the same 16 by both → 16, not 32.
    const hamburg = reply({ red: 3, green: 13, total: 16 }, { orange: 16, total: 16 });
    expect(combineAmpelCounts([hamburg, hamburg, hamburg])).toEqual(hamburg);
    // '41': 2 by ZIP (one of them also by Nr), 12 by Nr → 13.
    const byPlace = reply({ red: 1, green: 1, total: 2 }, { orange: 2, total: 2 });
    const byKeys = reply({ black: 1, red: 4, green: 7, total: 12 }, { orange: 12, total: 12 });
    const byBoth = reply({ green: 1, total: 1 }, { orange: 1, total: 1 });
    expect(combineAmpelCounts([byPlace, byKeys, byBoth])).toEqual(
      reply({ black: 1, red: 5, green: 7, total: 13 }, { orange: 13, total: 13 }),
    );
  });

  it('needs a reply', () => {
    expect(() => combineAmpelCounts([])).toThrow();
  });
});

describe('addressLines', () => {
  it('joins street and number, ZIP and city, leaving out what is empty', () => {
    expect(addressLines({ street: 'Zeil', housenumber: '85', zip: '60313', location: 'Frankfurt' })).toEqual({
      street: 'Zeil 85',
      city: '60313 Frankfurt',
    });
    expect(addressLines({ street: '', housenumber: '', zip: '', location: 'Hamburg' })).toEqual({
      street: '',
      city: 'Hamburg',
    });
  });
});

describe('ampelFilterOf', () => {
  it.each([
    ['red', 'red'],
    ['grey', 'grey'],
    ['none', 'none'],
    ['purple', undefined],
    ['', undefined],
    [null, undefined],
  ])('%o → %o', (value, filter) => {
    expect(ampelFilterOf(value)).toBe(filter);
  });
});

describe('soleLocationId: a user with one branch is sent to it', () => {
  const one = { docs: [{ _id: 'a' }], total: 1 };
  it.each([
    ['one location, no search or filter', one, false, 'a'],
    ['one match of a search or filter', one, true, null],
    ['several locations', { docs: [{ _id: 'a' }, { _id: 'b' }], total: 2 }, false, null],
    ['none', { docs: [], total: 0 }, false, null],
    ['not loaded yet', undefined, false, null],
  ])('%s', (_, data, filtered, id) => {
    expect(soleLocationId(data, filtered)).toBe(id);
  });
});

describe('import mapping', () => {
  const mapping = mappingOf({ mapping: { znl: 0, nr: 1, zip: 3, extra: 7 } });

  it('reads every field of a reply, null where the file has no column', () => {
    expect(mapping).toEqual({
      znl: 0,
      nr: 1,
      sapNr: null,
      street: null,
      housenumber: null,
      zip: 3,
      location: null,
      country: null,
      tel: null,
      email: null,
      bemerkungen: null,
      ruhend: null,
    });
  });

  it.each([
    [0, 'A'],
    [25, 'Z'],
    [26, 'AA'],
    [27, 'AB'],
    [701, 'ZZ'],
    [702, 'AAA'],
  ])('column %i is %s', (index, letter) => {
    expect(columnLetter(index)).toBe(letter);
  });

  it('offers no column first, then each column by letter and header', () => {
    expect(columnOptions(['ZNL', '', 'PLZ'], '– keine –')).toEqual([
      { value: '', label: '– keine –' },
      { value: '0', label: 'A · ZNL' },
      { value: '1', label: 'B' },
      { value: '2', label: 'C · PLZ' },
    ]);
  });

  it('gives a column to one field only', () => {
    const next = withColumn(mapping, 'sapNr', 1);
    expect(next.sapNr).toBe(1);
    expect(next.nr).toBeNull();
    expect(withColumn(mapping, 'znl', null).znl).toBeNull();
    expect(withColumn(mapping, 'znl', null).nr).toBe(1);
  });

  it('compares mappings field by field', () => {
    expect(sameMapping(mapping, { ...mapping })).toBe(true);
    expect(sameMapping(mapping, withColumn(mapping, 'tel', 5))).toBe(false);
    expect(sameMapping(null, mapping)).toBe(false);
  });

  it.each([
    ['nr', 'nr'],
    ['address.zip', 'zip'],
    ['address.email', 'email'],
    ['address.country', 'country'],
    ['address.homepage', null],
    ['file', null],
  ])('the error of %s names the field %o', (field, name) => {
    expect(errorField(field)).toBe(name);
  });
});

describe('the location form', () => {
  it('needs one of ZNL, Nr and SAP-Nr, and says so under Nr.', () => {
    const chosen = { ...emptyLocationValues(), customer: Customer.RETAIL_CUSTOMER };
    const result = locationFormSchema.safeParse(chosen);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['nr', 'validation.required']]);
    expect(locationFormSchema.safeParse({ ...chosen, sapNr: '123' }).success).toBe(true);
    expect(locationFormSchema.safeParse({ ...chosen, znl: '  ' }).success).toBe(false);
  });

  it('starts a new branch with no customer and needs one chosen, said with the missing key', () => {
    expect(emptyLocationValues().customer).toBeNull();
    const result = locationFormSchema.safeParse(emptyLocationValues());
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['customer', 'validation.required'],
      ['nr', 'validation.required'],
    ]);
    expect(locationFormSchema.safeParse({ ...emptyLocationValues(), nr: '4711' }).success).toBe(false);
    expect(locationFormSchema.safeParse({ ...emptyLocationValues(), nr: '4711', customer: 1 }).success).toBe(true);
    expect(() => toCreateBody({ ...emptyLocationValues(), nr: '4711' })).toThrow();
  });

  it('checks the ZIP code per country, as the import does, and leaves an empty one alone', () => {
    const values = { ...emptyLocationValues(), nr: '4711', customer: Customer.RETAIL_CUSTOMER };
    const withZip = (zip: string, country = 'DE') => ({ ...values, address: { ...values.address, zip, country } });
    const issues = (v: typeof values) =>
      locationFormSchema.safeParse(v).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];
    expect(issues(withZip('60311'))).toEqual([]);
    expect(issues(withZip(''))).toEqual([]);
    expect(issues(withZip('6031'))).toEqual([['address.zip', 'validation.zip']]);
    expect(issues(withZip('1010', 'AT'))).toEqual([]);
    expect(issues(withZip('60311', 'AT'))).toEqual([['address.zip', 'validation.zip']]);
  });

  it('sends no version on create and the version read on update', () => {
    const values = { ...emptyLocationValues(), nr: '4711', customer: Customer.RETAIL_CUSTOMER, __v: 3 };
    expect(toCreateBody(values)).not.toHaveProperty('__v');
    expect(toUpdateBody(values)).toMatchObject({ nr: '4711', __v: 3 });
  });
});
