import { countryCode } from './zip-codes';

/**
 * Import of customer locations from a spreadsheet (decision 019): which column holds which field
 * (guessed from the header, changeable by the user), how a row becomes a location, and how a row
 * finds the location it updates. Retail chains send these lists with their own headers, so the
 * guess knows the usual German and English names.
 */
export const IMPORT_FIELDS = [
  'znl',
  'nr',
  'sapNr',
  'street',
  'housenumber',
  'zip',
  'location',
  'tel',
  'email',
  'bemerkungen',
  'ruhend',
  'country',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Field → index of its column, or null when the file has none. */
export type ImportMapping = Record<ImportField, number | null>;

/** Header names per field, compared without case, spaces, dots, dashes and umlaut spelling. */
const SYNONYMS: Record<ImportField, string[]> = {
  znl: ['znl', 'zweigniederlassung', 'niederlassung', 'region', 'branchoffice'],
  nr: [
    'nr',
    'filialnr',
    'filialnummer',
    'filiale',
    'marktnr',
    'marktnummer',
    'branchno',
    'branchnumber',
    'storeno',
    'no',
    'number',
  ],
  sapNr: ['sapnr', 'sap', 'sapnummer', 'sapno', 'sapnumber', 'kostenstelle'],
  street: ['strasse', 'str', 'street', 'adresse', 'anschrift', 'address'],
  housenumber: ['hausnr', 'hausnummer', 'hnr', 'housenumber', 'houseno'],
  zip: ['plz', 'postleitzahl', 'zip', 'zipcode', 'postcode', 'postalcode'],
  location: ['ort', 'stadt', 'city', 'town', 'gemeinde'],
  tel: ['tel', 'telefon', 'telefonnummer', 'phone', 'telephone'],
  email: ['email', 'mail', 'emailadresse'],
  bemerkungen: ['bemerkungen', 'bemerkung', 'hinweis', 'hinweise', 'notes', 'note', 'remarks', 'kommentar'],
  ruhend: ['ruhend', 'dormant', 'geschlossen', 'inactive'],
  country: ['land', 'country', 'staat', 'laenderkennzeichen'],
};

/** 'Filial-Nr.' → 'filialnr', 'Straße' → 'strasse'. */
export const normaliseHeader = (h: string) =>
  h
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/[^a-z0-9]/g, '');

/** The mapping a header row suggests: each field takes the first column whose name it knows, no column twice. */
export function guessMapping(headers: readonly string[]): ImportMapping {
  const names = headers.map(normaliseHeader);
  const taken = new Set<number>();
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;
  // Exact names first, so 'Nr' does not take 'Hausnr' and the like.
  for (const field of IMPORT_FIELDS) {
    const i = names.findIndex((n, idx) => !taken.has(idx) && SYNONYMS[field].includes(n));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  return mapping;
}

const YES = new Set(['ja', 'j', 'yes', 'y', 'x', '1', 'true', 'wahr']);

/** A cell as text: trimmed, numbers without a trailing '.0'. */
export const cellText = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  return String(v).trim();
};

/** A house number: digits, a letter, a range or a second number ('85', '85a', '5 b', '1-3', '12/14'). */
const NUMBER = String.raw`\d+(?:\s?[a-zA-Z])?(?:\s?[-–/]\s?\d+(?:\s?[a-zA-Z])?)?`;
/** A street ending in a house number, after a space or a comma ('Q 7, 24'): the shortest street that leaves one. */
const TRAILING_NUMBER = new RegExp(`^(.*?\\S)(?:\\s*,\\s*|\\s+)(${NUMBER})$`);
/** A Mannheim square ('Q 7', 'N1'): the digits are part of the street's name, not a house number. */
const SQUARE = /^[A-U]\s?\d{1,2}$/;
const sameNumber = (a: string, b: string) =>
  a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

/** Which rule of splitStreet decided (decision 041). */
export type StreetRule = 'number-column-repeated' | 'number-column' | 'square' | 'trailing-number' | 'no-number';

