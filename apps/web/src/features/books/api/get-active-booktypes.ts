import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET booktype/active: the book types a book may be given. */
export const getActiveBookTypes = (signal?: AbortSignal) => api.get<BookType[]>('booktype/active', { signal });

export const getActiveBookTypesQueryOptions = () =>
  queryOptions({
    queryKey: ['booktypes', 'active'] as const,
    queryFn: ({ signal }) => getActiveBookTypes(signal),
    staleTime: 5 * 60_000,
  });

export const useActiveBookTypes = () => useQuery(getActiveBookTypesQueryOptions());
