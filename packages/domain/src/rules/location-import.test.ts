import { describe, expect, it } from 'vitest';
import { guessMapping, isBlankRow, matchKey, normaliseHeader, rowValues } from './location-import';

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
