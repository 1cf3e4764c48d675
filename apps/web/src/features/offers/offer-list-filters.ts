/**
 * The offer list's own parameters in the address: the search type, the filters and the 'Meine Nachfassungen'
 * view. Each is checked with the domain's list query, so a malformed value in a shared link is dropped instead
 * of being sent (the server would answer 400).
 */
import {
  OFFER_LIST_FILTERS,
  OFFER_SEARCH_TYPES,
  type OfferListQuery,
  type OfferSearchType,
  offerListQuery,
} from '@pruefbuch/domain/schemas/offer';

/** The filters of the drawer, in its order. */
export const FILTER_KEYS = OFFER_LIST_FILTERS;
export type FilterKey = (typeof FILTER_KEYS)[number];

export type OfferFilters = Partial<Pick<OfferListQuery, FilterKey>>;

export interface OfferListView {
  filters: OfferFilters;
  searchType: OfferSearchType;
  /** 'Meine Nachfassungen'. */
  mine: boolean;
}

const shape = offerListQuery.shape;

export function offerListViewOf(params: URLSearchParams): OfferListView {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const parsed = shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[key] = parsed.data;
  }
  const rawType = params.get('searchType');
  const searchType = OFFER_SEARCH_TYPES.find((type) => type === rawType) ?? 'all';
  return { filters: filters as OfferFilters, searchType, mine: params.get('followUp') === 'mine' };
}

/** The list call's own parameters: the search type only with a search, 'all' left out as the server's default. */
export function offerListApiParams(view: OfferListView, search: string | undefined) {
  return {
    ...view.filters,
    ...(search && view.searchType !== 'all' ? { searchType: view.searchType } : {}),
    ...(view.mine ? { followUp: 'mine' as const } : {}),
  };
}

/** How many filters are set (the received range counts once). */
export const activeFilterCount = (filters: OfferFilters) =>
  FILTER_KEYS.filter((key) => key !== 'to' && filters[key] !== undefined).length +
  (filters.to !== undefined && filters.from === undefined ? 1 : 0);

/** The address changes that remove every filter (the search and the view stay). */
export const clearedFilters = (): Record<string, null> =>
  Object.fromEntries([...FILTER_KEYS.map((key) => [key, null]), ['page', null]]);
