import type { LinkableBooksReply } from '@pruefbuch/domain/schemas/customerlocation';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { LOCATIONS_KEY } from './keys';

/** Fewer characters find half the tenant; the picker asks for at least this many. */
export const MIN_BOOK_SEARCH = 2;
const SIZE = 20;

/**
 * GET customerlocation/{id}/linkable-books?search=: the current tenant's books the branch could take (of its
 * customer or of no customer, decision 038), for assigning one to it.
 */
export const searchLinkableBooks = (locationId: string, search: string, signal?: AbortSignal) =>
  api.get<LinkableBooksReply>(`customerlocation/${encodeURIComponent(locationId)}/linkable-books`, {
    query: { search, size: SIZE },
    signal,
  });

/** Under the locations' key: a link or an unlink reads the candidates again (afterLocationChange). */
export const searchBooksQueryOptions = (tenant: string | null, locationId: string, search: string) =>
  queryOptions({
    queryKey: [LOCATIONS_KEY, tenant, 'linkable', locationId, search] as const,
    queryFn: ({ signal }) => searchLinkableBooks(locationId, search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useSearchBooks(locationId: string, search: string) {
  const { currentTenant } = useSession();
  return useQuery({
    ...searchBooksQueryOptions(currentTenant, locationId, search),
    enabled: search.length >= MIN_BOOK_SEARCH,
  });
}
