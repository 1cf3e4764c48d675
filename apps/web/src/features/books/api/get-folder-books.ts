import type { bookListReply } from '@pruefbuch/domain/schemas/book';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

export type BookListReply = z.infer<typeof bookListReply>;

export interface FolderBooksParams {
  tenantId: string;
  /** The tenant's url (slug). */
  url: string;
  /** A folder id, 'root' (books without folder) or 'all'. */
  folder: string;
  page: number;
  sort: string;
  size: number;
  search?: string;
}

/** GET tenants/url/{url}/{folderOrRoot}/{page}/{sort}/{size}?search=: a page of the books of one folder. */
export const getFolderBooks = (
  { tenantId, url, folder, page, sort, size, search }: FolderBooksParams,
  signal?: AbortSignal,
) =>
  api.get<BookListReply>(
    ['tenants', 'url', url, folder, page, sort, size].map((part) => encodeURIComponent(String(part))).join('/'),
    { query: { search }, tenant: tenantId, signal },
  );

export const getFolderBooksQueryOptions = (params: FolderBooksParams) =>
  queryOptions({
    queryKey: ['books', 'folder', params] as const,
    queryFn: ({ signal }) => getFolderBooks(params, signal),
    placeholderData: keepPreviousData,
  });

export const useFolderBooks = (params: FolderBooksParams, enabled = true) =>
  useQuery({ ...getFolderBooksQueryOptions(params), enabled });
