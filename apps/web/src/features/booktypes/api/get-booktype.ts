import type { BookType } from '@pruefbuch/domain/schemas/booktype';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET booktype/{id}. */
export const getBookType = (id: string, signal?: AbortSignal) =>
  api.get<BookType>(`booktype/${encodeURIComponent(id)}`, { signal });

export const bookTypeQueryKey = (id: string) => ['booktypes', 'detail', id] as const;

export const getBookTypeQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookTypeQueryKey(id), queryFn: ({ signal }) => getBookType(id, signal) });

export const useBookType = (id: string | undefined) =>
  useQuery({ ...getBookTypeQueryOptions(id ?? ''), enabled: !!id });
