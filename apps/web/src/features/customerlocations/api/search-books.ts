import type { bookListReply } from '@pruefbuch/domain/schemas/book';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export type BookSearchReply = z.infer<typeof bookListReply>;

/** Fewer characters find half the tenant; the picker asks for at least this many. */
export const MIN_BOOK_SEARCH = 2;
const SIZE = 20;

/** GET books?search=: the current tenant's books, for assigning one to a location. */
export const searchBooks = (search: string, signal?: AbortSignal) =>
  api.get<BookSearchReply>('books', { query: { search, size: SIZE, sort: 'title' }, signal });

export const searchBooksQueryOptions = (tenant: string | null, search: string) =>
  queryOptions({
    queryKey: ['books', tenant, 'search', search] as const,
    queryFn: ({ signal }) => searchBooks(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useSearchBooks(search: string) {
  const { currentTenant } = useSession();
  return useQuery({
    ...searchBooksQueryOptions(currentTenant, search),
    enabled: search.length >= MIN_BOOK_SEARCH,
  });
}
