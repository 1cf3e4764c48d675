import { describe, expect, it } from 'vitest';
import {
  carriedFields,
  guessMapping,
  isBlankRow,
  matchKey,
  normaliseHeader,
  rowValues,
  splitStreet,
  writtenFields,
} from './location-import';

describe('guessMapping', () => {
  it('maps the usual German headers of a retail chain’s list', () => {
    const m = guessMapping([
      'ZNL',
      'Filial-Nr.',
      'SAP-Nr',
      'Straße',
      'Hausnr.',
      'PLZ',
      'Ort',
      'Telefon',
      'E-Mail',
      'Bemerkung',
    ]);
    expect(m).toEqual({
      znl: 0,
      nr: 1,
      sapNr: 2,
      street: 3,
      housenumber: 4,
      zip: 5,
      location: 6,
      tel: 7,
      email: 8,
      bemerkungen: 9,
      ruhend: null,
      country: null,
    });
  });

  it('maps English headers and leaves unknown columns out', () => {
    expect(guessMapping(['Store No', 'City', 'Zip Code', 'Manager', 'Dormant'])).toMatchObject({
      nr: 0,
      location: 1,
      zip: 2,
      ruhend: 4,
      znl: null,
      street: null,
    });
  });

  it('gives no column to two fields, and none to a header it does not know', () => {
    const m = guessMapping(['Nr', 'Nr', 'Kostenstelle', 'Farbe']);
    expect(m.nr).toBe(0);
    expect(m.sapNr).toBe(2);
    expect(Object.values(m).filter((v) => v === 3)).toEqual([]);
  });

  it.each([
    ['Filial-Nr.', 'filialnr'],
    ['Straße', 'strasse'],
    ['  PLZ ', 'plz'],
    ['Größe', 'groesse'],
  ])('normalises %s to %s', (h, n) => {
    expect(normaliseHeader(h)).toBe(n);
  });
});

describe('rowValues and matchKey', () => {
  const m = guessMapping(['ZNL', 'Nr', 'SAP-Nr', 'PLZ', 'Ort', 'Ruhend']);

  it('reads a row, numbers as text, ruhend from ja/x/1', () => {
    expect(rowValues(['Hamburg', 4301, '', 20095, 'Hamburg', 'ja'], m)).toMatchObject({
      znl: 'Hamburg',
      nr: '4301',
      sapNr: '',
      address: { zip: '20095', location: 'Hamburg' },
      ruhend: true,
    });
    expect(rowValues(['Hamburg', '4301', '', '', '', 'nein'], m).ruhend).toBe(false);
    expect(rowValues(['Hamburg', '4301', '', '', '', 'X'], m).ruhend).toBe(true);
  });

  it.each([
    [{ znl: 'Nord', nr: '1', sapNr: 'S-9' }, 'sap:s-9'],
    [{ znl: 'Nord', nr: '1', sapNr: '' }, 'nr:nord|1'],
    [{ znl: '', nr: '1', sapNr: '' }, 'nr:|1'],
    [{ znl: 'Nord', nr: '', sapNr: '' }, 'nr:nord|'],
    [{ znl: '', nr: '', sapNr: '' }, null],
  ])('matchKey %o → %s', (v, key) => {
    expect(matchKey(v)).toBe(key);
  });

  it('knows a blank row', () => {
    expect(isBlankRow(['', null, undefined, '  '])).toBe(true);
    expect(isBlankRow(['', 'x'])).toBe(false);
  });
});

describe('splitStreet (decision 041)', () => {
  it.each([
    // street cell, number cell, street, number, rule
    ['Obere Königsstraße 28', '', 'Obere Königsstraße', '28', 'trailing-number'],
    ['Zeil 85a', '', 'Zeil', '85a', 'trailing-number'],
    ['Am Markt 1-3', '', 'Am Markt', '1-3', 'trailing-number'],
    ['Ottenser Hauptstraße 10/12', '', 'Ottenser Hauptstraße', '10/12', 'trailing-number'],
    ['Straße des 17. Juni 12', '', 'Straße des 17. Juni', '12', 'trailing-number'],
    ['Straße des 17. Juni', '', 'Straße des 17. Juni', '', 'no-number'],
    ['Hauptstr. 5 b', '', 'Hauptstr.', '5 b', 'trailing-number'],
    ['Q 7, 24', '', 'Q 7', '24', 'trailing-number'],
    ['Q 7', '', 'Q 7', '', 'square'],
    ['An der Alster', '', 'An der Alster', '', 'no-number'],
    ['Zeil 85', '85', 'Zeil', '85', 'number-column-repeated'],
    ['Hauptstr. 5 b', '5b', 'Hauptstr.', '5b', 'number-column-repeated'],
    ['Zeil', '85', 'Zeil', '85', 'number-column'],
    ['Zeil 85', '85a', 'Zeil 85', '85a', 'number-column'],
    ['  Zeil   ', ' 85 ', 'Zeil', '85', 'number-column'],
    ['', '', '', '', 'no-number'],
  ])('%s | %s → %s | %s (%s)', (streetCell, numberCell, street, housenumber, rule) => {
    expect(splitStreet(streetCell, numberCell)).toEqual({ street, housenumber, rule });
  });
});

describe('empty cells and the fields an update writes (decision 041)', () => {
  const m = guessMapping(['Nr', 'Straße', 'Bemerkung', 'Land', 'Ruhend']);

  it('splits a combined street column, reads the country, and lists the empty cells', () => {
    const v = rowValues(['1', 'Zeil 85', '', 'Österreich', ''], m);
    expect(v.address).toMatchObject({ street: 'Zeil', housenumber: '85', country: 'AT' });
    expect(v.blank).toEqual(['bemerkungen', 'ruhend']);
    expect(carriedFields(m)).toEqual(['nr', 'street', 'housenumber', 'bemerkungen', 'ruhend', 'country']);
  });

  it('never writes an empty cell unless told to clear, and never clears the country', () => {
    const v = rowValues(['1', 'An der Alster', '', '', 'nein'], m);
    expect(v.blank).toEqual(['housenumber', 'bemerkungen', 'country']);
    expect(writtenFields(v, m, false)).toEqual(['nr', 'street', 'ruhend']);
    expect(writtenFields(v, m, true)).toEqual(['nr', 'street', 'housenumber', 'bemerkungen', 'ruhend']);
  });
});
