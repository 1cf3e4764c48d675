import type { ProtocolPage } from '@pruefbuch/domain/schemas/audit';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Protocol entries per page on the book page: a book with many records has thousands. */
export const BOOK_PROTOCOL_PAGE_SIZE = 50;

/** GET auditlogs/book?bookId=&page=&size=: one page of the protocol (audit trail) of a book, newest first. */
export const getBookProtocolPage = (tenantId: string, bookId: string, page: number, signal?: AbortSignal) =>
  api.get<ProtocolPage>('auditlogs/book', {
    query: { bookId, page, size: BOOK_PROTOCOL_PAGE_SIZE },
    tenant: tenantId,
    signal,
  });

export const getBookProtocolQueryOptions = (tenantId: string, bookId: string) =>
  infiniteQueryOptions({
    queryKey: ['auditlogs', 'book', tenantId, bookId] as const,
    queryFn: ({ pageParam, signal }) => getBookProtocolPage(tenantId, bookId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ProtocolPage) => (last.page < last.pages ? last.page + 1 : undefined),
  });

/** The book's protocol, a page at a time. */
export const useBookProtocol = (tenantId: string, bookId: string, enabled = true) =>
  useInfiniteQuery({ ...getBookProtocolQueryOptions(tenantId, bookId), enabled });
