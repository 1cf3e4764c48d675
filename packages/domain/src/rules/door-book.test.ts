/** The door book defaults (decision 025, SPEC §9), row by row. Today is 2026-11-25. */
import { describe, expect, it } from 'vitest';
import { bookFieldsSchema } from '../schemas/book';
import { ORDER_DEFAULTS } from '../schemas/order';
import {
  DOOR_BOOK_TYPES,
  type DoorBookOrder,
  type DoorType,
  doorBookOf,
  hasDoorType,
  isEscapeRoute,
  NORM_TEXTS,
  wingCountOf,
} from './door-book';

const TODAY = '2026-11-25';
const CATALOGUE: Record<string, string> = {
  'SA-2': 'Schiebetürantrieb 2-flügelig',
  'SA-2-FR': 'Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)',
  'DA-1': 'Drehtürantrieb elektromechanisch, 1-flügelig',
  'FL-1': 'Einflügelig',
  'FL-2': 'Zweiflügelig',
  STD: 'Standardstromversorgung 230 V',
  'FR-230': 'Fluchtwegausführung 230 V, redundant',
  'RAD-1': 'Radar-Bewegungsmelder',
  'USV-1': 'Unterbrechungsfreie Stromversorgung (Akku)',
};
const textOf = (code: string) => CATALOGUE[code];
const company = {
  name: 'Türservice Rhein-Main GmbH',
  address: {
    street: 'Hanauer Landstraße',
    housenumber: '291',
    zip: '60314',
    location: 'Frankfurt am Main',
    tel: '069 4800-0',
    email: '',
    homepage: '',
    country: 'DE',
  },
};

const order = (
  tuertyp: DoorType,
  tuer: Partial<DoorBookOrder['tuer']> = {},
): DoorBookOrder & { tuer: { tuertyp: DoorType } } => ({
  ...ORDER_DEFAULTS,
  objekt: 'Kaufhaus Zeil 106',
  abnr: 'AB-2026-0815',
  kunde: 'Kaufhof Zeil',
  ansprechpartner_kunde: { bezeichnung: 'Herr Becker', email: 'becker@kunde.example', tel: '069 1' },
  tuer: { antrieb: '', fluegel: '', stromart: '', komponenten: [], ...tuer, tuertyp },
});
const book = (o: ReturnType<typeof order>) => doorBookOf({ order: o, company, textOf, today: TODAY });

describe('door book defaults', () => {
  it('swing door: dreher, its norm, its book type, the fixed values', () => {
    const { fields, unknownCodes } = book(order('dreher', { antrieb: 'DA-1', fluegel: 'FL-1', stromart: 'STD' }));
    expect(fields.misc).toMatchObject({
      tuerart: 'dreher',
      norm: NORM_TEXTS.dreher,
      antriebsspannung: '230 V',
      steuerspannung: '24 V',
      schliesskraft: 'einstellbar',
      steuerung: 'mit Selbsthaltung',
      baujahr: '11/2026',
      fluchtweg: false,
      fluegel: '1',
      antrieb: 'Drehtürantrieb elektromechanisch, 1-flügelig',
    });
    expect(fields.bookType).toBe(DOOR_BOOK_TYPES.dreher);
    expect(fields.lagerort).toBe('inFertigungsprozess');
    expect(fields.controller).toBe(company.name);
    expect(fields.manufacturer).toBe(company.name);
    expect(fields.manufactureraddress).toEqual(company.address);
    expect(fields.orderNo).toBe('AB-2026-0815');
    expect(fields.contactName).toBe('Herr Becker');
    expect(unknownCodes).toEqual([]);
    // What it makes is a valid book.
    expect(bookFieldsSchema.safeParse(fields).success).toBe(true);
  });

  it('swing door on an escape route: still the swing norm text, but flagged', () => {
    const { fields } = book(order('dreher', { stromart: 'FR-230' }));
    expect(fields.misc.norm).toBe(NORM_TEXTS.dreher);
    expect(fields.misc.fluchtweg).toBe(true);
  });

  it('sliding door: schieber, the sliding norm and book type', () => {
    const { fields } = book(order('schieber', { antrieb: 'SA-2', fluegel: 'FL-2', stromart: 'STD' }));
    expect(fields.misc).toMatchObject({ tuerart: 'schieber', norm: NORM_TEXTS.schieber, fluchtweg: false });
    expect(fields.bookType).toBe(DOOR_BOOK_TYPES.schieber);
  });

  it('sliding door on an escape route: the longer norm text naming EltVTR and AutSchR', () => {
    const { fields } = book(order('schieber', { antrieb: 'SA-2-FR', fluegel: 'FL-2', stromart: 'FR-230' }));
    expect(fields.misc.fluchtweg).toBe(true);
    expect(fields.misc.norm).toBe(NORM_TEXTS.schieberFluchtweg);
    expect(NORM_TEXTS.schieberFluchtweg).toMatch(/EltVTR/);
    expect(NORM_TEXTS.schieberFluchtweg).toMatch(/AutSchR/);
    expect(NORM_TEXTS.schieberFluchtweg.length).toBeGreaterThan(NORM_TEXTS.schieber.length);
  });

  it.each<[string, boolean]>([
    ['FR-230', true],
    ['fr', true],
    ['STD-Fr', true],
    ['230-FR-RED', true],
    ['STD', false],
    ['', false],
    ['F-R', false],
  ])('escape route for power type %j: %s', (code, expected) => expect(isEscapeRoute(code)).toBe(expected));

  it.each<[string, string]>([
    ['FL-1', '1'],
    ['FL-2', '2'],
    ['SCH-FL4', '4'],
    ['  FL-2 ', '2'],
    ['', ''],
  ])('wing count of %j: %j', (code, expected) => expect(wingCountOf(code)).toBe(expected));

  it('year of construction: the month and year of today', () => {
    const o = order('schieber');
    expect(doorBookOf({ order: o, company, textOf, today: '2027-01-03' }).fields.misc.baujahr).toBe('01/2027');
  });

  it('component texts of all codes, in order', () => {
    const { fields } = book(order('schieber', { komponenten: ['RAD-1', 'USV-1'] }));
    expect(fields.misc.komponenten).toEqual(['Radar-Bewegungsmelder', 'Unterbrechungsfreie Stromversorgung (Akku)']);
  });

  it('an unknown code: the code itself, and reported once', () => {
    const { fields, unknownCodes } = book(
      order('schieber', { antrieb: 'XY-99', stromart: 'FR-9', komponenten: ['RAD-1', 'ZZ-1', 'XY-99'] }),
    );
    expect(fields.misc.antrieb).toBe('XY-99');
    expect(fields.misc.stromart).toBe('FR-9');
    expect(fields.misc.komponenten).toEqual(['Radar-Bewegungsmelder', 'ZZ-1', 'XY-99']);
    expect(unknownCodes).toEqual(['XY-99', 'FR-9', 'ZZ-1']);
  });

  it('needs a door type', () => {
    expect(hasDoorType({ ...ORDER_DEFAULTS.tuer })).toBe(false);
    expect(hasDoorType({ ...ORDER_DEFAULTS.tuer, tuertyp: 'dreher' })).toBe(true);
  });
});
