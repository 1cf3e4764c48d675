import type { BookTypeListQuery, bookTypeListReply } from '@pruefbuch/domain/schemas/booktype';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type BookTypeListReply = z.infer<typeof bookTypeListReply>;
export type BookTypeSort = BookTypeListQuery['sort'];
export interface BookTypeListParams {
  page: number;
  size: number;
  search?: string;
  sort?: BookTypeSort;
}

/** GET booktype: a page of book types, searched in type and component. */
export const getBookTypes = (params: BookTypeListParams, signal?: AbortSignal) =>
  api.get<BookTypeListReply>('booktype', { query: { ...params }, signal });

export const getBookTypesQueryOptions = (params: BookTypeListParams) =>
  queryOptions({
    queryKey: ['booktypes', 'list', params] as const,
    queryFn: ({ signal }) => getBookTypes(params, signal),
    placeholderData: keepPreviousData,
  });

export const useBookTypes = (params: BookTypeListParams) => useQuery(getBookTypesQueryOptions(params));