/**
 * Street and house number from a street cell and a house-number cell (decision 041). Lists often
 * carry the whole address in the street column; then a re-import must not append the number again
 * ('Zeil 85' and '85' stay 'Zeil' and '85', never 'Zeil 85 85').
 *
 * | street cell            | number cell | rule                     | street                 | number |
 * | Zeil 85                | 85          | number-column-repeated   | Zeil                   | 85     |
 * | Zeil                   | 85          | number-column            | Zeil                   | 85     |
 * | Q 7                    |             | square                   | Q 7                    |        |
 * | Obere Königsstraße 28  |             | trailing-number          | Obere Königsstraße     | 28     |
 * | An der Alster          |             | no-number                | An der Alster          |        |
 */
export function splitStreet(
  streetCell: string,
  numberCell: string,
): { street: string; housenumber: string; rule: StreetRule } {
  const street = streetCell.trim();
  const number = numberCell.trim();
  const hit = TRAILING_NUMBER.exec(street);
  if (number) {
    if (hit?.[1] && hit[2] && sameNumber(hit[2], number))
      return { street: hit[1], housenumber: number, rule: 'number-column-repeated' };
    return { street, housenumber: number, rule: 'number-column' };
  }
  if (SQUARE.test(street)) return { street, housenumber: '', rule: 'square' };
  if (hit?.[1] && hit[2]) return { street: hit[1], housenumber: hit[2], rule: 'trailing-number' };
  return { street, housenumber: '', rule: 'no-number' };
}

export interface ImportRowValues {
  znl: string;
  nr: string;
  sapNr: string;
  address: {
    street: string;
    housenumber: string;
    zip: string;
    location: string;
    tel: string;
    email: string;
    country: string;
  };
  bemerkungen: string;
  ruhend: boolean;
  /** The fields the file carries for this row but whose cell is empty (after the street was split). */
  blank: ImportField[];
}

/** The values of one row under a mapping (before validation). */
export function rowValues(cells: readonly unknown[], m: ImportMapping): ImportRowValues {
  const at = (f: ImportField) => {
    const i = m[f];
    return i === null ? '' : cellText(cells[i]);
  };
  const { street, housenumber } =
    m.street === null ? { street: '', housenumber: at('housenumber') } : splitStreet(at('street'), at('housenumber'));
  const ruhend = at('ruhend').toLowerCase();
  const v: Omit<ImportRowValues, 'blank'> = {
    znl: at('znl'),
    nr: at('nr'),
    sapNr: at('sapNr'),
    address: {
      street,
      housenumber,
      zip: at('zip'),
      location: at('location'),
      tel: at('tel'),
      email: at('email'),
      country: countryCode(at('country')),
    },
    bemerkungen: at('bemerkungen'),
    ruhend: YES.has(ruhend),
  };
  const text: Record<ImportField, string> = {
    znl: v.znl,
    nr: v.nr,
    sapNr: v.sapNr,
    ...v.address,
    bemerkungen: v.bemerkungen,
    ruhend,
  };
  const blank = carriedFields(m).filter((f) => text[f] === '');
  return { ...v, blank };
}

/**
 * The fields a file carries: those with a column, and the house number when the street has one
 * (it may hold both).
 */
export const carriedFields = (m: ImportMapping): ImportField[] =>
  IMPORT_FIELDS.filter((f) => m[f] !== null || (f === 'housenumber' && m.street !== null));

/**
 * The fields an import writes into an existing branch (decision 041): what the file carries, except
 * empty cells, which keep the stored value unless the user chose to clear them. An empty country
 * cell always keeps the country (a branch without a country has no ZIP rule).
 */
export const writtenFields = (v: Pick<ImportRowValues, 'blank'>, m: ImportMapping, clearEmpty: boolean) =>
  carriedFields(m).filter((f) => !v.blank.includes(f) || (clearEmpty && f !== 'country'));

/**
 * The key a row and a location are matched by, so that importing the same file again updates
 * rather than duplicates: the SAP-Nr when there is one, else ZNL and Nr together; null without any.
 */
export function matchKey(v: { znl: string; nr: string; sapNr: string }): string | null {
  if (v.sapNr) return `sap:${v.sapNr.toLowerCase()}`;
  if (v.znl || v.nr) return `nr:${v.znl.toLowerCase()}|${v.nr.toLowerCase()}`;
  return null;
}

/** Whether a row is empty (spreadsheets end in blank lines). */
export const isBlankRow = (cells: readonly unknown[]) => cells.every((c) => cellText(c) === '');
