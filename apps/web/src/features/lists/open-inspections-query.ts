/**
 * The calls behind the open-inspection lists (SPEC §7): all of the user's (or of one tenant), or searched by
 * serial number, ZIP or order number.
 */
export const SEARCH_MODES = ['all', 'sn', 'zip', 'orderNo'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export const isSearchMode = (value: string | null): value is SearchMode =>
  value !== null && (SEARCH_MODES as readonly string[]).includes(value);

const SUFFIX: Record<Exclude<SearchMode, 'all'>, string> = { sn: 'BySn', zip: 'ByZip', orderNo: 'ByOrderNo' };

/** A search with an empty value lists everything. */
const effective = (mode: SearchMode, value: string | undefined) => {
  const term = value?.trim() ?? '';
  return mode === 'all' || !term ? null : { suffix: SUFFIX[mode], term: encodeURIComponent(term) };
};

/** GET books/allMyOpenInspection or books/allInspection{BySn|ByZip|ByOrderNo}/{value}. */
export function myOpenInspectionsPath(mode: SearchMode, value?: string): string {
  const search = effective(mode, value);
  return search ? `books/allInspection${search.suffix}/${search.term}` : 'books/allMyOpenInspection';
}

/** GET books/allOpenInspection/{tenantId}/ with optional BySn/{value}, ByZip/{value}, ByOrderNo/{value}. */
export function tenantOpenInspectionsPath(tenantId: string, mode: SearchMode, value?: string): string {
  const base = `books/allOpenInspection/${encodeURIComponent(tenantId)}/`;
  const search = effective(mode, value);
  return search ? `${base}${search.suffix}/${search.term}` : base;
}
