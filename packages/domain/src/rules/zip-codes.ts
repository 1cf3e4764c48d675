/**
 * Postal codes per country (decision 041): what a ZIP code of a country looks like. A country without
 * a row takes free text of up to 10 characters. The branch import checks every row with it, and the
 * branch form may do the same. An empty ZIP code is not checked here (whether one is required is the
 * caller's rule).
 */

export interface ZipRule {
  /** The shape, matched against the trimmed code. */
  pattern: RegExp;
  /** How a valid code looks, for the message. */
  example: string;
}

/** ISO 3166-1 alpha-2 country → its ZIP code shape. */
export const ZIP_RULES: Readonly<Record<string, ZipRule>> = {
  DE: { pattern: /^\d{5}$/, example: '60311' },
  AT: { pattern: /^\d{4}$/, example: '1010' },
  CH: { pattern: /^\d{4}$/, example: '8001' },
  BE: { pattern: /^\d{4}$/, example: '1000' },
  LU: { pattern: /^\d{4}$/, example: '1111' },
  DK: { pattern: /^\d{4}$/, example: '1050' },
  NL: { pattern: /^\d{4} ?[A-Z]{2}$/, example: '1012 AB' },
  FR: { pattern: /^\d{5}$/, example: '75001' },
  IT: { pattern: /^\d{5}$/, example: '00184' },
  ES: { pattern: /^\d{5}$/, example: '28013' },
  PL: { pattern: /^\d{2}-\d{3}$/, example: '00-950' },
};

/** Any other country: free text, at most 10 characters. */
export const ZIP_FREE_TEXT: ZipRule = { pattern: /^.{1,10}$/u, example: '' };

/** The rule of a country (by its ISO code, any case); the free-text rule for one without a row. */
export const zipRule = (country: string): ZipRule => ZIP_RULES[country.trim().toUpperCase()] ?? ZIP_FREE_TEXT;

/** Whether a ZIP code fits its country's rule; an empty code passes (required or not is decided elsewhere). */
export const isValidZip = (zip: string, country: string): boolean => {
  const code = zip.trim();
  return code === '' || zipRule(country).pattern.test(code);
};

/** Country names a spreadsheet may carry instead of the ISO code, normalised (lower case, no spaces). */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  deutschland: 'DE',
  germany: 'DE',
  oesterreich: 'AT',
  österreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  belgien: 'BE',
  belgium: 'BE',
  luxemburg: 'LU',
  luxembourg: 'LU',
  daenemark: 'DK',
  dänemark: 'DK',
  denmark: 'DK',
  niederlande: 'NL',
  netherlands: 'NL',
  holland: 'NL',
  frankreich: 'FR',
  france: 'FR',
  italien: 'IT',
  italy: 'IT',
  spanien: 'ES',
  spain: 'ES',
  polen: 'PL',
  poland: 'PL',
};

/**
 * A country cell as an ISO code: 'de' → 'DE', 'Deutschland' → 'DE', 'D' → 'DE' (the old vehicle
 * sign, common in German lists); '' for an empty cell; anything else upper-cased as it is (the
 * address schema then refuses what is no two-letter code).
 */
export function countryCode(cell: string): string {
  const v = cell.trim();
  if (v === '') return '';
  const name = COUNTRY_NAMES[v.toLowerCase().replace(/\s+/g, '')];
  if (name) return name;
  if (v.toUpperCase() === 'D') return 'DE';
  if (v.toUpperCase() === 'A') return 'AT';
  return v.toUpperCase();
}

/**
 * Whether a write must check the ZIP code: a new address, or one whose ZIP code or country changes. A
 * stored code from before the check (an odd legacy code) does not block saving other fields.
 */
export const zipToCheck = (
  before: { zip: string; country: string } | null,
  after: { zip: string; country: string },
): boolean => before === null || before.zip.trim() !== after.zip.trim() || before.country !== after.country;

/** The ZIP code's verdict for a write: null when it may be saved, else the message key. */
export const zipIssue = (
  before: { zip: string; country: string } | null,
  after: { zip: string; country: string },
): 'validation.zip' | null =>
  zipToCheck(before, after) && !isValidZip(after.zip, after.country) ? 'validation.zip' : null;
