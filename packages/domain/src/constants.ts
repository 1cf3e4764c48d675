/** Business constants of SPEC §9. */
export const PRODUCT_NAME = 'Prüfbuch';
export const APP_VERSION = '2.4.0';
export const API_BASE = '/api/v1';
export const APP_BASE = '/app';

export const PASSWORD_MIN = 5;
export const PASSWORD_MAX = 50;
export const EMAIL_MIN = 5;
export const EMAIL_MAX = 50;

export const TOAST_SUCCESS_MS = 3000;
export const TOAST_ERROR_MS = 8000;
export const SNACKBAR_MS = 6000;

/** Browser-storage keys carry this prefix. */
export const STORAGE_PREFIX = 'pruefbuch';
export const STORAGE_KEYS = {
  accessToken: `${STORAGE_PREFIX}.accessToken`,
  refreshToken: `${STORAGE_PREFIX}.refreshToken`,
  session: `${STORAGE_PREFIX}.session`,
  currentTenant: `${STORAGE_PREFIX}.currentTenant`,
  lastSelectedTenant: `${STORAGE_PREFIX}.lastSelectedTenant`,
  language: `${STORAGE_PREFIX}.language`,
} as const;

/** Header that names the tenant a request works in. */
export const TENANT_HEADER = 'x-tenant';

/** Dates outside these years are typing errors (and year 0000 does not exist in PostgreSQL). */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/** JSON request bodies nested deeper than this are refused before parsing (no form needs more than 5). */
export const MAX_JSON_DEPTH = 32;

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * How far a search of a list counts (the free and serial number search of orders, decision 024; the offer
 * search, decision 076): up to this many, or to the end of the page asked for if further; beyond it the reply
 * says "more" instead of counting every match.
 * The order list's week facet counts a search's weeks only as far (decision 073): exactly up to this many
 * matches, and for a term matching more, `more` and no counts.
 */
export const SEARCH_COUNT_CAP = 100;

/** The attachments one offer may hold (decision 043): a further upload past either is refused. */
export const OFFER_FILES_MAX_COUNT = 100;
export const OFFER_FILES_MAX_MB = 200;

export const DEFAULT_LOCALE = 'de';
export const FALLBACK_LOCALE = 'en';

/**
 * A child entry's default date of birth: ten years before today, in the local calendar;
 * 29 February becomes 28 February, as date libraries do.
 */
export function defaultChildDob(today = new Date()): string {
  const year = today.getFullYear() - 10;
  const month = today.getMonth();
  const day = Math.min(today.getDate(), new Date(year, month + 1, 0).getDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${year}-${pad(month + 1)}-${pad(day)}`;
}
