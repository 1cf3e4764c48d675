import type { BookDto } from '@pruefbuch/domain/schemas/book';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET books/dto/{id}: the book with its book type, folder and documents (the book page). */
export const getBookDto = (tenantId: string, id: string, signal?: AbortSignal) =>
  api.get<BookDto>(`books/dto/${encodeURIComponent(id)}`, { tenant: tenantId, signal });

export const bookDtoQueryKey = (tenantId: string, id: string) => ['books', 'dto', tenantId, id] as const;

export const getBookDtoQueryOptions = (tenantId: string, id: string) =>
  queryOptions({
    queryKey: bookDtoQueryKey(tenantId, id),
    queryFn: ({ signal }) => getBookDto(tenantId, id, signal),
  });

export const useBookDto = (tenantId: string | undefined, id: string | undefined) =>
  useQuery({ ...getBookDtoQueryOptions(tenantId ?? '', id ?? ''), enabled: !!tenantId && !!id });
