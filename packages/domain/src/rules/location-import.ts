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

export interface ImportRowValues {
  znl: string;
  nr: string;
  sapNr: string;
  address: { street: string; housenumber: string; zip: string; location: string; tel: string; email: string };
  bemerkungen: string;
  ruhend: boolean;
}

/** The values of one row under a mapping (before validation). */
export function rowValues(cells: readonly unknown[], m: ImportMapping): ImportRowValues {
  const at = (f: ImportField) => {
    const i = m[f];
    return i === null ? '' : cellText(cells[i]);
  };
  return {
    znl: at('znl'),
    nr: at('nr'),
    sapNr: at('sapNr'),
    address: {
      street: at('street'),
      housenumber: at('housenumber'),
      zip: at('zip'),
      location: at('location'),
      tel: at('tel'),
      email: at('email'),
    },
    bemerkungen: at('bemerkungen'),
    ruhend: YES.has(at('ruhend').toLowerCase()),
  };
}

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
